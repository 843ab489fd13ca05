// Where a segment, a Bézier or an arc starts and ends (u = 0 and u = 1), from its record: what the imports join by
// (document/import-geometry/joins.ts) and the Pencil attaches (renderer/tools/stroke-fit.ts). Null for the other
// kinds: closed ones have no ends, and the rest are never made there.
import { assertNever } from './assert-never';
import type { Curve, Vec2 } from './drawing';

export function pieceEnds(c: Curve): [Vec2, Vec2] | null {
  switch (c.kind) {
    case 'segment':
      return [c.a, c.b];
    case 'bezier':
      return [c.points[0], c.points[3]];
    case 'arc': {
      const end = c.start + c.sweep;
      return [
        [c.center[0] + c.radius * Math.cos(c.start), c.center[1] + c.radius * Math.sin(c.start)],
        [c.center[0] + c.radius * Math.cos(end), c.center[1] + c.radius * Math.sin(end)],
      ];
    }
    case 'circle':
    case 'ellipse':
    case 'point':
    case 'bar':
    case 'spline':
    case 'equation':
      return null;
    default:
      return assertNever(c);
  }
}
