// Checks on a curve's drag matrix shared by the drag-metric tests: it is a metric (symmetric positive definite)
// and an invariant one (a rigid motion of the drawing, as a map q → T q + t of the state, maps M to T M Tᵀ).
import { expect } from 'vitest';
import type { Curve, Vec2 } from '../../shared/drawing';
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

/** A rigid motion (turn θ, then shift) as a map of the state of a kind whose state starts with its centre (or a). */
export function rigidMap(
  kind: Curve['kind'],
  q: Float64Array,
  theta: number,
  shift: Vec2,
): [Float64Array, Float64Array] {
  const k = q.length;
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  const T = new Float64Array(k * k);
  const moved = Float64Array.from(q);
  // Points (a segment's a and b, every curve's centre) turn and move; radii stay; angles (arc start, ellipse
  // rotation) turn by θ, with T's identity on them.
  const points = kind === 'segment' ? [0, 2] : [0];
  for (let i = 0; i < k; i++) T[i * k + i] = 1;
  for (const i of points) {
    T[i * k + i] = c;
    T[i * k + i + 1] = -s;
    T[(i + 1) * k + i] = s;
    T[(i + 1) * k + i + 1] = c;
    moved[i] = c * q[i] - s * q[i + 1] + shift[0];
    moved[i + 1] = s * q[i] + c * q[i + 1] + shift[1];
  }
  if (kind === 'arc') moved[3] += theta;
  if (kind === 'ellipse') moved[4] += theta;
  return [T, moved];
}
