// Attachment: two connectors coincide. C = p_a − p_b (2 rows).
import { ConnectorPoint } from '../model/connector';
import { pairKey, type ConstraintTerm, type StackKey } from './constraint';

/**
 * The two positions residual() reads, shared by every attachment (a residual is evaluated start to end, never
 * re-entered): two typed arrays per term were, on a 100,000-bar chain, 400,000 small objects for the GC to mark.
 */
const pa = new Float64Array(2);
const pb = new Float64Array(2);

export class AttachTerm implements ConstraintTerm {
  readonly rows = 2;
  /**
   * Its one or two blocks, as a literal of that length: built by pushes onto [] (blockIndex), each list kept room
   * for 17, ~180 bytes per attachment — 18 MB of a 100,000-bar chain's build for the GC to copy.
   */
  readonly blocks: number[];
  private readonly ia: number;
  private readonly ib: number;

  constructor(
    readonly id: string,
    readonly a: ConnectorPoint,
    readonly b: ConnectorPoint,
  ) {
    this.blocks = a.block === b.block ? [a.block] : [a.block, b.block];
    this.ia = 0;
    this.ib = this.blocks.length - 1;
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
  /** p_a − p_b: either way round, the same rows up to their sign; a point attached to itself has no rows to repeat. */
  stackKey(): StackKey | null {
    const a = this.a.key;
    const b = this.b.key;
    return a === b ? null : pairKey('attach', a, b, true);
  }
}
