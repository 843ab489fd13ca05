// An edit the constraints cannot meet is refused: the drawing stays exactly as it was, nothing is added to the
// history, and the message names the constraints and curves that block it (issue 15, item 3).

import { describe, expect, it } from 'vitest';
import { fourBar } from '../engine/test-support/drawings';
import type { Drawing } from '../shared/drawing';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';

/** A crank-rocker without its motor (so the crank may turn) and a triangle of bars, each assembled. */
function crankRocker(): Drawing {
  const d = fourBar(0.5);
  d.constraints = d.constraints.filter((k) => k.kind !== 'motor');
  return d;
}

describe('an impossible edit', () => {
  it('a crank too long for its loop: refused, the pins stay put, the joints stay closed', async () => {
    const session = new Session({ drawing: crankRocker() });
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
    const session = new Session({ drawing: d });
    expect(() => session.edit({ type: 'set', id: 'again', field: 'x', value: 5 })).toThrow(
      /^again x 5: the constraints cannot all be met: crank cannot get there \((?:ground1, again|again, ground1)\)$/,
    );
    expect(session.drawing.constraints.find((k) => k.id === 'again')).toMatchObject({ at: [0, 0] });
    session.edit({ type: 'set', id: 'crank', field: 'length', value: 1.5 });
    expect(session.drawing.curves.find((c) => c.id === 'crank')).toMatchObject({ length: 1.5 });
    expect(session.snapshot(true).status.maxResidual).toBeLessThan(1e-9);
  });

  it('a drawing already broken when opened still takes edits that do not make it worse', () => {
    const d = crankRocker();
    d.constraints.push({ id: 'off', kind: 'pin', point: { curve: 'crank', anchor: 'start' }, at: [0.5, 0] });
    const session = new Session({ drawing: d });
    session.edit({ type: 'rename', id: 'coupler', name: 'Coupler' });
    expect(session.drawing.curves.find((c) => c.id === 'coupler')?.name).toBe('Coupler');
  });
});
