// The names the user reads for what the drawing holds: a curve's own name when it has one; an id someone chose as a
// name ("crank", "pivot") as it is; otherwise — an id a tool made, a word and a number ("c4", "k17",
// "distance17"), or a lone letter ("b", as a script or a hand-written file names things) — its kind and its place
// among the records of that kind ("bar 3", "pin 2", "spring 1"). The file and the CLI's arguments keep ids; the
// panels, the canvas's messages, the status bar and the CLI's sentences show these.

import type { AttractorKind, Drawing } from './drawing';

/** A kind as a word: "point-line-distance" reads "point-line distance", "on-curve" reads "bead". */
const KIND_WORDS: Record<string, string> = {
  'point-line-distance': 'point-line distance',
  'on-curve': 'bead',
};

/** A record's kind as the user reads it ("bead" for an on-curve constraint; most kinds as they are). */
export function kindWord(kind: string): string {
  return KIND_WORDS[kind] ?? kind;
}

/** An attractor's kind as a word: a `points` pull is a fit, an `edges` one a snake. */
export const ATTRACTOR_WORDS: Record<AttractorKind, string> = {
  points: 'fit',
  edges: 'snake',
  target: 'target',
};

/** Every record's generated name by id, its kind and number ("bar 3"), whether or not it has a name of its own. */
export function generatedNames(drawing: Drawing): Map<string, string> {
  const names = new Map<string, string>();
  const counts = new Map<string, number>();
  const number = (word: string, id: string) => {
    const n = (counts.get(word) ?? 0) + 1;
    counts.set(word, n);
    names.set(id, `${word} ${n}`);
  };
  // Numbered in drawing order, per kind; a named curve keeps its number so the others do not shift when one is
  // renamed.
  for (const c of drawing.curves) number(c.kind, c.id);
  for (const k of drawing.constraints) number(kindWord(k.kind), k.id);
  for (const sp of drawing.springs) number('spring', sp.id);
  for (const t of drawing.traces) number('trace', t.id);
  for (const set of drawing.pointSets ?? []) number('point set', set.id);
  for (const a of drawing.attractors ?? []) number(ATTRACTOR_WORDS[a.kind], a.id);
  return names;
}

/** An id a tool (or a generator) made: a word and a number, "c4", "k17", "distance17", "pin_2"; or a lone letter. */
export const MADE_ID = /^(?:[A-Za-z]+[-_]?\d+|[A-Za-z])$/;

/**
 * Every record's display name by id (curves, constraints, springs, traces, point sets, attractors): a curve's or a
 * point set's own name first, then an id chosen as a name, then the generated name ("fit 1").
 */
export function displayNames(drawing: Drawing): Map<string, string> {
  const names = generatedNames(drawing);
  for (const id of names.keys()) if (!MADE_ID.test(id)) names.set(id, id);
  for (const c of drawing.curves) if (c.name) names.set(c.id, c.name);
  for (const set of drawing.pointSets ?? []) names.set(set.id, set.name);
  return names;
}

/**
 * A record as the subject of a sentence: a name the user gave takes "the" ("the crank cannot turn …"), a generated
 * one does not ("bar 3 cannot turn …"). The id itself for one the drawing does not hold.
 */
export function subjectName(drawing: Drawing, id: string, names = displayNames(drawing)): string {
  const name = names.get(id);
  if (name === undefined) return id;
  return name === generatedNames(drawing).get(id) ? name : `the ${name}`;
}

/** One record's display name; the id itself for one the drawing does not hold. */
export function displayName(drawing: Drawing, id: string): string {
  return displayNames(drawing).get(id) ?? id;
}
