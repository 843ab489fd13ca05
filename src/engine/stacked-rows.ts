// The constraints as declared, read through a system that solves them stacked (stacking.ts): every constraint's
// rows in declared order — the system's, a star's attachments as written instead of its chain, the dropped
// duplicates' — for the residual every report gives and for the diagnosis (its rank analysis reads these rows, so
// a duplicate is found dependent on the rows it repeats, named and judged as it always was; the tensions are mapped
// back from a star's chain to its attachments). With no duplicate and no star, the diagnosis reads the system.
import type { ConstraintTerm } from './constraints/constraint';
import type { RankRows } from './rank/analysis';
import type { Duplicate, StackedTerms, Star } from './stacking';
import type { ConstraintSystem } from './system/system';

export class StackedRows implements RankRows {
  readonly duplicates: readonly Duplicate[];
  readonly stars: readonly Star[];
  /** Nothing stacked: the system's rows are the constraints'. */
  readonly plain: boolean;
  /** The terms as declared (built), their rows' starts, and each row's term (RankRows). */
  readonly declared: readonly ConstraintTerm[];
  readonly rowStart: Int32Array;
  readonly rowTerm: Int32Array;
  readonly rows: number;
  readonly termBlocks: readonly (readonly number[])[];
  /** Per declared term: its index among the system's terms, or −1 for a duplicate; per system term, the inverse. */
  private readonly systemIndex: Int32Array;
  private readonly positions: Int32Array;
  /** Per declared duplicate: the declared index of the term it repeats, and the sign between them. */
  private readonly repeats: Int32Array;
  private readonly repeatSign: Int8Array;
  /** Per system term: its star and its place in it (−1: in none). */
  private readonly starOf: Int32Array;
  private readonly placeOf: Int32Array;
  /** Scratch: one term's residual rows, and the entries of a system row being split. */
  private readonly own: Float64Array;
  private readonly splitCols: Int32Array;
  private readonly splitVals: Float64Array;
  /** The Residual version the last maxResidual was measured at, and what it found. */
  private measuredAt = -1;
  private measured = 0;

  constructor(
    private readonly sys: ConstraintSystem,
    stacked: StackedTerms,
  ) {
    const { built, duplicates, stars, positions } = stacked;
    this.duplicates = duplicates;
    this.stars = stars;
    this.plain = duplicates.length === 0 && stars.length === 0;
    this.declared = built;
    this.positions = positions;
    if (this.plain) {
      // The system's rows are the constraints': nothing of its own to keep (a 100,000-row chain's megabytes).
      this.termBlocks = [];
      this.rowStart = sys.rowStart;
      this.rowTerm = sys.rowTerm;
      this.rows = sys.rows;
      this.systemIndex = this.repeats = this.starOf = this.placeOf = this.splitCols = new Int32Array(0);
      this.repeatSign = new Int8Array(0);
      this.own = this.splitVals = new Float64Array(0);
      return;
    }
    this.termBlocks = built.map((t) => t.blocks);
    this.rowStart = new Int32Array(built.length + 1);
    let widestTerm = 2;
    for (let t = 0; t < built.length; t++) {
      this.rowStart[t + 1] = this.rowStart[t] + built[t].rows;
      widestTerm = Math.max(widestTerm, built[t].rows);
    }
    this.rows = this.rowStart[built.length];
    this.rowTerm = new Int32Array(this.rows);
    for (let t = 0; t < built.length; t++) this.rowTerm.fill(t, this.rowStart[t], this.rowStart[t + 1]);
    this.systemIndex = new Int32Array(built.length).fill(-1);
    positions.forEach((p, s) => (this.systemIndex[p] = s));
    this.repeats = new Int32Array(built.length).fill(-1);
    this.repeatSign = new Int8Array(built.length);
    for (const d of duplicates) {
      this.repeats[d.position] = d.ofPosition;
      this.repeatSign[d.position] = d.sign;
    }
    this.starOf = new Int32Array(stars.length > 0 ? sys.terms.length : 0).fill(-1);
    this.placeOf = new Int32Array(this.starOf.length);
    let widest = 0;
    for (let b = 0; b < sys.blockCount; b++) widest = Math.max(widest, sys.blockSize[b]);
    stars.forEach((star, s) =>
      star.terms.forEach((t, i) => {
        this.starOf[t] = s;
        this.placeOf[t] = i;
      }),
    );
    this.own = new Float64Array(widestTerm);
    this.splitCols = new Int32Array(2 * widest);
    this.splitVals = new Float64Array(2 * widest);
  }

  /**
   * max |C| over the constraints as declared, at the state the system's residual `c` (max `systemMax`) was
   * evaluated at (`version`: Residual.version, so each state is measured once): the system's rows but the stars',
   * the stars' attachments as written, the duplicates. With nothing stacked, `systemMax` itself.
   */
  maxResidual(c: Float64Array, systemMax: number, q: Float64Array, version: number): number {
    if (this.plain) return systemMax;
    if (version === this.measuredAt) return this.measured;
    const { sys } = this;
    let worst = 0;
    for (let t = 0; t < sys.terms.length; t++) {
      if (this.starOf.length > 0 && this.starOf[t] >= 0) continue;
      for (let r = sys.rowStart[t]; r < sys.rowStart[t + 1]; r++) worst = worse(worst, c[r]);
    }
    for (const star of this.stars)
      for (const term of star.originals) worst = worse(worst, this.ownMax(term, q));
    for (const d of this.duplicates) worst = worse(worst, this.ownMax(d.term, q));
    this.measuredAt = version;
    this.measured = worst;
    return worst;
  }

  /** The declared index of system term t. */
  positionOf(t: number): number {
    return this.positions[t];
  }

  /** out (declared rows) = C of the constraints as declared, from `c`, the system's residual at q. */
  residual(out: Float64Array, c: Float64Array, q: Float64Array): void {
    for (let t = 0; t < this.declared.length; t++) {
      const s = this.systemIndex[t];
      const at = this.rowStart[t];
      if (s < 0 || (this.starOf.length > 0 && this.starOf[s] >= 0 && this.placeOf[s] > 0))
        this.declared[t].residual(out, at, q);
      else for (let r = 0; r < this.declared[t].rows; r++) out[at + r] = c[this.sys.rowStart[s] + r];
    }
  }

  /**
   * out (declared rows) = the multipliers of the constraints as declared, from the system's λ: a star's chain
   * r = T Σ s carries the force Σ λ'_i ∇r_i = Σ ∇C_i σ_i (α_i λ'_i − λ'_(i+1)), α_1 = σ_1, α_i = 1, λ'_(d+1) = 0, per
   * coordinate; a duplicate has no rows in the solve: 0, as a dependent row's.
   */
  multipliers(out: Float64Array, lambda: Float64Array): void {
    const { rowStart } = this.sys;
    for (let t = 0; t < this.declared.length; t++) {
      const s = this.systemIndex[t];
      const at = this.rowStart[t];
      for (let r = 0; r < this.declared[t].rows; r++) out[at + r] = s < 0 ? 0 : lambda[rowStart[s] + r];
    }
    for (const star of this.stars) {
      const { terms, signs } = star;
      for (let i = 0; i < terms.length; i++) {
        const here = this.rowStart[this.positions[terms[i]]];
        const next = i + 1 < terms.length ? rowStart[terms[i + 1]] : -1;
        const alpha = i === 0 ? signs[0] : 1;
        for (let k = 0; k < 2; k++)
          out[here + k] =
            signs[i] * (alpha * lambda[rowStart[terms[i]] + k] - (next >= 0 ? lambda[next + k] : 0));
      }
    }
  }

  /**
   * Declared row r's entries (RankRows): a system row as it is; a star's attachment i > 0, leaf_i − hub as written,
   * σ_i times the leaf's entries of its chain row plus σ_i σ_1 times the hub's entries of the first attachment's
   * row (which reads σ_1 (leaf_1 − hub)); a duplicate's, its sign times those of the row it repeats. Returns the
   * count. J must be current.
   */
  rowEntries(r: number, cols: Int32Array, vals: Float64Array): number {
    const t = this.rowTerm[r];
    const along = r - this.rowStart[t];
    const s = this.systemIndex[t];
    if (s < 0) {
      const count = this.rowEntries(this.rowStart[this.repeats[t]] + along, cols, vals);
      if (this.repeatSign[t] < 0) for (let x = 0; x < count; x++) vals[x] = -vals[x];
      return count;
    }
    const { sys } = this;
    const row = sys.rowStart[s] + along;
    const star = this.starOf.length > 0 ? this.starOf[s] : -1;
    const i = star >= 0 ? this.placeOf[s] : 0;
    if (i === 0) return sys.rowEntries(row, cols, vals);
    const { leafBlocks, hubBlock, signs, terms } = this.stars[star];
    const count = this.blockEntries(row, leafBlocks[i], signs[i], cols, vals, 0);
    return this.blockEntries(
      sys.rowStart[terms[0]] + along,
      hubBlock,
      signs[i] * signs[0],
      cols,
      vals,
      count,
    );
  }

  /** Appends `sign` × the entries of system row r in block b to cols/vals from `count`; returns the new count. */
  private blockEntries(
    r: number,
    b: number,
    sign: number,
    cols: Int32Array,
    vals: Float64Array,
    count: number,
  ): number {
    const { sys, splitCols, splitVals } = this;
    const n = sys.rowEntries(r, splitCols, splitVals);
    const from = sys.blockOff[b];
    const to = from + sys.blockSize[b];
    for (let x = 0; x < n; x++) {
      if (splitCols[x] < from || splitCols[x] >= to) continue;
      cols[count] = splitCols[x];
      vals[count++] = sign * splitVals[x];
    }
    return count;
  }

  private ownMax(term: ConstraintTerm, q: Float64Array): number {
    term.residual(this.own, 0, q);
    let worst = 0;
    for (let r = 0; r < term.rows; r++) worst = worse(worst, this.own[r]);
    return worst;
  }
}

/** max(worst, |x|), NaN counting as Infinity (as ConstraintSystem.residual counts it). */
function worse(worst: number, x: number): number {
  const a = Math.abs(x);
  return a > worst ? a : a !== a ? Infinity : worst;
}
