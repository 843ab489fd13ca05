// The `label` edit: a dimension's value moved by the user, one undo step; refused for what is not a dimension.

import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Constraint } from '../shared/drawing';
import { editCommandSchema } from '../shared/edit-commands';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

function drawingWithDistance() {
  const drawing = emptyDrawing();
  drawing.curves.push({ id: 's', kind: 'segment', a: [0, 0], b: [40, 0] });
  drawing.constraints.push(
    { id: 'pin', kind: 'pin', point: { curve: 's', anchor: 'start' }, at: [0, 0] },
    {
      id: 'd',
      kind: 'distance',
      a: { curve: 's', anchor: 'start' },
      b: { curve: 's', anchor: 'end' },
      length: 40,
    },
  );
  return drawing;
}

const record = (session: Session, id: string) =>
  session.drawing.constraints.find((k) => k.id === id) as Constraint & { label?: [number, number] };

describe('label edit', () => {
  it('moves a dimension label as one undoable step, and back to its default with [0, 0]', () => {
    const session = new Session({ clock: testClock(), drawing: drawingWithDistance() });
    const before = structuredClone(session.drawing.curves);
    session.edit({ type: 'label', id: 'd', offset: [3.5, -12] });
    expect(record(session, 'd').label).toEqual([3.5, -12]);
    expect(session.drawing.curves).toEqual(before); // nothing else moved
    expect(session.snapshot(false).canUndo).toBe(true);
    session.edit({ type: 'label', id: 'd', offset: [1, 2] });
    session.undo();
    expect(record(session, 'd').label).toEqual([3.5, -12]);
    session.undo();
    expect(record(session, 'd').label).toBeUndefined();
    expect(session.snapshot(false).canUndo).toBe(false);
    session.redo();
    session.edit({ type: 'label', id: 'd', offset: [0, 0] });
    expect('label' in record(session, 'd')).toBe(false);
  });

  it('is refused for what is not a dimension, naming the field, and for an unknown id', () => {
    const session = new Session({ clock: testClock(), drawing: drawingWithDistance() });
    expect(() => session.edit({ type: 'label', id: 'pin', offset: [1, 1] })).toThrow(
      'label pin: a pin constraint has no field label',
    );
    expect(() => session.edit({ type: 'label', id: 'nope', offset: [1, 1] })).toThrow(
      "label: unknown constraint 'nope'",
    );
    expect(session.snapshot(false).canUndo).toBe(false);
  });

  it('passes the IPC gate only with a finite offset pair', async () => {
    const handlers = createHandlers(
      new Session({ clock: testClock(), drawing: drawingWithDistance() }),
    ) as never;
    const ok = await dispatch(handlers, 'edit:apply', { type: 'label', id: 'd', offset: [1, 2] });
    expect(ok.ok).toBe(true);
    expect(() => editCommandSchema.parse({ type: 'label', id: 'd', offset: [1, Infinity] })).toThrow(
      /offset\[1\]/,
    );
    expect(() => editCommandSchema.parse({ type: 'label', id: 'd', offset: [1] })).toThrow(/offset/);
  });
});
