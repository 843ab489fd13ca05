// The engine's state reaches the drawing in one place (Session's writeBack), once per call that moved something,
// only for what moved, in the same pass as the frame's snapshot states: the drawing held by anyone is always what
// the renderer was last sent, and nothing needs to read it through a getter that writes it first.
import { describe, expect, it } from 'vitest';
import { curveStateOf } from '../engine';
import { bar, chain } from '../engine/test-support/drawings';
import type { Snapshot } from '../shared/contract';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

/** Each curve a frame's snapshot carries, with its state there. */
function frameStates(snapshot: Snapshot): Map<number, number[]> {
  const { curves, offsets, values } = snapshot.states!;
  return new Map(curves.map((c, k) => [c, values.slice(offsets[k], offsets[k + 1])]));
}

describe('one write-back', () => {
  it('every drag frame writes what it moved into the drawing as it answers, and only that', () => {
    const d = chain(6, 10);
    d.curves.push({ kind: 'circle', id: 'ring', center: [100, 100], radius: 5 });
    const session = new Session({ clock: testClock(), drawing: d, warmUp: false });
    // One reference to the session's drawing, taken once: never read through the getter again below.
    const drawing = session.drawing;
    const ring = drawing.curves[6];
    const ringCenter = (ring as { center: number[] }).center;
    const first = structuredClone(drawing.curves[0]);
    let moved = 0;
    session.dragStart('b5', 1, [60, 0]);
    for (let f = 1; f <= 8; f++) {
      const snapshot = session.dragMove([60 - 2 * f, 3 * f]);
      const states = frameStates(snapshot);
      moved += states.size;
      // What the frame sends is already in the drawing, record by record.
      for (const [i, state] of states) expect(curveStateOf(drawing.curves[i], drawing)).toEqual(state);
      // The free ring, in a part the drag does not pull, is never written: the same record, the same arrays.
      expect(states.has(6)).toBe(false);
      expect(drawing.curves[6]).toBe(ring);
      expect((drawing.curves[6] as { center: number[] }).center).toBe(ringCenter);
    }
    expect(moved).toBeGreaterThan(8);
    // The chain's end followed the cursor; its records say so without any further call.
    const end = drawing.curves[5] as { center: number[]; angle: number; length: number };
    const tip = [0, 1].map((k) => end.center[k] + (end.length / 2) * (k ? Math.sin : Math.cos)(end.angle));
    expect(Math.hypot(tip[0] - 44, tip[1] - 24)).toBeLessThan(1e-6);
    // The pinned first bar turned: its record holds its new state. The drawing is still the session's own.
    expect(drawing.curves[0]).not.toEqual(first);
    expect(session.drawing).toBe(drawing);
    session.dragEnd();
    // Ending the drag writes nothing more: the undo entry is the difference the frames already made.
    expect(session.drawing.curves[6]).toBe(ring);
    session.undo();
    const start = bar('b5', [50, 0], [60, 0]);
    expect(curveStateOf(session.drawing.curves[5], session.drawing)).toEqual(curveStateOf(start, d));
  });

  it('a play frame writes the motor angle and the moved bars, and the frame snapshot carries the same states', () => {
    const session = new Session({ clock: testClock(), warmUp: false });
    session.edit({
      type: 'add',
      curves: [bar('crank', [0, 0], [10, 0])],
      constraints: [
        { kind: 'pin', id: 'pin', point: { curve: 'crank', anchor: 'start' }, at: [0, 0] } as never,
        { kind: 'motor', id: 'motor', bar: 'crank', rpm: 60, angle: 0, running: true } as never,
      ],
    });
    const drawing = session.drawing;
    session.playControl('play');
    const snapshot = session.playFrame();
    const states = frameStates(snapshot);
    expect([...states.keys()]).toEqual([0]);
    expect(curveStateOf(drawing.curves[0], drawing)).toEqual(states.get(0));
    const motor = drawing.constraints.find((k) => k.kind === 'motor') as { angle: number };
    expect(motor.angle).toBeCloseTo((2 * Math.PI) / 60, 9);
    expect(snapshot.motors).toEqual([{ id: 'motor', angle: motor.angle }]);
  });
});
