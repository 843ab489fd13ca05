import { seededRandom as rng } from '../../shared/test-support/random';
import { describe, expect, it } from 'vitest';
import { SparseSymmetricSolver, type SolverLayout } from './solver';
import { minimumDegreeOrder } from './minimumDegree';
import { adjacencyOf, lowerPattern } from './pattern';
import { bandwidthOf, cuthillMcKee } from './band';

/** A solver for the pattern of a dense row-major symmetric matrix, loaded with its values. */
function solverFor(n: number, dense: Float64Array, layout: SolverLayout = 'auto'): SparseSymmetricSolver {
  const rows: number[] = [];
  const cols: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      if (i === j || dense[i * n + j] !== 0) {
        // Alternate triangles to exercise either-order input.
        if ((i + j) % 2 === 0) {
          rows.push(i);
          cols.push(j);
        } else {
          rows.push(j);
          cols.push(i);
        }
      }
    }
  }
  const s = new SparseSymmetricSolver(n, Int32Array.from(rows), Int32Array.from(cols), layout);
  s.values.fill(0);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      const slot = s.slot(i, j);
      if (slot >= 0) s.values[slot] += dense[i * n + j];
    }
  }
  return s;
}

/** Dense Gaussian elimination with partial pivoting: the reference solve. */
function denseSolve(n: number, a: Float64Array, b: Float64Array): Float64Array {
  const m = Float64Array.from(a);
  const x = Float64Array.from(b);
  for (let k = 0; k < n; k++) {
    let piv = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(m[i * n + k]) > Math.abs(m[piv * n + k])) piv = i;
    if (piv !== k) {
      for (let j = 0; j < n; j++) [m[k * n + j], m[piv * n + j]] = [m[piv * n + j], m[k * n + j]];
      [x[k], x[piv]] = [x[piv], x[k]];
    }
    for (let i = k + 1; i < n; i++) {
      const f = m[i * n + k] / m[k * n + k];
      for (let j = k; j < n; j++) m[i * n + j] -= f * m[k * n + j];
      x[i] -= f * x[k];
    }
  }
  for (let k = n - 1; k >= 0; k--) {
    let s = x[k];
    for (let j = k + 1; j < n; j++) s -= m[k * n + j] * x[j];
    x[k] = s / m[k * n + k];
  }
  return x;
}

function denseMul(n: number, a: Float64Array, x: Float64Array): Float64Array {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += a[i * n + j] * x[j];
    y[i] = s;
  }
  return y;
}

function maxAbsDiff(a: Float64Array, b: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

/** Random sparse J (m×n); A = J Jᵀ (m×m), dense row-major. */
function gram(m: number, n: number, j: Float64Array): Float64Array {
  const a = new Float64Array(m * m);
  for (let r = 0; r < m; r++) {
    for (let c = 0; c < m; c++) {
      let s = 0;
      for (let k = 0; k < n; k++) s += j[r * n + k] * j[c * n + k];
      a[r * m + c] = s;
    }
  }
  return a;
}

// Every numeric property holds for both factorisations: the sparse up-looking one and the band.
describe.each(['sparse', 'band'] as const)('SparseSymmetricSolver, %s layout', (layout) => {
  it('matches a dense solve on random sparse SPD matrices', () => {
    const rand = rng(1);
    for (let trial = 0; trial < 30; trial++) {
      const n = 1 + Math.floor(rand() * 60);
      const a = new Float64Array(n * n);
      // Random sparse symmetric off-diagonal part, made SPD by diagonal dominance.
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < i; j++) {
          if (rand() < 0.1) {
            const v = rand() * 2 - 1;
            a[i * n + j] = v;
            a[j * n + i] = v;
          }
        }
      }
      for (let i = 0; i < n; i++) {
        let row = 0;
        for (let j = 0; j < n; j++) row += Math.abs(a[i * n + j]);
        a[i * n + i] = row + 0.1 + rand();
      }
      const b = Float64Array.from({ length: n }, () => rand() * 2 - 1);
      const s = solverFor(n, a, layout);
      expect(s.factor()).toBe(0);
      const x = new Float64Array(n);
      s.solve(x, b);
      expect(maxAbsDiff(x, denseSolve(n, a, b))).toBeLessThan(1e-12);
      expect(maxAbsDiff(denseMul(n, a, x), b)).toBeLessThan(1e-12);
    }
  });

  it('solves an SPD Gram matrix J Jᵀ with non-diagonally-dominant entries', () => {
    const rand = rng(2);
    const m = 40;
    const n = 90;
    const j = new Float64Array(m * n);
    for (let r = 0; r < m; r++)
      for (let k = 0; k < 4; k++) j[r * n + Math.floor(rand() * n)] = rand() * 2 - 1;
    const a = gram(m, n, j);
    const b = Float64Array.from({ length: m }, () => rand());
    const s = solverFor(m, a, layout);
    expect(s.factor()).toBe(0);
    const x = new Float64Array(m);
    s.solve(x, b);
    const ref = denseSolve(m, a, b);
    expect(maxAbsDiff(x, ref) / Math.max(...ref.map(Math.abs))).toBeLessThan(1e-10);
  });

  it('drops exactly the dependent rows of J Jᵀ and still solves consistent right-hand sides', () => {
    const rand = rng(3);
    const independent = 30;
    const n = 70;
    const base = new Float64Array(independent * n);
    for (let r = 0; r < independent; r++) {
      for (let k = 0; k < 5; k++) base[r * n + Math.floor(rand() * n)] = rand() * 2 - 1;
      base[r * n + r] = 1; // keeps the base rows independent
    }
    // Rows 30..35 duplicate base rows, 36 is a sum of two base rows: 7 dependent rows.
    const sources = [3, 7, 7, 12, 20, 29];
    const m = independent + sources.length + 1;
    const j = new Float64Array(m * n);
    j.set(base);
    sources.forEach((src, k) => j.set(base.subarray(src * n, src * n + n), (independent + k) * n));
    for (let c = 0; c < n; c++) j[(m - 1) * n + c] = base[1 * n + c] + 2 * base[5 * n + c];
    const a = gram(m, n, j);
    const s = solverFor(m, a, layout);
    expect(s.factor()).toBe(7);
    const dropped = Array.from(s.droppedRows());
    expect(dropped).toHaveLength(7);
    // Each dependent group loses exactly its excess rows: duplicates all but one, {1, 5, 1 + 2·5} one.
    const groups: [number[], number][] = [
      [[3, 30], 1],
      [[7, 31, 32], 2],
      [[12, 33], 1],
      [[20, 34], 1],
      [[29, 35], 1],
      [[1, 5, m - 1], 1],
    ];
    for (const [group, excess] of groups) {
      expect(group.filter((r) => dropped.includes(r)).length).toBe(excess);
    }
    // Consistent b = J v: A x = b exactly (to round-off), and x is 0 on dropped rows.
    const v = Float64Array.from({ length: n }, () => rand() * 2 - 1);
    const b = new Float64Array(m);
    for (let r = 0; r < m; r++) for (let c = 0; c < n; c++) b[r] += j[r * n + c] * v[c];
    const x = new Float64Array(m);
    s.solve(x, b);
    for (const r of dropped) expect(x[r]).toBe(0);
    expect(maxAbsDiff(denseMul(m, a, x), b)).toBeLessThan(1e-9);
    for (const xi of x) expect(Number.isFinite(xi)).toBe(true);
  });

  it('refactors new values on the same pattern, singular and regular in turn', () => {
    const rand = rng(5);
    const m = 24;
    const n = 40;
    // Row 23 of J repeats row 4 in odd rounds (singular J Jᵀ), is independent in even rounds.
    const j = new Float64Array(m * n);
    for (let r = 0; r < m; r++) for (let k = 0; k < 3; k++) j[r * n + ((r * 5 + k * 7) % n)] = 1;
    // The pattern covers both shapes of row 23.
    for (let k = 0; k < 3; k++) j[23 * n + ((4 * 5 + k * 7) % n)] = 1;
    const s = solverFor(m, gram(m, n, j), layout);
    for (let round = 0; round < 6; round++) {
      for (let r = 0; r < m; r++) {
        for (let k = 0; k < 3; k++) j[r * n + ((r * 5 + k * 7) % n)] = 0.5 + rand();
      }
      const singular = round % 2 === 1;
      for (let k = 0; k < 3; k++) j[23 * n + ((23 * 5 + k * 7) % n)] = 0;
      for (let k = 0; k < 3; k++) {
        const col = singular ? (4 * 5 + k * 7) % n : (23 * 5 + k * 7) % n;
        j[23 * n + col] = singular ? j[4 * n + col] : 0.5 + rand();
      }
      const a = gram(m, n, j);
      s.values.fill(0);
      for (let r = 0; r < m; r++) {
        for (let c = 0; c <= r; c++) {
          const slot = s.slot(r, c);
          if (slot >= 0) s.values[slot] += a[r * m + c];
          else expect(a[r * m + c]).toBe(0);
        }
      }
      expect(s.factor()).toBe(singular ? 1 : 0);
      if (singular) expect([4, 23]).toContain(s.droppedRows()[0]);
      const v = Float64Array.from({ length: n }, () => rand());
      const b = new Float64Array(m);
      for (let r = 0; r < m; r++) for (let c = 0; c < n; c++) b[r] += j[r * n + c] * v[c];
      const x = new Float64Array(m);
      s.solve(x, b);
      expect(maxAbsDiff(denseMul(m, a, x), b)).toBeLessThan(1e-10);
    }
  });

  it("judges dependence by each row's own scale, not the largest diagonal", () => {
    // Two independent 2×2 blocks, one of scale 1, one of scale 1e-12 (a 10 m crank's angle row beside a point):
    // nothing is dependent. Then the small block made singular: exactly one of its rows is.
    const small = 1e-12;
    const a = Float64Array.of(2, 1, 0, 0, 1, 2, 0, 0, 0, 0, 2 * small, small, 0, 0, small, 2 * small);
    const s = solverFor(4, a, layout);
    expect(s.factor()).toBe(0);
    const b = Float64Array.of(1, 2, 3 * small, 4 * small);
    const x = new Float64Array(4);
    s.solve(x, b);
    expect(maxAbsDiff(x, denseSolve(4, a, b))).toBeLessThan(1e-12);
    s.values[s.slot(3, 2)] = 2 * small;
    expect(s.factor()).toBe(1);
    expect([2, 3]).toContain(s.droppedRows()[0]);
    // A row at round-off level of the largest diagonal is dropped even though it is independent.
    s.values[s.slot(3, 2)] = 0;
    s.values[s.slot(2, 2)] = 1e-17;
    s.values[s.slot(3, 3)] = 1e-17;
    expect(s.factor()).toBe(2);
  });

  it('drops every pivot of a zero matrix and returns zeros, never NaN', () => {
    const s = new SparseSymmetricSolver(3, Int32Array.of(0, 1), Int32Array.of(1, 2), layout);
    expect(s.factor()).toBe(3);
    const x = Float64Array.of(9, 9, 9);
    s.solve(x, Float64Array.of(1, 2, 3));
    expect(Array.from(x)).toEqual([0, 0, 0]);
  });

  it('solves in place (out aliasing b)', () => {
    const a = Float64Array.of(4, 1, 0, 1, 3, 1, 0, 1, 2);
    const s = solverFor(3, a, layout);
    s.factor();
    const b = Float64Array.of(1, 2, 3);
    const ref = denseSolve(3, a, b);
    s.solve(b, b);
    expect(maxAbsDiff(b, ref)).toBeLessThan(1e-14);
  });

  it('factor and solve keep every array they own (no reallocation)', () => {
    const n = 200;
    const rows = new Int32Array(n - 1);
    const cols = new Int32Array(n - 1);
    for (let i = 0; i + 1 < n; i++) {
      rows[i] = i;
      cols[i] = i + 1;
    }
    const s = new SparseSymmetricSolver(n, rows, cols, layout);
    expect(s.layout).toBe(layout);
    // The solver's arrays and, in the band layout, the band's.
    const owners = [s, (s as unknown as { band: object | null }).band].filter(Boolean) as object[];
    const arrays = (): Map<string, unknown> =>
      new Map(
        owners.flatMap((owner, i) =>
          Object.entries(owner)
            .filter(([, v]) => ArrayBuffer.isView(v))
            .map(([k, v]) => [`${i}.${k}`, v] as [string, unknown]),
        ),
      );
    const arraysBefore = arrays();
    expect(arraysBefore.size).toBeGreaterThan(10);
    for (let i = 0; i < n; i++) s.values[s.slot(i, i)] = 2;
    for (let i = 0; i + 1 < n; i++) s.values[s.slot(i + 1, i)] = -1;
    const x = new Float64Array(n);
    const b = new Float64Array(n).fill(1);
    for (let round = 0; round < 3; round++) {
      s.factor();
      s.solve(x, b);
    }
    const arraysAfter = arrays();
    for (const [k, arr] of arraysBefore) expect(arraysAfter.get(k), k).toBe(arr);
    // The 1D Laplacian with b = 1 has x_i = (i + 1)(n − i) / 2.
    for (let i = 0; i < n; i++) expect(x[i]).toBeCloseTo(((i + 1) * (n - i)) / 2, 8);
  });

  it('factors a 100,000-row banded matrix (residual check)', () => {
    const n = 100_000;
    const band = 3;
    const rows: number[] = [];
    const cols: number[] = [];
    for (let i = 0; i < n; i++) {
      for (let d = 1; d <= band && i + d < n; d++) {
        rows.push(i + d);
        cols.push(i);
      }
    }
    const s = new SparseSymmetricSolver(n, Int32Array.from(rows), Int32Array.from(cols), layout);
    const offDiag = (i: number, j: number): number =>
      -1 / (1 + Math.abs(i - j)) - ((i * 7 + j * 3) % 5) * 0.01;
    for (let k = 0; k < rows.length; k++) s.values[s.slot(rows[k], cols[k])] = offDiag(rows[k], cols[k]);
    // Weakly diagonally dominant with a tiny margin: ill-conditioned like a long chain.
    const diag = new Float64Array(n);
    for (let k = 0; k < rows.length; k++) {
      const v = Math.abs(offDiag(rows[k], cols[k]));
      diag[rows[k]] += v;
      diag[cols[k]] += v;
    }
    for (let i = 0; i < n; i++) s.values[s.slot(i, i)] = diag[i] + 1e-6;
    expect(s.factor()).toBe(0);
    const rand = rng(4);
    const b = Float64Array.from({ length: n }, () => rand() * 2 - 1);
    const x = new Float64Array(n);
    s.solve(x, b);
    // r = A x − b using the stored pattern.
    const r = new Float64Array(n);
    for (let i = 0; i < n; i++) r[i] = s.values[s.slot(i, i)] * x[i] - b[i];
    for (let k = 0; k < rows.length; k++) {
      const v = s.values[s.slot(rows[k], cols[k])];
      r[rows[k]] += v * x[cols[k]];
      r[cols[k]] += v * x[rows[k]];
    }
    let rmax = 0;
    let xmax = 0;
    for (let i = 0; i < n; i++) {
      rmax = Math.max(rmax, Math.abs(r[i]));
      xmax = Math.max(xmax, Math.abs(x[i]));
    }
    expect(rmax).toBeLessThan(1e-9 * Math.max(1, xmax));
    expect(Number.isFinite(xmax)).toBe(true);
    // Bandwidth 3 needs at most 3 entries per column of L.
    expect(s.factorNonzeros).toBeLessThanOrEqual(3 * n);
  });
});

describe('layout', () => {
  function chain(n: number, shuffle: boolean): { rows: Int32Array; cols: Int32Array } {
    // Shuffled numbering: the ordering must find the chain, not rely on the input order.
    const label = Array.from({ length: n }, (_, i) => (shuffle ? (i * 2927) % n : i));
    const rows = new Int32Array(n - 1);
    const cols = new Int32Array(n - 1);
    for (let i = 0; i + 1 < n; i++) {
      rows[i] = label[i];
      cols[i] = label[i + 1];
    }
    return { rows, cols };
  }

  it('Cuthill–McKee numbers a shuffled chain with bandwidth 1, every component on its own', () => {
    const n = 5000;
    const { rows, cols } = chain(n, true);
    const pattern = lowerPattern(n, rows, cols);
    const { start, adj } = adjacencyOf(pattern);
    const perm = cuthillMcKee(n, start, adj);
    const iperm = new Int32Array(n);
    perm.forEach((v, k) => (iperm[v] = k));
    expect(new Set(perm).size).toBe(n);
    expect(bandwidthOf(pattern.colStart, pattern.rowIndex, iperm)).toBe(1);
    // Two chains and an isolated vertex: still bandwidth 1 (components are numbered one after another).
    const two = lowerPattern(9, Int32Array.of(0, 1, 2, 4, 5, 6), Int32Array.of(1, 2, 3, 5, 6, 7));
    const split = adjacencyOf(two);
    const p2 = cuthillMcKee(9, split.start, split.adj);
    const i2 = new Int32Array(9);
    p2.forEach((v, k) => (i2[v] = k));
    expect(new Set(p2).size).toBe(9);
    expect(bandwidthOf(two.colStart, two.rowIndex, i2)).toBe(1);
  });

  it('chooses the band for a chain and many small blocks, the sparse factor for a 2-D grid', () => {
    const { rows, cols } = chain(2000, true);
    const s = new SparseSymmetricSolver(2000, rows, cols);
    expect(s.layout).toBe('band');
    expect(s.factorNonzeros).toBe(1999);
    // 500 dense 4 × 4 blocks: band 3, no fill beyond the blocks' own entries and the band's few zeros.
    const br: number[] = [];
    const bc: number[] = [];
    for (let b = 0; b < 500; b++)
      for (let i = 0; i < 4; i++)
        for (let j = 0; j < i; j++) {
          br.push(4 * b + i);
          bc.push(4 * b + j);
        }
    expect(new SparseSymmetricSolver(2000, Int32Array.from(br), Int32Array.from(bc)).layout).toBe('band');
    const g = 60;
    const gr: number[] = [];
    const gc: number[] = [];
    for (let i = 0; i < g; i++)
      for (let j = 0; j < g; j++) {
        const v = i * g + j;
        if (j + 1 < g) {
          gr.push(v);
          gc.push(v + 1);
        }
        if (i + 1 < g) {
          gr.push(v);
          gc.push(v + g);
        }
      }
    expect(new SparseSymmetricSolver(g * g, Int32Array.from(gr), Int32Array.from(gc)).layout).toBe('sparse');
  });
});

describe('slot', () => {
  it.each(['sparse', 'band'] as const)(
    'finds entries in either order, merges duplicates, and says −1 for absent ones (%s)',
    (layout) => {
      const s = new SparseSymmetricSolver(
        4,
        Int32Array.of(0, 1, 2, 3, 1),
        Int32Array.of(2, 0, 0, 1, 3),
        layout,
      );
      // Lower pattern: col 0 {0,1,2}, col 1 {1,3}, col 2 {2}, col 3 {3} (the band stores its zeros too).
      expect(s.values.length).toBeGreaterThanOrEqual(7);
      expect(s.slot(2, 0)).toBe(s.slot(0, 2));
      expect(s.slot(3, 1)).toBe(s.slot(1, 3));
      expect(s.slot(2, 0)).toBeGreaterThanOrEqual(0);
      expect(s.slot(3, 3)).toBeGreaterThanOrEqual(0);
      expect(s.slot(2, 3)).toBe(-1);
      expect(s.slot(0, 4)).toBe(-1);
      const slots = new Set([0, 1, 2, 3].flatMap((i) => [0, 1, 2, 3].map((j) => s.slot(i, j))));
      slots.delete(-1);
      expect(slots.size).toBe(7);
    },
  );

  it('gives every slot of a pattern in one call', () => {
    const rows = Int32Array.of(0, 1, 2, 3, 1, 2, 2);
    const cols = Int32Array.of(2, 0, 0, 1, 3, 3, 2);
    const s = new SparseSymmetricSolver(4, rows.subarray(0, 5), cols.subarray(0, 5));
    // (2, 3) is not in the pattern.
    expect(Array.from(s.slots(rows, cols))).toEqual(Array.from(rows, (r, k) => s.slot(r, cols[k])));
    expect(s.slots(rows, cols)[5]).toBe(-1);
    expect(() => s.slots(rows, cols.subarray(1))).toThrow('slots: 7 rows but 6 cols');
  });

  it('rejects an entry outside the matrix with a message naming it', () => {
    expect(() => new SparseSymmetricSolver(3, Int32Array.of(0, 3), Int32Array.of(1, 0))).toThrow(
      'sparse pattern[1]: entry (3, 0) outside 0..2',
    );
    expect(() => new SparseSymmetricSolver(3, Int32Array.of(0), Int32Array.of())).toThrow(
      '1 rows but 0 cols',
    );
  });

  it('handles the empty matrix', () => {
    const s = new SparseSymmetricSolver(0, new Int32Array(0), new Int32Array(0));
    expect(s.factor()).toBe(0);
    s.solve(new Float64Array(0), new Float64Array(0));
    expect(s.droppedRows().length).toBe(0);
  });
});

describe('minimum degree ordering fill', () => {
  function fillOf(n: number, edges: [number, number][]): { perm: Int32Array; nnzL: number } {
    const rows = Int32Array.from(edges.map((e) => e[0]));
    const cols = Int32Array.from(edges.map((e) => e[1]));
    const { start, adj } = adjacencyOf(lowerPattern(n, rows, cols));
    const perm = minimumDegreeOrder(n, start, adj);
    return { perm, nnzL: new SparseSymmetricSolver(n, rows, cols, 'sparse').factorNonzeros };
  }
  function isPermutation(perm: Int32Array): boolean {
    const seen = new Uint8Array(perm.length);
    for (const p of perm) {
      if (p < 0 || p >= perm.length || seen[p]) return false;
      seen[p] = 1;
    }
    return true;
  }

  it('a chain has no fill', () => {
    const n = 5000;
    const edges: [number, number][] = [];
    // Shuffled numbering: the ordering must find the chain, not rely on the input order.
    const label = Array.from({ length: n }, (_, i) => (i * 2927) % n);
    for (let i = 0; i + 1 < n; i++) edges.push([label[i], label[i + 1]]);
    const { perm, nnzL } = fillOf(n, edges);
    expect(isPermutation(perm)).toBe(true);
    expect(nnzL).toBe(n - 1);
  });

  it('independent dense blocks fill only inside each block', () => {
    const blocks = 500;
    const size = 8;
    const edges: [number, number][] = [];
    for (let b = 0; b < blocks; b++) {
      for (let i = 0; i < size; i++) for (let j = 0; j < i; j++) edges.push([b * size + i, b * size + j]);
    }
    const { perm, nnzL } = fillOf(blocks * size, edges);
    expect(isPermutation(perm)).toBe(true);
    expect(nnzL).toBe((blocks * size * (size - 1)) / 2);
  });

  it('a 2D grid fills like n log n, far below the band ordering', () => {
    const g = 100;
    const n = g * g;
    const edges: [number, number][] = [];
    for (let i = 0; i < g; i++) {
      for (let j = 0; j < g; j++) {
        const v = i * g + j;
        if (j + 1 < g) edges.push([v, v + 1]);
        if (i + 1 < g) edges.push([v, v + g]);
      }
    }
    const { perm, nnzL } = fillOf(n, edges);
    expect(isPermutation(perm)).toBe(true);
    // Natural (band) order fills about g per row = 1,000,000; minimum degree stays near 2 n log2 n.
    expect(nnzL).toBeLessThan(2 * n * Math.log2(n));
    expect(nnzL).toBeGreaterThan(2 * n);
  });
});
