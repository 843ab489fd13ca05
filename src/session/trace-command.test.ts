// The `trace` edit: a trace's trail cleared, or given a colour, each one undoable step; a colour the file format
// would not keep is refused.

import { emptyTrail, trailFromPoints, trailPoints } from '../shared/trail';
import { describe, expect, it } from 'vitest';
import { emptyDrawing } from '../shared/drawing';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

function traced() {
  const d = emptyDrawing();
  d.curves.push({ kind: 'segment', id: 'c1', a: [0, 0], b: [10, 0] });
  d.traces.push({
    id: 't1',
    point: { curve: 'c1', u: 0.5 },
    points: trailFromPoints([
      [5, 0],
      [5, 1],
    ]),
  });
  return d;
}

describe('the trace edit', () => {
  it('clears a trail (the traced point stays); undo brings that very trail back, redo clears it again', () => {
    const session = new Session({ clock: testClock(), drawing: traced() });
    const trail = session.drawing.traces[0].points;
    session.edit({ type: 'trace', id: 't1', clear: true });
    expect(session.drawing.traces).toEqual([
      { id: 't1', point: { curve: 'c1', u: 0.5 }, points: emptyTrail() },
    ]);
    session.undo();
    expect(trailPoints(session.drawing.traces[0].points)).toEqual([
      [5, 0],
      [5, 1],
    ]);
    // The history kept the trail itself, not a copy of it: undo copies no point.
    expect(session.drawing.traces[0].points).toBe(trail);
    session.redo();
    expect(session.drawing.traces[0].points.length).toBe(0);
    session.undo();
    expect(session.drawing.traces[0].points).toBe(trail);
    expect(trail.length).toBe(2);
  });

  it('gives a trail a colour, undoably; refuses one that is not #rrggbb, and an unknown trace', () => {
    const session = new Session({ clock: testClock(), drawing: traced() });
    session.edit({ type: 'trace', id: 't1', color: '#c0ffee' });
    expect(session.drawing.traces[0].color).toBe('#c0ffee');
    expect(session.drawing.traces[0].points).toHaveLength(2);
    session.undo();
    expect(session.drawing.traces[0].color).toBeUndefined();
    expect(() => session.edit({ type: 'trace', id: 't1', color: 'red' })).toThrow(/colour #rrggbb/);
    expect(() => session.edit({ type: 'trace', id: 'nope', clear: true })).toThrow("unknown trace 'nope'");
    expect(session.drawing.traces[0].color).toBeUndefined();
  });
});
