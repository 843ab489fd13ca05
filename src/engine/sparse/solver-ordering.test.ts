// The minimum-degree ordering is skipped exactly when the band must win (solver.ts, sparseWorkFloor).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as minimumDegree from './minimumDegree';
import { SparseSymmetricSolver } from './solver';

vi.mock('./minimumDegree', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./minimumDegree')>();
  return { ...actual, minimumDegreeOrder: vi.fn(actual.minimumDegreeOrder) };
});

/** A pattern from its off-diagonal pairs, the diagonal added. */
function solverOf(n: number, pairs: [number, number][]): SparseSymmetricSolver {
  const rows = [...pairs.map(([i]) => i), ...Array.from({ length: n }, (_, k) => k)];
  const cols = [...pairs.map(([, j]) => j), ...Array.from({ length: n }, (_, k) => k)];
  return new SparseSymmetricSolver(n, Int32Array.from(rows), Int32Array.from(cols));
}

describe('the solver skips the minimum-degree ordering only where the band must win', () => {
  beforeEach(() => {
    vi.mocked(minimumDegree.minimumDegreeOrder).mockClear();
  });

  it('a tridiagonal matrix (a chain): band chosen, no minimum degree computed, and it solves', () => {
    const n = 60;
    const s = solverOf(
      n,
      Array.from({ length: n - 1 }, (_, k) => [k + 1, k] as [number, number]),
    );
    expect(minimumDegree.minimumDegreeOrder).not.toHaveBeenCalled();
    expect(s.layout).toBe('band');
    // A = tridiag(-1, 3, -1): A·1 = (2, 1, …, 1, 2).
    s.values.fill(0);
    for (let k = 0; k < n; k++) {
      s.values[s.slot(k, k)] = 3;
      if (k > 0) s.values[s.slot(k, k - 1)] = -1;
    }
    expect(s.factor()).toBe(0);
    const b = Float64Array.from({ length: n }, (_, k) => (k === 0 || k === n - 1 ? 2 : 1));
    const x = new Float64Array(n);
    s.solve(x, b);
    for (let k = 0; k < n; k++) expect(x[k]).toBeCloseTo(1, 12);
  });

  it('an arrow (one row coupled to all): minimum degree computed and chosen', () => {
    const n = 60;
    const s = solverOf(
      n,
      Array.from({ length: n - 1 }, (_, k) => [k + 1, 0] as [number, number]),
    );
    expect(minimumDegree.minimumDegreeOrder).toHaveBeenCalledTimes(1);
    expect(s.layout).toBe('sparse');
  });
});
