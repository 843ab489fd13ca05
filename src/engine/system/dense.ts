// Small dense SPD helpers for the drag blocks (k ≤ 2n for a spline, usually ≤ 8).

/**
 * W = A⁻¹ for a k×k SPD matrix (row-major, at offsets) by Cholesky; `work` needs k·k entries. Returns false (and
 * leaves W untouched) if A is not numerically positive definite.
 */
export function invertSPD(
  W: Float64Array,
  wo: number,
  A: Float64Array,
  ao: number,
  k: number,
  work: Float64Array,
): boolean {
  // L (lower) in work.
  for (let i = 0; i < k; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[ao + i * k + j];
      for (let m = 0; m < j; m++) s -= work[i * k + m] * work[j * k + m];
      if (i === j) {
        if (!(s > 0) || !Number.isFinite(s)) return false;
        work[i * k + i] = Math.sqrt(s);
      } else work[i * k + j] = s / work[j * k + j];
    }
  }
  // Solve for each column e_c: W[:, c] = L⁻ᵀ L⁻¹ e_c.
  for (let c = 0; c < k; c++) {
    // forward: y = L⁻¹ e_c, store in W column c.
    for (let i = 0; i < k; i++) {
      let s = i === c ? 1 : 0;
      for (let m = c; m < i; m++) s -= work[i * k + m] * W[wo + m * k + c];
      W[wo + i * k + c] = i < c ? 0 : s / work[i * k + i];
    }
    // backward: x = L⁻ᵀ y.
    for (let i = k - 1; i >= 0; i--) {
      let s = W[wo + i * k + c];
      for (let m = i + 1; m < k; m++) s -= work[m * k + i] * W[wo + m * k + c];
      W[wo + i * k + c] = s / work[i * k + i];
    }
  }
  return true;
}
