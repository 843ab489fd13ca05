// Approximate minimum degree ordering on the quotient graph (after Amestoy, Davis & Duff, "An approximate minimum
// degree ordering algorithm", 1996), written for this project.
//
// Eliminating a variable p turns it into an *element*: the clique of its remaining neighbours Lp, stored as one list
// instead of |Lp|² edges, so the graph never grows. Elements adjacent to p are absorbed into it (their members are
// all in Lp). Each variable keeps its original variable neighbours not yet covered by an element, and its elements.
// Instead of the exact degree (a union of element lists, quadratic on dense blocks), each neighbour of p gets the
// AMD upper bound  |A_i \ Lp| + |Lp \ i| + Σ_{e ∈ E_i, e ≠ p} |Le \ Lp|, where every |Le \ Lp| is found in one scan
// over Lp. Elements wholly inside Lp are absorbed too ("aggressive absorption"). No supervariables: the matrices
// here (J W Jᵀ of drawings) have small indistinguishable groups, and the bound keeps the work near-linear anyway.
//
// Storage: every live node's list is a segment of one Int32Array (a variable's segment holds its elements first,
// then its variables; an element's holds its members). A variable's list only shrinks (it always loses p or an
// absorbed element when it gains p), so it is rewritten in place; a new element's list is appended at the end, and
// when the array is full the live segments are copied into a larger one.

const VARIABLE = 0;
const ELEMENT = 1;
const ABSORBED = 2;

/**
 * A fill-reducing elimination order for the symmetric graph given as CSR adjacency (no self-loops, each edge in
 * both lists). Returns perm with perm[k] = the original index eliminated k-th.
 */
export function minimumDegreeOrder(n: number, start: Int32Array, adj: Int32Array): Int32Array {
  const perm = new Int32Array(n);
  const status = new Uint8Array(n);
  /** Segment of node v: iw[pe[v] … pe[v] + len[v]); for a variable the first elen[v] are elements. */
  let iw = new Int32Array(Math.max(16, adj.length + (adj.length >> 1) + n));
  iw.set(adj);
  let free = adj.length;
  const pe = start.slice(0, n);
  const len = new Int32Array(n);
  const elen = new Int32Array(n);
  const degree = new Int32Array(n);
  // Degree buckets as doubly linked lists.
  const head = new Int32Array(n + 1).fill(-1);
  const next = new Int32Array(n).fill(-1);
  const prev = new Int32Array(n).fill(-1);
  const inLp = new Int32Array(n);
  const diffRound = new Int32Array(n);
  const diff = new Int32Array(n);

  const insert = (v: number, d: number): void => {
    degree[v] = d;
    const h = head[d];
    next[v] = h;
    prev[v] = -1;
    if (h !== -1) prev[h] = v;
    head[d] = v;
  };
  const remove = (v: number): void => {
    const a = prev[v];
    const b = next[v];
    if (a !== -1) next[a] = b;
    else head[degree[v]] = b;
    if (b !== -1) prev[b] = a;
  };
  /** Copies the live segments into an array with room for `need` more entries at the end. */
  const grow = (need: number): void => {
    let live = 0;
    for (let v = 0; v < n; v++) if (status[v] !== ABSORBED) live += len[v];
    const bigger = new Int32Array(Math.max(2 * iw.length, 2 * (live + need)));
    let at = 0;
    for (let v = 0; v < n; v++) {
      if (status[v] === ABSORBED) continue;
      bigger.set(iw.subarray(pe[v], pe[v] + len[v]), at);
      pe[v] = at;
      at += len[v];
    }
    iw = bigger;
    free = at;
  };

  for (let v = 0; v < n; v++) len[v] = start[v + 1] - start[v];
  // Insert in reverse so that among equal degrees the lowest index comes out first (deterministic, natural order).
  for (let v = n - 1; v >= 0; v--) insert(v, len[v]);

  let minDegree = 0;
  let remaining = n;
  let stamp = 0;
  for (let k = 0; k < n; k++) {
    while (head[minDegree] === -1) minDegree++;
    const p = head[minDegree];
    remove(p);
    perm[k] = p;
    remaining--;

    // Room for Lp: at most the sizes of p's elements plus its variables.
    let need = len[p] - elen[p];
    for (let t = pe[p]; t < pe[p] + elen[p]; t++) need += len[iw[t]];
    if (free + need > iw.length) grow(need);

    // Lp: the union of p's elements and p's remaining variable neighbours; p's elements are absorbed.
    stamp++;
    inLp[p] = stamp;
    status[p] = ELEMENT;
    const lpStart = free;
    const pEnd = pe[p] + len[p];
    for (let t = pe[p]; t < pEnd; t++) {
      const x = iw[t];
      if (t < pe[p] + elen[p]) {
        if (status[x] !== ELEMENT) continue;
        for (let u = pe[x]; u < pe[x] + len[x]; u++) {
          const v = iw[u];
          if (status[v] === VARIABLE && inLp[v] !== stamp) {
            inLp[v] = stamp;
            iw[free++] = v;
          }
        }
        status[x] = ABSORBED;
      } else if (status[x] === VARIABLE && inLp[x] !== stamp) {
        inLp[x] = stamp;
        iw[free++] = x;
      }
    }
    const lpEnd = free;
    pe[p] = lpStart;
    len[p] = lpEnd - lpStart;
    elen[p] = 0;
    for (let t = lpStart; t < lpEnd; t++) remove(iw[t]);

    // Scan 1: |Le \ Lp| for every live element touching Lp.
    for (let t = lpStart; t < lpEnd; t++) {
      const i = iw[t];
      for (let u = pe[i]; u < pe[i] + elen[i]; u++) {
        const e = iw[u];
        if (status[e] !== ELEMENT) continue;
        if (diffRound[e] !== stamp) {
          diffRound[e] = stamp;
          diff[e] = len[e] - 1;
        } else {
          diff[e]--;
        }
      }
    }

    // Scan 2: prune each neighbour's list in place, bound its degree, put it back in its bucket.
    const lpOthers = lpEnd - lpStart - 1;
    for (let t = lpStart; t < lpEnd; t++) {
      const i = iw[t];
      const base = pe[i];
      const varStart = base + elen[i];
      const end = base + len[i];
      let external = 0;
      let m = base;
      for (let u = base; u < varStart; u++) {
        const e = iw[u];
        if (status[e] !== ELEMENT) continue;
        const d = diff[e];
        if (d > 0) {
          iw[m++] = e;
          external += d;
        } else {
          status[e] = ABSORBED; // e ⊆ Lp: absorbed by p.
        }
      }
      let w = m;
      for (let u = varStart; u < end; u++) {
        const v = iw[u];
        if (status[v] === VARIABLE && inLp[v] !== stamp) iw[w++] = v;
      }
      external += w - m;
      // i lost at least one entry (p, or an element p absorbed), so slot w is free: p goes first after the
      // elements, the variable it displaces to the end.
      iw[w] = iw[m];
      iw[m] = p;
      elen[i] = m - base + 1;
      len[i] = w - base + 1;
      let d = external + lpOthers;
      const grown = degree[i] + lpOthers;
      if (grown < d) d = grown;
      if (remaining - 1 < d) d = remaining - 1;
      insert(i, d);
      if (d < minDegree) minDegree = d;
    }
  }
  return perm;
}
