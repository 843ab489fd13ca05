import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../shared/contract';
import { emptyDrawing, type Drawing } from '../../shared/drawing';
import { Mirror } from './mirror';

function snapshot(extra: Partial<Snapshot>): Snapshot {
  return {
    revision: 0,
    status: { dof: 0, maxResidual: 0, frameMs: 0 },
    title: '',
    dirty: false,
    canUndo: false,
    canRedo: false,
    ...extra,
  };
}

describe('Mirror.apply', () => {
  it("writes a frame's states into the moved curves, with each curve's layout as of the last structure", () => {
    const first: Drawing = emptyDrawing();
    first.curves.push(
      { id: 'a', kind: 'segment', a: [0, 0], b: [1, 0] },
      { id: 'b', kind: 'point', at: [5, 5] },
    );
    const mirror = new Mirror();
    expect(mirror.apply(snapshot({ drawing: first })).structure).toBe(true);
    // A frame moves 'a' (4 values: a, b) and leaves 'b'.
    const change = mirror.apply(snapshot({ states: { curves: [0], offsets: [0, 4], values: [1, 2, 3, 4] } }));
    expect(change).toEqual({ structure: false, curves: new Set(['a']) });
    expect(mirror.curve('a')).toMatchObject({ a: [1, 2], b: [3, 4] });
    expect(mirror.curve('b')).toMatchObject({ at: [5, 5] });
    // The structure changes: 'a' is now a bar (centre, angle). Its states are read with the new layout, not the
    // segment's, and a frame with the wrong count is refused with the curve named.
    const second: Drawing = emptyDrawing();
    second.curves.push({ id: 'a', kind: 'bar', center: [0, 0], angle: 0, length: 2 });
    mirror.apply(snapshot({ drawing: second }));
    mirror.apply(snapshot({ states: { curves: [0], offsets: [0, 3], values: [7, 8, 0.5] } }));
    expect(mirror.curve('a')).toMatchObject({ center: [7, 8], angle: 0.5, length: 2 });
    expect(() =>
      mirror.apply(snapshot({ states: { curves: [0], offsets: [0, 4], values: [1, 2, 3, 4] } })),
    ).toThrow("curve 'a': expected 3 state values, got 4");
  });

  it('names a constraint binding from the play status even before any status list reports on it', () => {
    const drawing = emptyDrawing();
    drawing.curves.push({ id: 'p', kind: 'point', at: [0, 0] });
    drawing.constraints.push({ id: 'k', kind: 'pin', point: { curve: 'p', anchor: 'start' }, at: [0, 0] });
    const mirror = new Mirror();
    mirror.apply(snapshot({ drawing }));
    expect(mirror.constraintState('k')).toBeNull();
    const play = { state: 'playing' as const, time: 1, frame: 60, speed: 1, canReset: true, binding: ['k'] };
    mirror.apply(snapshot({ play }));
    expect(mirror.constraintState('k')).toBe('binding');
    // A status list that calls it conflicting wins over binding; one that calls it redundant does not.
    const status = { dof: 0, maxResidual: 1, frameMs: 0 };
    const report = (conflicting: boolean) =>
      snapshot({
        status: {
          ...status,
          constraints: [{ id: 'k', residual: 1, tension: 0, redundant: !conflicting, conflicting }],
        },
      });
    mirror.apply(report(true));
    expect(mirror.constraintState('k')).toBe('conflicting');
    mirror.apply(report(false));
    expect(mirror.constraintState('k')).toBe('binding');
  });
});
