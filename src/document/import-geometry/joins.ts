// Ends that coincide, attached: every end (start, end) of an imported segment, arc or Bézier within `tolerance` of
// another is joined to the first end of its cluster by an `attach` of their anchors, as the editor attaches a
// snapped end; so an imported outline moves as one, and a closed subpath stays closed. A grid of cells the
// tolerance wide finds the neighbours in linear time.

import type { AttachConstraint, Curve, Vec2 } from '../../shared/drawing';
import { pieceEnds } from '../../shared/piece-ends';

interface End {
  curve: string;
  anchor: 'start' | 'end';
  at: Vec2;
}

/** Attachments (ids from `newId`) joining every cluster of ends closer than `tolerance`. */
export function joinEnds(curves: Curve[], tolerance: number, newId: () => string): AttachConstraint[] {
  const ends: End[] = [];
  for (const c of curves) {
    const e = pieceEnds(c);
    if (e) ends.push({ curve: c.id, anchor: 'start', at: e[0] }, { curve: c.id, anchor: 'end', at: e[1] });
  }
  const parent = ends.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  // Cells the tolerance wide, by column then row (numbers, not strings: this runs for every end of a big file).
  const cells = new Map<number, Map<number, number[]>>();
  const cell = (v: number) => Math.floor(v / tolerance);
  ends.forEach((e, i) => {
    const [gx, gy] = [cell(e.at[0]), cell(e.at[1])];
    // By offsets, not from gx − 1 to gx + 1: past 2⁵³ cells (an end far out beside a small tolerance) gx + 1 is gx,
    // and `x++` would never pass it.
    for (let dx = -1; dx <= 1; dx++) {
      const column = cells.get(gx + dx);
      if (column)
        for (let dy = -1; dy <= 1; dy++)
          for (const j of column.get(gy + dy) ?? []) {
            const o = ends[j].at;
            if (Math.hypot(o[0] - e.at[0], o[1] - e.at[1]) <= tolerance) parent[root(i)] = root(j);
          }
    }
    let column = cells.get(gx);
    if (!column) cells.set(gx, (column = new Map()));
    const list = column.get(gy);
    if (list) list.push(i);
    else column.set(gy, [i]);
  });
  const firsts = new Map<number, number>();
  const out: AttachConstraint[] = [];
  ends.forEach((e, i) => {
    const r = root(i);
    const first = firsts.get(r);
    if (first === undefined) {
      firsts.set(r, i);
      return;
    }
    const f = ends[first];
    out.push({
      kind: 'attach',
      id: newId(),
      a: { curve: f.curve, anchor: f.anchor },
      b: { curve: e.curve, anchor: e.anchor },
    });
  });
  return out;
}
