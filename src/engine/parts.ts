// A drawing split into parts solved apart: curves linked by a constraint or a spring belong together, and nothing
// links one part to another, so each is solved on its own (its own state, Jacobian, factorisation and step
// controls). A drag steps only the part it pulls, the motors only the part they drive; every other part's state
// stays bit-identical (docs/engine.md, "Parts").
//
// Every connected component is a part of its own, except that the components with a motor share one: play
// advances them all in each frame anyway, and one system of 1,000 driven four-bars steps 3× faster than 1,000
// systems of one (a frame of 6°: 2.8 against 8.4 ms; each system's step has a fixed cost of a few µs).
import type { Drawing } from '../shared/drawing';
import { referencedCurves } from '../shared/references';
import { componentsOf } from './rank/components';

/** Indices into the drawing's lists, ascending: what one part holds. */
export interface DrawingPart {
  curves: number[];
  constraints: number[];
  springs: number[];
}

/**
 * The drawing's parts, in order of their first curve. The drawing must have passed checkEngineDrawing (every id
 * named is a curve of it); `index` gives each curve id's index (the caller's, if it has one).
 */
export function drawingParts(
  drawing: Drawing,
  index: ReadonlyMap<string, number> = new Map(drawing.curves.map((c, i) => [c.id, i])),
): DrawingPart[] {
  const constraints = drawing.constraints ?? [];
  const springs = drawing.springs ?? [];
  const items = constraints.length + springs.length;
  const curvesOf = (t: number): string[] =>
    referencedCurves(t < constraints.length ? constraints[t] : springs[t - constraints.length]);
  // Each item's curves, looked up as the union-find asks, and only each item's first curve kept (it names the
  // item's part): an array kept per item was 100,000 small objects for the GC to copy on a big drawing's open.
  const first = new Int32Array(items);
  const linked: number[] = [];
  const { count, component } = componentsOf(drawing.curves.length, items, (t) => {
    const ids = curvesOf(t);
    linked.length = ids.length;
    for (let i = 0; i < ids.length; i++) linked[i] = index.get(ids[i])!;
    first[t] = linked[0];
    return linked;
  });
  // Each component's part: its own, or the driven part for every component with a motor.
  const partOf = new Int32Array(count).fill(-1);
  let driven = -1;
  constraints.forEach((k, i) => {
    if (k.kind !== 'motor') return;
    const c = component[first[i]];
    if (driven < 0) driven = c;
    partOf[c] = driven;
  });
  let parts = 0;
  const numbered = new Int32Array(count).fill(-1);
  const partIndex = (c: number): number => {
    const root = partOf[c] >= 0 ? partOf[c] : c;
    if (numbered[root] < 0) numbered[root] = parts++;
    return numbered[root];
  };
  const of = Int32Array.from({ length: drawing.curves.length }, (_, i) => partIndex(component[i]));
  const out: DrawingPart[] = Array.from({ length: parts }, () => ({
    curves: [],
    constraints: [],
    springs: [],
  }));
  for (let i = 0; i < drawing.curves.length; i++) out[of[i]].curves.push(i);
  for (let t = 0; t < constraints.length; t++) out[of[first[t]]].constraints.push(t);
  for (let t = 0; t < springs.length; t++) out[of[first[constraints.length + t]]].springs.push(t);
  return out;
}
