// J W Jᵀ assembled into the sparse solver's value slots. The pattern — every pair of rows whose constraints touch a
// common block — and each product's place are planned once at set-up, so an assembly is a few flat loops:
//
// - blocks 3 wide (bars, circles) and 2 wide (points): JW = J·W per entry (a column scaling where W is diagonal),
//   then one unrolled dot product per pair of rows;
// - other widths (splines, Béziers, segments, beads): J_a W J_cᵀ straight from W, over the columns where each row
//   of J is non-zero (a spline's end point touches 1 of its 8 columns per row: one multiply, not a dense 8 × 8);
// - between two rows that are constants (the linear-point kernel's), the products are a fixed map from W's
//   entries, precomputed: values[slot] += coef · W[i];
// - banded blocks (long splines, whose W is never formed, whose rows of J are sparse: wide-rows.ts): z = W J_cᵀ by
//   the band's substitutions once per row c touching the block, then J_a · z over row a's non-zeros for each of
//   c's products. O(k) per row.
import { SparseSymmetricSolver } from '../sparse';

/** Diagonal entries of J W Jᵀ below this (mm²/drag units) count as zero. */
const NEGLIGIBLE_DIAGONAL = 1e-20;

/** The layout of J and W the assembly reads (built by ConstraintSystem). */
export interface EntryLayout {
  /**
   * Per entry (a constraint × a block it touches): where its rows × width block starts in J, its block, its first
   * row and its row count.
   */
  readonly jOff: Int32Array;
  readonly entBlock: Int32Array;
  readonly entRow: Int32Array;
  readonly entRows: Int32Array;
  /** Per block: its width k and where its k × k drag block starts in W. */
  readonly blockSize: Int32Array;
  readonly mOff: Int32Array;
  /** The entries of each block (CSR): blkEnt[blkEntStart[b] … blkEntStart[b + 1]). */
  readonly blkEntStart: Int32Array;
  readonly blkEnt: Int32Array;
  /** Per block: 1 if banded (drag.ts): W holds a factor, and its entries' rows of J are sparse. */
  readonly banded: Uint8Array;
  /** Per entry: the id of its first sparse row (wide-rows.ts), or -1. */
  readonly wideFirst: Int32Array;
  /** z = W_b · (sparse row id)ᵀ. */
  solveWideRow(b: number, id: number, z: Float64Array): void;
  /** (sparse row id) · z. */
  dotWideRow(id: number, z: Float64Array): number;
}

export class JWJtAssembly {
  /**
   * The solver for J W Jᵀ's pattern (null with no rows), planned at its first use: what only reads J (the
   * diagnostics, `curvewright check`) never pays for it. J W Jᵀ of a hub that many constraints share is dense
   * (3,000 points attached to one: 18 million products, 11 s and 1.1 GB), J is not.
   */
  private planned: SparseSymmetricSolver | null | undefined = undefined;
  private readonly rows: number;
  /** The constant rows of J as set-up found them, for the plan (then dropped). */
  private constantJ: Float64Array | null;
  private readonly constant: Uint8Array;
  private readonly JW: Float64Array;
  /** The entries 2 or 3 wide, whose products read JW. */
  private readonly jwEnt: Int32Array;
  /**
   * The products as flat lists grouped by width: 3 (to prodEnd3), 2 (to prodEnd2), other widths (to
   * prodEndVarying), other widths between constant rows (to the end). values[prodSlot[p]] += the product of the
   * rows of J starting at prodA[p] and prodC[p].
   */
  private prodA = new Int32Array(0);
  private prodC = new Int32Array(0);
  private prodSlot = new Int32Array(0);
  private prodEnd3 = 0;
  private prodEnd2 = 0;
  private prodEndVarying = 0;
  /** Per product of other widths (index p − prodEnd2): its block, and the ids of its two rows of J. */
  private prodBlock = new Int32Array(0);
  private prodARow = new Int32Array(0);
  private prodCRow = new Int32Array(0);
  /** The constant rows' products: values[constSlot[t]] += constCoef[t] · W[constW[t]]. */
  private constSlot = new Int32Array(0);
  private constW = new Int32Array(0);
  private constCoef = new Float64Array(0);
  /** False once some row of J was zeroed (rowsCleared): the constant rows' products are then computed from J. */
  private constantsIntact = true;
  /**
   * Rows of J numbered entry by entry (entry e's rows from entRowId[e]), and for entries of widths other than 2
   * and 3 the range [rowLo, rowHi) of columns outside which the row is zero. The constant rows' ranges are found
   * once; jacobianChanged() finds the others' (rangeEnt). Rows 2 wide keep the full range [0, 2). The system's
   * Jᵀ·y reads them too.
   */
  readonly entRowId: Int32Array;
  readonly rowLo: Int32Array;
  readonly rowHi: Int32Array;
  private readonly rangeEnt: Int32Array;
  private diagSlots: Int32Array = new Int32Array(0);
  /**
   * The products over banded blocks, ordered by their row c: values[bandSlot[x]] += J_a · (W J_cᵀ), rows a and c
   * the sparse rows bandA[x] and bandC[x] in block bandBlock[x]; bandZ holds W J_cᵀ.
   */
  private bandA = new Int32Array(0);
  private bandC = new Int32Array(0);
  private bandBlock = new Int32Array(0);
  private bandSlot = new Int32Array(0);
  private bandZ = new Float64Array(0);

  /**
   * `constant[e]` = 1 for the entries whose rows of J are constants, which `J` holds now (and nothing else).
   * Finds the rows' ranges; the pattern, the solver and the products wait for the solver's first use (plan).
   */
  constructor(
    private readonly layout: EntryLayout,
    rows: number,
    constant: Uint8Array,
    J: Float64Array,
  ) {
    const { jOff, entBlock, entRows, blockSize } = layout;
    const entries = jOff.length;
    this.JW = new Float64Array(J.length);
    this.entRowId = new Int32Array(entries + 1);
    const jw: number[] = [];
    const scanned: number[] = [];
    const constantRanged: number[] = [];
    for (let e = 0; e < entries; e++) {
      this.entRowId[e + 1] = this.entRowId[e] + entRows[e];
      const k = blockSize[entBlock[e]];
      if (layout.wideFirst[e] >= 0) continue;
      if (k === 2 || k === 3) jw.push(e);
      else (constant[e] ? constantRanged : scanned).push(e);
    }
    this.jwEnt = Int32Array.from(jw);
    this.rangeEnt = Int32Array.from(scanned);
    // Every column until found (a superset is always safe: it only costs multiplies by 0).
    this.rowLo = new Int32Array(this.entRowId[entries]);
    this.rowHi = new Int32Array(this.entRowId[entries]);
    for (let e = 0; e < entries; e++)
      this.rowHi.fill(blockSize[entBlock[e]], this.entRowId[e], this.entRowId[e + 1]);
    this.findRanges(J, Int32Array.from(constantRanged));
    this.rows = rows;
    this.constant = constant;
    // Kept only if some rows are constants: the plan reads nothing else of it (a chain has none, and its copy of J
    // was 10 MB more for a 100,000-bar build to allocate, and for the GC to count against its external memory).
    this.constantJ = constant.includes(1) ? J.slice() : null;
  }

  /**
   * How many products J W Jᵀ's pattern has (pairs of rows sharing a block, diagonal included), in closed form per
   * block — ((Σ r)² + Σ r²) / 2 over its entries' row counts r — without walking them.
   */
  productCount(): number {
    const { entRows, blkEntStart, blkEnt } = this.layout;
    let total = 0;
    for (let b = 0; b + 1 < blkEntStart.length; b++) {
      let sum = 0;
      let squares = 0;
      for (let x = blkEntStart[b]; x < blkEntStart[b + 1]; x++) {
        const r = entRows[blkEnt[x]];
        sum += r;
        squares += r * r;
      }
      total += (sum * sum + squares) / 2;
    }
    return total;
  }

  /** Whether the solver is planned already (reading `solver` plans it). */
  get isPlanned(): boolean {
    return this.planned !== undefined;
  }

  get solver(): SparseSymmetricSolver | null {
    if (this.planned === undefined) this.plan();
    return this.planned as SparseSymmetricSolver | null;
  }

  /** Plans the pattern, creates the solver (ordering, symbolic factorisation) and the products. */
  private plan(): void {
    const { rows, constant } = this;
    // Read only for products between constant rows, which exist only if it was kept.
    const J = this.constantJ ?? new Float64Array(0);
    this.constantJ = null;
    const { blockSize, mOff } = this.layout;
    const entries = this.layout.jOff.length;
    // The pattern: each product's pair of rows in walk order (blocks, their entry pairs, rows), then the diagonal.
    const pairs = this.walk(null);
    const pr = new Int32Array(pairs + rows);
    const pc = new Int32Array(pairs + rows);
    const a = new Int32Array(pairs);
    const c = new Int32Array(pairs);
    const aRow = new Int32Array(pairs);
    const cRow = new Int32Array(pairs);
    const blk = new Int32Array(pairs);
    this.walk({ pr, pc, a, c, aRow, cRow, blk });
    for (let r = 0; r < rows; r++) {
      pr[pairs + r] = r;
      pc[pairs + r] = r;
    }
    if (rows === 0) {
      this.planned = null;
      return;
    }
    const solver = new SparseSymmetricSolver(rows, pr, pc);
    this.planned = solver;
    const all = solver.slots(pr, pc);
    this.diagSlots = all.subarray(pairs);

    // Group the products (a stable counting sort): width 3, width 2, other widths, other widths between rows that
    // are both constants.
    const entOfRow = new Int32Array(this.entRowId[entries]);
    for (let e = 0; e < entries; e++) entOfRow.fill(e, this.entRowId[e], this.entRowId[e + 1]);
    const group = new Int32Array(pairs);
    const counts = [0, 0, 0, 0, 0];
    for (let x = 0; x < pairs; x++) {
      const k = blockSize[blk[x]];
      const both = constant[entOfRow[aRow[x]]] && constant[entOfRow[cRow[x]]];
      group[x] = this.layout.banded[blk[x]] ? 4 : k === 3 ? 0 : k === 2 ? 1 : both ? 3 : 2;
      counts[group[x]]++;
    }
    this.planBanded(group, entOfRow, aRow, cRow, blk, all);
    const kept = pairs - counts[4];
    const [n3, n2, nVarying] = counts;
    this.prodEnd3 = n3;
    this.prodEnd2 = n3 + n2;
    this.prodEndVarying = n3 + n2 + nVarying;
    this.prodA = new Int32Array(kept);
    this.prodC = new Int32Array(kept);
    this.prodSlot = new Int32Array(kept);
    const rest = kept - n3 - n2;
    this.prodBlock = new Int32Array(rest);
    this.prodARow = new Int32Array(rest);
    this.prodCRow = new Int32Array(rest);
    const next = [0, n3, n3 + n2, n3 + n2 + nVarying];
    const constSlot: number[] = [];
    const constW: number[] = [];
    const constCoef: number[] = [];
    for (let x = 0; x < pairs; x++) {
      const g = group[x];
      if (g === 4) continue;
      const to = next[g]++;
      this.prodA[to] = a[x];
      this.prodC[to] = c[x];
      this.prodSlot[to] = all[x];
      if (g < 2) continue;
      this.prodBlock[to - n3 - n2] = blk[x];
      this.prodARow[to - n3 - n2] = aRow[x];
      this.prodCRow[to - n3 - n2] = cRow[x];
      if (g !== 3) continue;
      // J_a W J_cᵀ = Σ J_a[m] J_c[n] W[m, n] over the non-zero constants: one term per pair.
      const k = blockSize[blk[x]];
      const wo = mOff[blk[x]];
      for (let m = 0; m < k; m++) {
        const ja = J[a[x] + m];
        if (ja === 0) continue;
        for (let n = 0; n < k; n++) {
          const jc = J[c[x] + n];
          if (jc === 0) continue;
          constSlot.push(all[x]);
          constW.push(wo + m * k + n);
          constCoef.push(ja * jc);
        }
      }
    }
    this.constSlot = Int32Array.from(constSlot);
    this.constW = Int32Array.from(constW);
    this.constCoef = Float64Array.from(constCoef);
  }

  /** The products of group 4 (banded blocks), ordered by their row c so each W J_cᵀ is solved once. */
  private planBanded(
    group: Int32Array,
    entOfRow: Int32Array,
    aRow: Int32Array,
    cRow: Int32Array,
    blk: Int32Array,
    slots: Int32Array,
  ): void {
    // A row id of the assembly (entry by entry) → its sparse row's id.
    const sparse = (row: number): number => {
      const e = entOfRow[row];
      return this.layout.wideFirst[e] + row - this.entRowId[e];
    };
    const picked: number[] = [];
    for (let x = 0; x < group.length; x++) if (group[x] === 4) picked.push(x);
    picked.sort((x, y) => cRow[x] - cRow[y] || x - y);
    this.bandA = Int32Array.from(picked, (x) => sparse(aRow[x]));
    this.bandC = Int32Array.from(picked, (x) => sparse(cRow[x]));
    this.bandBlock = Int32Array.from(picked, (x) => blk[x]);
    this.bandSlot = Int32Array.from(picked, (x) => slots[x]);
    let widest = 0;
    for (const x of picked) widest = Math.max(widest, this.layout.blockSize[blk[x]]);
    this.bandZ = new Float64Array(widest);
  }

  /**
   * Walks the products: every block, every pair of its entries (an entry with itself: the lower triangle of its
   * rows), every pair of rows. With `out`, writes each product's rows, J offsets, row ids and block; returns the
   * count.
   */
  private walk(
    out: {
      pr: Int32Array;
      pc: Int32Array;
      a: Int32Array;
      c: Int32Array;
      aRow: Int32Array;
      cRow: Int32Array;
      blk: Int32Array;
    } | null,
  ): number {
    const { jOff, entRow, entRows, blockSize, blkEntStart, blkEnt } = this.layout;
    let at = 0;
    for (let b = 0; b + 1 < blkEntStart.length; b++) {
      const k = blockSize[b];
      for (let x = blkEntStart[b]; x < blkEntStart[b + 1]; x++) {
        const ea = blkEnt[x];
        for (let y = x; y < blkEntStart[b + 1]; y++) {
          const ec = blkEnt[y];
          for (let i = 0; i < entRows[ea]; i++) {
            const jEnd = ea === ec ? i + 1 : entRows[ec];
            if (!out) {
              at += jEnd;
              continue;
            }
            for (let j = 0; j < jEnd; j++, at++) {
              out.pr[at] = entRow[ea] + i;
              out.pc[at] = entRow[ec] + j;
              out.a[at] = jOff[ea] + i * k;
              out.c[at] = jOff[ec] + j * k;
              out.aRow[at] = this.entRowId[ea] + i;
              out.cRow[at] = this.entRowId[ec] + j;
              out.blk[at] = b;
            }
          }
        }
      }
    }
    return at;
  }

  /** After a new Jacobian: the non-zero ranges of the rows that are not constants; the constants are intact. */
  jacobianChanged(J: Float64Array): void {
    this.constantsIntact = true;
    this.findRanges(J, this.rangeEnt);
  }

  /**
   * J W Jᵀ + μ·d̄·I after assemble(), d̄ the mean diagonal (so μ has no units): Levenberg's damping. As μ grows the
   * step turns to −W Jᵀ C / (μ d̄), the steepest descent of |C|², which a step must lower. Not Marquardt's
   * diag(J W Jᵀ) scaling: its limit descends Σ C_r² / (J W Jᵀ)_rr instead, and can raise |C|². Rows with a zero
   * diagonal (zero rows of J) stay zero: dropped.
   */
  dampDiagonal(mu: number): void {
    const values = (this.solver as SparseSymmetricSolver).values;
    const { diagSlots } = this;
    let mean = 0;
    for (let r = 0; r < diagSlots.length; r++) mean += values[diagSlots[r]];
    const add = (mu * mean) / Math.max(1, diagSlots.length);
    for (let r = 0; r < diagSlots.length; r++) if (values[diagSlots[r]] > 0) values[diagSlots[r]] += add;
  }

  /** Some rows of J were zeroed (diagnostics): compute every product from J until the next Jacobian. */
  rowsCleared(): void {
    this.constantsIntact = false;
  }

  /** rowLo / rowHi of every row of the given entries: first and one past the last non-zero column of J. */
  private findRanges(J: Float64Array, entries: Int32Array): void {
    const { jOff, entBlock, entRows, blockSize } = this.layout;
    const { entRowId, rowLo, rowHi } = this;
    for (let x = 0; x < entries.length; x++) {
      const e = entries[x];
      const k = blockSize[entBlock[e]];
      for (let r = 0, id = entRowId[e], base = jOff[e]; r < entRows[e]; r++, id++, base += k) {
        let lo = 0;
        while (lo < k && J[base + lo] === 0) lo++;
        let hi = k;
        while (hi > lo && J[base + hi - 1] === 0) hi--;
        rowLo[id] = lo;
        rowHi[id] = hi;
      }
    }
  }

  /** The solver's values = J W Jᵀ (wDiag[b]: block b of W is diagonal). No allocation. */
  assemble(J: Float64Array, W: Float64Array, wDiag: Uint8Array): void {
    const solver = this.solver;
    if (!solver) return;
    const { jOff, entBlock, entRows, blockSize, mOff } = this.layout;
    const { JW, jwEnt } = this;
    // JW_e = J_e W_b for the blocks 2 and 3 wide: a column scaling where W_b is diagonal, unrolled for a dense
    // 3 × 3 (a bar or circle with a spring) and 2 × 2.
    for (let x = 0; x < jwEnt.length; x++) {
      const e = jwEnt[x];
      const b = entBlock[e];
      const k = blockSize[b];
      const rows = entRows[e];
      const jo = jOff[e];
      const wo = mOff[b];
      if (wDiag[b]) {
        for (let m = 0; m < k; m++) {
          const w = W[wo + m * k + m];
          for (let r = 0, at = jo + m; r < rows; r++, at += k) JW[at] = J[at] * w;
        }
      } else if (k === 3) {
        const w0 = W[wo],
          w1 = W[wo + 1],
          w2 = W[wo + 2];
        const w3 = W[wo + 3],
          w4 = W[wo + 4],
          w5 = W[wo + 5];
        const w6 = W[wo + 6],
          w7 = W[wo + 7],
          w8 = W[wo + 8];
        for (let r = 0, base = jo; r < rows; r++, base += 3) {
          const a0 = J[base],
            a1 = J[base + 1],
            a2 = J[base + 2];
          JW[base] = a0 * w0 + a1 * w3 + a2 * w6;
          JW[base + 1] = a0 * w1 + a1 * w4 + a2 * w7;
          JW[base + 2] = a0 * w2 + a1 * w5 + a2 * w8;
        }
      } else {
        for (let r = 0, base = jo; r < rows; r++, base += 2) {
          const a0 = J[base],
            a1 = J[base + 1];
          JW[base] = a0 * W[wo] + a1 * W[wo + 2];
          JW[base + 1] = a0 * W[wo + 1] + a1 * W[wo + 3];
        }
      }
    }
    const values = solver.values;
    values.fill(0);
    const { prodA, prodC, prodSlot, prodEnd3, prodEnd2 } = this;
    for (let p = 0; p < prodEnd3; p++) {
      const a = prodA[p];
      const c = prodC[p];
      values[prodSlot[p]] += JW[a] * J[c] + JW[a + 1] * J[c + 1] + JW[a + 2] * J[c + 2];
    }
    for (let p = prodEnd3; p < prodEnd2; p++) {
      const a = prodA[p];
      const c = prodC[p];
      values[prodSlot[p]] += JW[a] * J[c] + JW[a + 1] * J[c + 1];
    }
    // Other widths: J_a W J_cᵀ straight from W, over the two rows' non-zero ranges; the constant rows' products
    // by their precomputed map while the constants are intact.
    const { prodARow, prodCRow, prodBlock, rowLo, rowHi } = this;
    const end = this.constantsIntact ? this.prodEndVarying : prodA.length;
    for (let p = prodEnd2, x = 0; p < end; p++, x++) {
      const a = prodA[p];
      const c = prodC[p];
      const ra = prodARow[x];
      const rc = prodCRow[x];
      const b = prodBlock[x];
      const k = blockSize[b];
      const wo = mOff[b];
      let sum = 0;
      if (wDiag[b]) {
        const lo = rowLo[ra] > rowLo[rc] ? rowLo[ra] : rowLo[rc];
        const hi = rowHi[ra] < rowHi[rc] ? rowHi[ra] : rowHi[rc];
        for (let m = lo; m < hi; m++) sum += J[a + m] * W[wo + m * k + m] * J[c + m];
      } else {
        const cLo = rowLo[rc];
        const cHi = rowHi[rc];
        for (let m = rowLo[ra]; m < rowHi[ra]; m++) {
          const ja = J[a + m];
          if (ja === 0) continue;
          let t = 0;
          for (let n = cLo, w = wo + m * k + cLo; n < cHi; n++, w++) t += W[w] * J[c + n];
          sum += ja * t;
        }
      }
      values[prodSlot[p]] += sum;
    }
    if (this.constantsIntact) {
      const { constSlot, constW, constCoef } = this;
      for (let t = 0; t < constSlot.length; t++) values[constSlot[t]] += constCoef[t] * W[constW[t]];
    }
    const { bandA, bandC, bandBlock, bandSlot, bandZ } = this;
    for (let x = 0, solved = -1; x < bandA.length; x++) {
      const c = bandC[x];
      if (c !== solved) {
        this.layout.solveWideRow(bandBlock[x], c, bandZ);
        solved = c;
      }
      values[bandSlot[x]] += this.layout.dotWideRow(bandA[x], bandZ);
    }
    // A row whose diagonal is negligible in absolute terms (a constraint on a zero-length curve) is dependent:
    // zero it so the factorisation drops it instead of dividing by a denormal pivot.
    const { diagSlots } = this;
    for (let r = 0; r < diagSlots.length; r++)
      if (values[diagSlots[r]] < NEGLIGIBLE_DIAGONAL) values[diagSlots[r]] = 0;
  }
}
