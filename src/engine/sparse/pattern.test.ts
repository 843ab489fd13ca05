import { describe, expect, it } from 'vitest';
import { lowerPattern, patternSlot } from './pattern';

/** Each column's rows of the lower triangle, by a Set per column and a sort: what lowerPattern must give. */
function expectedColumns(n: number, rows: Int32Array, cols: Int32Array): number[][] {
  const sets = Array.from({ length: n }, (_, j) => new Set([j]));
  for (let k = 0; k < rows.length; k++) sets[Math.min(rows[k], cols[k])].add(Math.max(rows[k], cols[k]));
  return sets.map((s) => [...s].sort((a, b) => a - b));
}

describe('lowerPattern', () => {
  it('lists each column’s rows sorted and unique, the diagonal first, for short columns and long ones', () => {
    // A fixed pseudo-random pattern, either triangle, with duplicates: most columns a few rows (sorted in place),
    // column 0 every row (the typed array's sort), so both ways of sorting are exercised.
    const n = 60;
    const r: number[] = [];
    const c: number[] = [];
    let seed = 12345;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    for (let k = 0; k < 400; k++) {
      r.push(next());
      c.push(next());
    }
    for (let i = n - 1; i > 0; i--) {
      r.push(0);
      c.push(i);
    }
    const rows = Int32Array.from(r);
    const cols = Int32Array.from(c);
    const pattern = lowerPattern(n, rows, cols);
    const got = Array.from({ length: n }, (_, j) =>
      Array.from(pattern.rowIndex.subarray(pattern.colStart[j], pattern.colStart[j + 1])),
    );
    expect(got).toEqual(expectedColumns(n, rows, cols));
    expect(got[0].length).toBe(n);
    // Every given entry is found by the binary search, which relies on the order.
    for (let k = 0; k < rows.length; k++)
      expect(patternSlot(pattern, rows[k], cols[k])).toBeGreaterThanOrEqual(0);
  });
});
