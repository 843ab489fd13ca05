import { describe, expect, it, vi } from 'vitest';
import { plainDrawing } from '../../shared/trace-records';
import { curvePath, curvePoint } from '../../engine';
import { createCurveModel } from '../../engine/curves/registry';
import type { Snapshot } from '../../shared/contract';
import { emptyDrawing, type Drawing } from '../../shared/drawing';
import { Mirror } from './mirror';
import { pickConnector, pickCurve } from './picking';

// Counts the curve models built (the real ones: the spy calls through).
vi.mock('../../engine/curves/registry', async (original) => {
  const real = await original<typeof import('../../engine/curves/registry')>();
  return { ...real, createCurveModel: vi.fn(real.createCurveModel) };
});
const built = () => vi.mocked(createCurveModel).mock.calls.length;

/** A snapshot carrying `drawing` (in memory, as the session holds it: sent as plain data) and `extra`. */
function snapshot({
  drawing,
  ...extra
}: Omit<Partial<Snapshot>, 'drawing'> & { drawing?: Drawing }): Snapshot {
  return {
    ...(drawing && { drawing: plainDrawing(drawing) }),
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

  it("sets a play frame's motor angles on the drawing's motors, by id, and nothing else", () => {
    const d = emptyDrawing();
    d.curves.push({ id: 'crank', kind: 'bar', center: [0, 0], angle: 0, length: 10 });
    d.constraints.push(
      { id: 'm1', kind: 'motor', bar: 'crank', rpm: 60, angle: 0, running: true },
      { id: 'pin', kind: 'pin', point: { curve: 'crank', anchor: 'start' }, at: [-5, 0] },
    );
    const mirror = new Mirror();
    mirror.apply(snapshot({ drawing: d }));
    mirror.apply(
      snapshot({
        revision: 1,
        motors: [
          { id: 'm1', angle: 1.25 },
          { id: 'gone', angle: 3 },
        ],
      }),
    );
    const motor = mirror.drawing.constraints.find((k) => k.id === 'm1');
    expect(motor?.kind === 'motor' && motor.angle).toBe(1.25);
    expect(mirror.drawing.constraints.find((k) => k.id === 'pin')).toEqual(d.constraints[1]);
  });

  it('names the records once per drawing: the same names through frames, new ones with a new structure', () => {
    const d = emptyDrawing();
    d.curves.push({ id: 'b1', kind: 'bar', center: [0, 0], angle: 0, length: 10 });
    const mirror = new Mirror();
    mirror.apply(snapshot({ drawing: d }));
    const names = mirror.names();
    expect(names.get('b1')).toBe('bar 1');
    mirror.apply(snapshot({ revision: 1, states: { curves: [0], offsets: [0, 3], values: [1, 0, 0] } }));
    expect(mirror.names()).toBe(names);
    d.curves[0].name = 'crank';
    mirror.apply(snapshot({ revision: 2, drawing: d }));
    expect(mirror.names().get('b1')).toBe('crank');
  });

  it('keeps an autosave failure exactly as long as the snapshots carry one', () => {
    const mirror = new Mirror();
    expect(mirror.autosaveFailure).toBeNull();
    const failure = { path: '/data/recovery/1-abc', reason: 'the disk is full' };
    mirror.apply(snapshot({ autosaveFailure: failure }));
    expect(mirror.autosaveFailure).toEqual(failure);
    mirror.apply(snapshot({ states: { curves: [], offsets: [0], values: [] }, autosaveFailure: failure }));
    expect(mirror.autosaveFailure).toEqual(failure);
    mirror.apply(snapshot({}));
    expect(mirror.autosaveFailure).toBeNull();
  });

  it('names a constraint binding from the play status even before any status list reports on it', () => {
    const drawing = emptyDrawing();
    drawing.curves.push({ id: 'p', kind: 'point', at: [0, 0] });
    drawing.constraints.push({ id: 'k', kind: 'pin', point: { curve: 'p', anchor: 'start' }, at: [0, 0] });
    const mirror = new Mirror();
    mirror.apply(snapshot({ drawing }));
    expect(mirror.constraintState('k')).toBeNull();
    const play = {
      state: 'playing' as const,
      time: 1,
      frame: 60,
      speed: 1,
      canReset: true,
      binding: ['k'],
      lock: '',
      notice: '',
    };
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

describe('Mirror curve models', () => {
  it('builds one model per curve, reused by every redraw and pick, until the structure changes', () => {
    const drawing = emptyDrawing();
    drawing.curves.push(
      { id: 'c', kind: 'circle', center: [0, 0], radius: 10 },
      { id: 's', kind: 'segment', a: [20, 0], b: [40, 0] },
    );
    const mirror = new Mirror();
    mirror.apply(snapshot({ drawing }));
    const before = built();
    const use = () => {
      mirror.bounds();
      for (let x = -12; x <= 42; x += 3) pickCurve(mirror, [x, 1], 2);
      pickConnector(mirror, [0.5, 0], 2);
      for (const curve of mirror.drawing.curves) mirror.path(curve);
    };
    use();
    use();
    expect(built() - before).toBe(2);

    // A frame moves the circle: the same model, the moved state in every answer.
    mirror.apply(snapshot({ states: { curves: [0], offsets: [0, 3], values: [5, 5, 2] } }));
    use();
    expect(built() - before).toBe(2);
    const circle = mirror.curve('c')!;
    expect(mirror.connectorPosition({ curve: 'c', anchor: 'center' })).toEqual([5, 5]);
    expect(mirror.point(circle, 0.25)).toEqual(curvePoint(circle, mirror.drawing, 0.25));
    expect(mirror.path(circle)).toEqual(curvePath(circle, mirror.drawing));
    expect(pickCurve(mirror, [7.5, 5], 1)?.curve).toBe('c');

    // A new drawing: new models, built once each.
    mirror.apply(snapshot({ drawing: structuredClone(mirror.drawing) }));
    const rebuilt = built();
    use();
    use();
    expect(built() - rebuilt).toBe(2);
  });

  it("places connectors as the engine does: an off-curve centre, an anchor's point, a u", () => {
    const drawing = emptyDrawing();
    drawing.curves.push(
      { id: 'e', kind: 'ellipse', center: [3, 4], rx: 5, ry: 2, rotation: 0.3 },
      { id: 'b', kind: 'bar', center: [1, 1], angle: 0.5, length: 4 },
    );
    const mirror = new Mirror();
    mirror.apply(snapshot({ drawing }));
    expect(mirror.connectorPosition({ curve: 'e', anchor: 'center' })).toEqual([3, 4]);
    const bar = mirror.curve('b')!;
    expect(mirror.connectorPosition({ curve: 'b', anchor: 'center' })).toEqual(curvePoint(bar, drawing, 0.5));
    expect(mirror.connectorPosition({ curve: 'b', anchor: 'end' })).toEqual(curvePoint(bar, drawing, 1));
    expect(mirror.connectorPosition({ curve: 'b', u: 0.25 })).toEqual(curvePoint(bar, drawing, 0.25));
    expect(mirror.connectorPosition({ curve: 'nope', anchor: 'start' })).toBeNull();
  });
});
