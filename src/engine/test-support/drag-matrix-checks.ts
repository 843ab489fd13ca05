// Checks on a curve's drag matrix shared by the drag-metric tests: it is a metric (symmetric positive definite)
// and an invariant one (a rigid motion of the drawing, as a map q → T q + t of the state, maps M to T M Tᵀ).
import { expect } from 'vitest';
import type { CurveModel } from '../curves/curve';

export function dragOf(model: CurveModel, q: Float64Array): Float64Array {
  const M = new Float64Array(model.size * model.size);
  model.dragMatrix(M, q, 0);
  return M;
}

export function expectSymmetricPositiveDefinite(M: Float64Array, k: number): void {
  const L = new Float64Array(k * k);
  for (let i = 0; i < k; i++)
    for (let j = 0; j <= i; j++) {
      expect(M[i * k + j]).toBe(M[j * k + i]);
      let s = M[i * k + j];
      for (let t = 0; t < j; t++) s -= L[i * k + t] * L[j * k + t];
      if (i === j) {
        expect(s).toBeGreaterThan(0);
        L[i * k + i] = Math.sqrt(s);
      } else L[i * k + j] = s / L[j * k + j];
    }
}

/** T M(q) Tᵀ, for a state map q → T q + t under which every point of the curve moves rigidly. */
export function conjugate(M: Float64Array, T: Float64Array, k: number): Float64Array {
  const out = new Float64Array(k * k);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      let s = 0;
      for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) s += T[i * k + a] * M[a * k + b] * T[j * k + b];
      out[i * k + j] = s;
    }
  return out;
}

/** a = b entrywise, to `relative` of b's largest entry. */
export function expectClose(a: Float64Array, b: Float64Array, relative = 1e-12): void {
  const scale = Math.max(...Array.from(b, Math.abs));
  for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i])).toBeLessThan(relative * scale);
}
