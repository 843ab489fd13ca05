// Equal lengths of two lines (line.ts): C = ℓ₁ − ℓ₂ (1 row, mm), ℓ = |d| for a segment and the shape constant |L|
// for a bar (no gradient: nothing moves it). Two bars are a constant, not this term (sketch.ts). A zero-length
// segment takes the x axis as its direction, as the distance term does: never NaN.
import { blockIndex, pairKey, type ConstraintTerm, type StackKey } from './constraint';
import type { LineEnds } from './line';

export class EqualLengthTerm implements ConstraintTerm {
  readonly rows = 1;
  readonly blocks: number[] = [];
  private readonly i1: number;
  private readonly i2: number;
  private readonly g = new Float64Array(2);

  constructor(
    readonly id: string,
    private readonly l1: LineEnds,
    private readonly l2: LineEnds,
  ) {
    this.i1 = l1.rigidLength === null ? blockIndex(this.blocks, l1.block) : -1;
    this.i2 = l2.rigidLength === null ? blockIndex(this.blocks, l2.block) : -1;
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    c[cOff] = length(this.l1, q) - length(this.l2, q);
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    if (this.i1 >= 0) this.addLength(J, jOff[jBase + this.i1], this.l1, 1, q);
    if (this.i2 >= 0) this.addLength(J, jOff[jBase + this.i2], this.l2, -1, q);
  }
  /** J += sign · ∂|d|/∂q = sign · (d/|d|) · ∂d/∂q. */
  private addLength(J: Float64Array, jo: number, line: LineEnds, sign: number, q: Float64Array): void {
    const n = line.direction(q);
    this.g[0] = n > 0 ? (sign * line.d[0]) / n : sign;
    this.g[1] = n > 0 ? (sign * line.d[1]) / n : 0;
    line.addJacobian(J, jo, 1, this.g, q);
  }
  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
  }
  /** ℓ₁ − ℓ₂: either way round, the same row up to its sign. */
  stackKey(): StackKey | null {
    const a = this.l1.key;
    const b = this.l2.key;
    return a === b ? null : pairKey('equal', a, b, true);
  }
}

function length(line: LineEnds, q: Float64Array): number {
  return line.rigidLength ?? line.direction(q);
}
