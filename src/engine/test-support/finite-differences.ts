// The Jacobian check every constraint passes: each column of the system's J at q against the central difference of
// its residual, as the largest error relative to max(1, |difference|). Also fails on any non-finite entry.
import type { EngineModel } from '../build';

export function jacobianError(
  { system }: Pick<EngineModel, 'system'>,
  state: Float64Array,
  h = 1e-6,
): number {
  const { n, rows } = system;
  const q = state.slice();
  const c1 = new Float64Array(rows);
  const c2 = new Float64Array(rows);
  const v = new Float64Array(n);
  const col = new Float64Array(rows);
  system.residual(c1, q);
  if (!c1.every(Number.isFinite)) return Infinity;
  system.jacobian(q);
  let worst = 0;
  for (let j = 0; j < n; j++) {
    const save = q[j];
    q[j] = save + h;
    system.residual(c1, q);
    q[j] = save - h;
    system.residual(c2, q);
    q[j] = save;
    v.fill(0);
    v[j] = 1;
    system.multiplyJ(col, v);
    for (let r = 0; r < rows; r++) {
      const fd = (c1[r] - c2[r]) / (2 * h);
      const error = Math.abs(col[r] - fd) / Math.max(1, Math.abs(fd));
      if (!(error <= worst)) worst = Number.isNaN(error) ? Infinity : error;
    }
  }
  return worst;
}
