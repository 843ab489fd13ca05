// Distance between two connectors: C = |p_a − p_b| − L (1 row, drawing units). When the points coincide the
// direction is undefined; we use the x axis so the row never holds NaN (the gradient is still a unit vector).
import { ConnectorPoint } from '../model/connector';
import { blockIndex, pairKey, type DimensionTerm, type StackKey } from './constraint';

export class DistanceTerm implements DimensionTerm {
  readonly rows = 1;
  readonly blocks: number[] = [];
  private readonly ia: number;
  private readonly ib: number;
  private readonly pa = new Float64Array(2);
  private readonly pb = new Float64Array(2);
  private readonly dir = new Float64Array(2);
  private readonly neg = new Float64Array(2);

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
    this.a.position(this.pa, q);
    this.b.position(this.pb, q);
    const dx = this.pa[0] - this.pb[0];
    const dy = this.pa[1] - this.pb[1];
    const d = Math.hypot(dx, dy);
    if (d > 0) {
      this.dir[0] = dx / d;
      this.dir[1] = dy / d;
    } else {
      this.dir[0] = 1;
      this.dir[1] = 0;
    }
    return d;
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    c[cOff] = this.distance(q) - this.length;
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    this.distance(q);
    this.neg[0] = -this.dir[0];
    this.neg[1] = -this.dir[1];
    this.a.addJacobian(J, jOff[jBase + this.ia], 1, this.dir, q);
    this.b.addJacobian(J, jOff[jBase + this.ib], 1, this.neg, q);
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
