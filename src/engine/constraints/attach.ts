// Attachment: two connectors coincide. C = p_a − p_b (2 rows).
import { ConnectorPoint } from '../model/connector';
import { blockIndex, type ConstraintTerm } from './constraint';

/**
 * The two positions residual() reads, shared by every attachment (a residual is evaluated start to end, never
 * re-entered): two typed arrays per term were, on a 100,000-bar chain, 400,000 small objects for the GC to mark.
 */
const pa = new Float64Array(2);
const pb = new Float64Array(2);

export class AttachTerm implements ConstraintTerm {
  readonly rows = 2;
  readonly blocks: number[] = [];
  private readonly ia: number;
  private readonly ib: number;

  constructor(
    readonly id: string,
    readonly a: ConnectorPoint,
    readonly b: ConnectorPoint,
  ) {
    this.ia = blockIndex(this.blocks, a.block);
    this.ib = blockIndex(this.blocks, b.block);
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    this.a.position(pa, q);
    this.b.position(pb, q);
    c[cOff] = pa[0] - pb[0];
    c[cOff + 1] = pa[1] - pb[1];
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
