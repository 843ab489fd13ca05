// Attachment: two connectors coincide. C = p_a − p_b (2 rows).
import { ConnectorPoint } from '../model/connector';
import { blockIndex, type ConstraintTerm } from './constraint';

export class AttachTerm implements ConstraintTerm {
  readonly rows = 2;
  readonly blocks: number[] = [];
  private readonly ia: number;
  private readonly ib: number;
  private readonly pa = new Float64Array(2);
  private readonly pb = new Float64Array(2);

  constructor(
    readonly id: string,
    readonly a: ConnectorPoint,
    readonly b: ConnectorPoint,
  ) {
    this.ia = blockIndex(this.blocks, a.block);
    this.ib = blockIndex(this.blocks, b.block);
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    this.a.position(this.pa, q);
    this.b.position(this.pb, q);
    c[cOff] = this.pa[0] - this.pb[0];
    c[cOff + 1] = this.pa[1] - this.pb[1];
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    this.a.addPosition(J, jOff[jBase + this.ia], 1, q);
    this.b.addPosition(J, jOff[jBase + this.ib], -1, q);
  }
  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
    out[cOff + 1] = 0;
  }
}
