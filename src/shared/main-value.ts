// A curve's main value: the one number a double-click edits in place (a circle's or an arc's radius, a segment's or
// a bar's length, an ellipse's rx), as the field a `set` edit names and its present value. Curves without one (a
// point, a Bézier, a spline, an equation curve) return null. A size is read as the user reads it (never negative:
// curve-sizes.ts), so setting it to the value shown changes nothing.

import type { Curve } from './drawing';
import { assertNever } from './assert-never';
import { roundSize, sizedForm } from './curve-sizes';

export interface MainValue {
  /** The field a `set` edit names (edit-commands.ts: curveFieldSchema accepts it). */
  field: 'radius' | 'length' | 'rx';
  value: number;
}

export function mainValue(curve: Curve): MainValue | null {
  switch (curve.kind) {
    case 'circle':
    case 'arc':
      return { field: 'radius', value: roundSize(curve) };
    case 'bar':
      return { field: 'length', value: curve.length };
    case 'segment':
      return { field: 'length', value: Math.hypot(curve.b[0] - curve.a[0], curve.b[1] - curve.a[1]) };
    case 'ellipse':
      return { field: 'rx', value: sizedForm(curve).rx };
    case 'point':
    case 'bezier':
    case 'spline':
    case 'equation':
      return null;
    default:
      return assertNever(curve);
  }
}
