// The constrained system's linear algebra: on the drag metric's block layout and W (drag.ts, which it extends), the
// sparse Jacobian J (one dense block per constraint × touched block), J W Jᵀ assembled by precomputed slots into
// the sparse LDLᵀ solver, and the velocity and correction solves. Nothing here allocates after construction.
import type { ConstraintTerm } from '../constraints/constraint';
import type { CurveModel } from '../curves/curve';
import type { SparseSymmetricSolver } from '../sparse';
import { JWJtAssembly } from './assembly';
import { BarPointKernel } from './bar-points';
import { LinearPointKernel } from './linear-points';
import { DragMetric, type BeadBlock } from './drag';
import { WideRows } from './wide-rows';

/** Relative pivot tolerance: pivots below it mark dependent (redundant) constraint rows. */
export const PIVOT_TOLERANCE = 1e-10;

export type { BeadBlock } from './drag';

/** Above this many J W Jᵀ products per row, the solver is planned at its first use instead of at build. */
const EAGER_PLAN_PRODUCTS_PER_ROW = 64;

export class ConstraintSystem extends DragMetric {
  readonly rows: number;
  readonly rowStart: Int32Array;
  /** Row → constraint index. */
  readonly rowTerm: Int32Array;
  /** Per term: index of its first Jacobian-block entry. */
  readonly jBase: Int32Array;
  /** Per entry: offset of its dense block in J, its block, its term. */
  readonly jOff: Int32Array;
  private readonly entBlock: Int32Array;
  private readonly entTerm: Int32Array;
  /**
   * Per entry, what the products with J read, gathered at set-up so the hot loops (J·v, Jᵀ·y, J·W) load one
   * array each instead of chasing entry → term → rows and entry → block → offsets: its first row, its row
   * count, its block's offset in q, the block's size.
   */
  private readonly entRow: Int32Array;
  private readonly entRows: Int32Array;
  private readonly entQ: Int32Array;
  private readonly entK: Int32Array;
  readonly J: Float64Array;
  /** J's dense entries end here; the scratch where constraints write their rows on banded blocks follows. */
  private readonly denseEnd: number;
  /** The rows of J on banded blocks, sparse (wide-rows.ts). */
  private readonly wide: WideRows;
  private readonly blkEntStart: Int32Array;
  private readonly blkEnt: Int32Array;
  /** J W Jᵀ's pattern, its solver and the planned products. */
  private readonly assembly: JWJtAssembly;
  /** J W Jᵀ's solver, planned at its first use (assembly.ts). */
  get solver(): SparseSymmetricSolver | null {
    return this.assembly.solver;
  }
  /** Whether J W Jᵀ's solver is planned already (reading `solver` plans it: a dense pattern's is costly). */
  get solverPlanned(): boolean {
    return this.assembly.isPlanned;
  }
  /** 1 for rows the last factorisation dropped (dependent). */
  readonly dropped: Uint8Array;
  droppedCount = 0;

  /**
   * Attachments and pins between bar points, and between points linear in the state (point curves, Bézier and
   * spline points, centres), evaluated in flat loops; `general` lists every other term.
   */
  private readonly barPoints: BarPointKernel;
  private readonly linearPoints: LinearPointKernel;
  private readonly general: Int32Array;

  private readonly tmpN: Float64Array;
  private readonly tmpR: Float64Array;

  constructor(
    curves: CurveModel[],
    readonly curveOff: Int32Array,
    beads: BeadBlock[],
    readonly terms: ConstraintTerm[],
    /**
     * False for a system never stepped, only evaluated and diagnosed (quiet-parts.ts): J W Jᵀ's solver is not
     * planned at build whatever its pattern, and the drag metric keeps only the blocks rows touch (drag.ts).
     */
    stepped = true,
  ) {
    super(curves, beads, stepped ? null : touchedBlocks(terms, curves.length + beads.length));
    const n = this.n;
    const nb = this.blockCount;
    this.tmpN = new Float64Array(n);

    // Rows and Jacobian entries.
    this.rowStart = new Int32Array(terms.length + 1);
    this.jBase = new Int32Array(terms.length + 1);
    let entries = 0;
    // Plain loops over the terms, here and below: a closure per term and block was 100,000s of objects for the GC
    // on a big drawing's build.
    for (let i = 0; i < terms.length; i++) {
      const t = terms[i];
      this.rowStart[i + 1] = this.rowStart[i] + t.rows;
      this.jBase[i + 1] = this.jBase[i] + t.blocks.length;
      entries += t.blocks.length;
    }
    const R = this.rowStart[terms.length];
    this.rows = R;
    this.rowTerm = new Int32Array(R);
    this.jOff = new Int32Array(entries);
    this.entBlock = new Int32Array(entries);
    this.entTerm = new Int32Array(entries);
    let jSize = 0;
    // Entries on banded blocks: their dense rows at an offset in the scratch after J's dense entries, each
    // constraint's from the scratch's start (they are written and gathered one constraint at a time).
    const scratchAt = new Int32Array(entries);
    let scratch = 0;
    for (let i = 0; i < terms.length; i++) {
      const t = terms[i];
      for (let r = this.rowStart[i]; r < this.rowStart[i + 1]; r++) this.rowTerm[r] = i;
      let own = 0;
      for (let j = 0; j < t.blocks.length; j++) {
        const b = t.blocks[j];
        const e = this.jBase[i] + j;
        this.entBlock[e] = b;
        this.entTerm[e] = i;
        if (this.banded[b]) {
          scratchAt[e] = own;
          own += t.rows * this.blockSize[b];
          this.jOff[e] = -1;
        } else {
          this.jOff[e] = jSize;
          jSize += t.rows * this.blockSize[b];
        }
      }
      scratch = Math.max(scratch, own);
    }
    this.denseEnd = jSize;
    for (let e = 0; e < entries; e++) if (this.jOff[e] < 0) this.jOff[e] = jSize + scratchAt[e];
    this.entRow = new Int32Array(entries);
    this.entRows = new Int32Array(entries);
    this.entQ = new Int32Array(entries);
    this.entK = new Int32Array(entries);
    for (let e = 0; e < entries; e++) {
      const t = this.entTerm[e];
      this.entRow[e] = this.rowStart[t];
      this.entRows[e] = terms[t].rows;
      this.entQ[e] = this.blockOff[this.entBlock[e]];
      this.entK[e] = this.blockSize[this.entBlock[e]];
    }
    this.J = new Float64Array(jSize + scratch);
    this.wide = new WideRows(
      this.entRows,
      this.entK,
      (e) => this.banded[this.entBlock[e]] === 1,
      this.entTerm,
      terms.length,
    );
    this.tmpR = new Float64Array(R);
    this.dropped = new Uint8Array(R);
    this.barPoints = new BarPointKernel(terms, this.rowStart, this.jOff, this.jBase);
    // The linear-point kernel scatters constant rows into J's dense entries: constraints with sparse rows stay on
    // the general path (a few per long spline).
    const taken = this.barPoints.handles.slice();
    for (let i = 0; i < terms.length; i++) if (this.wide.termHas[i]) taken[i] = 1;
    this.linearPoints = new LinearPointKernel(terms, this.rowStart, this.jOff, this.jBase, taken);
    const general: number[] = [];
    for (let i = 0; i < terms.length; i++)
      if (!this.barPoints.handles[i] && !this.linearPoints.handles[i]) general.push(i);
    this.general = Int32Array.from(general);

    // Entries by block (CSR).
    this.blkEntStart = new Int32Array(nb + 1);
    for (let e = 0; e < entries; e++) this.blkEntStart[this.entBlock[e] + 1]++;
    for (let b = 0; b < nb; b++) this.blkEntStart[b + 1] += this.blkEntStart[b];
    this.blkEnt = new Int32Array(entries);
    const fill = this.blkEntStart.slice(0, nb);
    for (let e = 0; e < entries; e++) this.blkEnt[fill[this.entBlock[e]]++] = e;

    // The linear-point kernel's rows of J are constants: the assembly plans their products from them.
    const constant = new Uint8Array(entries);
    for (let e = 0; e < entries; e++) constant[e] = this.linearPoints.handles[this.entTerm[e]];
    this.linearPoints.jacobian(this.J);
    const { jOff, entBlock, entRow, entRows, blockSize, mOff, blkEntStart, blkEnt, banded } = this;
    const layout = {
      jOff,
      entBlock,
      entRow,
      entRows,
      blockSize,
      mOff,
      blkEntStart,
      blkEnt,
      banded,
      wideFirst: this.wide.first,
      solveWideRow: (b: number, id: number, z: Float64Array) => this.solveWideRow(b, id, z),
      dotWideRow: (id: number, z: Float64Array) => this.wide.dot(id, z, 0),
    };
    this.assembly = new JWJtAssembly(layout, R, constant, this.J);
    // Plan the solver now when its pattern is sparse (a chain, splines, mechanisms: the first drag should not pay
    // for it); leave a dense one (a hub every row shares: 3,000 points attached to one is 18 million products) to
    // its first use, which a diagnosis or `check` never makes.
    if (stepped && this.assembly.productCount() <= EAGER_PLAN_PRODUCTS_PER_ROW * Math.max(1, R))
      void this.assembly.solver;
    this.J.fill(0);
  }

  /** c = C(q); returns max |C| over all rows. */
  residual(c: Float64Array, q: Float64Array): number {
    let worst = 0;
    const { terms, general, rowStart } = this;
    for (let x = 0; x < general.length; x++) terms[general[x]].residual(c, rowStart[general[x]], q);
    this.barPoints.residual(c, q);
    this.linearPoints.residual(c, q);
    for (let r = 0; r < this.rows; r++) {
      const a = Math.abs(c[r]);
      if (a > worst || a !== a) worst = a !== a ? Infinity : a;
    }
    return worst;
  }

  /**
   * max |c| over the rows the last factorisation kept (independent rows); `all` is max |c| over every row (what
   * residual() returned), the answer when no row was dropped.
   */
  keptResidual(c: Float64Array, all: number): number {
    return this.droppedCount === 0 ? all : maxAbsOutside(c, this.dropped);
  }

  /** Σ c² over the rows the last factorisation kept: the assembling step's objective (its Gauss–Newton's). */
  keptSquares(c: Float64Array): number {
    let sum = 0;
    for (let r = 0; r < this.rows; r++) if (!this.dropped[r]) sum += c[r] * c[r];
    return sum;
  }

  /** out = ∂C/∂t (0 on the point kernels' rows: attachments and pins do not depend on time). */
  timeDerivative(out: Float64Array): void {
    out.fill(0, 0, this.rows);
    const { terms, general, rowStart } = this;
    for (let x = 0; x < general.length; x++) terms[general[x]].timeDerivative(out, rowStart[general[x]]);
  }

  /** J = ∂C/∂q at q. */
  jacobian(q: Float64Array): void {
    this.revision++;
    this.J.fill(0, 0, this.denseEnd);
    const { terms, general, jOff, jBase, wide } = this;
    wide.reset();
    for (let x = 0; x < general.length; x++) {
      const t = general[x];
      terms[t].jacobian(this.J, jOff, jBase[t], q);
      if (!wide.termHas[t]) continue;
      for (let e = jBase[t]; e < jBase[t + 1]; e++)
        if (wide.first[e] >= 0) wide.gather(this.J, e, jOff[e], this.entRows[e], this.entK[e]);
    }
    this.barPoints.jacobian(this.J, q);
    this.linearPoints.jacobian(this.J);
    this.assembly.jacobianChanged(this.J);
  }

  /**
   * Row r of the last Jacobian as (state index, value) pairs, zeros and non-finite values skipped, into cols/vals
   * (each at least as long as the widest row); returns the count. Diagnostics reads J row by row this way.
   */
  rowEntries(r: number, cols: Int32Array, vals: Float64Array): number {
    const t = this.rowTerm[r];
    const i = r - this.rowStart[t];
    let count = 0;
    for (let e = this.jBase[t]; e < this.jBase[t + 1]; e++) {
      const b = this.entBlock[e];
      const k = this.blockSize[b];
      const off = this.blockOff[b];
      const id = this.wide.first[e];
      if (id >= 0) {
        const { col, val, start, end } = this.wide;
        for (let x = start[id + i]; x < end[id + i]; x++) {
          if (val[x] === 0 || !Number.isFinite(val[x])) continue;
          cols[count] = off + col[x];
          vals[count++] = val[x];
        }
        continue;
      }
      for (let m = 0, at = this.jOff[e] + i * k; m < k; m++, at++) {
        const v = this.J[at];
        if (v === 0 || !Number.isFinite(v)) continue;
        cols[count] = off + m;
        vals[count++] = v;
      }
    }
    return count;
  }

  /** Zeroes constraint i's rows of J (diagnostics: does the rank survive without it?). */
  clearTermRows(i: number): void {
    this.assembly.rowsCleared();
    for (let e = this.jBase[i]; e < this.jBase[i + 1]; e++) {
      const id = this.wide.first[e];
      if (id >= 0) for (let r = 0; r < this.terms[i].rows; r++) this.wide.zero(id + r);
      const size = this.terms[i].rows * this.blockSize[this.entBlock[e]];
      this.J.fill(0, this.jOff[e], this.jOff[e] + size);
    }
  }

  /**
   * Zeroes the rows of J that `rows` marks (after jacobian(), before factor()): their pivots are then 0, dropped
   * like a dependent row's, so no velocity or correction answers to them. The integrator's released conflicts
   * (integrator/conflicts.ts); the diagnostics' J keeps them.
   */
  zeroRows(rows: Uint8Array): void {
    this.revision++;
    const { J, jOff, entRow, entRows, entK } = this;
    for (let e = 0; e < jOff.length; e++) {
      const k = entK[e];
      const id = this.wide.first[e];
      for (let r = entRow[e], end = r + entRows[e], base = jOff[e], x = 0; r < end; r++, base += k, x++) {
        if (!rows[r]) continue;
        if (id >= 0) this.wide.zero(id + x);
        else J.fill(0, base, base + k);
      }
    }
    this.assembly.rowsCleared();
  }

  /** mask[b] = 1 for every block a row that `rows` marks touches. */
  markRowBlocks(mask: Uint8Array, rows: Uint8Array): void {
    const { entRow, entRows, entBlock } = this;
    for (let e = 0; e < entRow.length; e++)
      for (let r = entRow[e]; r < entRow[e] + entRows[e]; r++) if (rows[r]) mask[entBlock[e]] = 1;
  }

  /**
   * M-blocks += scale · 2 J_rᵀ J_r for every row r that `rows` marks, block by block (J current): the stiffness of
   * the energy ½ Σ C_r², its Gauss–Newton Hessian J_rᵀ J_r made block diagonal by the majorant the user springs use
   * (2 Σ_b J_rbᵀ J_rb ≽ J_rᵀ J_r), so W stays block diagonal.
   */
  addRowStiffness(rows: Uint8Array, scale: number): void {
    const { J, jOff, entRow, entRows, entK, entBlock } = this;
    for (let e = 0; e < jOff.length; e++) {
      const k = entK[e];
      const id = this.wide.first[e];
      for (let r = entRow[e], end = r + entRows[e], base = jOff[e], x = 0; r < end; r++, base += k, x++) {
        if (!rows[r]) continue;
        if (id < 0) this.addGram(entBlock[e], J, base, 1, 2 * scale);
        else {
          this.addGram(entBlock[e], this.wide.scatter(id + x), 0, 1, 2 * scale);
          this.wide.clearDense(id + x);
        }
      }
    }
  }

  /** z = W_b · (sparse row id of J)ᵀ, for the assembly's products over a banded block. */
  private solveWideRow(b: number, id: number, z: Float64Array): void {
    this.multiplyBandedW(b, z, 0, this.wide.scatter(id), 0);
    this.wide.clearDense(id);
  }

  /**
   * Assembles J W Jᵀ into the solver and factors it, plus damping·(mean diagonal)·I if damping > 0 (the assembling
   * step's Levenberg–Marquardt damping). Returns the number of dropped (dependent) rows.
   */
  factor(damping = 0): number {
    this.revision++;
    const solver = this.solver;
    if (!solver) return 0;
    this.assembly.assemble(this.J, this.W, this.wDiag);
    if (damping > 0) this.assembly.dampDiagonal(damping);
    const count = solver.factor(PIVOT_TOLERANCE);
    this.dropped.fill(0);
    const rows = solver.droppedRows();
    for (let i = 0; i < count; i++) this.dropped[rows[i]] = 1;
    this.droppedCount = count;
    return count;
  }

  /** x = (J W Jᵀ)⁺ b with the last factorisation (x may alias b). */
  solve(x: Float64Array, b: Float64Array): void {
    if (this.solver) this.solver.solve(x, b);
  }

  /** out = J v (v of length n). */
  multiplyJ(out: Float64Array, v: Float64Array): void {
    out.fill(0, 0, this.rows);
    for (let e = 0; e < this.jOff.length; e++) this.addJEntry(out, v, e);
  }

  /** out[rows of entry e] += J_e v[block of e]. */
  private addJEntry(out: Float64Array, v: Float64Array, e: number): void {
    const { J, jOff, entK, entQ, entRow, entRows } = this;
    const k = entK[e];
    const qo = entQ[e];
    const r0 = entRow[e];
    const r1 = r0 + entRows[e];
    if (k === 3) {
      const v0 = v[qo],
        v1 = v[qo + 1],
        v2 = v[qo + 2];
      for (let r = r0, base = jOff[e]; r < r1; r++, base += 3)
        out[r] += J[base] * v0 + J[base + 1] * v1 + J[base + 2] * v2;
      return;
    }
    // (After the bars' width: a sparse row is at least BANDED_DRAG_MIN_SIZE wide.)
    const id = this.wide.first[e];
    if (id >= 0) {
      for (let r = r0; r < r1; r++) out[r] += this.wide.dot(id + r - r0, v, qo);
      return;
    }
    for (let r = r0, base = jOff[e]; r < r1; r++, base += k) {
      let s = 0;
      for (let m = 0; m < k; m++) s += J[base + m] * v[qo + m];
      out[r] += s;
    }
  }

  /** out = Jᵀ y (+ out if accumulate). */
  multiplyJt(out: Float64Array, y: Float64Array, accumulate: boolean): void {
    if (!accumulate) out.fill(0);
    const { J, jOff, entK, entQ, entRow, entRows } = this;
    const { entRowId, rowLo, rowHi } = this.assembly;
    for (let e = 0; e < jOff.length; e++) {
      const k = entK[e];
      const qo = entQ[e];
      const r0 = entRow[e];
      const r1 = r0 + entRows[e];
      if (k === 3) {
        let o0 = 0,
          o1 = 0,
          o2 = 0;
        for (let r = r0, base = jOff[e]; r < r1; r++, base += 3) {
          const yr = y[r];
          o0 += J[base] * yr;
          o1 += J[base + 1] * yr;
          o2 += J[base + 2] * yr;
        }
        out[qo] += o0;
        out[qo + 1] += o1;
        out[qo + 2] += o2;
        continue;
      }
      const wide = this.wide.first[e];
      if (wide >= 0) {
        for (let r = r0; r < r1; r++) if (y[r] !== 0) this.wide.addScaled(out, qo, wide + r - r0, y[r]);
        continue;
      }
      // Other widths: over each row's non-zero columns (a spline's end point: 1 of 8).
      for (let r = r0, base = jOff[e], id = entRowId[e]; r < r1; r++, base += k, id++) {
        const yr = y[r];
        if (yr === 0) continue;
        for (let m = rowLo[id]; m < rowHi[id]; m++) out[qo + m] += J[base + m] * yr;
      }
    }
  }

  /**
   * out = J W Q for a Q that is zero outside the blocks marked in `forced` (forces add only there): W Q and J times
   * it over those blocks and their entries only — a drag touches one block of a thousand, and the full products
   * cost two passes over every block and entry.
   */
  private multiplyJWForced(out: Float64Array, Q: Float64Array): void {
    out.fill(0, 0, this.rows);
    const { forcedBlocks: forced, blkEntStart, blkEnt, tmpN } = this;
    for (let b = 0; b < this.blockCount; b++) {
      if (!forced[b]) continue;
      this.multiplyWBlocks(tmpN, Q, b, b + 1);
      for (let x = blkEntStart[b]; x < blkEntStart[b + 1]; x++) this.addJEntry(out, tmpN, blkEnt[x]);
    }
  }

  /**
   * The constrained velocity: λ solves (J W Jᵀ) λ = −J W Q − b (b = ∂C/∂t + feedback, given), then
   * q̇ = W (Q + Jᵀ λ). Q must be zero outside the blocks marked in `forced`. Requires jacobian(), W and factor()
   * current. `forceFree`: Q is known to be 0 (a motor step with no springs), so J W Q is skipped.
   */
  velocity(
    qdot: Float64Array,
    lambda: Float64Array,
    Q: Float64Array,
    b: Float64Array,
    forceFree = false,
  ): void {
    if (forceFree) {
      for (let r = 0; r < this.rows; r++) lambda[r] = -b[r];
    } else {
      this.multiplyJWForced(lambda, Q);
      for (let r = 0; r < this.rows; r++) lambda[r] = -lambda[r] - b[r];
    }
    this.solve(lambda, lambda);
    if (forceFree) this.tmpN.fill(0);
    else this.tmpN.set(Q);
    this.multiplyJt(this.tmpN, lambda, true);
    this.multiplyW(qdot, this.tmpN);
  }

  /** The minimum-W-norm correction δ = −W Jᵀ (J W Jᵀ)⁺ c with the current J and factorisation. */
  correction(delta: Float64Array, c: Float64Array): void {
    this.tmpR.set(c);
    this.solve(this.tmpR, this.tmpR);
    for (let r = 0; r < this.rows; r++) this.tmpR[r] = -this.tmpR[r];
    this.multiplyJt(this.tmpN, this.tmpR, false);
    this.multiplyW(delta, this.tmpN);
  }
}

/** 1 for each of `count` blocks some term touches. */
function touchedBlocks(terms: readonly ConstraintTerm[], count: number): Uint8Array {
  const touched = new Uint8Array(count);
  for (const t of terms) for (const b of t.blocks) touched[b] = 1;
  return touched;
}

/** max |c_r| over the rows r with mask[r] = 0; Infinity if any of them is NaN. */
export function maxAbsOutside(c: Float64Array, mask: Uint8Array): number {
  let worst = 0;
  for (let r = 0; r < c.length; r++) {
    if (mask[r]) continue;
    const a = Math.abs(c[r]);
    if (a > worst || a !== a) worst = a !== a ? Infinity : a;
  }
  return worst;
}
