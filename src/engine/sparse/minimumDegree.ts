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

const VARIABLE = 0;
const ELEMENT = 1;
const ABSORBED = 2;

const NONE: number[] = [];

/**
 * A fill-reducing elimination order for the symmetric graph given as CSR adjacency (no self-loops, each edge in
 * both lists). Returns perm with perm[k] = the original index eliminated k-th.
 */
export function minimumDegreeOrder(n: number, start: Int32Array, adj: Int32Array): Int32Array {
  const perm = new Int32Array(n);
  const status = new Uint8Array(n);
  const varAdj: number[][] = new Array(n);
  const elemAdj: number[][] = new Array(n);
  const members: number[][] = new Array(n);
  const elemSize = new Int32Array(n);
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

  for (let v = 0; v < n; v++) {
    const list: number[] = [];
    for (let p = start[v]; p < start[v + 1]; p++) list.push(adj[p]);
    varAdj[v] = list;
    elemAdj[v] = [];
    members[v] = NONE;
  }
  // Insert in reverse so that among equal degrees the lowest index comes out first (deterministic, natural order).
  for (let v = n - 1; v >= 0; v--) insert(v, varAdj[v].length);

  let minDegree = 0;
  let remaining = n;
  let stamp = 0;
  for (let k = 0; k < n; k++) {
    while (head[minDegree] === -1) minDegree++;
    const p = head[minDegree];
    remove(p);
    perm[k] = p;
    status[p] = ELEMENT;
    remaining--;

    // Lp: the union of p's elements and p's remaining variable neighbours; p's elements are absorbed.
    stamp++;
    inLp[p] = stamp;
    const lp: number[] = [];
    for (const e of elemAdj[p]) {
      if (status[e] !== ELEMENT) continue;
      for (const v of members[e]) {
        if (status[v] === VARIABLE && inLp[v] !== stamp) {
          inLp[v] = stamp;
          lp.push(v);
        }
      }
      status[e] = ABSORBED;
      members[e] = NONE;
    }
    for (const v of varAdj[p]) {
      if (status[v] === VARIABLE && inLp[v] !== stamp) {
        inLp[v] = stamp;
        lp.push(v);
      }
    }
    varAdj[p] = NONE;
    elemAdj[p] = NONE;
    members[p] = lp;
    elemSize[p] = lp.length;
    for (const i of lp) remove(i);

    // Scan 1: |Le \ Lp| for every live element touching Lp.
    for (const i of lp) {
      for (const e of elemAdj[i]) {
        if (status[e] !== ELEMENT) continue;
        if (diffRound[e] !== stamp) {
          diffRound[e] = stamp;
          diff[e] = elemSize[e] - 1;
        } else {
          diff[e]--;
        }
      }
    }

    // Scan 2: prune each neighbour's lists, bound its degree, put it back in its bucket.
    const lpOthers = lp.length - 1;
    for (const i of lp) {
      const elems = elemAdj[i];
      let external = 0;
      let m = 0;
      for (const e of elems) {
        if (status[e] !== ELEMENT) continue;
        const d = diff[e];
        if (d > 0) {
          elems[m++] = e;
          external += d;
        } else {
          // e ⊆ Lp: absorbed by p.
          status[e] = ABSORBED;
          members[e] = NONE;
        }
      }
      elems.length = m;
      elems.push(p);
      const vars = varAdj[i];
      m = 0;
      for (const v of vars) {
        if (status[v] === VARIABLE && inLp[v] !== stamp) vars[m++] = v;
      }
      vars.length = m;
      let d = external + m + lpOthers;
      const grown = degree[i] + lpOthers;
      if (grown < d) d = grown;
      if (remaining - 1 < d) d = remaining - 1;
      insert(i, d);
      if (d < minDegree) minDegree = d;
    }
  }
  return perm;
}
