// A drawing split into parts solved apart: curves linked by a constraint, a spring or an attractor belong together, and nothing
// links one part to another, so each is solved on its own (its own state, Jacobian, factorisation and step
// controls). A drag steps only the part it pulls, the motors only the part they drive; every other part's state
// stays bit-identical (docs/engine.md, "Parts").
//
// Every connected component is a part of its own, except that the components with a motor share one: play
// advances them all in each frame anyway, and one system of 1,000 driven four-bars steps 3× faster than 1,000
// systems of one (a frame of 6°: 2.8 against 8.4 ms; each system's step has a fixed cost of a few µs).
import type { Drawing } from '../shared/drawing';
import { attractorCurves, referencedCurves } from '../shared/references';
import { componentsOf } from './rank/components';

/** Indices into the drawing's lists, ascending: what one part holds. */
export interface DrawingPart {
  curves: number[];
  constraints: number[];
  springs: number[];
  /** The attractors (fits, snakes, targets) on the part's curves. */
  attractors: number[];
}

/**
 * A drawing's parts, in order of their first curve, kept compact: per part, its curves, constraints and springs as
 * slices of three flat lists (100,000 parts of one curve were 400,000 small objects as DrawingPart records).
 */
export class DrawingParts {
  constructor(
    readonly count: number,
    /** Per curve, constraint and spring of the drawing: its part. */
    readonly ofCurve: Int32Array,
    readonly ofConstraint: Int32Array,
    readonly ofSpring: Int32Array,
    readonly ofAttractor: Int32Array,
    private readonly lists: readonly PartLists[],
  ) {}

  /** Part k's curves (ascending; a view, not a copy). */
  curves(k: number): Int32Array {
    return this.lists[0].of(k);
  }
  constraints(k: number): Int32Array {
    return this.lists[1].of(k);
  }
  springs(k: number): Int32Array {
    return this.lists[2].of(k);
  }
  attractors(k: number): Int32Array {
    return this.lists[3].of(k);
  }

  /** Part k as a record. */
  part(k: number): DrawingPart {
    return {
      curves: Array.from(this.curves(k)),
      constraints: Array.from(this.constraints(k)),
      springs: Array.from(this.springs(k)),
      attractors: Array.from(this.attractors(k)),
    };
  }
}

/** Items grouped by part: part k's are items[start[k] … start[k + 1]), ascending. */
class PartLists {
  private readonly start: Int32Array;
  private readonly items: Int32Array;

  constructor(of: Int32Array, parts: number) {
    this.start = new Int32Array(parts + 1);
    for (let i = 0; i < of.length; i++) this.start[of[i] + 1]++;
    for (let k = 0; k < parts; k++) this.start[k + 1] += this.start[k];
    const fill = this.start.slice(0, parts);
    this.items = new Int32Array(of.length);
    for (let i = 0; i < of.length; i++) this.items[fill[of[i]]++] = i;
  }

  of(k: number): Int32Array {
    return this.items.subarray(this.start[k], this.start[k + 1]);
  }
}

/** The drawing's parts as records, in order of their first curve (splitDrawing). */
export function drawingParts(
  drawing: Drawing,
  index: ReadonlyMap<string, number> = new Map(drawing.curves.map((c, i) => [c.id, i])),
): DrawingPart[] {
  const split = splitDrawing(drawing, index);
  return Array.from({ length: split.count }, (_, k) => split.part(k));
}

/**
 * The drawing's parts, in order of their first curve. The drawing must have passed checkEngineDrawing (every id
 * named is a curve of it); `index` gives each curve id's index (the caller's).
 */
export function splitDrawing(drawing: Drawing, index: ReadonlyMap<string, number>): DrawingParts {
  const constraints = drawing.constraints ?? [];
  const springs = drawing.springs ?? [];
  const attractors = drawing.attractors ?? [];
  const linking = constraints.length + springs.length;
  const items = linking + attractors.length;
  // An attractor's curves move together (a fit's points each pick the nearest of them): one part.
  const curvesOf = (t: number): readonly string[] =>
    t >= linking
      ? attractorCurves(attractors[t - linking])
      : referencedCurves(t < constraints.length ? constraints[t] : springs[t - constraints.length]);
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
  const ofCurve = new Int32Array(drawing.curves.length);
  for (let i = 0; i < ofCurve.length; i++) {
    const c = component[i];
    const root = partOf[c] >= 0 ? partOf[c] : c;
    if (numbered[root] < 0) numbered[root] = parts++;
    ofCurve[i] = numbered[root];
  }
  const ofConstraint = new Int32Array(constraints.length);
  for (let t = 0; t < constraints.length; t++) ofConstraint[t] = ofCurve[first[t]];
  const ofSpring = new Int32Array(springs.length);
  for (let t = 0; t < springs.length; t++) ofSpring[t] = ofCurve[first[constraints.length + t]];
  const ofAttractor = new Int32Array(attractors.length);
  for (let t = 0; t < attractors.length; t++) ofAttractor[t] = ofCurve[first[linking + t]];
  const lists = [ofCurve, ofConstraint, ofSpring, ofAttractor].map((of) => new PartLists(of, parts));
  return new DrawingParts(parts, ofCurve, ofConstraint, ofSpring, ofAttractor, lists);
}
