// The rows of J on banded blocks (long splines), stored sparse. A constraint writes its Jacobian as dense blocks
// (constraint.ts); on a spline of n points one such row would be 2n wide with at most 8 non-zeros per point it
// evaluates. So these entries' dense blocks live in one scratch at J's end, shared by every constraint (each writes
// only its own, one at a time), and after each constraint has written, its rows there are gathered here as
// (column, value) pairs and the scratch zeroed again: J takes O(non-zeros), not O(rows × n). Gathering reads the
// row once, O(n), as the band solve each such row needs anyway does. No allocation once the pool has grown to the
// drawing's non-zeros.

export class WideRows {
  /** Per entry: the id of its first row here, or -1 (a block that is not banded: its rows are dense in J). */
  readonly first: Int32Array;
  /** Per term: 1 if some entry of it is wide. */
  readonly termHas: Uint8Array;
  /** Row id → its pairs at col/val[start … end). */
  readonly start: Int32Array;
  readonly end: Int32Array;
  col: Int32Array;
  val: Float64Array;
  private fill = 0;
  /** A dense row of a banded block's width, zero between uses (scatter / clear). */
  readonly dense: Float64Array;

  constructor(
    entryRows: Int32Array,
    entryWidth: Int32Array,
    wide: (e: number) => boolean,
    entryTerm: Int32Array,
    terms: number,
  ) {
    const entries = entryRows.length;
    this.first = new Int32Array(entries).fill(-1);
    this.termHas = new Uint8Array(terms);
    let rows = 0;
    let widest = 0;
    for (let e = 0; e < entries; e++) {
      if (!wide(e)) continue;
      this.first[e] = rows;
      rows += entryRows[e];
      this.termHas[entryTerm[e]] = 1;
      widest = Math.max(widest, entryWidth[e]);
    }
    this.start = new Int32Array(rows);
    this.end = new Int32Array(rows);
    // A point on a spline touches 4 knots: 8 columns a row to start with.
    this.col = new Int32Array(8 * rows);
    this.val = new Float64Array(8 * rows);
    this.dense = new Float64Array(widest);
  }

  /** Before a new Jacobian: the pool is refilled from the start. */
  reset(): void {
    this.fill = 0;
  }

  /**
   * Gathers entry e's rows (count rows of width k, dense at J[base …]) into pairs, zeroing them in J. Non-finite
   * values are kept (a NaN must reach whoever checks J).
   */
  gather(J: Float64Array, e: number, base: number, count: number, k: number): void {
    for (let r = 0, id = this.first[e]; r < count; r++, id++, base += k) {
      if (this.fill + k > this.col.length) this.grow(this.fill + k);
      const { col, val } = this;
      let at = this.fill;
      this.start[id] = at;
      for (let m = 0; m < k; m++) {
        const v = J[base + m];
        if (v === 0) continue;
        col[at] = m;
        val[at++] = v;
        J[base + m] = 0;
      }
      this.end[id] = at;
      this.fill = at;
    }
  }

  private grow(least: number): void {
    const size = Math.max(least, 2 * this.col.length);
    const col = new Int32Array(size);
    const val = new Float64Array(size);
    col.set(this.col.subarray(0, this.fill));
    val.set(this.val.subarray(0, this.fill));
    this.col = col;
    this.val = val;
  }

  /** Σ row id · v[off + column]. */
  dot(id: number, v: Float64Array, off: number): number {
    const { col, val } = this;
    let s = 0;
    for (let x = this.start[id]; x < this.end[id]; x++) s += val[x] * v[off + col[x]];
    return s;
  }

  /** out[off + column] += y · row id. */
  addScaled(out: Float64Array, off: number, id: number, y: number): void {
    const { col, val } = this;
    for (let x = this.start[id]; x < this.end[id]; x++) out[off + col[x]] += val[x] * y;
  }

  /** Row id's values = 0 (its pattern kept): a cleared or released constraint. */
  zero(id: number): void {
    this.val.fill(0, this.start[id], this.end[id]);
  }

  /** dense = row id (dense must be all zero before; clearDense after). */
  scatter(id: number): Float64Array {
    const { col, val, dense } = this;
    for (let x = this.start[id]; x < this.end[id]; x++) dense[col[x]] = val[x];
    return dense;
  }

  clearDense(id: number): void {
    const { col, dense } = this;
    for (let x = this.start[id]; x < this.end[id]; x++) dense[col[x]] = 0;
  }
}
