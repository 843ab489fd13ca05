// An edit the constraints cannot meet is refused: the drawing stays exactly as it was, nothing is added to the
// history, and the message names the constraints and curves that block it (issue 15, item 3).

import { describe, expect, it } from 'vitest';
import { fourBar } from '../engine/test-support/drawings';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

/** A crank-rocker without its motor (so the crank may turn) and a triangle of bars, each assembled. */
function crankRocker(): Drawing {
  const d = fourBar(0.5);
  d.constraints = d.constraints.filter((k) => k.kind !== 'motor');
  return d;
}

describe('an impossible edit', () => {
  it('a crank too long for its loop: refused, the pins stay put, the joints stay closed', async () => {
    const session = new Session({ clock: testClock(), drawing: crankRocker() });
    const before = structuredClone(session.drawing);
    const answer = await dispatch(createHandlers(session) as never, 'edit:apply', {
      type: 'set',
      id: 'crank',
      field: 'length',
      value: 200,
    });
    expect(answer.ok).toBe(false);
    const error = answer.ok ? '' : answer.error;
    expect(error).toMatch(/^edit:apply: crank length 200: the constraints cannot all be met: /);
    // The loop's curves and the constraints holding it are named.
    for (const name of ['crank', 'coupler', 'rocker']) expect(error).toContain(name);
    expect(error).toMatch(/\((?:ground1|ground2|jA|jB)(?:, (?:ground1|ground2|jA|jB))+\)$/);
    expect(session.drawing).toEqual(before);
    expect(session.dirty).toBe(false);
    expect(session.snapshot(false).canUndo).toBe(false);
    expect(session.snapshot(true).status.maxResidual).toBeLessThan(1e-9);
  });

  it('a pin moved away from a second pin on the same point: refused; a length the loop allows: accepted', async () => {
    const d = crankRocker();
    d.constraints.push({ id: 'again', kind: 'pin', point: { curve: 'crank', anchor: 'start' }, at: [0, 0] });
    const session = new Session({ clock: testClock(), drawing: d });
    expect(() => session.edit({ type: 'set', id: 'again', field: 'x', value: 5 })).toThrow(
      /^again x 5: the constraints cannot all be met: crank cannot get there \((?:ground1, again|again, ground1)\)$/,
    );
    expect(session.drawing.constraints.find((k) => k.id === 'again')).toMatchObject({ at: [0, 0] });
    session.edit({ type: 'set', id: 'crank', field: 'length', value: 1.5 });
    expect(session.drawing.curves.find((c) => c.id === 'crank')).toMatchObject({ length: 1.5 });
    expect(session.snapshot(true).status.maxResidual).toBeLessThan(1e-9);
  });

  it('refused during a drag, it leaves the drag going: Escape still puts everything back', () => {
    const session = new Session({ clock: testClock(), drawing: crankRocker() });
    const before = structuredClone(session.drawing);
    session.dragStart('coupler', 0.5, [2.5, -1]);
    session.dragMove([2.6, -1.2]);
    expect(() => session.edit({ type: 'set', id: 'crank', field: 'length', value: 200 })).toThrow(
      /^crank length 200: the constraints cannot all be met/,
    );
    expect(session.dragging).toBe(true);
    session.dragMove([2.7, -1.3]);
    session.dragCancel();
    expect(session.drawing).toEqual(before);
    expect(session.snapshot(false).canUndo).toBe(false);
  });

  it('a drawing already broken when opened still takes edits that do not make it worse', () => {
    const d = crankRocker();
    d.constraints.push({ id: 'off', kind: 'pin', point: { curve: 'crank', anchor: 'start' }, at: [0.5, 0] });
    const session = new Session({ clock: testClock(), drawing: d });
    session.edit({ type: 'rename', id: 'coupler', name: 'Coupler' });
    expect(session.drawing.curves.find((c) => c.id === 'coupler')?.name).toBe('Coupler');
  });
});

describe('a drag held back by its constraints', () => {
  it('measures what resists on the first held frame and every 10th after, not on the others', () => {
    // A bar pinned at its start: its end pulled 30 mm away can only come 10 mm; the pin holds it back.
    const d = emptyDrawing();
    d.curves.push({ id: 'b', kind: 'bar', center: [5, 0], angle: 0, length: 10 });
    d.constraints.push({ id: 'pin', kind: 'pin', point: { curve: 'b', anchor: 'start' }, at: [0, 0] });
    const session = new Session({ clock: testClock(), drawing: d });
    session.dragStart('b', 1, [10, 0]);
    const measured: number[] = [];
    let tension = 0;
    for (let frame = 1; frame <= 25; frame++) {
      const snapshot = session.dragMove([30, 0]);
      const list = snapshot.status.constraints;
      if (list) {
        measured.push(frame);
        tension = list.find((c) => c.id === 'pin')!.tension;
      }
    }
    // The first frames still move the bar (not yet held); from the first held frame on, every 10th is measured.
    const first = measured[0];
    expect(first).toBeLessThanOrEqual(5);
    expect(measured).toEqual([first, first + 10, first + 20].filter((f) => f <= 25));
    // The mouse spring (k = 1) pulls 20 mm past the reach: the pin carries that pull.
    expect(tension).toBeCloseTo(20, 6);
    session.dragEnd();
  });
});
