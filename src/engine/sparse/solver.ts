// Sparse symmetric LDLᵀ for J W Jᵀ: ordering and symbolic analysis once per pattern, then a numeric factorisation
// and solves that allocate nothing, so the engine can refactor every step. Where the matrix is a narrow band once
// reordered (chains, many small mechanisms), the banded factorisation of band.ts does the numeric work instead.
//
// Numeric factorisation is up-looking (row by row, after Davis's LDL): row k of L is the solution of a sparse
// triangular system whose pattern is the union of elimination-tree paths from the entries of column k of PAPᵀ.
// That pattern depends only on the structure, so the symbolic phase records it once (by rows, with each entry's
// place in the column-wise L) and the numeric phase just follows it.
//
// Dependent rows: the pivot d_k is the part of A_kk that the rows before k (in elimination order) leave unexplained
// (for A = J W Jᵀ, d_k / A_kk = sin² of the angle between row k of J and the span of those rows, in the W metric).
// So d_k ≤ relTol · A_kk means row k is (numerically) a combination of the rows before it. The test is relative to
// the row's own diagonal, not the largest one: a drawing mixes scales (the angle row of a 10 m crank has a
// diagonal ~1e-11 beside a pinned point's ~1), and a global scale would call such a row dependent. Pivots at
// round-off level of the largest diagonal (≤ 1e-16 · max, e.g. from a Jacobian row that is only noise) are
// dropped too. We set D⁻¹ = 0 and leave column k of L zero, which factors the matrix with row/column k
// deleted; the solve then returns x_k = 0 and, for a consistent right-hand side, still satisfies A x = b. The
// dropped rows form a maximal dependent set in elimination order: the step projects with the others.

import { BandLDL, bandwidthOf, cuthillMcKee } from './band';
import { adjacencyOf, lowerPattern, patternSlot, type LowerPattern } from './pattern';
import { minimumDegreeOrder } from './minimumDegree';

/** Default relative pivot tolerance: far above round-off in a dependent pivot, far below a real one. */
export const DEFAULT_PIVOT_TOLERANCE = 1e-10;
/** A diagonal this small relative to the largest is round-off: such a row is dropped whatever its pivot. */
const NUMERICAL_ZERO = 1e-16;
/**
 * The band is chosen while its work (multiply-adds of the factorisation and one solve) is at most this many times
 * the sparse factor's: its loops run faster per multiply-add (no index lookups). Measured on the engine's
 * matrices: a 1,000-bar chain (band 3, the same work) factors 2.2× faster, 1,000 four-bars (band 4, 1.7× the
 * work) 1.6× faster.
 */
const BAND_WORK_RATIO = 2;

/**
 * The up-looking factor's symbolic analysis for the order `iperm`: the upper triangle of PAPᵀ by columns (each
 * pattern entry's slot, each pivot's diagonal slot), the elimination tree, and L's column and row counts as
 * CSC/CSR starts; `work` is the factor's (Σ colCount² for the factorisation, 2·nnz(L) for a solve).
 */
function upLookingSymbolic(pattern: LowerPattern, iperm: Int32Array) {
  const { n, colStart, rowIndex } = pattern;
  const nnz = colStart[n];
  // By pivot order: the slot of the diagonal entry of the k-th pivot's row.
  const diagSlot = new Int32Array(n);
  // Upper triangle of PAPᵀ in CSC by counting sort on the permuted column.
  const upStart = new Int32Array(n + 1);
  const upRow = new Int32Array(nnz);
  const slotOfEntry = new Int32Array(nnz);
  for (let j = 0; j < n; j++) {
    for (let s = colStart[j]; s < colStart[j + 1]; s++) {
      const a = iperm[rowIndex[s]];
      const b = iperm[j];
      upStart[(a > b ? a : b) + 1]++;
    }
  }
  for (let k = 0; k < n; k++) upStart[k + 1] += upStart[k];
  const fill = upStart.slice(0, n);
  for (let j = 0; j < n; j++) {
    for (let s = colStart[j]; s < colStart[j + 1]; s++) {
      const a = iperm[rowIndex[s]];
      const b = iperm[j];
      const at = fill[a > b ? a : b]++;
      upRow[at] = a < b ? a : b;
      slotOfEntry[s] = at;
      if (a === b) diagSlot[a] = at;
    }
  }

  // Elimination tree and column counts of L (L's row counts accumulate in rowStart).
  const parent = new Int32Array(n);
  const flag = new Int32Array(n);
  const colCount = new Int32Array(n);
  const rowStart = new Int32Array(n + 1);
  for (let k = 0; k < n; k++) {
    parent[k] = -1;
    flag[k] = k;
    for (let p = upStart[k]; p < upStart[k + 1]; p++) {
      for (let i = upRow[p]; flag[i] !== k; i = parent[i]) {
        if (parent[i] === -1) parent[i] = k;
        colCount[i]++;
        rowStart[k + 1]++;
        flag[i] = k;
      }
    }
  }
  const lStart = new Int32Array(n + 1);
  for (let k = 0; k < n; k++) {
    lStart[k + 1] = lStart[k] + colCount[k];
    rowStart[k + 1] += rowStart[k];
  }
  let work = 0;
  for (let k = 0; k < n; k++) work += colCount[k] * colCount[k] + 2 * colCount[k];
  return { diagSlot, upStart, upRow, slotOfEntry, parent, lStart, rowStart, flag, work };
}

/** 'auto' chooses by work (see BAND_WORK_RATIO); 'sparse' and 'band' force one (tests, benchmarks). */
export type SolverLayout = 'auto' | 'sparse' | 'band';

/**
 * A floor under the sparse factor's work (Σ colCount² + 2·nnz(L), as the constructor counts it) for any ordering:
 * L holds at least the matrix's m entries below the diagonal, whatever the order, and Σ colCount² ≥ (Σ colCount)²/n.
 */
function sparseWorkFloor(pattern: LowerPattern): number {
  const { n, colStart, rowIndex } = pattern;
  let m = 0;
  for (let j = 0; j < n; j++) for (let s = colStart[j]; s < colStart[j + 1]; s++) if (rowIndex[s] !== j) m++;
  return n === 0 ? 0 : (m * m) / n + 2 * m;
}

export class SparseSymmetricSolver {
  /** Numeric values of the lower triangle, one per slot (see slot()); zero with values.fill(0) and accumulate. */
  readonly values: Float64Array;
  readonly n: number;
  /** perm[k] = original index of the k-th pivot; iperm is its inverse. */
  readonly perm: Int32Array;
  readonly iperm: Int32Array;

  private readonly pattern: LowerPattern;
  /** diagSlot[k]: slot of the diagonal entry of the k-th pivot (for the pivot tolerance). */
  private readonly diagSlot: Int32Array;
  /**
   * Upper triangle of PAPᵀ by columns: permuted row (≤ column) of each entry. The value slots are laid out in this
   * order (slot = position here), so factor() reads `values` sequentially.
   */
  private readonly upStart: Int32Array;
  private readonly upRow: Int32Array;
  /** Pattern entry (lower CSC, original indices) → its slot in `values`. */
  private readonly slotOfEntry: Int32Array;
  /** Elimination tree and the CSC layout of L (strictly lower, permuted indices). */
  private readonly parent: Int32Array;
  private readonly lStart: Int32Array;
  private readonly lRow: Int32Array;
  private readonly lValue: Float64Array;
  /** The pattern of L by rows: row k's columns (topological order) and where each entry sits in lValue. */
  private readonly rowStart: Int32Array;
  private readonly rowCol: Int32Array;
  private readonly rowSlot: Int32Array;
  /** L's values again in row order (written by factor() beside lValue), so the forward solve reads sequentially. */
  private readonly rowValue: Float64Array;
  private readonly d: Float64Array;
  private readonly dInv: Float64Array;
  // Workspace.
  /** factor()'s row accumulator: all zero between rows, so it is never cleared. */
  private readonly y: Float64Array;
  /** solve()'s permuted right-hand side (separate, so a solve never leaves garbage in y). */
  private readonly z: Float64Array;
  private readonly dropped: Int32Array;
  private droppedCount = 0;
  /** The banded factorisation when the band ordering was chosen (then L's sparse arrays above are empty). */
  private readonly band: BandLDL | null = null;

  /**
   * n×n symmetric; pattern = (rows[k], cols[k]) pairs, either triangle, duplicates allowed; diagonal always
   * included. Computes the minimum-degree ordering and its symbolic factorisation, and the Cuthill–McKee band, once,
   * and keeps the one with less work (`layout` forces one); the minimum degree is skipped when the band must win.
   */
  constructor(n: number, rows: Int32Array, cols: Int32Array, layout: SolverLayout = 'auto') {
    const pattern = lowerPattern(n, rows, cols);
    this.pattern = pattern;
    this.n = n;
    const nnz = pattern.colStart[n];
    this.d = new Float64Array(n);
    this.dInv = new Float64Array(n);
    this.y = new Float64Array(n);
    this.z = new Float64Array(n);
    this.dropped = new Int32Array(n);

    const { start, adj } = adjacencyOf(pattern);
    const band = layout === 'sparse' ? null : SparseSymmetricSolver.bandOrder(pattern, start, adj);
    const bandWork = band ? n * ((band.w * (band.w + 1)) / 2 + 2 * band.w) : Infinity;
    // When the band is within the ratio of a floor under every ordering's sparse work, it is chosen whatever the
    // minimum-degree ordering would give, so that ordering (the costliest part of set-up on a long chain) is skipped,
    // and so is the sparse factor's symbolic analysis, which only the sparse factor reads.
    const bandCertain =
      band !== null && (layout === 'band' || bandWork <= BAND_WORK_RATIO * sparseWorkFloor(pattern));
    const sparse = bandCertain ? null : minimumDegreeOrder(n, start, adj);
    this.perm = sparse ?? band!.perm;
    this.iperm = new Int32Array(n);
    for (let k = 0; k < n; k++) this.iperm[this.perm[k]] = k;
    const symbolic = bandCertain ? null : upLookingSymbolic(pattern, this.iperm);
    const { colStart, rowIndex } = pattern;
    // Band work: w(w+1)/2 and 2w per row, against the sparse factor's (symbolic.work).
    if (band && (bandCertain || bandWork <= BAND_WORK_RATIO * symbolic!.work)) {
      this.band = new BandLDL(n, band.w);
      this.values = this.band.values;
      this.perm = band.perm;
      for (let k = 0; k < n; k++) this.iperm[this.perm[k]] = k;
      this.slotOfEntry = new Int32Array(nnz);
      for (let j = 0; j < n; j++)
        for (let s = colStart[j]; s < colStart[j + 1]; s++)
          this.slotOfEntry[s] = this.band.slotOf(this.iperm[rowIndex[s]], this.iperm[j]);
      this.diagSlot =
        this.upStart =
        this.upRow =
        this.parent =
        this.lStart =
        this.rowStart =
          new Int32Array(0);
      this.lRow = this.rowCol = this.rowSlot = new Int32Array(0);
      this.lValue = this.rowValue = new Float64Array(0);
      return;
    }
    const { diagSlot, upStart, upRow, slotOfEntry, parent, lStart, rowStart, flag } = symbolic!;
    this.values = new Float64Array(nnz);
    this.diagSlot = diagSlot;
    this.upStart = upStart;
    this.upRow = upRow;
    this.slotOfEntry = slotOfEntry;
    this.parent = parent;
    this.lStart = lStart;
    this.rowStart = rowStart;
    const nnzL = this.lStart[n];
    this.lRow = new Int32Array(nnzL);
    this.lValue = new Float64Array(nnzL);
    this.rowCol = new Int32Array(nnzL);
    this.rowSlot = new Int32Array(nnzL);
    this.rowValue = new Float64Array(nnzL);
    // Row k's columns in topological order (each elimination-tree path reversed), so a row solve can run in order.
    const colFill = this.lStart.slice(0, n);
    const stack = new Int32Array(n);
    flag.fill(-1);
    for (let k = 0; k < n; k++) {
      let top = n;
      flag[k] = k;
      for (let p = this.upStart[k]; p < this.upStart[k + 1]; p++) {
        let len = 0;
        for (let i = this.upRow[p]; flag[i] !== k; i = this.parent[i]) {
          stack[len++] = i;
          flag[i] = k;
        }
        while (len > 0) stack[--top] = stack[--len];
      }
      let t = this.rowStart[k];
      for (; top < n; top++) {
        const i = stack[top];
        const at = colFill[i]++;
        this.lRow[at] = k;
        this.rowCol[t] = i;
        this.rowSlot[t++] = at;
      }
    }
  }

  /** The Cuthill–McKee order and its bandwidth. */
  private static bandOrder(
    pattern: LowerPattern,
    start: Int32Array,
    adj: Int32Array,
  ): { perm: Int32Array; w: number } {
    const perm = cuthillMcKee(pattern.n, start, adj);
    const iperm = new Int32Array(pattern.n);
    for (let k = 0; k < pattern.n; k++) iperm[perm[k]] = k;
    return { perm, w: bandwidthOf(pattern.colStart, pattern.rowIndex, iperm) };
  }

  /** 'band' if the banded factorisation was chosen, else 'sparse'. */
  get layout(): 'band' | 'sparse' {
    return this.band ? 'band' : 'sparse';
  }

  /** Index into `values` of entry (i, j) (either order), −1 if not in the pattern. Set-up time only. */
  slot(i: number, j: number): number {
    const entry = patternSlot(this.pattern, i, j);
    return entry < 0 ? -1 : this.slotOfEntry[entry];
  }

  /**
   * slot(rows[k], cols[k]) for every k, in one call (e.g. with the very arrays given to the constructor, to get
   * each pattern entry's slot in input order). −1 where an entry is not in the pattern. Set-up time only.
   */
  slots(rows: Int32Array, cols: Int32Array): Int32Array {
    if (rows.length !== cols.length)
      throw new RangeError(`slots: ${rows.length} rows but ${cols.length} cols`);
    const out = new Int32Array(rows.length);
    for (let k = 0; k < rows.length; k++) {
      const entry = patternSlot(this.pattern, rows[k], cols[k]);
      out[k] = entry < 0 ? -1 : this.slotOfEntry[entry];
    }
    return out;
  }

  /** Number of stored entries of L (strictly below the diagonal): the fill the ordering achieved (the band's). */
  get factorNonzeros(): number {
    return this.band ? this.band.nonzeros : this.lStart[this.n];
  }

  /**
   * LDLᵀ. A pivot ≤ relTol · (its row's diagonal entry A_kk), or ≤ 1e-16 · (largest diagonal entry), is treated
   * as a dependent row: D⁻¹ = 0 for it, so its unknown is 0 in solves. Returns the number of dropped pivots. No
   * allocation.
   */
  factor(relTol = DEFAULT_PIVOT_TOLERANCE): number {
    if (this.band) {
      const floor = NUMERICAL_ZERO * this.band.maxDiagonal();
      this.droppedCount = this.band.factor(relTol, floor, this.perm, this.dropped);
      return this.droppedCount;
    }
    const n = this.n;
    const {
      values,
      diagSlot,
      upStart,
      upRow,
      rowStart,
      rowCol,
      rowSlot,
      rowValue,
      lStart,
      lRow,
      lValue,
      d,
      dInv,
      y,
    } = this;
    let maxDiag = 0;
    for (let j = 0; j < n; j++) {
      const v = values[diagSlot[j]];
      if (v > maxDiag) maxDiag = v;
    }
    const floor = NUMERICAL_ZERO * maxDiag;
    let droppedCount = 0;
    for (let k = 0; k < n; k++) {
      // Scatter column k of PAPᵀ (upper part) into y, then solve for row k of L along its fixed pattern.
      for (let p = upStart[k]; p < upStart[k + 1]; p++) y[upRow[p]] += values[p];
      let dk = y[k];
      y[k] = 0;
      for (let t = rowStart[k]; t < rowStart[k + 1]; t++) {
        const i = rowCol[t];
        const at = rowSlot[t];
        const yi = y[i];
        y[i] = 0;
        for (let p = lStart[i]; p < at; p++) y[lRow[p]] -= lValue[p] * yi;
        const lki = yi * dInv[i];
        dk -= lki * yi;
        lValue[at] = lki;
        rowValue[t] = lki;
      }
      d[k] = dk;
      if (dk > relTol * values[diagSlot[k]] && dk > floor && Number.isFinite(dk)) {
        dInv[k] = 1 / dk;
      } else {
        dInv[k] = 0;
        this.dropped[droppedCount++] = this.perm[k];
      }
    }
    this.droppedCount = droppedCount;
    return droppedCount;
  }

  /**
   * The smallest pivot of the last factor() relative to its diagonal, d_k / A_kk (for A = J W Jᵀ: sin² of the
   * angle between row k of J and the rows eliminated before it); NaN if some diagonal is not positive. Rank
   * analysis reads it to know every row independent without eliminating J again (rank/analysis.ts).
   */
  smallestPivotRatio(): number {
    if (this.band) return this.band.smallestPivotRatio();
    const { n, d, values, diagSlot } = this;
    let smallest = Infinity;
    for (let k = 0; k < n; k++) {
      const a = values[diagSlot[k]];
      const ratio = a > 0 ? d[k] / a : NaN;
      if (!(ratio >= smallest)) smallest = ratio;
    }
    return smallest;
  }

  /** Original indices of the rows whose pivots the last factor() dropped, in elimination order. */
  droppedRows(): Int32Array {
    return this.dropped.subarray(0, this.droppedCount);
  }

  /** Solve with the last factorisation; out may alias b. No allocation. */
  solve(out: Float64Array, b: Float64Array): void {
    if (this.band) {
      this.band.solve(out, b, this.perm);
      return;
    }
    const n = this.n;
    const { perm, rowStart, rowCol, rowValue, lStart, lRow, lValue, dInv } = this;
    const y = this.z;
    // Forward L z = Pb by rows (reading b as it goes), then D⁻¹ and backward Lᵀ x = D⁻¹z by columns, writing x
    // out as it goes: two sweeps, both gathers. b is fully read before out is written, so they may alias.
    for (let k = 0; k < n; k++) {
      let yk = b[perm[k]];
      for (let t = rowStart[k]; t < rowStart[k + 1]; t++) yk -= rowValue[t] * y[rowCol[t]];
      y[k] = yk;
    }
    for (let j = n - 1; j >= 0; j--) {
      let yj = y[j] * dInv[j];
      for (let p = lStart[j]; p < lStart[j + 1]; p++) yj -= lValue[p] * y[lRow[p]];
      y[j] = yj;
      out[perm[j]] = yj;
    }
  }
}
