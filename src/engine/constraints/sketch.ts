// The sketcher's constraints (horizontal, vertical, parallel, perpendicular, angle, tangent, equal, symmetric,
// midpoint, concentric, point-line distance, radius, length): each record kind to its term. The build
// (../build.ts) handles attach, pin, distance, beads and motors itself and asks here for the rest. A kind that adds
// no rows (a reference dimension, which measures and does not drive) gives null.
import type { Connector, Constraint } from '../../shared/drawing';
import type { CurveModel } from '../curves/curve';
import type { ConnectorPoint } from '../model/connector';
import type { ConstraintTerm } from './constraint';
import { tangentTerm } from './tangent';

/** What a sketch term needs from the build. */
export interface SketchContext {
  curves: CurveModel[];
  curveOff: Int32Array;
  /** The state as built (read to choose a side or a branch where the record leaves it open). */
  q: Float64Array;
  resolve(c: Connector, path: string): ConnectorPoint;
  /** The index of a curve (references were checked: it exists and is of an accepted kind). */
  curveAt(id: string): number;
  /** A sliding parameter on curve `wi` (state, like a bead's s), written back to constraint `i`'s `s`. */
  addBead(wi: number, s: number, i: number): { block: number; sOff: number };
}

/** True for the records with a sliding parameter s in the state: beads and tangent contacts. */
export function hasSlidingParameter(k: Constraint): boolean {
  return k.kind === 'on-curve' || (k.kind === 'tangent' && k.s !== undefined);
}

/** The term of constraints[i], a sketch constraint, or null when it adds no rows. */
export function sketchTerm(k: Constraint, i: number, ctx: SketchContext): ConstraintTerm | null {
  const path = `constraints[${i}]`;
  void path;
  void ctx;
  if ('reference' in k && k.reference === true) return null;
  switch (k.kind) {
    case 'tangent':
      return tangentTerm(k, i, ctx);
    default:
      return null;
  }
}
