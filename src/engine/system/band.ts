// Symmetric positive definite band matrices: the drag blocks of curves with local support (a long spline), whose
// k × k dense inverse would cost k² memory and k³ time. Stored as the lower band, row by row: row i holds the
// columns i − p … i (p the half-bandwidth) at A[ao + i·(p + 1) + (j − i + p)], the diagonal last; the entries
// left of column 0 in the first p rows are padding. Factored in place (A = L Lᵀ) and solved against a vector in
// O(k·p²) and O(k·p). No allocation.

/** Entries a k × k band of half-bandwidth p takes. */
export function bandSize(k: number, p: number): number {
  return k * (p + 1);
}

/** Index of entry (i, j), j ≤ i ≤ j + p, of the band at ao. */
export function bandIndex(ao: number, p: number, i: number, j: number): number {
  return ao + i * (p + 1) + (j - i + p);
}

/**
 * A = L Lᵀ in place (L in the band's storage). Returns false, with A partly overwritten, if A is not numerically
 * positive definite.
 */
export function bandCholesky(A: Float64Array, ao: number, k: number, p: number): boolean {
  const w = p + 1;
  for (let i = 0; i < k; i++) {
    const ri = ao + i * w - i + p; // ri + j: entry (i, j)
    const j0 = i > p ? i - p : 0;
    for (let j = j0; j <= i; j++) {
      const rj = ao + j * w - j + p;
      let s = A[ri + j];
      // Row j's band starts at or before row i's (j ≤ i): the shared columns are j0 … j − 1.
      for (let m = j0; m < j; m++) s -= A[ri + m] * A[rj + m];
      if (i === j) {
        if (!(s > 0) || !Number.isFinite(s)) return false;
        A[ri + i] = Math.sqrt(s);
      } else A[ri + j] = s / A[rj + j];
    }
  }
  return true;
}

/** x = (L Lᵀ)⁻¹ x in place, L from bandCholesky: one forward and one backward substitution. */
export function bandSolve(x: Float64Array, L: Float64Array, lo: number, k: number, p: number): void {
  const w = p + 1;
  for (let i = 0; i < k; i++) {
    const ri = lo + i * w - i + p;
    let s = x[i];
    for (let m = i > p ? i - p : 0; m < i; m++) s -= L[ri + m] * x[m];
    x[i] = s / L[ri + i];
  }
  for (let i = k - 1; i >= 0; i--) {
    const s = x[i] / L[lo + i * w + p];
    x[i] = s;
    // Column i of L is row i of Lᵀ: subtract its share from the rows above, within the band.
    const ri = lo + i * w - i + p;
    for (let m = i > p ? i - p : 0; m < i; m++) x[m] -= L[ri + m] * s;
  }
}

/** (L Lᵀ)_ii from the factor: A's diagonal back, without keeping A. */
export function bandProductDiagonal(L: Float64Array, lo: number, p: number, i: number): number {
  const ri = lo + i * (p + 1) - i + p;
  let s = 0;
  for (let m = i > p ? i - p : 0; m <= i; m++) s += L[ri + m] * L[ri + m];
  return s;
}
