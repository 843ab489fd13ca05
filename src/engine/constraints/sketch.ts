// The sketcher's constraints (horizontal, vertical, parallel, perpendicular, angle, tangent, equal, symmetric,
// midpoint, concentric) and every dimension (distance, point-line distance, angle, radius, length): each record kind
// to its term. The build (../build.ts) handles attach, pin, beads and motors itself and asks here for the rest (every
// other kind: a kind added to the records and not here does not compile). A kind that adds no rows gives null: a
// reference dimension (it measures and does not drive: dimensionTerm measures it), and a dimension on bars that
// their lengths already meet. docs/engine.md lists the rows.
import { assertNever } from '../../shared/assert-never';
import {
  CURVE_STATE_LAYOUT,
  type Connector,
  type Constraint,
  type EqualConstraint,
} from '../../shared/drawing';
import { isDimension, type DimensionConstraint } from '../../shared/dimensions';
import type { CurveModel } from '../curves/curve';
import { ConnectorPoint } from '../model/connector';
import { AttachTerm } from './attach';
import { AxisTerm } from './axis';
import type { ConstraintTerm, DimensionTerm } from './constraint';
import { DistanceTerm } from './distance';
import { EqualLengthTerm } from './equal-length';
import { TangentDirection, lineOf, type Direction } from './line';
import { AngleTerm, LineRelationTerm } from './line-angles';
import { PointLineDistanceTerm, SymmetricTerm } from './line-distance';
import { LinearTerm, SizeTerm, type LinearEntry } from './linear';
import { directed, tangentTerm } from './tangent';

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

/** The kinds the build asks here for: every kind but those it builds itself (attach, pin, bead, motor). */
export type SketchConstraint = Exclude<Constraint, { kind: 'attach' | 'pin' | 'on-curve' | 'motor' }>;

/** True for the records with a sliding parameter s in the state: beads and tangent contacts. */
export function hasSlidingParameter(k: Constraint): boolean {
  return k.kind === 'on-curve' || (k.kind === 'tangent' && k.s !== undefined);
}

/** The term of constraints[i], a sketch constraint, or null when it adds no rows. */
export function sketchTerm(k: SketchConstraint, i: number, ctx: SketchContext): ConstraintTerm | null {
  const path = `constraints[${i}]`;
  if (isDimension(k)) {
    if (k.reference === true) return null;
    const term = dimensionTerm(k, ctx, path);
    return term instanceof LinearTerm && term.metConstant ? null : term;
  }
  switch (k.kind) {
    case 'tangent':
      return tangentTerm(k, i, ctx);
    case 'horizontal':
    case 'vertical':
      return new AxisTerm(k.id, ctx.resolve(k.a, `${path}.a`), ctx.resolve(k.b, `${path}.b`), k.kind);
    case 'parallel':
    case 'perpendicular':
      return new LineRelationTerm(k.id, lineOf(k.lines[0], ctx), lineOf(k.lines[1], ctx), k.kind);
    case 'equal':
      return equalTerm(k, ctx);
    case 'symmetric':
      return new SymmetricTerm(
        k.id,
        ctx.resolve(k.a, `${path}.a`),
        ctx.resolve(k.b, `${path}.b`),
        lineOf(k.line, ctx),
      );
    case 'midpoint': {
      // The middle of a line is its point at u = ½ (a segment's (a + b)/2, a bar's centre): an attachment to it.
      const li = ctx.curveAt(k.line);
      const middle = new ConnectorPoint(ctx.curves[li], li, ctx.curveOff[li], 0.5, false);
      return new AttachTerm(k.id, ctx.resolve(k.point, `${path}.point`), middle);
    }
    case 'concentric':
      // Shared centres: an attachment of the two 'center' connectors (the state's cx, cy).
      return new AttachTerm(
        k.id,
        ctx.resolve({ curve: k.curves[0], anchor: 'center' }, `${path}.curves[0]`),
        ctx.resolve({ curve: k.curves[1], anchor: 'center' }, `${path}.curves[1]`),
      );
    default:
      return assertNever(k);
  }
}

/**
 * The term of a dimension, driving or not: the build adds it as rows, or (a reference dimension) keeps it to
 * measure with. A dimension on a bar's length is a constant row (linear.ts).
 */
export function dimensionTerm(k: DimensionConstraint, ctx: SketchContext, path: string): DimensionTerm {
  switch (k.kind) {
    case 'distance':
      return new DistanceTerm(k.id, ctx.resolve(k.a, `${path}.a`), ctx.resolve(k.b, `${path}.b`), k.length);
    case 'point-line-distance':
      return new PointLineDistanceTerm(
        k.id,
        ctx.resolve(k.point, `${path}.point`),
        lineOf(k.line, ctx),
        k.distance,
        ctx.q,
      );
    case 'angle': {
      // The directions in order: the lines, then (with `at`) the curve's tangent at that point.
      const directions: Direction[] = k.lines.map((id) => lineOf(id, ctx));
      if (k.at)
        directions.push(new TangentDirection(directed(ctx.resolve(k.at, `${path}.at`), `${path}.at`)));
      const to = directions[directions.length - 1];
      return new AngleTerm(k.id, directions.length === 2 ? directions[0] : null, to, k.angle);
    }
    case 'radius':
      return new SizeTerm(k.id, [radiusEntry(k.curve, 1, ctx)], 0, k.radius);
    case 'length': {
      const line = lineOf(k.curve, ctx);
      if (line.rigidLength !== null)
        return new LinearTerm(k.id, [], line.rigidLength, k.length, [line.block]);
      return new DistanceTerm(k.id, line.start, line.end, k.length);
    }
    default:
      return assertNever(k);
  }
}

/** The radius state entry of a circle or arc, times `sign` and the sign the radius has at build. */
function radiusEntry(id: string, sign: number, ctx: SketchContext): LinearEntry {
  const block = ctx.curveAt(id);
  const layout: readonly string[] = CURVE_STATE_LAYOUT[ctx.curves[block].kind];
  const index = layout.indexOf('radius');
  const at = ctx.curveOff[block] + index;
  return { block, index, at, coefficient: ctx.q[at] < 0 ? -sign : sign };
}

/** Equal radii, or equal lengths; two bars are a constant row (null when their lengths agree). */
function equalTerm(k: EqualConstraint, ctx: SketchContext): ConstraintTerm | null {
  const [first, second] = k.curves;
  const kind = ctx.curves[ctx.curveAt(first)].kind;
  if (kind === 'circle' || kind === 'arc')
    return new LinearTerm(k.id, [radiusEntry(first, 1, ctx), radiusEntry(second, -1, ctx)], 0, 0);
  const l1 = lineOf(first, ctx);
  const l2 = lineOf(second, ctx);
  if (l1.rigidLength === null || l2.rigidLength === null) return new EqualLengthTerm(k.id, l1, l2);
  const term = new LinearTerm(k.id, [], l1.rigidLength - l2.rigidLength, 0, [l1.block, l2.block]);
  return term.metConstant ? null : term;
}
