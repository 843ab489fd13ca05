// The sparsity pattern of a symmetric matrix, normalised once at set-up: the lower triangle in compressed-column
// form (CSC), each column's rows sorted ascending and unique, the diagonal always present (first in its column).
// The numeric values live in one Float64Array indexed by this pattern's entry number (the "slot").

export interface LowerPattern {
  readonly n: number;
  /** Column j's entries are slots colStart[j] .. colStart[j + 1] − 1. */
  readonly colStart: Int32Array;
  /** Row of each slot (≥ its column). */
  readonly rowIndex: Int32Array;
}

/** Normalise (rows[k], cols[k]) pairs, either triangle, duplicates allowed, into a lower CSC pattern. */
export function lowerPattern(n: number, rows: Int32Array, cols: Int32Array): LowerPattern {
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`sparse pattern: size ${n} is not a non-negative integer`);
  if (rows.length !== cols.length) {
    throw new RangeError(`sparse pattern: ${rows.length} rows but ${cols.length} cols`);
  }
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k];
    const j = cols[k];
    if (i < 0 || i >= n || j < 0 || j >= n) {
      throw new RangeError(`sparse pattern[${k}]: entry (${i}, ${j}) outside 0..${n - 1}`);
    }
  }
  // Count per column (with duplicates, plus the diagonal), bucket, then dedupe and sort each column.
  const count = new Int32Array(n + 1);
  for (let j = 0; j < n; j++) count[j + 1] = 1;
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k];
    const j = cols[k];
    if (i !== j) count[(i < j ? i : j) + 1]++;
  }
  for (let j = 0; j < n; j++) count[j + 1] += count[j];
  const bucket = new Int32Array(count[n]);
  const fill = count.slice(0, n);
  for (let j = 0; j < n; j++) bucket[fill[j]++] = j;
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k];
    const j = cols[k];
    if (i === j) continue;
    const lo = i < j ? i : j;
    bucket[fill[lo]++] = i < j ? j : i;
  }
  const seenInColumn = new Int32Array(n).fill(-1);
  const colStart = new Int32Array(n + 1);
  const rowIndex = new Int32Array(count[n]);
  let nnz = 0;
  for (let j = 0; j < n; j++) {
    colStart[j] = nnz;
    for (let p = count[j]; p < count[j + 1]; p++) {
      const i = bucket[p];
      if (seenInColumn[i] === j) continue;
      seenInColumn[i] = j;
      rowIndex[nnz++] = i;
    }
    // The diagonal was bucketed first and is the smallest row, so sorting keeps it first.
    sortRange(rowIndex, colStart[j], nnz);
  }
  colStart[n] = nnz;
  return { n, colStart, rowIndex: rowIndex.slice(0, nnz) };
}

/** Columns up to this long are sorted in place by insertion; longer ones by the typed array's own sort. */
const INSERTION_SORT_MAX = 16;

/**
 * Sorts a[from … to) ascending. Most columns hold a handful of rows (a chain's: 2 or 3): a subarray and its sort()
 * per column were, on a 100,000-bar chain, 200,000 short-lived objects and a tenth of the pattern's set-up.
 */
function sortRange(a: Int32Array, from: number, to: number): void {
  if (to - from > INSERTION_SORT_MAX) {
    a.subarray(from, to).sort();
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const v = a[i];
    let k = i - 1;
    for (; k >= from && a[k] > v; k--) a[k + 1] = a[k];
    a[k + 1] = v;
  }
}

/** Slot of entry (i, j) in either order, or −1 if it is not in the pattern (binary search in the column). */
export function patternSlot(pattern: LowerPattern, i: number, j: number): number {
  const { n, colStart, rowIndex } = pattern;
  if (!(i >= 0 && i < n && j >= 0 && j < n)) return -1;
  const col = i < j ? i : j;
  const row = i < j ? j : i;
  let lo = colStart[col];
  let hi = colStart[col + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = rowIndex[mid];
    if (r === row) return mid;
    if (r < row) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The symmetric adjacency (no diagonal) of a lower pattern, as CSR: neighbours of v are adj[start[v]..start[v+1]). */
export function adjacencyOf(pattern: LowerPattern): { start: Int32Array; adj: Int32Array } {
  const { n, colStart, rowIndex } = pattern;
  const start = new Int32Array(n + 1);
  for (let j = 0; j < n; j++) {
    for (let p = colStart[j]; p < colStart[j + 1]; p++) {
      const i = rowIndex[p];
      if (i === j) continue;
      start[i + 1]++;
      start[j + 1]++;
    }
  }
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  const adj = new Int32Array(start[n]);
  const fill = start.slice(0, n);
  for (let j = 0; j < n; j++) {
    for (let p = colStart[j]; p < colStart[j + 1]; p++) {
      const i = rowIndex[p];
      if (i === j) continue;
      adj[fill[i]++] = j;
      adj[fill[j]++] = i;
    }
  }
  return { start, adj };
}
