// The check every constraint's Jacobian passes: at random states near the drawing's own, each column of the
// system's J against central finite differences of its residual.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { EngineModel } from '../build';

const perturbations = fc.array(fc.double({ min: -0.3, max: 0.3, noNaN: true }), {
  minLength: 64,
  maxLength: 64,
});

/**
 * For `runs` states q = the built state + a random perturbation (±0.3 per entry, sliding parameters kept in
 * [0.05, 0.95]): |J_rj − (C_r(q + h e_j) − C_r(q − h e_j)) / 2h| < 1e-6 · max(1, |that|) for every row and column.
 */
export function expectJacobianMatchesFiniteDifferences(model: EngineModel, runs: number): void {
  const sys = model.system;
  const { n, rows } = sys;
  const c1 = new Float64Array(rows);
  const c2 = new Float64Array(rows);
  const v = new Float64Array(n);
  const col = new Float64Array(rows);
  fc.assert(
    fc.property(perturbations, (dq) => {
      const q = model.q.slice();
      for (let i = 0; i < n; i++) q[i] += dq[i % dq.length];
      for (const b of model.beads) q[b.sOff] = Math.min(0.95, Math.max(0.05, q[b.sOff]));
      sys.jacobian(q);
      for (let j = 0; j < n; j++) {
        const h = 1e-6;
        const save = q[j];
        q[j] = save + h;
        sys.residual(c1, q);
        q[j] = save - h;
        sys.residual(c2, q);
        q[j] = save;
        v.fill(0);
        v[j] = 1;
        sys.multiplyJ(col, v);
        for (let r = 0; r < rows; r++) {
          const fd = (c1[r] - c2[r]) / (2 * h);
          const error = Math.abs(col[r] - fd) / Math.max(1, Math.abs(fd));
          if (!(error < 1e-6)) {
            const term = model.terms[sys.rowTerm[r]].id;
            expect.fail(`row ${r} (${term}), column ${j}: J = ${col[r]}, finite differences ${fd}`);
          }
        }
      }
    }),
    { numRuns: runs },
  );
}
