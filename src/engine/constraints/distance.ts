// Distance between two connectors: C = |p_a − p_b| − L (1 row, drawing units). When the points coincide the
// direction is undefined; we use the x axis so the row never holds NaN (the gradient is still a unit vector).
import { ConnectorPoint } from '../model/connector';
import { blockIndex, pairKey, type DimensionTerm, type StackKey } from './constraint';

/**
 * The positions and the direction distance() computes, shared by every distance: each call fills them and reads them
 * before it returns (a distance's jacobian() reads the direction its own distance() just made). Four typed arrays per
 * distance were 40,000 objects in a stack of 10,000.
 */
const pa = new Float64Array(2);
const pb = new Float64Array(2);
const dir = new Float64Array(2);
const neg = new Float64Array(2);

export class DistanceTerm implements DimensionTerm {
  readonly rows = 1;
  readonly blocks: number[] = [];
  private readonly ia: number;
  private readonly ib: number;

  constructor(
    readonly id: string,
    private readonly a: ConnectorPoint,
    private readonly b: ConnectorPoint,
    private readonly length: number,
  ) {
    this.ia = blockIndex(this.blocks, a.block);
    this.ib = blockIndex(this.blocks, b.block);
  }
  private distance(q: Float64Array): number {
    this.a.position(pa, q);
    this.b.position(pb, q);
    const dx = pa[0] - pb[0];
    const dy = pa[1] - pb[1];
    const d = Math.hypot(dx, dy);
    if (d > 0) {
      dir[0] = dx / d;
      dir[1] = dy / d;
    } else {
      dir[0] = 1;
      dir[1] = 0;
    }
    return d;
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    c[cOff] = this.distance(q) - this.length;
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    this.distance(q);
    neg[0] = -dir[0];
    neg[1] = -dir[1];
    this.a.addJacobian(J, jOff[jBase + this.ia], 1, dir, q);
    this.b.addJacobian(J, jOff[jBase + this.ib], 1, neg, q);
  }
  measure(q: Float64Array): number {
    return this.distance(q);
  }
  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
  }
  /** |p_a − p_b| − L: distances of one pair (a segment's length among them) differ by their lengths only. */
  stackKey(): StackKey | null {
    const a = this.a.key;
    const b = this.b.key;
    return a === b ? null : pairKey('distance', a, b, false);
  }
}
