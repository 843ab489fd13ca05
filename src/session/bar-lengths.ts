// A bar's length is a shape constant, not state: the solver cannot change it, so a `length` dimension on a bar and
// an `equal` between bars are rows it can only check (src/engine/constraints/linear.ts). The session keeps them true
// instead, inside the edit that changes one of them (one undo entry): the length of a bar, the value of every
// driving `length` dimension on it and the lengths of the bars tied to it by `equal` (transitively) are one number.
// Setting any of them sets all; adding an `equal` between two bars gives the second the first's length; adding a
// `length` dimension on a bar gives the bar its value.
import type { BarCurve, Constraint, Drawing } from '../shared/drawing';
import type { EditCommand } from '../shared/edit-commands';

/** Sets the length of bar `id` and of everything tied to it (the bars reachable through `equal`, their dimensions). */
export function propagateBarLength(drawing: Drawing, id: string, length: number): void {
  const bars = new Map<string, BarCurve>();
  for (const c of drawing.curves) if (c.kind === 'bar') bars.set(c.id, c);
  const tied = new Set([id]);
  const queue = [id];
  while (queue.length) {
    const at = queue.pop()!;
    for (const k of drawing.constraints) {
      if (k.kind !== 'equal' || !k.curves.includes(at)) continue;
      for (const other of k.curves)
        if (bars.has(other) && !tied.has(other)) {
          tied.add(other);
          queue.push(other);
        }
    }
  }
  for (const bar of tied) {
    const curve = bars.get(bar);
    if (curve) curve.length = length;
  }
  for (const k of drawing.constraints)
    if (k.kind === 'length' && k.reference !== true && tied.has(k.curve)) k.length = length;
}

function isBar(drawing: Drawing, id: string): BarCurve | null {
  const c = drawing.curves.find((x) => x.id === id);
  return c?.kind === 'bar' ? c : null;
}

/** What an added constraint ties: [bar, length] to propagate, or null. */
function tieOf(drawing: Drawing, k: Constraint): [string, number] | null {
  if (k.kind === 'length' && k.reference !== true && isBar(drawing, k.curve)) return [k.curve, k.length];
  if (k.kind === 'equal') {
    const first = isBar(drawing, k.curves[0]);
    if (first && isBar(drawing, k.curves[1])) return [first.id, first.length];
  }
  return null;
}

/** Re-ties bar lengths after `command` was applied to the drawing (mutates it). */
export function tieBarLengths(drawing: Drawing, command: EditCommand): void {
  if (command.type === 'add') {
    for (const k of command.constraints ?? []) {
      const tie = tieOf(drawing, k);
      if (tie) propagateBarLength(drawing, ...tie);
    }
    return;
  }
  if (command.type !== 'set' || command.field !== 'length') return;
  const bar = isBar(drawing, command.id);
  if (bar) return propagateBarLength(drawing, bar.id, bar.length);
  const k = drawing.constraints.find((x) => x.id === command.id);
  if (k?.kind === 'length') tieBarLength(drawing, k);
}

/** A bar's length dimension's value given to its bar and the bars tied to it (mutates the drawing). */
export function tieBarLength(drawing: Drawing, k: Extract<Constraint, { kind: 'length' }>): void {
  const bar = k.reference !== true && isBar(drawing, k.curve);
  if (bar) propagateBarLength(drawing, k.curve, k.length);
}
