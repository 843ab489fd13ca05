// A batch of commands is one undoable edit, checked and settled once; a spline is closed and opened by `set closed`.

import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import { testClock } from '../shared/test-support/clock';
import { Session } from './session';

function twoSegments(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    { kind: 'segment', id: 'c1', a: [0, 0], b: [10, 0] },
    { kind: 'segment', id: 'c2', a: [10, 0], b: [10, 10] },
  );
  d.constraints.push({
    kind: 'attach',
    id: 'k1',
    a: { curve: 'c1', anchor: 'end' },
    b: { curve: 'c2', anchor: 'start' },
  });
  return d;
}

describe('batch', () => {
  it('applies its commands in order as one undo step, named by its label', () => {
    const session = new Session({ drawing: twoSegments(), clock: testClock(), warmUp: false });
    const before = structuredClone(session.drawing);
    session.edit({
      type: 'batch',
      label: 'Fillet',
      commands: [
        { type: 'delete', ids: ['k1'] },
        { type: 'set', id: 'c1', field: 'bx', value: 8 },
        { type: 'set', id: 'c2', field: 'ay', value: 2 },
      ],
    });
    expect(session.drawing.constraints).toEqual([]);
    expect(session.drawing.curves).toEqual([
      { kind: 'segment', id: 'c1', a: [0, 0], b: [8, 0] },
      { kind: 'segment', id: 'c2', a: [10, 2], b: [10, 10] },
    ]);
    session.undo();
    expect(session.drawing.curves).toEqual(before.curves);
    expect(session.drawing.constraints).toEqual(before.constraints);
  });

  it('is refused whole when one of its commands is, the drawing left as it was', () => {
    const session = new Session({ drawing: twoSegments(), clock: testClock(), warmUp: false });
    const before = structuredClone(session.drawing);
    expect(() =>
      session.edit({
        type: 'batch',
        label: 'Fillet',
        commands: [
          { type: 'set', id: 'c1', field: 'bx', value: 8 },
          { type: 'delete', ids: ['k9'] },
        ],
      }),
    ).toThrow(/unknown id 'k9'/);
    expect(session.drawing).toEqual(before);
  });
});

describe('a spline closed and opened', () => {
  it('by `set closed`, one undo step each', () => {
    const d = emptyDrawing();
    d.curves.push({
      kind: 'spline',
      id: 's',
      points: [
        [0, 0],
        [10, 0],
        [10, 10],
      ],
      closed: false,
    });
    const session = new Session({ drawing: d, clock: testClock(), warmUp: false });
    session.edit({ type: 'set', id: 's', field: 'closed', value: true });
    expect(session.drawing.curves[0]).toMatchObject({ closed: true });
    session.undo();
    expect(session.drawing.curves[0]).toMatchObject({ closed: false });
    expect(() => session.edit({ type: 'set', id: 's', field: 'closed', value: 3 })).toThrow(/closed/);
  });
});
