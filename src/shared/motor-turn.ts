// What a motor turns, written once: the engine drives that state entry, the Motor tool starts the motor at its
// value, and the reference check names what a motor's `bar` may be. A bar turns by its angle, an ellipse by its
// rotation, an equation curve (a cam) by its free turn parameter — `rot` for the presets' turn about (cx, cy), or
// the involute's `phi`. A curve without a turn (a point, a circle) is turned by a point motor about a pivot.

import { assertNever } from './assert-never';
import type { Curve, CurveKind, EquationDefinition } from './drawing';

/** The curve kinds a motor's `bar` may name. */
export const TURNING_KINDS: readonly CurveKind[] = ['bar', 'ellipse', 'equation'];
/** The names an equation curve's turn parameter goes by, in the order looked for (free ones only). */
export const TURN_PARAMETERS: readonly string[] = ['rot', 'phi'];

/** A curve's turn: which entry of its engine state it is, and its value now (radians). */
export interface CurveTurn {
  stateIndex: number;
  angle: number;
}

/** The turn of `curve` (its definitions from `equations`), or null if a motor cannot turn it. */
export function curveTurn(curve: Curve, equations: readonly EquationDefinition[]): CurveTurn | null {
  switch (curve.kind) {
    case 'bar':
      return { stateIndex: 2, angle: curve.angle };
    case 'ellipse':
      return { stateIndex: 4, angle: curve.rotation };
    case 'equation': {
      const definition = equations.find((e) => e.id === curve.definition);
      if (!definition) return null;
      const free = definition.params.filter((p) => p.free);
      for (const name of TURN_PARAMETERS) {
        const i = free.findIndex((p) => p.name === name);
        if (i >= 0) return { stateIndex: i, angle: curve.params[name] ?? free[i].value };
      }
      return null;
    }
    case 'point':
    case 'segment':
    case 'circle':
    case 'arc':
    case 'bezier':
    case 'spline':
      return null;
    default:
      return assertNever(curve);
  }
}
