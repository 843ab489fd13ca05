// The sparse LDLᵀ alone (src/engine/sparse) on the J W Jᵀ pattern of an N-bar chain (2×2 blocks, block
// tridiagonal): median ms for one factor() + solve(), the floor under the engine's per-step cost.
import { SparseSymmetricSolver } from '../../src/engine/sparse';
import { heapUsed, median, now, retained } from '../measure';
import type { BenchCase, CaseResult } from '../types';

/** Enough repeats that tiny sizes are timed after the JIT has compiled factor() and solve(). */
const repeatsFor = (rows: number): number => Math.max(101, Math.ceil(2e6 / rows));

function chainPattern(bars: number): { rows: Int32Array; cols: Int32Array } {
  const rows: number[] = [];
  const cols: number[] = [];
  // Constraint b (2 rows) touches bars b − 1 and b, so it couples with constraints b − 1 and b + 1.
  for (let b = 0; b < bars; b++) {
    for (let i = 0; i < 2; i++) {
      for (let j = 0; j < 2; j++) {
        rows.push(2 * b + i);
        cols.push(2 * b + j);
        if (b + 1 < bars) {
          rows.push(2 * b + i);
          cols.push(2 * b + 2 + j);
        }
      }
    }
  }
  return { rows: Int32Array.from(rows), cols: Int32Array.from(cols) };
}

function run(n: number): CaseResult {
  const size = 2 * n;
  const { rows, cols } = chainPattern(n);
  // Memory: the solver alone (ordering, symbolic and numeric factors, workspace).
  retained.value = null;
  const heapBefore = heapUsed();
  const t0 = now();
  const solver = new SparseSymmetricSolver(size, rows, cols);
  const setupMs = now() - t0;
  retained.value = solver;
  const heapBytes = heapUsed() - heapBefore;
  // A diagonally dominant matrix with the chain's structure (values do not change the work).
  for (let k = 0; k < rows.length; k++) {
    solver.values[solver.slot(rows[k], cols[k])] = rows[k] === cols[k] ? 6 : -0.5 - 0.1 * ((k * 7) % 5);
  }
  const b = Float64Array.from({ length: size }, (_, i) => Math.sin(i));
  const x = new Float64Array(size);
  const times: number[] = [];
  for (let r = 0, reps = repeatsFor(size); r < reps; r++) {
    const t = now();
    solver.factor();
    solver.solve(x, b);
    times.push(now() - t);
  }
  // Residual of the last solve, max |A x − b| over the stored pattern.
  const ax = new Float64Array(size);
  const seen = new Set<number>();
  for (let k = 0; k < rows.length; k++) {
    const s = solver.slot(rows[k], cols[k]);
    if (seen.has(s)) continue;
    seen.add(s);
    const i = Math.max(rows[k], cols[k]);
    const j = Math.min(rows[k], cols[k]);
    ax[i] += solver.values[s] * x[j];
    if (i !== j) ax[j] += solver.values[s] * x[i];
  }
  let residual = 0;
  for (let i = 0; i < size; i++) residual = Math.max(residual, Math.abs(ax[i] - b[i]));
  const stepMs = median(times);
  return { ms: stepMs, wallMs: stepMs, steps: 1, stepMs, rows: size, residual, heapBytes, setupMs };
}

export const sparseCase: BenchCase = {
  name: 'sparse-ldlt',
  title: 'sparse LDLᵀ factor + solve alone, on the J W Jᵀ pattern of an N-bar chain',
  sizes: [10, 100, 1000, 10000, 100000],
  run,
};
