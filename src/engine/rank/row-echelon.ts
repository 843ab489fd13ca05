// A rank-revealing sparse elimination of the Jacobian's rows, one row at a time in the order given (the drawing's
// declared order): each row is reduced against the independent rows kept so far; what is left is either negligible
// (the row is a combination of earlier rows: dependent) or becomes a new independent row with a pivot column.
//
// Why rows of J and not J W Jᵀ: a block many constraints touch (a hub point with 3,000 attachments, a point with
// 1,000 pins) makes J W Jᵀ dense (every pair of those rows shares the block), while J stays as sparse as the
// drawing. The pivot column is chosen by Markowitz's rule with threshold pivoting — among the entries within
// PIVOT_THRESHOLD of the largest, the column fewest rows still to come touch — so a hub's columns are eliminated
// last, and a column no later row touches (a chain's previous bar) first: a later row is then never reduced by it,
// and the kept rows stay as sparse as the input (no fill for stars, chains and mechanisms; with a static count a
// pinned chain's kept rows would carry every earlier bar's angle, quadratic fill).
//
// Reduction is a sparse triangular solve: kept row k was reduced against every row kept before it, so it is zero
// in their pivot columns, and reducing by row k only adds entries in pivot columns of rows kept after k. A min-heap
// of the kept rows whose pivot columns the remainder touches therefore visits each at most once, in order.
//
// For a dependent row r the multipliers of that reduction say r = Σ m_k U_k over the reduced kept rows U_k; since
// U_k = J_row(k) − Σ L_k[k'] U_k' (the multipliers recorded when k was kept), a back-substitution in decreasing k
// (a max-heap, visiting only what is reached) gives r = Σ w_k J_row(k): the dependency y = e_r − Σ w_k e_row(k),
// Jᵀ y = 0, unique because the kept rows are independent. Nothing here is per step: it allocates as it grows.

/** A candidate pivot must be at least this fraction of the remainder's largest entry (threshold pivoting). */
const PIVOT_THRESHOLD = 0.1;
/** Entries of a kept row below this fraction of its largest are round-off, not structure, and are not stored. */
const NEGLIGIBLE_ENTRY = 1e-15;

/** Growable typed arrays: append-only storage of the kept rows and their multipliers. */
class IntList {
  data = new Int32Array(16);
  length = 0;
  push(x: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = x;
  }
}
class FloatList {
  data = new Float64Array(16);
  length = 0;
  push(x: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = x;
  }
}

/** A binary heap of kept-row indices, each pushed at most once per use (the caller marks them). */
class IndexHeap {
  private readonly items: Int32Array;
  size = 0;
  constructor(
    capacity: number,
    private readonly max: boolean,
  ) {
    this.items = new Int32Array(capacity);
  }
  private before(a: number, b: number): boolean {
    return this.max ? a > b : a < b;
  }
  push(x: number): void {
    const it = this.items;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(x, it[p])) break;
      it[i] = it[p];
      i = p;
    }
    it[i] = x;
  }
  pop(): number {
    const it = this.items;
    const top = it[0];
    const size = --this.size;
    if (size === 0) return top;
    const last = it[size];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size && this.before(it[c + 1], it[c])) c++;
      if (!this.before(it[c], last)) break;
      it[i] = it[c];
      i = c;
    }
    it[i] = last;
    return top;
  }
}

export class RowEchelon {
  /** Number of rows kept (the rank so far). */
  rank = 0;
  /** Column → the kept row whose pivot it is, −1 if none (a free column). */
  readonly pivotOf: Int32Array;
  /** Per kept row: its pivot column, pivot value, the caller's row id. */
  private readonly pivotCol = new IntList();
  private readonly pivotVal = new FloatList();
  private readonly rowId = new IntList();
  /** Kept rows U_k (pivot included): entries uStart[k] … uStart[k + 1]. */
  private readonly uStart = new IntList();
  private readonly uCol = new IntList();
  private readonly uVal = new FloatList();
  /** Multipliers of each kept row's reduction against earlier kept rows. */
  private readonly lStart = new IntList();
  private readonly lIdx = new IntList();
  private readonly lVal = new FloatList();
  // Workspace: the remainder v (dense, with its list of touched columns) and the reduction's multipliers.
  private readonly v: Float64Array;
  private readonly touched: Int32Array;
  private touchedCount = 0;
  private readonly isTouched: Uint8Array;
  private readonly queued: Int32Array;
  private stamp = 0;
  private readonly heap: IndexHeap;
  private readonly backHeap: IndexHeap;
  private readonly multIdx: Int32Array;
  private readonly multVal: Float64Array;
  private multCount = 0;
  /** Back-substitution weights, by kept row. */
  private readonly w: Float64Array;

  /**
   * `n` columns; `columnCount[j]`: how many rows will touch column j (Markowitz's cost of pivoting on it), counted
   * down by add() as rows arrive (the array is the caller's and is consumed).
   */
  constructor(
    readonly n: number,
    private readonly columnCount: Int32Array,
  ) {
    this.pivotOf = new Int32Array(n).fill(-1);
    this.v = new Float64Array(n);
    this.touched = new Int32Array(n);
    this.isTouched = new Uint8Array(n);
    // At most n rows are ever kept.
    this.queued = new Int32Array(n);
    this.heap = new IndexHeap(n, false);
    this.backHeap = new IndexHeap(n, true);
    this.multIdx = new Int32Array(n);
    this.multVal = new Float64Array(n);
    this.w = new Float64Array(n);
    this.uStart.push(0);
    this.lStart.push(0);
  }

  /**
   * Reduces row `id` (entries cols/vals[0 … count), distinct columns) against the kept rows. Keeps it and returns
   * true if what is left exceeds `tolerance` × the row's norm; otherwise returns false and the reduction's
   * multipliers stay available to dependency(). A row of norm 0 is dependent (on nothing).
   */
  add(id: number, cols: Int32Array, vals: Float64Array, count: number, tolerance: number): boolean {
    const { v, touched, isTouched, heap } = this;
    const pivotCol = this.pivotCol.data;
    this.stamp++;
    this.touchedCount = 0;
    this.multCount = 0;
    let norm2 = 0;
    for (let x = 0; x < count; x++) {
      const j = cols[x];
      v[j] = vals[x];
      norm2 += vals[x] * vals[x];
      this.columnCount[j]--;
      this.touch(j);
    }
    while (heap.size > 0) {
      const k = heap.pop();
      const pc = pivotCol[k];
      const m = v[pc] / this.pivotVal.data[k];
      v[pc] = 0;
      if (m === 0) continue;
      this.multIdx[this.multCount] = k;
      this.multVal[this.multCount++] = m;
      const uCol = this.uCol.data;
      const uVal = this.uVal.data;
      for (let p = this.uStart.data[k]; p < this.uStart.data[k + 1]; p++) {
        const j = uCol[p];
        if (j === pc) continue;
        if (!isTouched[j]) this.touch(j);
        v[j] -= m * uVal[p];
      }
    }
    let left2 = 0;
    let largest = 0;
    for (let x = 0; x < this.touchedCount; x++) {
      const a = Math.abs(v[touched[x]]);
      left2 += a * a;
      if (a > largest) largest = a;
    }
    const independent = norm2 > 0 && left2 > tolerance * tolerance * norm2;
    if (independent) this.keep(id, largest);
    for (let x = 0; x < this.touchedCount; x++) {
      v[touched[x]] = 0;
      isTouched[touched[x]] = 0;
    }
    return independent;
  }

  /** Marks column j of the remainder as touched, queueing its kept row (if it is a pivot column). */
  private touch(j: number): void {
    this.isTouched[j] = 1;
    this.touched[this.touchedCount++] = j;
    const k = this.pivotOf[j];
    if (k >= 0 && this.queued[k] !== this.stamp) {
      this.queued[k] = this.stamp;
      this.heap.push(k);
    }
  }

  /** Stores the remainder as a new kept row, pivoting on the sparsest column among the large entries. */
  private keep(id: number, largest: number): void {
    const { v, touched, columnCount } = this;
    let pivot = -1;
    for (let x = 0; x < this.touchedCount; x++) {
      const j = touched[x];
      const a = Math.abs(v[j]);
      if (a < PIVOT_THRESHOLD * largest) continue;
      if (
        pivot < 0 ||
        columnCount[j] < columnCount[pivot] ||
        (columnCount[j] === columnCount[pivot] && a > Math.abs(v[pivot]))
      )
        pivot = j;
    }
    const k = this.rank++;
    this.pivotOf[pivot] = k;
    this.pivotCol.push(pivot);
    this.pivotVal.push(v[pivot]);
    this.rowId.push(id);
    // Entries at round-off level of the remainder are cancellation noise: storing them would only add fill.
    const negligible = NEGLIGIBLE_ENTRY * largest;
    for (let x = 0; x < this.touchedCount; x++) {
      const j = touched[x];
      if (Math.abs(v[j]) <= negligible) continue;
      this.uCol.push(j);
      this.uVal.push(v[j]);
    }
    this.uStart.push(this.uCol.length);
    for (let x = 0; x < this.multCount; x++) {
      this.lIdx.push(this.multIdx[x]);
      this.lVal.push(this.multVal[x]);
    }
    this.lStart.push(this.lIdx.length);
  }

  /** Entries stored for the kept rows and their multipliers: the elimination's memory, linear when fill is. */
  get storedEntries(): number {
    return this.uCol.length + this.lIdx.length;
  }

  /**
   * After add() returned false: the dependency of that row on the kept rows, as (row id, weight) pairs through
   * `visit` — the rows r' with J_r = Σ weight · J_r' — in decreasing order of keeping. Zero weights are skipped.
   */
  dependency(visit: (id: number, weight: number) => void): void {
    const { w, queued } = this;
    const heap = this.backHeap;
    this.stamp++;
    for (let x = 0; x < this.multCount; x++) {
      const k = this.multIdx[x];
      w[k] = this.multVal[x];
      queued[k] = this.stamp;
      heap.push(k);
    }
    const lIdx = this.lIdx.data;
    const lVal = this.lVal.data;
    while (heap.size > 0) {
      const k = heap.pop();
      const wk = w[k];
      w[k] = 0;
      if (wk === 0) continue;
      visit(this.rowId.data[k], wk);
      for (let p = this.lStart.data[k]; p < this.lStart.data[k + 1]; p++) {
        const k2 = lIdx[p];
        if (queued[k2] !== this.stamp) {
          queued[k2] = this.stamp;
          w[k2] = 0;
          heap.push(k2);
        }
        w[k2] -= wk * lVal[p];
      }
    }
  }

  /**
   * out = a vector of the null space of the kept rows: the free columns (no pivot) get `free(j)`, the pivot columns
   * what makes every kept row vanish (back-substitution in decreasing order of keeping).
   */
  nullVector(out: Float64Array, free: (j: number) => number): void {
    for (let j = 0; j < this.n; j++) out[j] = this.pivotOf[j] < 0 ? free(j) : 0;
    const uCol = this.uCol.data;
    const uVal = this.uVal.data;
    for (let k = this.rank - 1; k >= 0; k--) {
      const pc = this.pivotCol.data[k];
      let s = 0;
      for (let p = this.uStart.data[k]; p < this.uStart.data[k + 1]; p++)
        if (uCol[p] !== pc) s += uVal[p] * out[uCol[p]];
      out[pc] = -s / this.pivotVal.data[k];
    }
  }
}
