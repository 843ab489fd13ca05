// Rows linear in a few state entries: C = c₀ + Σ kᵢ q[iᵢ] − target (1 row). The radius dimension (C = s·r − radius)
// and equal radii (C = s₁r₁ − s₂r₂), where s is the sign the radius has at build — a circle dragged inside out has
// a negative radius state, and the dimension is of its size (a driving one holds |r| = radius, so r keeps its sign;
// a reference one measures |r| even after a drag took r through zero: SizeTerm); and the constant rows of
// dimensions on bars, whose
// length is a shape constant (no entries, C = c₀ − target): a `length` or an `equal` that disagrees with the bars'
// lengths stays in the system as a row no motion can change, so the diagnosis names it as conflicting.
import { RESIDUAL_TOLERANCE } from '../../shared/limits';
import { blockIndex, type DimensionTerm, type StackKey } from './constraint';

export interface LinearEntry {
  /** The state block and the entry's index in it. */
  block: number;
  index: number;
  /** The entry's index in q. */
  at: number;
  coefficient: number;
}

export class LinearTerm implements DimensionTerm {
  readonly rows = 1;
  readonly blocks: number[] = [];
  private readonly where: Int32Array;
  private readonly index: Int32Array;
  private readonly at: Int32Array;
  private readonly coefficient: Float64Array;

  /** `touches`: blocks the row belongs to besides its entries' (a constant row's bars, for its component). */
  constructor(
    readonly id: string,
    entries: readonly LinearEntry[],
    private readonly constant: number,
    private readonly target: number,
    touches: readonly number[] = [],
  ) {
    this.where = Int32Array.from(entries, (e) => blockIndex(this.blocks, e.block));
    for (const b of touches) blockIndex(this.blocks, b);
    this.index = Int32Array.from(entries, (e) => e.index);
    this.at = Int32Array.from(entries, (e) => e.at);
    this.coefficient = Float64Array.from(entries, (e) => e.coefficient);
  }
  /** A constant row (no entries) already met: it adds nothing, so the build leaves it out. */
  get metConstant(): boolean {
    return this.at.length === 0 && Math.abs(this.constant - this.target) < RESIDUAL_TOLERANCE;
  }
  /** c₀ + Σ kᵢ q[iᵢ]: the row's quantity (its residual is this less the target). */
  protected sum(q: Float64Array): number {
    let v = this.constant;
    for (let i = 0; i < this.at.length; i++) v += this.coefficient[i] * q[this.at[i]];
    return v;
  }
  measure(q: Float64Array): number {
    return this.sum(q);
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    c[cOff] = this.sum(q) - this.target;
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number): void {
    for (let i = 0; i < this.at.length; i++)
      J[jOff[jBase + this.where[i]] + this.index[i]] += this.coefficient[i];
  }
  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
  }
  /**
   * Σ kᵢ q[iᵢ] up to a constant, its coefficients scaled so the first (by state index) is positive: two radii of
   * one circle, equal radii either way round. A constant row (no entries) is never a duplicate: it depends on nothing.
   */
  stackKey(): StackKey | null {
    if (this.at.length === 0) return null;
    const order = Array.from(this.at.keys()).sort((a, b) => this.at[a] - this.at[b]);
    const sign = this.coefficient[order[0]] < 0 ? -1 : 1;
    return {
      key: `linear|${order.map((i) => `${this.at[i]}*${sign * this.coefficient[i]}`).join('|')}`,
      sign,
    };
  }
}

/**
 * A radius dimension: the row of LinearTerm (smooth, the sign as built), but what it measures — what a reference
 * dimension shows and stores — is the size |s·r|, never negative, though a drag has taken r through zero since.
 */
export class SizeTerm extends LinearTerm {
  override measure(q: Float64Array): number {
    return Math.abs(this.sum(q));
  }
}
