// The Jacobian check every constraint passes: each column of the system's J at q against the central difference of
// its residual, as the largest error relative to max(1, |difference|), with where it is. Also fails on any
// non-finite entry. One helper for every constraint test (the sketch kinds, the tangent forms, the originals).
import fc from 'fast-check';
import { expect } from 'vitest';
import type { EngineModel } from '../build';

export interface JacobianMismatch {
  /** The largest relative error (Infinity if a residual or an entry is not finite). */
  error: number;
  /** Where it is (−1 when the residual itself is not finite). */
  row: number;
  column: number;
}

export function jacobianMismatch(
  { system }: Pick<EngineModel, 'system'>,
  state: Float64Array,
  h = 1e-6,
): JacobianMismatch {
  const { n, rows } = system;
  const q = state.slice();
  const c1 = new Float64Array(rows);
  const c2 = new Float64Array(rows);
  const v = new Float64Array(n);
  const col = new Float64Array(rows);
  system.residual(c1, q);
  if (!c1.every(Number.isFinite)) return { error: Infinity, row: -1, column: -1 };
  system.jacobian(q);
  const worst: JacobianMismatch = { error: 0, row: -1, column: -1 };
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
      if (!(error <= worst.error)) {
        worst.error = Number.isNaN(error) ? Infinity : error;
        worst.row = r;
        worst.column = j;
      }
    }
  }
  return worst;
}

/** The largest relative error of J against central differences at `state` (see jacobianMismatch). */
export function jacobianError(model: Pick<EngineModel, 'system'>, state: Float64Array, h = 1e-6): number {
  return jacobianMismatch(model, state, h).error;
}

const perturbations = fc.array(fc.double({ min: -0.3, max: 0.3, noNaN: true }), {
  minLength: 64,
  maxLength: 64,
});

/**
 * For `runs` states q = the built state + a random perturbation (±0.3 per entry, sliding parameters kept in
 * [0.05, 0.95]): the relative error of every entry of J below 1e-6; a failure names the row's constraint.
 */
export function expectJacobianMatchesFiniteDifferences(model: EngineModel, runs: number): void {
  fc.assert(
    fc.property(perturbations, (dq) => {
      const q = model.q.slice();
      for (let i = 0; i < q.length; i++) q[i] += dq[i % dq.length];
      for (const b of model.beads) q[b.sOff] = Math.min(0.95, Math.max(0.05, q[b.sOff]));
      const worst = jacobianMismatch(model, q);
      if (!(worst.error < 1e-6)) {
        const term = worst.row >= 0 ? model.terms[model.system.rowTerm[worst.row]].id : 'a residual';
        expect.fail(`row ${worst.row} (${term}), column ${worst.column}: relative error ${worst.error}`);
      }
    }),
    { numRuns: runs },
  );
}
