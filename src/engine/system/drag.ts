// The drag metric of the state: its layout in blocks (one per curve, one per bead), the drag blocks M (the curves'
// drag matrices, plus the springs' stiffness where a force acts) and W = M⁻¹, block diagonal, with what keeps
// them cheap: constant blocks inverted once, still curves' blocks kept between frames, diagonal and x/y-split
// blocks recognised, and long curves of local support (splines) kept as bands, factored instead of inverted. The
// constraint system (system.ts) builds its Jacobian and solves on this layout. Nothing here allocates after
// construction.
import type { CurveModel } from '../curves/curve';
import { DRAG_REGULARISER } from '../curves/curve';
import { bandCholesky, bandIndex, bandIsSplit, bandProductDiagonal, bandSize, bandSolve } from './band';
import type { ForceTerm, StiffnessSink } from '../forces/force';
import { invertSPD } from './dense';

/** ε: a bead's drag is ε·|∂p/∂s|² + μ, small so beads slide freely along their wire. */
export const BEAD_DRAG = 0.01;

/**
 * Curve blocks at least this big whose drag matrix is a band (CurveModel.dragBand: a spline of 32 points or more)
 * are kept banded: M as its band, W as M's band Cholesky factor, W·v by two substitutions. Below it a dense k×k
 * inverse is as cheap, and short splines keep the numbers they always had.
 */
export const BANDED_DRAG_MIN_SIZE = 64;

export interface BeadBlock {
  wire: CurveModel;
  wireOff: number;
}

export class DragMetric implements StiffnessSink {
  /**
   * Counts the changes to J, W, the locks and the factorisation (each method that makes one adds 1): whoever keeps
   * a factorisation for later (Integrator.adoptFactorisation) knows it is still the one it kept.
   */
  revision = 0;
  readonly n: number;
  readonly blockCount: number;
  readonly blockOff: Int32Array;
  readonly blockSize: Int32Array;
  /** Offset of block b's matrix in M and W: k×k, row-major, or for a banded block its band (band.ts). */
  readonly mOff: Int32Array;
  /** Entries of block b's matrix in M and W. */
  private readonly mLen: Int32Array;
  readonly M: Float64Array;
  /** W = M⁻¹, block by block; for a banded block, M's band Cholesky factor L instead (W v = L⁻ᵀ L⁻¹ v). */
  readonly W: Float64Array;
  /** 1 for banded blocks, and their half-bandwidth. */
  readonly banded: Uint8Array;
  private readonly bandwidth: Int32Array;
  /**
   * For the entries of banded blocks: order[blockOff + position] = the state index (in the block) at that
   * position of the band, position[blockOff + index] the inverse.
   */
  private readonly order: Int32Array;
  private readonly position: Int32Array;
  /** A banded block's vector in band order (the substitutions' scratch), and the columns addGram finds. */
  private readonly bandWork: Float64Array;
  private readonly gramColumns: Int32Array;
  /**
   * The drag matrices and their inverses without the springs' stiffness, refreshed once per frame (refreshDrag):
   * any SPD metric keeps the dynamics right, and a curve's drag changes little within a frame.
   */
  private readonly baseM: Float64Array;
  private readonly baseW: Float64Array;
  /** 1 for drag matrices that never change (point, bar): computed and inverted once. */
  private readonly isConstant: Uint8Array;
  /**
   * Per curve block whose drag changes: its k×k window of baseM (views made once, so computing M allocates
   * nothing). Null for a constant drag, computed once into `constantScratch` and copied: 100,000 bars' views were
   * 100,000 objects kept for nothing.
   */
  private readonly baseViews: (Float64Array | null)[];
  private readonly constantScratch: Float64Array;
  /** The state each curve had at the last refreshDrag (NaN: never refreshed). */
  private readonly dragAt: Float64Array;
  /** Per curve: 1 if its state differed from dragAt at the last refreshDrag (its drag, bounds… may have changed). */
  private readonly movedCurves: Uint8Array;
  /** 1 where W already holds baseW. */
  private readonly holdsBaseW: Uint8Array;
  /** 1 where baseW, or W, is diagonal (bars, points, beads): J·W is then a column scaling. */
  private readonly baseDiag: Uint8Array;
  protected readonly wDiag: Uint8Array;
  /**
   * 1 where baseW, or W, couples no x with a y (entries (i, j) with i + j odd are zero): the drag of a curve made of
   * control points (spline, Bézier, segment) acts on x and y alike and apart, unless a spring couples them. W·v
   * then takes half the multiplies.
   */
  private readonly baseSplit: Uint8Array;
  private readonly wSplit: Uint8Array;
  /** Blocks whose M a force stiffens this step (markForced, before computeDrag). */
  protected readonly forcedBlocks: Uint8Array;
  /** Beads whose parameter sits against an end stop: W = 0 for them (setBeadLocked, unlockAll, restoreLocks). */
  private readonly lockedBeads: Uint8Array;

  private readonly work: Float64Array;
  /** invertBlock's scratch for a half block. */
  private readonly halfA: Float64Array;
  private readonly halfW: Float64Array;
  private readonly halfWork: Float64Array;
  private readonly tangent = new Float64Array(2);
  /** Whether the band invertBlock last factored coupled no x with a y (then factored as two bands). */
  private bandSplit = false;

  /** κ_turn and κ_shape of the settle metric (setSettleWeights): 0 while dragging. */
  private turnWeight = 0;
  private shapeWeight = 0;

  /** 1 for the blocks whose drag this metric keeps (all, unless built with `kept`). */
  private readonly stored: Uint8Array;

  /**
   * `kept`: the blocks whose drag matrices to keep, for a metric whose W is never applied (a model never stepped:
   * quiet-parts.ts, whose diagnosis scales only the columns rows touch); every other block has none — no storage,
   * no quadrature, its scale 1 — and must not be multiplied by W. Null: every block's.
   */
  constructor(
    private readonly curves: CurveModel[],
    private readonly beads: BeadBlock[],
    kept: Uint8Array | null = null,
  ) {
    const nb = curves.length + beads.length;
    this.stored = kept ? kept.slice(0, nb) : new Uint8Array(nb).fill(1);
    this.blockCount = nb;
    this.blockOff = new Int32Array(nb);
    this.blockSize = new Int32Array(nb);
    this.mOff = new Int32Array(nb);
    this.mLen = new Int32Array(nb);
    this.banded = new Uint8Array(nb);
    this.bandwidth = new Int32Array(nb);
    let n = 0;
    let m = 0;
    let maxK = 1;
    let maxBandedK = 0;
    for (let b = 0; b < nb; b++) {
      const curve = b < curves.length ? curves[b] : null;
      const k = curve ? curve.size : 1;
      this.blockOff[b] = n;
      this.blockSize[b] = k;
      this.mOff[b] = m;
      if (!this.stored[b]) this.mLen[b] = 0;
      else if (curve?.dragMatrixBand && k >= BANDED_DRAG_MIN_SIZE) {
        this.banded[b] = 1;
        this.bandwidth[b] = (curve.dragBand as { bandwidth: number }).bandwidth;
        this.mLen[b] = bandSize(k, this.bandwidth[b]);
        maxBandedK = Math.max(maxBandedK, k);
      } else {
        this.mLen[b] = k * k;
        maxK = Math.max(maxK, k);
      }
      n += k;
      m += this.mLen[b];
    }
    this.n = n;
    this.order = new Int32Array(n);
    this.position = new Int32Array(n);
    for (let b = 0; b < curves.length; b++) {
      if (!this.banded[b]) continue;
      const order = (curves[b].dragBand as { order: Int32Array }).order;
      const o = this.blockOff[b];
      for (let i = 0; i < order.length; i++) {
        this.order[o + i] = order[i];
        this.position[o + order[i]] = i;
      }
    }
    this.bandWork = new Float64Array(maxBandedK);
    this.gramColumns = new Int32Array(maxBandedK);
    this.M = new Float64Array(m);
    this.W = new Float64Array(m);
    this.baseM = new Float64Array(m);
    this.baseW = new Float64Array(m);
    this.isConstant = new Uint8Array(nb);
    this.lockedBeads = new Uint8Array(nb);
    this.forcedBlocks = new Uint8Array(nb);
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
    let constantLen = 0;
    curves.forEach((c, b) => {
      if (c.constantDrag) constantLen = Math.max(constantLen, this.mLen[b]);
    });
    this.constantScratch = new Float64Array(constantLen);
    this.baseViews = curves.map((c, b) =>
      c.constantDrag || !this.stored[b]
        ? null
        : this.baseM.subarray(this.mOff[b], this.mOff[b] + this.mLen[b]),
    );
    const dummy = new Float64Array(n);
    curves.forEach((c, b) => {
      if (!c.constantDrag || !this.stored[b]) return;
      this.computeBase(b, dummy);
      this.isConstant[b] = this.invertBase(b) ? 1 : 0;
    });
    this.dragAt = new Float64Array(n).fill(NaN);
    this.movedCurves = new Uint8Array(curves.length);
  }

  /**
   * The metric's per-block flags (the curves moved, the blocks forced, the beads held) are written here only, by the
   * methods below; others ask through them. This one, per curve: 1 if its state changed at the last refreshDrag
   * (the step limits recompute only those curves' bounds).
   */
  get moved(): ArrayLike<number> {
    return this.movedCurves;
  }

  /**
   * Marks the blocks the forces act on, and only those: Q is zero elsewhere, and computeDrag and invertDrag stiffen
   * only these. Before computeDrag; no forces: none marked.
   */
  markForced(forces: readonly Pick<ForceTerm, 'markBlocks'>[]): void {
    this.forcedBlocks.fill(0);
    for (const f of forces) f.markBlocks(this.forcedBlocks);
  }

  /** a · b over the blocks a force marks (a Q, which forces fill only there, is zero elsewhere). */
  forcedDot(a: Float64Array, b: Float64Array): number {
    const { forcedBlocks: forced, blockOff, blockSize } = this;
    let sum = 0;
    for (let blk = 0; blk < forced.length; blk++) {
      if (!forced[blk]) continue;
      for (let i = blockOff[blk]; i < blockOff[blk] + blockSize[blk]; i++) sum += a[i] * b[i];
    }
    return sum;
  }

  /** Whether bead block b is held at an end stop. */
  isBeadLocked(b: number): boolean {
    return this.lockedBeads[b] === 1;
  }

  /** Whether any bead is held at an end stop. */
  anyLocked(): boolean {
    return this.lockedBeads.includes(1);
  }

  /**
   * No bead held: the flags only. W keeps the zeros of the beads that were, until the next invertDrag (every step
   * makes one before it solves, or keeps a factorisation made with none locked), so this does not count as a change
   * of W (no revision).
   */
  unlockAll(): void {
    this.lockedBeads.fill(0);
  }

  /** Copies which beads are held into `out` (a paused step keeps them: integrator/paused-step.ts). */
  saveLocks(out: Uint8Array): void {
    out.set(this.lockedBeads);
  }

  /**
   * Back to the beads held at saveLocks: the flags only, as unlockAll. A paused step's (integrator/paused-step.ts):
   * its W still holds those beads at 0, unless another call (diagnostics, kinematics) inverted W since, which left
   * them free in W until the next step's invertDrag.
   */
  restoreLocks(saved: Uint8Array): void {
    this.lockedBeads.set(saved);
  }

  /**
   * The settle metric (curves/shape-drag.ts): from the next refreshDrag, the curves whose kind splits placement from
   * shape drag `turn` times more on turns about their centre and `shape` times more on changes of shape and size
   * than the motion of their points says (0, 0: the drag metric alone). Their matrices are recomputed at that
   * refresh; the others keep theirs.
   */
  setSettleWeights(turn: number, shape: number): void {
    if (turn === this.turnWeight && shape === this.shapeWeight) return;
    this.turnWeight = turn;
    this.shapeWeight = shape;
    for (let b = 0; b < this.curves.length; b++)
      if (this.curves[b].addSettleDrag && !this.banded[b]) this.dragAt[this.blockOff[b]] = NaN;
  }

  /** baseM of curve block b at q: its drag matrix, dense or banded, with the settle metric's shape drag. */
  private computeBase(b: number, q: Float64Array): void {
    const curve = this.curves[b];
    const view = this.baseViews[b] ?? this.constantScratch;
    if (this.banded[b])
      (curve.dragMatrixBand as NonNullable<CurveModel['dragMatrixBand']>)(view, q, this.blockOff[b]);
    else curve.dragMatrix(view, q, this.blockOff[b]);
    if ((this.turnWeight > 0 || this.shapeWeight > 0) && curve.addSettleDrag && !this.banded[b])
      curve.addSettleDrag(view, q, this.blockOff[b], this.turnWeight, this.shapeWeight);
    if (view !== this.constantScratch) return;
    const { baseM } = this;
    for (let i = 0, mo = this.mOff[b], len = this.mLen[b]; i < len; i++) baseM[mo + i] = view[i];
  }

  /**
   * W[mo …] = A[mo …]⁻¹ for block b, SPD; false if not positive definite. A banded block: its band factored in
   * place of the inverse. A dense block that couples no x with a y
   * (a control-point curve's drag, with or without a spring on one of its points) is inverted as its even and odd
   * halves: two (k/2)³ Choleskys instead of one k³ (a spline's 8 × 8: about a quarter of the work).
   */
  private invertBlock(W: Float64Array, A: Float64Array, b: number): boolean {
    const mo = this.mOff[b];
    const k = this.blockSize[b];
    if (this.banded[b]) {
      for (let i = mo, end = mo + this.mLen[b]; i < end; i++) W[i] = A[i];
      const p = this.bandwidth[b];
      this.bandSplit = isBandSplit(W, mo, k, p);
      if (!this.bandSplit) return bandCholesky(W, mo + p, p + 1, 1, k, p);
      // x and y apart: each parity is a band of half the width, a quarter of the work.
      const rs = 2 * (p + 1);
      return (
        bandCholesky(W, mo + p, rs, 2, k / 2, p >> 1) && bandCholesky(W, mo + 2 * p + 1, rs, 2, k / 2, p >> 1)
      );
    }
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

  /**
   * 1 if block b of W (or baseW), just inverted by invertBlock, not diagonal, couples no x with a y: a dense inverse
   * that W·v takes in halves, a band factored as two (which invertBlock found: the factor keeps the split).
   */
  private isWSplit(W: Float64Array, b: number): number {
    const k = this.blockSize[b];
    const mo = this.mOff[b];
    if (this.banded[b]) return this.bandSplit ? 1 : 0;
    return !isDiagonal(W, mo, k) && isSplit(W, mo, k) ? 1 : 0;
  }

  /** Inverts baseM into baseW for block b (false if not positive definite: baseW becomes the diagonal inverse). */
  private invertBase(b: number): boolean {
    const k = this.blockSize[b];
    const mo = this.mOff[b];
    this.holdsBaseW[b] = 0;
    if (this.invertBlock(this.baseW, this.baseM, b)) {
      this.baseDiag[b] = !this.banded[b] && isDiagonal(this.baseW, mo, k) ? 1 : 0;
      this.baseSplit[b] = this.isWSplit(this.baseW, b);
      return true;
    }
    this.baseW.fill(0, mo, mo + this.mLen[b]);
    const p = this.bandwidth[b];
    for (let i = 0; i < k; i++) {
      const at = this.banded[b] ? bandIndex(mo, p, i, i) : mo + i * k + i;
      const d = this.baseM[at];
      const inverse = d > 0 && Number.isFinite(d) ? 1 / d : 1 / DRAG_REGULARISER;
      // A band's "inverse" is its factor: the diagonal factor whose W is this diagonal inverse.
      this.baseW[at] = this.banded[b] ? 1 / Math.sqrt(inverse) : inverse;
    }
    this.baseDiag[b] = this.banded[b] ? 0 : 1;
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
    const { dragAt, blockOff, blockSize, movedCurves } = this;
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
      movedCurves[b] = same ? 0 : 1;
      if (same || this.isConstant[b] || !this.stored[b]) continue;
      this.computeBase(b, q);
      this.invertBase(b);
    }
    for (let i = 0; i < this.beads.length; i++) {
      const b = nc + i;
      if (!this.stored[b]) continue;
      const bead = this.beads[i];
      bead.wire.tangent(this.tangent, q, bead.wireOff, q[this.blockOff[b]]);
      const t2 = this.tangent[0] * this.tangent[0] + this.tangent[1] * this.tangent[1];
      this.baseM[this.mOff[b]] = BEAD_DRAG * (Number.isFinite(t2) ? t2 : 0) + DRAG_REGULARISER;
      this.invertBase(b);
    }
  }

  /** M = the base drag of the blocks marked in `forced`; the forces add their stiffness after this. */
  computeDrag(): void {
    this.revision++;
    for (let b = 0; b < this.blockCount; b++) {
      if (!this.forcedBlocks[b]) continue;
      const mo = this.mOff[b];
      const len = this.mLen[b];
      for (let i = 0; i < len; i++) this.M[mo + i] = this.baseM[mo + i];
    }
  }

  /**
   * W: (M + stiffness)⁻¹ for forced blocks, the base inverse for the others, 0 for locked beads. Returns false if
   * a forced block is not positive definite.
   */
  invertDrag(): boolean {
    this.revision++;
    for (let b = 0; b < this.blockCount; b++) {
      const k = this.blockSize[b];
      const mo = this.mOff[b];
      if (!this.stored[b]) continue;
      if (this.lockedBeads[b]) {
        this.W[mo] = 0;
        this.holdsBaseW[b] = 0;
        this.wDiag[b] = 1;
        this.wSplit[b] = 0;
        continue;
      }
      if (!this.forcedBlocks[b]) {
        if (!this.holdsBaseW[b]) {
          for (let i = 0, len = this.mLen[b]; i < len; i++) this.W[mo + i] = this.baseW[mo + i];
          this.holdsBaseW[b] = 1;
          this.wDiag[b] = this.baseDiag[b];
          this.wSplit[b] = this.baseSplit[b];
        }
        continue;
      }
      this.holdsBaseW[b] = 0;
      if (!this.invertBlock(this.W, this.M, b)) return false;
      this.wDiag[b] = !this.banded[b] && isDiagonal(this.W, mo, k) ? 1 : 0;
      this.wSplit[b] = this.isWSplit(this.W, b);
    }
    return true;
  }

  /** Holds bead block b at its end stop (W = 0) or lets it go (its base W). */
  setBeadLocked(b: number, locked: boolean): void {
    this.revision++;
    this.lockedBeads[b] = locked ? 1 : 0;
    const mo = this.mOff[b];
    this.W[mo] = locked ? 0 : this.baseW[mo];
    this.holdsBaseW[b] = locked ? 0 : 1;
    this.wDiag[b] = 1;
    this.wSplit[b] = 0;
  }

  /** out = W v, block by block (out must not alias v). */
  multiplyW(out: Float64Array, v: Float64Array): void {
    this.multiplyWBlocks(out, v, 0, this.blockCount);
  }

  /** out[blocks from … to) = W v there (one loop, not a call per block: this runs over every block per solve). */
  protected multiplyWBlocks(out: Float64Array, v: Float64Array, from: number, to: number): void {
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
      if (this.banded[b]) {
        this.multiplyBandedW(b, out, qo, v, qo);
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
   * out[outOff …] = W_b v[vOff …] for a banded block b (out must not alias v): v put in band order, the two
   * substitutions with M's factor, and back. O(k·p).
   */
  multiplyBandedW(b: number, out: Float64Array, outOff: number, v: Float64Array, vOff: number): void {
    const { order, bandWork: x } = this;
    const k = this.blockSize[b];
    const o = this.blockOff[b];
    for (let i = 0; i < k; i++) x[i] = v[vOff + order[o + i]];
    const p = this.bandwidth[b];
    const mo = this.mOff[b];
    if (this.wSplit[b]) {
      bandSolve(x, 0, 2, this.W, mo + p, 2 * (p + 1), 2, k / 2, p >> 1);
      bandSolve(x, 1, 2, this.W, mo + 2 * p + 1, 2 * (p + 1), 2, k / 2, p >> 1);
    } else bandSolve(x, 0, 1, this.W, mo + p, p + 1, 1, k, p);
    for (let i = 0; i < k; i++) out[outOff + order[o + i]] = x[i];
  }

  /**
   * Block b of M += s·AᵀA (StiffnessSink, forces/force.ts), A the `rows` × k row-major matrix at A[aOff …] (a stiffness: a spring's JᵀJ, a
   * released conflict's row), over A's non-zero columns. A banded block keeps the entries within its band and adds
   * each pair (i, j) outside it as |K_ij| on both diagonals: K_ij (e_i e_jᵀ + e_j e_iᵀ) ≼ |K_ij| (e_i e_iᵀ + e_j e_jᵀ),
   * so the band is a stiffness majorant, as the blocks themselves are of the whole (force.ts).
   */
  addGram(b: number, A: Float64Array, aOff: number, rows: number, s: number): void {
    const M = this.M;
    const k = this.blockSize[b];
    const mo = this.mOff[b];
    if (!this.banded[b]) {
      for (let i = 0; i < k; i++) {
        let any = false;
        for (let r = 0; r < rows; r++) if (A[aOff + r * k + i] !== 0) any = true;
        if (!any) continue;
        for (let j = 0; j < k; j++) {
          let sum = 0;
          for (let r = 0; r < rows; r++) sum += s * A[aOff + r * k + i] * A[aOff + r * k + j];
          M[mo + i * k + j] += sum;
        }
      }
      return;
    }
    const columns = this.gramColumns;
    let count = 0;
    for (let i = 0; i < k; i++)
      for (let r = 0; r < rows; r++)
        if (A[aOff + r * k + i] !== 0) {
          columns[count++] = i;
          break;
        }
    const p = this.bandwidth[b];
    const o = this.blockOff[b];
    for (let x = 0; x < count; x++) {
      const i = columns[x];
      const pi = this.position[o + i];
      for (let y = 0; y < count; y++) {
        const j = columns[y];
        const pj = this.position[o + j];
        if (pj > pi) continue;
        let sum = 0;
        for (let r = 0; r < rows; r++) sum += s * A[aOff + r * k + i] * A[aOff + r * k + j];
        if (pi - pj <= p) M[bandIndex(mo, p, pi, pj)] += sum;
        else {
          M[bandIndex(mo, p, pi, pi)] += Math.abs(sum);
          M[bandIndex(mo, p, pj, pj)] += Math.abs(sum);
        }
      }
    }
  }

  /**
   * out[i] = a positive scale of state entry i from the drag: W_ii for a dense block, 1/M_ii for a banded one (its
   * W's diagonal would take a selected inversion). The rank analysis scales its columns by its root.
   */
  metricScale(out: Float64Array): void {
    const { W, mOff, blockSize, blockOff } = this;
    for (let b = 0; b < this.blockCount; b++) {
      const k = blockSize[b];
      const o = blockOff[b];
      if (!this.stored[b]) {
        out.fill(1, o, o + k);
        continue;
      }
      for (let m = 0; m < k; m++) {
        out[o + m] = this.banded[b]
          ? 1 / bandProductDiagonal(W, mOff[b], this.bandwidth[b], this.position[o + m])
          : W[mOff[b] + m * k + m];
      }
    }
  }
}

/** True if the k×k block at `off` (k even, ≥ 4) has no entry coupling an even index with an odd one. */
function isSplit(A: Float64Array, off: number, k: number): boolean {
  if (k < 4 || k % 2) return false;
  for (let i = 0; i < k; i++)
    for (let j = (i + 1) % 2; j < k; j += 2) if (A[off + i * k + j] !== 0) return false;
  return true;
}

/** True if a band of even size couples no x with a y (positions keep the state's parity: spline.ts). */
function isBandSplit(A: Float64Array, ao: number, k: number, p: number): boolean {
  return k % 2 === 0 && bandIsSplit(A, ao, k, p);
}

/** True if the k×k block at `off` has no off-diagonal entry. */
function isDiagonal(A: Float64Array, off: number, k: number): boolean {
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) if (i !== j && A[off + i * k + j] !== 0) return false;
  return true;
}
