// Bar lengths tied through the session's edits: a bar's length, the `length` dimensions on it and the bars equal to
// it are one number, set together in one undoable edit.
import { describe, expect, it } from 'vitest';
import type { Drawing } from '../shared/drawing';
import { bar } from '../engine/test-support/drawings';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

function lengths(d: Drawing): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of d.curves) if (c.kind === 'bar') out[c.id] = c.length;
  for (const k of d.constraints) if (k.kind === 'length') out[k.id] = k.length;
  return out;
}

/** Bars a and b (5 long) equal, a length dimension on a, and bar c (7 long) on its own. */
function tiedBars(): Session {
  const session = new Session({ clock: testClock() });
  session.edit({
    type: 'add',
    curves: [bar('a', [0, 0], [5, 0]), bar('b', [0, 3], [5, 3]), bar('c', [0, 6], [7, 6])],
  });
  session.edit({
    type: 'add',
    constraints: [
      { id: 'eq', kind: 'equal', curves: ['a', 'b'] },
      { id: 'len', kind: 'length', curve: 'a', length: 5 },
    ],
  });
  return session;
}

describe('bar lengths tied by the session', () => {
  it('setting a bar’s length sets its dimension and the bars equal to it, in one undoable edit', () => {
    const session = tiedBars();
    session.edit({ type: 'set', id: 'b', field: 'length', value: 8 });
    expect(lengths(session.drawing)).toEqual({ a: 8, b: 8, c: 7, len: 8 });
    expect(session.snapshot(true).status.maxResidual).toBeLessThan(1e-9);
    session.undo();
    expect(lengths(session.drawing)).toEqual({ a: 5, b: 5, c: 7, len: 5 });
  });

  it('setting the length dimension of a bar sets the bar and the bars equal to it', () => {
    const session = tiedBars();
    session.edit({ type: 'set', id: 'len', field: 'length', value: 6 });
    expect(lengths(session.drawing)).toEqual({ a: 6, b: 6, c: 7, len: 6 });
  });

  it('an equal added between bars of different lengths gives the second (and all tied to it) the first’s', () => {
    const session = tiedBars();
    session.edit({ type: 'add', constraints: [{ id: 'eq2', kind: 'equal', curves: ['c', 'b'] }] });
    expect(lengths(session.drawing)).toEqual({ a: 7, b: 7, c: 7, len: 7 });
    // Then one set reaches all three, through both equalities.
    session.edit({ type: 'set', id: 'a', field: 'length', value: 4 });
    expect(lengths(session.drawing)).toEqual({ a: 4, b: 4, c: 4, len: 4 });
  });

  it('a length dimension added on a bar gives the bar its value; a reference one measures the bar instead', () => {
    const session = tiedBars();
    session.edit({ type: 'add', constraints: [{ id: 'lc', kind: 'length', curve: 'c', length: 9 }] });
    expect(lengths(session.drawing).c).toBe(9);
    session.edit({
      type: 'add',
      constraints: [{ id: 'ref', kind: 'length', curve: 'a', length: 1, reference: true }],
    });
    expect(lengths(session.drawing)).toMatchObject({ a: 5, ref: 5 });
  });
});
