// How the sketcher's constraint tools read what the user picked (or selected): each kind has forms, each form a
// list of slots — a point (an end, a centre, a point curve, a point of a round curve) or a curve of given kinds —
// and makes its record from the picks that fill them, measured from the present geometry. Picks fill slots in any
// order; a pick that landed on an anchor naturally stands for a point, one on a curve's body for the curve. After
// each pick the tool asks decide(): make the record, wait for more picks, or refuse the last one. The record must
// also pass its kind's rule in shared/constraint-targets.ts (equal: two lines or two round curves, not one of each).

import { CONSTRAINT_TARGETS, LINE_KINDS, curveIdsOf } from '../../shared/constraint-targets';
import type { Connector, Constraint, Curve, CurveKind } from '../../shared/drawing';
import type { Mirror } from '../editor/mirror';

/** One pick: the curve under the cursor and the point picked on it. */
export interface Pick {
  curve: Curve;
  /** An anchor (an end, a centre) when the pick landed on one, else the material point picked. */
  connector: Connector;
  /** Landed on an anchor (or is a point curve): it stands for a point rather than for its curve. */
  atAnchor: boolean;
}

export type Slot = { takes: 'point' } | { takes: 'curve'; kinds: readonly CurveKind[] };

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
/** A constraint record before the tool gives it its id. */
export type Made = WithoutId<Constraint>;

export interface Form {
  slots: readonly Slot[];
  /** Made only when asked (Enter, or from the selection): an angle of one line, where two is the usual. */
  onRequest?: boolean;
  /** Further conditions on the picks, in slot order. */
  fits?(picks: readonly Pick[], mirror: Mirror): boolean;
  make(picks: readonly Pick[], mirror: Mirror): Made;
}

export type Decision = { made: Made } | { more: true } | { refused: string | null };

/** What a pick costs in a slot (0: what it naturally stands for, 1: allowed), or null when it cannot fill it. */
function slotCost(slot: Slot, pick: Pick): number | null {
  if (slot.takes === 'curve') return slot.kinds.includes(pick.curve.kind) ? (pick.atAnchor ? 1 : 0) : null;
  if (pick.atAnchor) return 0;
  // A point of a line's body is no point the line keeps (a segment stretches): only round and free-form curves.
  return LINE_KINDS.includes(pick.curve.kind) ? null : 1;
}

const sameConnector = (a: Connector, b: Connector) =>
  a.curve === b.curve && a.anchor === b.anchor && a.u === b.u;

interface Match {
  form: Form;
  /** Picks in slot order (unfilled slots: undefined). */
  filled: (Pick | undefined)[];
  cost: number;
}

/** The cheapest way to fill the form's slots with all the picks (each pick one slot), or null. */
function bestAssignment(form: Form, picks: readonly Pick[]): Match | null {
  let best: Match | null = null;
  const filled: (Pick | undefined)[] = form.slots.map(() => undefined);
  const place = (i: number, cost: number) => {
    if (best && cost >= best.cost) return;
    if (i === picks.length) {
      best = { form, filled: [...filled], cost };
      return;
    }
    const pick = picks[i];
    form.slots.forEach((slot, j) => {
      if (filled[j]) return;
      const c = slotCost(slot, pick);
      if (c === null) return;
      // The same curve twice, or the same point twice, is never what a two-target constraint means.
      const clash = filled.some(
        (other, k) =>
          other &&
          form.slots[k].takes === slot.takes &&
          (slot.takes === 'curve'
            ? other.curve.id === pick.curve.id
            : sameConnector(other.connector, pick.connector)),
      );
      if (clash) return;
      filled[j] = pick;
      place(i + 1, cost + c);
      filled[j] = undefined;
    });
  };
  if (picks.length <= form.slots.length) place(0, 0);
  return best;
}

/** The problem the record's kind rule finds with it (shared/constraint-targets.ts), or null. */
export function ruleProblem(made: Made, mirror: Mirror): string | null {
  const targets = CONSTRAINT_TARGETS[made.kind];
  if (!targets.rule) return null;
  const record = { ...made, id: '' } as Constraint;
  const curves: Curve[] = [];
  for (const { field } of targets.curves)
    for (const id of curveIdsOf(record, field)) {
      const curve = mirror.curve(id);
      if (!curve) return `unknown curve '${id}'`;
      curves.push(curve);
    }
  return targets.rule(record, curves)?.[1] ?? null;
}

/**
 * How the picks came: one by one ('pick'), ended by Enter ('enter'), or all at once from the selection
 * ('selection', which must fit naturally: two circles selected are no distance between two points of them).
 */
export type PickMode = 'pick' | 'enter' | 'selection';

/**
 * What the picks so far make. One by one: a form they fill naturally is made at once; one they could still fill
 * naturally waits for more; failing both, a form they fill at all is made, or could fill, waits. Enter and the
 * selection make what they can, with the forms made only on request, or refuse.
 */
export function decide(
  forms: readonly Form[],
  picks: readonly Pick[],
  mirror: Mirror,
  mode: PickMode,
): Decision {
  const finishing = mode !== 'pick';
  let complete: { match: Match; made: Made } | null = null;
  let partial: Match | null = null;
  let problem: string | null = null;
  for (const form of forms) {
    if (form.onRequest && !finishing) continue;
    const match = bestAssignment(form, picks);
    if (!match) continue;
    if (picks.length < form.slots.length) {
      if (!finishing && (!partial || match.cost < partial.cost)) partial = match;
      continue;
    }
    if (mode === 'selection' && match.cost > 0) continue;
    const ordered = match.filled as Pick[];
    if (form.fits && !form.fits(ordered, mirror)) continue;
    if (complete && match.cost >= complete.match.cost) continue;
    const made = form.make(ordered, mirror);
    const broken = ruleProblem(made, mirror);
    if (broken) problem = broken;
    else complete = { match, made };
  }
  if (complete && complete.match.cost === 0) return { made: complete.made };
  if (partial && partial.cost === 0) return { more: true };
  if (complete) return { made: complete.made };
  if (partial) return { more: true };
  return { refused: problem };
}
