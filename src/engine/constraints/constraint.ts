// The interface every constraint implements. A constraint owns `rows` consecutive rows of C and J; it touches a
// few state blocks (curves, bead parameters) and writes one dense Jacobian block (rows × block size, row-major) per
// block it touches. The system zeroes J before asking, so constraints accumulate (+=): two connectors on the same
// curve simply add into the same block.

export interface ConstraintTerm {
  /** The drawing's constraint id: diagnostics name it. */
  readonly id: string;
  readonly rows: number;
  /** The distinct state blocks it touches, in the order of its Jacobian blocks. */
  readonly blocks: readonly number[];
  /** c[cOff + r] = C_r(q, t). */
  residual(c: Float64Array, cOff: number, q: Float64Array): void;
  /** Accumulates ∂C/∂q: the block for this.blocks[i] starts at J[jOff[jBase + i]]. */
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void;
  /** out[cOff + r] = ∂C_r/∂t (0 for constraints that do not depend on time). */
  timeDerivative(out: Float64Array, cOff: number): void;
  /**
   * What makes another term a duplicate of this one (stacking.ts): terms with equal keys have the same rows up to a
   * sign and constants, C_other(q) = sign·(C_this(q) + constant) for every q (two distances of one pair, pins of
   * one point, the same attachment written either way round). Absent or null: never a duplicate.
   */
  stackKey?(): StackKey | null;
}

/** A term's rows as stacking.ts compares them: equal `key`s, equal rows up to a constant; `sign` as written. */
export interface StackKey {
  key: string;
  sign: 1 | -1;
}

/** The key of a term whose rows are a function of an unordered pair (a, b) that changes sign, or not, when swapped. */
export function pairKey(kind: string, a: string, b: string, antisymmetric: boolean): StackKey {
  return a <= b
    ? { key: `${kind}|${a}|${b}`, sign: 1 }
    : { key: `${kind}|${b}|${a}`, sign: antisymmetric ? -1 : 1 };
}

/** Index of `block` in a list, appending it if absent (constraints list each block once). */
export function blockIndex(blocks: number[], block: number): number {
  const i = blocks.indexOf(block);
  if (i >= 0) return i;
  blocks.push(block);
  return blocks.length - 1;
}

/**
 * The term of a dimensional constraint (distance, point-line distance, angle, radius, length): it also measures its
 * quantity at a state — what the dimension shows, what a reference dimension stores.
 */
export interface DimensionTerm extends ConstraintTerm {
  measure(q: Float64Array): number;
}
