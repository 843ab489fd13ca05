// The constrained system's linear algebra: the state layout in blocks (one per curve, one per bead), the drag
// blocks M and W = M⁻¹ (block diagonal), the sparse Jacobian J (one dense block per constraint × touched block),
// and J W Jᵀ assembled by precomputed slots into the sparse LDLᵀ solver. Nothing here allocates after construction.
import type { ConstraintTerm } from '../constraints/constraint';
import type { CurveModel } from '../curves/curve';
import { DRAG_REGULARISER } from '../curves/curve';
import type { SparseSymmetricSolver } from '../sparse';
import { JWJtAssembly } from './assembly';
import { BarPointKernel } from './bar-points';
import { LinearPointKernel } from './linear-points';
import { invertSPD } from './dense';

/** ε: a bead's drag is ε·|∂p/∂s|² + μ, small so beads slide freely along their wire. */
export const BEAD_DRAG = 0.01;
/** Relative pivot tolerance: pivots below it mark dependent (redundant) constraint rows. */
export const PIVOT_TOLERANCE = 1e-10;

export interface CurveBlock {
  model: CurveModel;
}
export interface BeadBlock {
  wire: CurveModel;
  wireOff: number;
}

export class ConstraintSystem {
  readonly n: number;
  readonly blockCount: number;
  readonly blockOff: Int32Array;
  readonly blockSize: Int32Array;
  /** Offset of block b's k×k matrix in M and W. */
  readonly mOff: Int32Array;
  readonly M: Float64Array;
  readonly W: Float64Array;
  /** Drag matrices that never change (point, bar): computed once. */
  /**
   * The drag matrices and their inverses without the springs' stiffness, refreshed once per frame (refreshDrag):
   * any SPD metric keeps the dynamics right, and a curve's drag changes little within a frame.
   */
  private readonly baseM: Float64Array;
  private readonly baseW: Float64Array;
  private readonly isConstant: Uint8Array;
  /** Per curve block: its k×k window of baseM (views made once, so computing M allocates nothing). */
  private readonly baseViews: Float64Array[];
  /** The state each curve had at the last refreshDrag (NaN: never refreshed). */
  private readonly dragAt: Float64Array;
  /** Per curve: 1 if its state differed from dragAt at the last refreshDrag (its drag, bounds… may have changed). */
  readonly moved: Uint8Array;
  /** 1 where W already holds baseW. */
  private readonly holdsBaseW: Uint8Array;
  /** 1 where baseW, or W, is diagonal (bars, points, beads): J·W is then a column scaling. */
  private readonly baseDiag: Uint8Array;
  private readonly wDiag: Uint8Array;
  /**
   * 1 where baseW, or W, couples no x with a y (entries (i, j) with i + j odd are zero): the drag of a curve made of
   * control points (spline, Bézier, segment) acts on x and y alike and apart, unless a spring couples them. W·v
   * then takes half the multiplies.
   */
  private readonly baseSplit: Uint8Array;
  private readonly wSplit: Uint8Array;
  /** Blocks whose M a force stiffens this step (set by the caller before computeDrag). */
  readonly forced: Uint8Array;
  /** Beads whose parameter sits against an end stop: W = 0 for them. */
  readonly locked: Uint8Array;

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
  private readonly blkEntStart: Int32Array;
  private readonly blkEnt: Int32Array;
  /** J W Jᵀ's pattern, its solver and the planned products. */
  private readonly assembly: JWJtAssembly;
  readonly solver: SparseSymmetricSolver | null;
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

  private readonly work: Float64Array;
  /** invertBlock's scratch for a half block. */
  private readonly halfA: Float64Array;
  private readonly halfW: Float64Array;
  private readonly halfWork: Float64Array;
  private readonly tmpN: Float64Array;
  private readonly tmpR: Float64Array;
  private readonly tangent = new Float64Array(2);

  constructor(
    private readonly curves: CurveModel[],
    readonly curveOff: Int32Array,
    private readonly beads: BeadBlock[],
    readonly terms: ConstraintTerm[],
  ) {
    const nb = curves.length + beads.length;
    this.blockCount = nb;
    this.blockOff = new Int32Array(nb);
    this.blockSize = new Int32Array(nb);
    this.mOff = new Int32Array(nb);
    let n = 0;
    let m = 0;
    let maxK = 1;
    for (let b = 0; b < nb; b++) {
      const k = b < curves.length ? curves[b].size : 1;
      this.blockOff[b] = n;
      this.blockSize[b] = k;
      this.mOff[b] = m;
      n += k;
      m += k * k;
      maxK = Math.max(maxK, k);
    }
    this.n = n;
    this.M = new Float64Array(m);
    this.W = new Float64Array(m);
    this.baseM = new Float64Array(m);
    this.baseW = new Float64Array(m);
    this.isConstant = new Uint8Array(nb);
    this.locked = new Uint8Array(nb);
    this.forced = new Uint8Array(nb);
    this.holdsBaseW = new Uint8Array(nb);
    this.baseDiag = new Uint8Array(nb);
    this.wDiag = new Uint8Array(nb);
    this.baseSplit = new Uint8Array(nb);
    this.wSplit = new Uint8Array(nb);
    this.work = new Float64Array(maxK * maxK);
    const half = Math.ceil(maxK / 2);
    this.halfA = new Float64Array(half * half);
    this.halfW = new Float64Array(half * half);
    this.halfWork = new Float64Array(half * half);
    this.baseViews = curves.map((c, b) => this.baseM.subarray(this.mOff[b], this.mOff[b] + c.size * c.size));
    const dummy = new Float64Array(n);
    curves.forEach((c, b) => {
      if (!c.constantDrag) return;
      c.dragMatrix(this.baseViews[b], dummy, this.blockOff[b]);
      this.isConstant[b] = this.invertBase(b) ? 1 : 0;
    });
    this.tmpN = new Float64Array(n);
    this.dragAt = new Float64Array(n).fill(NaN);
    this.moved = new Uint8Array(curves.length);

    // Rows and Jacobian entries.
    this.rowStart = new Int32Array(terms.length + 1);
    this.jBase = new Int32Array(terms.length + 1);
    let entries = 0;
    terms.forEach((t, i) => {
      this.rowStart[i + 1] = this.rowStart[i] + t.rows;
      this.jBase[i + 1] = this.jBase[i] + t.blocks.length;
      entries += t.blocks.length;
    });
    const R = this.rowStart[terms.length];
    this.rows = R;
    this.rowTerm = new Int32Array(R);
    this.jOff = new Int32Array(entries);
    this.entBlock = new Int32Array(entries);
    this.entTerm = new Int32Array(entries);
    let jSize = 0;
    terms.forEach((t, i) => {
      for (let r = this.rowStart[i]; r < this.rowStart[i + 1]; r++) this.rowTerm[r] = i;
      t.blocks.forEach((b, j) => {
        const e = this.jBase[i] + j;
        this.jOff[e] = jSize;
        this.entBlock[e] = b;
        this.entTerm[e] = i;
        jSize += t.rows * this.blockSize[b];
      });
    });
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
    this.J = new Float64Array(jSize);
    this.tmpR = new Float64Array(R);
    this.dropped = new Uint8Array(R);
    this.barPoints = new BarPointKernel(terms, this.rowStart, this.jOff, this.jBase);
    this.linearPoints = new LinearPointKernel(
      terms,
      this.rowStart,
      this.jOff,
      this.jBase,
      this.barPoints.handles,
    );
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
    const { jOff, entBlock, entRow, entRows, blockSize, mOff, blkEntStart, blkEnt } = this;
    const layout = { jOff, entBlock, entRow, entRows, blockSize, mOff, blkEntStart, blkEnt };
    this.assembly = new JWJtAssembly(layout, R, constant, this.J);
    this.solver = this.assembly.solver;
    this.J.fill(0);
  }

  /**
   * W[mo …] = A[mo …]⁻¹ for a k × k SPD block; false if not positive definite. A block that couples no x with a y
   * (a control-point curve's drag, with or without a spring on one of its points) is inverted as its even and odd
   * halves: two (k/2)³ Choleskys instead of one k³ (a spline's 8 × 8: about a quarter of the work).
   */
  private invertBlock(W: Float64Array, A: Float64Array, mo: number, k: number): boolean {
    if (!isSplit(A, mo, k)) return invertSPD(W, mo, A, mo, k, this.work);
    const h = k / 2;
    const { halfA, halfW, halfWork } = this;
    for (let parity = 0; parity < 2; parity++) {
      for (let i = 0; i < h; i++)
        for (let j = 0; j < h; j++) halfA[i * h + j] = A[mo + (2 * i + parity) * k + 2 * j + parity];
      if (!invertSPD(halfW, 0, halfA, 0, h, halfWork)) return false;
      for (let i = 0; i < h; i++)
        for (let j = 0; j < h; j++) {
          W[mo + (2 * i + parity) * k + 2 * j + parity] = halfW[i * h + j];
          W[mo + (2 * i + parity) * k + 2 * j + 1 - parity] = 0;
        }
    }
    return true;
  }

  /** Inverts baseM into baseW for block b (false if not positive definite: baseW becomes the diagonal inverse). */
  private invertBase(b: number): boolean {
    const k = this.blockSize[b];
    const mo = this.mOff[b];
    this.holdsBaseW[b] = 0;
    if (this.invertBlock(this.baseW, this.baseM, mo, k)) {
      this.baseDiag[b] = isDiagonal(this.baseW, mo, k) ? 1 : 0;
      this.baseSplit[b] = !this.baseDiag[b] && isSplit(this.baseW, mo, k) ? 1 : 0;
      return true;
    }
    this.baseW.fill(0, mo, mo + k * k);
    for (let i = 0; i < k; i++) {
      const d = this.baseM[mo + i * k + i];
      this.baseW[mo + i * k + i] = d > 0 && Number.isFinite(d) ? 1 / d : 1 / DRAG_REGULARISER;
    }
    this.baseDiag[b] = 1;
    this.baseSplit[b] = 0;
    return false;
  }

  /**
   * Drag matrices of the state-dependent blocks (curves, beads) at q, and their inverses: once per frame. A curve
   * whose state is the same as at its last refresh keeps its matrices (the same input gives the same output):
   * in a large drawing most curves are still in most frames, and a spline's quadrature and 8 × 8 inverse cost
   * ~4 µs.
   */
  refreshDrag(q: Float64Array): void {
    const nc = this.curves.length;
    const { dragAt, blockOff, blockSize, moved } = this;
    for (let b = 0; b < nc; b++) {
      const off = blockOff[b];
      const end = off + blockSize[b];
      let same = true;
      for (let i = off; i < end; i++) {
        if (q[i] !== dragAt[i]) {
          same = false;
          dragAt[i] = q[i];
        }
      }
      moved[b] = same ? 0 : 1;
      if (same || this.isConstant[b]) continue;
      this.curves[b].dragMatrix(this.baseViews[b], q, off);
      this.invertBase(b);
    }
    for (let i = 0; i < this.beads.length; i++) {
      const b = nc + i;
      const bead = this.beads[i];
      bead.wire.tangent(this.tangent, q, bead.wireOff, q[this.blockOff[b]]);
      const t2 = this.tangent[0] * this.tangent[0] + this.tangent[1] * this.tangent[1];
      this.baseM[this.mOff[b]] = BEAD_DRAG * (Number.isFinite(t2) ? t2 : 0) + DRAG_REGULARISER;
      this.invertBase(b);
    }
  }

  /** M = the base drag of the blocks marked in `forced`; the forces add their stiffness after this. */
  computeDrag(): void {
    for (let b = 0; b < this.blockCount; b++) {
      if (!this.forced[b]) continue;
      const mo = this.mOff[b];
      const kk = this.blockSize[b] * this.blockSize[b];
      for (let i = 0; i < kk; i++) this.M[mo + i] = this.baseM[mo + i];
    }
  }

  /**
   * W: (M + stiffness)⁻¹ for forced blocks, the base inverse for the others, 0 for locked beads. Returns false if
   * a forced block is not positive definite.
   */
  invertDrag(): boolean {
    for (let b = 0; b < this.blockCount; b++) {
      const k = this.blockSize[b];
      const mo = this.mOff[b];
      if (this.locked[b]) {
        this.W[mo] = 0;
        this.holdsBaseW[b] = 0;
        this.wDiag[b] = 1;
        this.wSplit[b] = 0;
        continue;
      }
      if (!this.forced[b]) {
        if (!this.holdsBaseW[b]) {
          for (let i = 0; i < k * k; i++) this.W[mo + i] = this.baseW[mo + i];
          this.holdsBaseW[b] = 1;
          this.wDiag[b] = this.baseDiag[b];
          this.wSplit[b] = this.baseSplit[b];
        }
        continue;
      }
      this.holdsBaseW[b] = 0;
      if (!this.invertBlock(this.W, this.M, mo, k)) return false;
      this.wDiag[b] = isDiagonal(this.W, mo, k) ? 1 : 0;
      this.wSplit[b] = !this.wDiag[b] && isSplit(this.W, mo, k) ? 1 : 0;
    }
    return true;
  }

  /** W for one bead block (after locking or unlocking it). */
  setBeadLocked(b: number, locked: boolean): void {
    this.locked[b] = locked ? 1 : 0;
    const mo = this.mOff[b];
    this.W[mo] = locked ? 0 : this.baseW[mo];
    this.holdsBaseW[b] = locked ? 0 : 1;
    this.wDiag[b] = 1;
    this.wSplit[b] = 0;
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
    if (this.droppedCount === 0) return all;
    let worst = 0;
    for (let r = 0; r < this.rows; r++) {
      if (this.dropped[r]) continue;
      const a = Math.abs(c[r]);
      if (a > worst || a !== a) worst = a !== a ? Infinity : a;
    }
    return worst;
  }

  /** out = ∂C/∂t (0 on the point kernels' rows: attachments and pins do not depend on time). */
  timeDerivative(out: Float64Array): void {
    out.fill(0, 0, this.rows);
    const { terms, general, rowStart } = this;
    for (let x = 0; x < general.length; x++) terms[general[x]].timeDerivative(out, rowStart[general[x]]);
  }

  /** J = ∂C/∂q at q. */
  jacobian(q: Float64Array): void {
    this.J.fill(0);
    const { terms, general, jOff, jBase } = this;
    for (let x = 0; x < general.length; x++) terms[general[x]].jacobian(this.J, jOff, jBase[general[x]], q);
    this.barPoints.jacobian(this.J, q);
    this.linearPoints.jacobian(this.J);
    this.assembly.jacobianChanged(this.J);
  }

  /** Zeroes constraint i's rows of J (diagnostics: does the rank survive without it?). */
  clearTermRows(i: number): void {
    this.assembly.rowsCleared();
    for (let e = this.jBase[i]; e < this.jBase[i + 1]; e++) {
      const size = this.terms[i].rows * this.blockSize[this.entBlock[e]];
      this.J.fill(0, this.jOff[e], this.jOff[e] + size);
    }
  }

  /** Assembles J W Jᵀ into the solver and factors it. Returns the number of dropped (dependent) rows. */
  factor(): number {
    const solver = this.solver;
    if (!solver) return 0;
    this.assembly.assemble(this.J, this.W, this.wDiag);
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
      // Other widths: over each row's non-zero columns (a spline's end point: 1 of 8).
      for (let r = r0, base = jOff[e], id = entRowId[e]; r < r1; r++, base += k, id++) {
        const yr = y[r];
        if (yr === 0) continue;
        for (let m = rowLo[id]; m < rowHi[id]; m++) out[qo + m] += J[base + m] * yr;
      }
    }
  }

  /** out = W v, block by block (out must not alias v). */
  multiplyW(out: Float64Array, v: Float64Array): void {
    this.multiplyWBlocks(out, v, 0, this.blockCount);
  }

  /** out[blocks from … to) = W v there (one loop, not a call per block: this runs over every block per solve). */
  private multiplyWBlocks(out: Float64Array, v: Float64Array, from: number, to: number): void {
    const { W, mOff, blockSize, blockOff, wSplit } = this;
    for (let b = from; b < to; b++) {
      const k = blockSize[b];
      const qo = blockOff[b];
      const wo = mOff[b];
      if (k === 3) {
        const v0 = v[qo],
          v1 = v[qo + 1],
          v2 = v[qo + 2];
        out[qo] = W[wo] * v0 + W[wo + 1] * v1 + W[wo + 2] * v2;
        out[qo + 1] = W[wo + 3] * v0 + W[wo + 4] * v1 + W[wo + 5] * v2;
        out[qo + 2] = W[wo + 6] * v0 + W[wo + 7] * v1 + W[wo + 8] * v2;
        continue;
      }
      if (wSplit[b]) {
        // x rows read x columns only, y rows y columns: the even and the odd entries of each row.
        for (let i = 0; i < k; i += 2) {
          let sx = 0;
          let sy = 0;
          const rx = wo + i * k;
          const ry = rx + k + 1;
          for (let m = 0; m < k; m += 2) {
            sx += W[rx + m] * v[qo + m];
            sy += W[ry + m] * v[qo + m + 1];
          }
          out[qo + i] = sx;
          out[qo + i + 1] = sy;
        }
        continue;
      }
      for (let i = 0; i < k; i++) {
        let s = 0;
        for (let m = 0; m < k; m++) s += W[wo + i * k + m] * v[qo + m];
        out[qo + i] = s;
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
    const { forced, blkEntStart, blkEnt, tmpN } = this;
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

/** True if the k×k block at `off` (k even, ≥ 4) has no entry coupling an even index with an odd one. */
function isSplit(A: Float64Array, off: number, k: number): boolean {
  if (k < 4 || k % 2) return false;
  for (let i = 0; i < k; i++)
    for (let j = (i + 1) % 2; j < k; j += 2) if (A[off + i * k + j] !== 0) return false;
  return true;
}

/** True if the k×k block at `off` has no off-diagonal entry. */
function isDiagonal(A: Float64Array, off: number, k: number): boolean {
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) if (i !== j && A[off + i * k + j] !== 0) return false;
  return true;
}
