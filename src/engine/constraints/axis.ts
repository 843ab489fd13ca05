// Horizontal and vertical: the line from connector a to connector b along an axis. C = a_y − b_y (horizontal) or
// a_x − b_x (vertical), 1 row, mm: the same row whichever way the line points, so nothing is chosen at build.
import type { ConnectorPoint } from '../model/connector';
import { blockIndex, pairKey, type ConstraintTerm, type StackKey } from './constraint';

/** The coordinate that must agree: y for horizontal, x for vertical. */
export type Axis = 'horizontal' | 'vertical';

/** Each axis's row maps ±e (never written), and the two positions residual() reads, shared by every term. */
const ROWS: Record<Axis, { plus: Float64Array; minus: Float64Array }> = {
  horizontal: { plus: new Float64Array([0, 1]), minus: new Float64Array([0, -1]) },
  vertical: { plus: new Float64Array([1, 0]), minus: new Float64Array([-1, 0]) },
};
const pa = new Float64Array(2);
const pb = new Float64Array(2);

export class AxisTerm implements ConstraintTerm {
  readonly rows = 1;
  readonly blocks: number[] = [];
  private readonly ia: number;
  private readonly ib: number;
  private readonly coordinate: 0 | 1;
  private readonly plus: Float64Array;
  private readonly minus: Float64Array;

  constructor(
    readonly id: string,
    private readonly a: ConnectorPoint,
    private readonly b: ConnectorPoint,
    private readonly axis: Axis,
  ) {
    this.ia = blockIndex(this.blocks, a.block);
    this.ib = blockIndex(this.blocks, b.block);
    this.coordinate = axis === 'horizontal' ? 1 : 0;
    this.plus = ROWS[axis].plus;
    this.minus = ROWS[axis].minus;
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    this.a.position(pa, q);
    this.b.position(pb, q);
    c[cOff] = pa[this.coordinate] - pb[this.coordinate];
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    this.a.addJacobian(J, jOff[jBase + this.ia], 1, this.plus, q);
    this.b.addJacobian(J, jOff[jBase + this.ib], 1, this.minus, q);
  }
  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
  }
  /** a − b along the axis: either way round, the same row up to its sign. */
  stackKey(): StackKey | null {
    const a = this.a.key;
    const b = this.b.key;
    return a === b ? null : pairKey(this.axis, a, b, true);
  }
}
