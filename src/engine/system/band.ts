// Symmetric positive definite band matrices: the drag blocks of curves with local support (a long spline), whose
// k × k dense inverse would cost k² memory and k³ time. Stored as the lower band, row by row: row i holds the
// columns i − p … i (p the half-bandwidth) at A[ao + i·(p + 1) + (j − i + p)], the diagonal last; the entries
// left of column 0 in the first p rows are padding (sparse/band.ts's layout). Factored in place (A = L Lᵀ) and
// solved against a vector in O(k·p²) and O(k·p). Not sparse/band.ts's BandLDL: that one factors J W Jᵀ, which may
// be singular, and drops dependent pivots into its own storage; a drag block must be positive definite, so this
// Cholesky fails instead, in place, and takes either parity of a band on its own. No allocation.

/** Entries a k × k band of half-bandwidth p takes. */
export function bandSize(k: number, p: number): number {
  return k * (p + 1);
}

/** Index of entry (i, j), j ≤ i ≤ j + p, of the band at ao. */
export function bandIndex(ao: number, p: number, i: number, j: number): number {
  return ao + i * (p + 1) + (j - i + p);
}

/**
 * A = L Lᵀ in place (L in the band's storage) for the k × k band whose entry (i, j), i − p ≤ j ≤ i, is at
 * A[d + i·rs + (j − i)·cs]: d the diagonal's start, rs and cs the row and column steps — (ao + p, p + 1, 1) for a
 * band as bandIndex lays it out, (ao + t·(p + 1) + p, 2(p + 1), 2) for the rows and columns of one parity t of it
 * (a matrix that couples no even index with an odd one is two independent bands of half the width). Returns
 * false, with A partly overwritten, if A is not numerically positive definite.
 */
export function bandCholesky(
  A: Float64Array,
  d: number,
  rs: number,
  cs: number,
  k: number,
  p: number,
): boolean {
  for (let i = 0; i < k; i++) {
    const ri = d + i * (rs - cs); // ri + j·cs: entry (i, j)
    const j0 = i > p ? i - p : 0;
    for (let j = j0; j <= i; j++) {
      const rj = d + j * (rs - cs);
      let s = A[ri + j * cs];
      // Row j's band starts at or before row i's (j ≤ i): the shared columns are j0 … j − 1.
      for (let m = j0; m < j; m++) s -= A[ri + m * cs] * A[rj + m * cs];
      if (i === j) {
        if (!(s > 0) || !Number.isFinite(s)) return false;
        A[ri + i * cs] = Math.sqrt(s);
      } else A[ri + j * cs] = s / A[rj + j * cs];
    }
  }
  return true;
}

/**
 * x = (L Lᵀ)⁻¹ x in place, L from bandCholesky (same layout d, rs, cs), x's entry i at x[xo + i·xs]: one forward
 * and one backward substitution.
 */
export function bandSolve(
  x: Float64Array,
  xo: number,
  xs: number,
  L: Float64Array,
  d: number,
  rs: number,
  cs: number,
  k: number,
  p: number,
): void {
  for (let i = 0; i < k; i++) {
    const ri = d + i * (rs - cs);
    let s = x[xo + i * xs];
    for (let m = i > p ? i - p : 0; m < i; m++) s -= L[ri + m * cs] * x[xo + m * xs];
    x[xo + i * xs] = s / L[ri + i * cs];
  }
  for (let i = k - 1; i >= 0; i--) {
    const ri = d + i * (rs - cs);
    const s = x[xo + i * xs] / L[ri + i * cs];
    x[xo + i * xs] = s;
    // Column i of L is row i of Lᵀ: subtract its share from the rows above, within the band.
    for (let m = i > p ? i - p : 0; m < i; m++) x[xo + m * xs] -= L[ri + m * cs] * s;
  }
}

/** True if the band at ao (bandIndex's layout) couples no even index with an odd one: two bands, bandCholesky. */
export function bandIsSplit(A: Float64Array, ao: number, k: number, p: number): boolean {
  for (let i = 0; i < k; i++)
    for (let j = i - 1; j >= 0 && j >= i - p; j -= 2) if (A[bandIndex(ao, p, i, j)] !== 0) return false;
  return true;
}

/** (L Lᵀ)_ii from the factor: A's diagonal back, without keeping A. */
export function bandProductDiagonal(L: Float64Array, lo: number, p: number, i: number): number {
  const ri = lo + i * (p + 1) - i + p;
  let s = 0;
  for (let m = i > p ? i - p : 0; m <= i; m++) s += L[ri + m] * L[ri + m];
  return s;
}
