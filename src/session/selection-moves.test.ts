// The session's side of moving a selection: a drag of several curves (`drag:start` with `together`) and the arrow
// keys' nudge (`edit:translate`), each one undo entry, the constraints exact, impossible moves refused by name.
import { describe, expect, it } from 'vitest';
import type { Drawing, Vec2 } from '../shared/drawing';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

function twoCurves(): Session {
  const session = new Session({ clock: testClock() });
  session.edit({
    type: 'add',
    curves: [
      { kind: 'segment', id: 's', a: [0, 0], b: [20, 0] },
      { kind: 'circle', id: 'c', center: [40, 10], radius: 5 },
      { kind: 'point', id: 'p', at: [-30, -30] },
    ],
  });
  return session;
}

const segmentOf = (d: Drawing) => d.curves.find((c) => c.id === 's') as { a: Vec2; b: Vec2 };
const circleOf = (d: Drawing) => d.curves.find((c) => c.id === 'c') as { center: Vec2; radius: number };
const close = (a: Vec2, b: Vec2) => Math.hypot(a[0] - b[0], a[1] - b[1]);

describe('dragging a multi-selection', () => {
  it('moves every selected curve with the grabbed point, as one undo entry', () => {
    const session = twoCurves();
    const before = structuredClone(session.drawing.curves);
    session.dragStart('s', 0.5, [10, 0], ['s', 'c']);
    for (let i = 1; i <= 5; i++) session.dragMove([10 + 2 * i, -3 * i]);
    session.dragEnd();
    const d = session.drawing;
    expect(close(segmentOf(d).a, [10, -15])).toBeLessThan(1e-6);
    expect(close(segmentOf(d).b, [30, -15])).toBeLessThan(1e-6);
    expect(close(circleOf(d).center, [50, -5])).toBeLessThan(1e-6);
    expect(circleOf(d).radius).toBeCloseTo(5, 9);
    expect(d.curves.find((c) => c.id === 'p')).toEqual(before[2]);
    session.undo();
    expect(session.drawing.curves).toEqual(before);
  });

  it('refuses a selection naming an unknown curve, at the gate and in the session', async () => {
    const session = twoCurves();
    expect(() => session.dragStart('s', 0.5, [10, 0], ['s', 'nope'])).toThrow("unknown curve 'nope'");
    expect(session.dragging).toBe(false);
    const answer = await dispatch(createHandlers(session) as never, 'drag:start', {
      curve: 's',
      u: 0.5,
      cursor: [10, 0],
      together: 's',
    });
    expect(answer).toMatchObject({ ok: false });
  });
});

describe('moving a selection by a vector (nudge)', () => {
  it('translates the curves exactly, one undo entry each', () => {
    const session = twoCurves();
    const before = structuredClone(session.drawing.curves);
    const snapshot = session.translate(['s', 'c'], [1, 0]);
    expect(snapshot.canUndo).toBe(true);
    session.translate(['s', 'c'], [0, 10]);
    const d = session.drawing;
    expect(close(segmentOf(d).a, [1, 10])).toBeLessThan(1e-6);
    expect(close(segmentOf(d).b, [21, 10])).toBeLessThan(1e-6);
    expect(close(circleOf(d).center, [41, 20])).toBeLessThan(1e-6);
    session.undo();
    expect(close(segmentOf(session.drawing).a, [1, 0])).toBeLessThan(1e-6);
    session.undo();
    expect(session.drawing.curves).toEqual(before);
  });

  it('carries what is joined to the selection along, the constraints exact', () => {
    const session = twoCurves();
    session.edit({
      type: 'add',
      constraints: [
        { kind: 'attach', id: 'j', a: { curve: 's', anchor: 'end' }, b: { curve: 'p', anchor: 'start' } },
      ],
    });
    const joint = segmentOf(session.drawing).b;
    session.translate(['s'], [0, 10]);
    const d = session.drawing;
    const moved: Vec2 = [joint[0], joint[1] + 10];
    expect(close(segmentOf(d).b, moved)).toBeLessThan(1e-6);
    expect(close((d.curves.find((c) => c.id === 'p') as { at: Vec2 }).at, moved)).toBeLessThan(1e-9);
  });

  it('refuses a move the constraints forbid, names what holds it, and changes nothing', () => {
    const session = twoCurves();
    session.edit({
      type: 'add',
      constraints: [{ kind: 'pin', id: 'hold', point: { curve: 's', anchor: 'start' }, at: [0, 0] }],
    });
    const before = structuredClone(session.drawing);
    const undoable = session.snapshot(false).canUndo;
    expect(() => session.translate(['s', 'c'], [10, 0])).toThrow(/move by \(10, 0\) mm: .*hold/);
    expect(session.drawing.curves).toEqual(before.curves);
    expect(session.snapshot(false).canUndo).toBe(undoable);
    // Still usable: the circle alone moves.
    session.translate(['c'], [10, 0]);
    expect(close(circleOf(session.drawing).center, [50, 10])).toBeLessThan(1e-6);
  });
});
