// The line of a line-like curve (a segment or a bar): from its start (u = 0) to its end (u = 1), d = end − start.
// The line-based sketch terms (parallel, perpendicular, angle, equal, symmetric, point-line distance) read d and
// chain their ∂C/∂d through both ends' connectors, so a segment (both ends state) and a bar (centre and angle) are
// one code path. A bar's length is a shape constant: `rigidLength` says so, for the terms that use the length.
import { BarModel } from '../curves/bar';
import { jacobianScratch } from '../curves/curve';
import { ConnectorPoint } from '../model/connector';
import { addThrough } from './cross';
import type { SketchContext } from './sketch';

/**
 * A direction d(q) a constraint row measures: a line's (end − start), or a curve's tangent at a point. `direction`
 * computes d into `d` and returns |d|; `addJacobian` chains a row's ∂C/∂d into J's block for `block`.
 */
export interface Direction {
  readonly block: number;
  /** Which direction this is (stacking.ts): equal for two built from the same line or the same point's tangent. */
  readonly key: string;
  readonly d: Float64Array;
  direction(q: Float64Array): number;
  addJacobian(J: Float64Array, jo: number, rows: number, A: Float64Array, q: Float64Array): void;
}

export class LineEnds implements Direction {
  readonly block: number;
  /** |L| of a bar (not state: nothing moves it); null for a segment. */
  readonly rigidLength: number | null;
  /** d = end − start at the last direction() call. */
  readonly d = new Float64Array(2);
  /** The start's position at the last direction() call. */
  readonly origin = new Float64Array(2);
  private readonly p1 = new Float64Array(2);
  private readonly neg = new Float64Array(4);

  constructor(
    readonly start: ConnectorPoint,
    readonly end: ConnectorPoint,
  ) {
    this.block = start.block;
    this.rigidLength = start.model instanceof BarModel ? Math.abs(start.model.length) : null;
  }

  get key(): string {
    return `${this.start.key}>${this.end.key}`;
  }

  /** d = end − start (in this.d; the start in this.origin); returns |d|. */
  direction(q: Float64Array): number {
    this.start.position(this.origin, q);
    this.end.position(this.p1, q);
    this.d[0] = this.p1[0] - this.origin[0];
    this.d[1] = this.p1[1] - this.origin[1];
    return Math.hypot(this.d[0], this.d[1]);
  }

  /** J[jo …] += A · ∂d/∂q for the first `rows` rows of A (rows × 2): rows of a constraint that depend on d. */
  addJacobian(J: Float64Array, jo: number, rows: number, A: Float64Array, q: Float64Array): void {
    this.end.addJacobian(J, jo, rows, A, q);
    for (let i = 0; i < 2 * rows; i++) this.neg[i] = -A[i];
    this.start.addJacobian(J, jo, rows, this.neg, q);
  }
}

/** The line of curve `id` (a segment or bar: the reference check saw to it). */
export function lineOf(id: string, ctx: SketchContext): LineEnds {
  const ci = ctx.curveAt(id);
  const model = ctx.curves[ci];
  const off = ctx.curveOff[ci];
  return new LineEnds(
    new ConnectorPoint(model, ci, off, 0, false),
    new ConnectorPoint(model, ci, off, 1, false),
  );
}

/** A curve's tangent ∂p/∂u at a material point: its ∂d/∂q is the curve's tangentJacobian. */
export class TangentDirection implements Direction {
  readonly block: number;
  readonly d = new Float64Array(2);
  private readonly row = new Float64Array(2);

  constructor(private readonly point: ConnectorPoint) {
    this.block = point.block;
  }

  get key(): string {
    return `t${this.point.key}`;
  }

  direction(q: Float64Array): number {
    this.point.model.tangent(this.d, q, this.point.qOff, this.point.u);
    return Math.hypot(this.d[0], this.d[1]);
  }

  addJacobian(J: Float64Array, jo: number, rows: number, A: Float64Array, q: Float64Array): void {
    const { model, qOff, u } = this.point;
    const k = model.size;
    const jt = jacobianScratch(0, k);
    model.tangentJacobian(jt, q, qOff, u);
    for (let r = 0; r < rows; r++) {
      this.row[0] = A[2 * r];
      this.row[1] = A[2 * r + 1];
      addThrough(J, jo + r * k, this.row, jt, k);
    }
  }
}
