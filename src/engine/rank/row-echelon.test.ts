import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { componentsOf } from './components';
import { RowEchelon } from './row-echelon';

/** Rank of a dense matrix (rows × n) by Gaussian elimination with full pivoting: the reference. */
function denseRank(rows: number[][], n: number): number {
  const a = rows.map((r) => r.slice());
  let rank = 0;
  for (let col = 0; col < n && rank < a.length; col++) {
    let best = -1;
    let bestAbs = 1e-9;
    for (let i = rank; i < a.length; i++) {
      for (let j = 0; j < n; j++) {
        if (Math.abs(a[i][j]) > bestAbs) {
          bestAbs = Math.abs(a[i][j]);
          best = i * n + j;
        }
      }
    }
    if (best < 0) break;
    const bi = Math.floor(best / n);
    const bj = best % n;
    [a[rank], a[bi]] = [a[bi], a[rank]];
    for (let i = rank + 1; i < a.length; i++) {
      const m = a[i][bj] / a[rank][bj];
      for (let j = 0; j < n; j++) a[i][j] -= m * a[rank][j];
    }
    rank++;
  }
  return rank;
}

/** Sparse rows with planted dependencies: some rows are combinations of two earlier ones. */
const matrices = fc
  .record({ n: fc.integer({ min: 2, max: 9 }), m: fc.integer({ min: 1, max: 14 }), seed: fc.integer() })
  .map(({ n, m, seed }) => {
    let s = seed >>> 0 || 1;
    const rand = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const rows: number[][] = [];
    for (let i = 0; i < m; i++) {
      if (i >= 2 && rand() < 0.4) {
        const a = rows[Math.floor(rand() * i)];
        const b = rows[Math.floor(rand() * i)];
        const x = rand() * 4 - 2;
        const y = rand() * 4 - 2;
        rows.push(a.map((v, j) => x * v + y * b[j]));
      } else rows.push(Array.from({ length: n }, () => (rand() < 0.4 ? rand() * 4 - 2 : 0)));
    }
    return { n, rows };
  });

function sparse(row: number[]): { cols: Int32Array; vals: Float64Array; count: number } {
  const cols = new Int32Array(row.length);
  const vals = new Float64Array(row.length);
  let count = 0;
  row.forEach((v, j) => {
    if (v !== 0) {
      cols[count] = j;
      vals[count++] = v;
    }
  });
  return { cols, vals, count };
}

describe('RowEchelon', () => {
  it('finds the rank, calls dependent exactly the rows in the span of earlier ones, and their dependencies', () => {
    fc.assert(
      fc.property(matrices, ({ n, rows }) => {
        const columnCount = new Int32Array(n);
        for (const r of rows) r.forEach((v, j) => v !== 0 && columnCount[j]++);
        const echelon = new RowEchelon(n, columnCount);
        rows.forEach((row, i) => {
          const { cols, vals, count } = sparse(row);
          const kept = echelon.add(i, cols, vals, count, 1e-9);
          // Greedy in row order: row i is kept iff it raises the rank of the rows before it.
          expect(kept).toBe(denseRank(rows.slice(0, i + 1), n) > denseRank(rows.slice(0, i), n));
          if (kept) return;
          // J_i = Σ weight · J_r over earlier kept rows: the dependency y = e_i − Σ weight e_r has Jᵀy = 0.
          const sum = new Float64Array(n);
          echelon.dependency((r, weight) => {
            expect(r).toBeLessThan(i);
            rows[r].forEach((v, j) => (sum[j] += weight * v));
          });
          row.forEach((v, j) => expect(sum[j]).toBeCloseTo(v, 8));
        });
        expect(echelon.rank).toBe(denseRank(rows, n));
        // A null vector of the kept rows is one of every row.
        const delta = new Float64Array(n);
        echelon.nullVector(delta, (j) => 1 + j);
        for (const row of rows) {
          let dot = 0;
          let scale = 0;
          row.forEach((v, j) => {
            dot += v * delta[j];
            scale += Math.abs(v * delta[j]);
          });
          expect(Math.abs(dot)).toBeLessThanOrEqual(1e-8 * (1 + scale));
        }
      }),
    );
  });

  it('a hub column many rows share stays a hub: 2,000 rows against it keep no fill', () => {
    // Point i (columns 2 + 2i, 3 + 2i) attached to the hub (columns 0, 1): rows x_i − x_hub, y_i − y_hub.
    const points = 1000;
    const n = 2 + 2 * points;
    const columnCount = new Int32Array(n).fill(1);
    columnCount[0] = columnCount[1] = points;
    const echelon = new RowEchelon(n, columnCount);
    const cols = new Int32Array(2);
    const vals = Float64Array.of(1, -1);
    for (let i = 0; i < points; i++) {
      for (let axis = 0; axis < 2; axis++) {
        cols[0] = 2 + 2 * i + axis;
        cols[1] = axis;
        expect(echelon.add(2 * i + axis, cols, vals, 2, 1e-9)).toBe(true);
      }
    }
    expect(echelon.rank).toBe(2 * points);
    // The hub's columns stayed free (no pivot): the rows never met each other.
    expect(echelon.pivotOf[0]).toBe(-1);
    expect(echelon.pivotOf[1]).toBe(-1);
  });
});

describe('RowEchelon on a pinned chain', () => {
  it('keeps the fill linear: each kept row holds a bar or two, not every angle before it', () => {
    // Bar i: columns x_i, y_i, θ_i (3i …). The start of bar 0 pinned, the end of bar i − 1 joined to the start of
    // bar i: rows x_{i−1} + a θ_{i−1} − x_i + b θ_i and the same in y, with the angles' coefficients generic.
    const bars = 400;
    const n = 3 * bars;
    const rows: [number[], number[]][] = [];
    rows.push(
      [
        [0, 2],
        [1, 0.3],
      ],
      [
        [1, 2],
        [1, -0.4],
      ],
    );
    for (let i = 1; i < bars; i++) {
      const [p, c] = [3 * (i - 1), 3 * i];
      const [a, b] = [Math.sin(i), Math.cos(i)];
      rows.push([
        [p, p + 2, c, c + 2],
        [1, a, -1, b],
      ]);
      rows.push([
        [p + 1, p + 2, c + 1, c + 2],
        [1, b, -1, -a],
      ]);
    }
    const columnCount = new Int32Array(n);
    for (const [cols] of rows) for (const j of cols) columnCount[j]++;
    const echelon = new RowEchelon(n, columnCount);
    rows.forEach(([cols, vals], r) => {
      expect(echelon.add(r, Int32Array.from(cols), Float64Array.from(vals), cols.length, 1e-9)).toBe(true);
    });
    expect(echelon.rank).toBe(2 * bars);
    expect(echelon.storedEntries).toBeLessThan(8 * rows.length);
  });
});

describe('componentsOf', () => {
  it('numbers the blocks linked by constraints in order of their first block', () => {
    const blocks = [[3, 1], [4], [5, 4], [0]];
    const { count, component } = componentsOf(6, blocks.length, (t) => blocks[t]);
    expect(count).toBe(4);
    expect(Array.from(component)).toEqual([0, 1, 2, 1, 3, 3]);
  });
});
