// The connected components of a drawing: state blocks (curves, bead parameters) linked by the constraints that touch
// them together. A union-find over the blocks, path-halving and union by size: near-linear in the constraints.

/** component[b] for every block b: a dense numbering 0 … count − 1, in order of each component's first block. */
export interface Components {
  count: number;
  component: Int32Array;
}

/** Components of `blockCount` blocks; `blocksOf(t)` lists the blocks constraint t touches. */
export function componentsOf(
  blockCount: number,
  constraintCount: number,
  blocksOf: (t: number) => readonly number[],
): Components {
  const parent = new Int32Array(blockCount);
  const size = new Int32Array(blockCount).fill(1);
  for (let b = 0; b < blockCount; b++) parent[b] = b;
  const find = (b: number): number => {
    while (parent[b] !== b) {
      parent[b] = parent[parent[b]];
      b = parent[b];
    }
    return b;
  };
  for (let t = 0; t < constraintCount; t++) {
    const blocks = blocksOf(t);
    for (let x = 1; x < blocks.length; x++) {
      let a = find(blocks[0]);
      let c = find(blocks[x]);
      if (a === c) continue;
      if (size[a] < size[c]) [a, c] = [c, a];
      parent[c] = a;
      size[a] += size[c];
    }
  }
  const component = new Int32Array(blockCount).fill(-1);
  const number = new Int32Array(blockCount).fill(-1);
  let count = 0;
  for (let b = 0; b < blockCount; b++) {
    const root = find(b);
    if (number[root] < 0) number[root] = count++;
    component[b] = number[root];
  }
  return { count, component };
}
