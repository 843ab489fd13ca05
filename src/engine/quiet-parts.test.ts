// Quiet parts (issue 26, quiet-parts.ts): the small parts nothing drives or pulls on are one model together until a
// call steps one, which is then a part of its own; what the engine answers about each is what it answered when
// every part was its own.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyDrawing, type Drawing, type Vec2 } from '../shared/drawing';
import { testClock } from '../shared/test-support/clock';
import { Engine } from './engine';
import { curveStateOf } from './pure';
import { StepLimits } from './integrator/step-limits';
import { QUIET_MIN_PARTS } from './quiet-parts';
import { bar } from './test-support/drawings';

afterEach(() => vi.restoreAllMocks());

/** n free points on a grid 3 mm apart, 100 to a row. */
function points(n: number): Drawing {
  const d = emptyDrawing();
  for (let i = 0; i < n; i++)
    d.curves.push({ id: `p${i}`, kind: 'point', at: [3 * (i % 100), 3 * Math.floor(i / 100)] });
  return d;
}

/** The index of mixed()'s pinned point 'off'; the triangle's bars follow it. */
const OFF = QUIET_MIN_PARTS + 1;

/**
 * Quiet parts of several shapes among free points (enough of them to be held as one model): a free Bézier, a point pinned 4 mm from where it is (not
 * assembled), a triangle of bars pinned at a corner with a distance its bars already hold (redundant), and a free
 * segment whose length a reference dimension measures.
 */
function mixed(): Drawing {
  const d = points(QUIET_MIN_PARTS);
  d.curves.push(
    {
      id: 'curl',
      kind: 'bezier',
      points: [
        [0, 40],
        [10, 50],
        [20, 30],
        [30, 40],
      ],
    },
    { id: 'off', kind: 'point', at: [50, 50] },
    bar('ab', [60, 0], [90, 0]),
    bar('bc', [90, 0], [75, 20]),
    bar('ca', [75, 20], [60, 0]),
    { id: 'rod', kind: 'segment', a: [0, 70], b: [20, 70] },
  );
  const start = (curve: string) => ({ curve, anchor: 'start' as const });
  const end = (curve: string) => ({ curve, anchor: 'end' as const });
  d.constraints.push(
    { id: 'offPin', kind: 'pin', point: start('off'), at: [54, 50] },
    { id: 'jB', kind: 'attach', a: end('ab'), b: start('bc') },
    { id: 'jC', kind: 'attach', a: end('bc'), b: start('ca') },
    { id: 'jA', kind: 'attach', a: end('ca'), b: start('ab') },
    { id: 'corner', kind: 'pin', point: start('ab'), at: [60, 0] },
    { id: 'side', kind: 'distance', a: start('ab'), b: end('bc'), length: 25 },
    { id: 'rodLength', kind: 'distance', a: start('rod'), b: end('rod'), length: 20, reference: true },
  );
  return d;
}

describe('quiet parts', () => {
  it('10,000 unconnected points are one model, not 10,000 parts each with its integrator', () => {
    const refresh = vi.spyOn(StepLimits.prototype, 'refresh');
    const engine = Engine.build(points(10_000), { clock: testClock() });
    // One integrator's first refresh for them all (each part's integrator refreshes its limits as it is made).
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(engine.partCount).toBe(10_000);
    const d = engine.diagnostics();
    expect(d.dof).toBe(20_000);
    expect(d.components).toHaveLength(10_000);
    expect(d.components[123]).toEqual({ curves: ['p123'], dof: 2 });
    expect(d.freeCurves).toHaveLength(10_000);
    // A few are parts of their own, as before: nothing to make at their first grab.
    refresh.mockClear();
    Engine.build(points(QUIET_MIN_PARTS - 1), { clock: testClock() });
    expect(refresh).toHaveBeenCalledTimes(QUIET_MIN_PARTS - 1);
  });

  it('a dragged free point follows the cursor in a part of its own; every other point stays bit for bit', () => {
    const d = points(1000);
    const engine = Engine.build(d, { clock: testClock() });
    engine.writeMoved(d);
    const before = d.curves.map((c) => engine.curveState(c.id));
    engine.grab('p500', 0);
    const cursor: Vec2 = [17.5, -3.25];
    const report = engine.dragFrame(cursor, 6);
    expect(report.caughtUp).toBe(true);
    const at = engine.pointAt('p500', 0);
    expect(Math.hypot(at[0] - cursor[0], at[1] - cursor[1])).toBeLessThan(1e-9);
    expect(engine.writeMoved(d).curves).toEqual([500]);
    expect(d.curves[500]).toMatchObject({ at });
    engine.release();
    expect(engine.settle(100).steps).toBe(0);
    d.curves.forEach((c, i) => {
      if (i !== 500) expect(engine.curveState(c.id)).toEqual(before[i]);
    });
    const diag = engine.diagnostics();
    expect(diag.dof).toBe(2000);
    expect(diag.components.map((k) => k.curves[0])).toEqual(d.curves.map((c) => c.id));
  });

  it('a selection across quiet parts moves together by the cursor’s travel', () => {
    const engine = Engine.build(points(100), { clock: testClock() });
    const a = engine.pointAt('p3', 0);
    const b = engine.pointAt('p40', 0);
    engine.grab('p3', 0, ['p3', 'p40']);
    engine.dragFrame([a[0] + 5, a[1] - 2], 6);
    const grabbed = engine.pointAt('p3', 0);
    expect(grabbed[0]).toBeCloseTo(a[0] + 5, 9);
    expect(grabbed[1]).toBeCloseTo(a[1] - 2, 9);
    const moved = engine.pointAt('p40', 0);
    expect(moved[0]).toBeCloseTo(b[0] + 5, 9);
    expect(moved[1]).toBeCloseTo(b[1] - 2, 9);
  });

  it('a selection of 2,000 free points is pulled as one part made of them all, each by the cursor’s travel', () => {
    const d = points(2000);
    const engine = Engine.build(d, { clock: testClock() });
    const before = d.curves.map((c) => engine.pointAt(c.id, 0));
    const refresh = vi.spyOn(StepLimits.prototype, 'refresh');
    engine.grab(
      'p0',
      0,
      d.curves.map((c) => c.id),
    );
    // One part made, one integrator's first refresh: not 2,000.
    expect(refresh).toHaveBeenCalledTimes(1);
    engine.dragFrame([before[0][0] + 4, before[0][1] + 1], 50);
    engine.release();
    d.curves.forEach((c, i) => {
      const [x, y] = engine.pointAt(c.id, 0);
      expect(x).toBeCloseTo(before[i][0] + 4, 9);
      expect(y).toBeCloseTo(before[i][1] + 1, 9);
    });
    expect(engine.diagnostics().components).toHaveLength(2000);
  });

  it('answers for every shape of quiet part as a part of its own did: residual, settle, diagnosis, write-back', () => {
    const d = mixed();
    const engine = Engine.build(d, { clock: testClock() });
    expect(engine.partCount).toBe(QUIET_MIN_PARTS + 4);
    expect(engine.residual).toBeCloseTo(4, 12);
    engine.writeMoved(d);
    // The reference dimension measured at the first write-back, as always.
    expect(d.constraints.find((k) => k.id === 'rodLength')).toMatchObject({ length: 20 });
    const first = engine.diagnostics();
    // (What each part of its own said before issue 26: the same groups.)
    expect(first.redundantGroups).toEqual([['jC', 'jA', 'side']]);
    expect(first.constraints.find((k) => k.id === 'offPin')!.residual).toBeCloseTo(4, 12);
    // Only the unassembled part is stepped: the pinned point goes to its pin.
    const settled = engine.settle(1000);
    expect(settled.converged).toBe(true);
    expect(engine.pointAt('off', 0)[0]).toBeCloseTo(54, 9);
    expect(engine.writeMoved(d).curves).toEqual([OFF]);
    // A drag of the triangle turns it about its corner; the reference follows nothing it does not touch.
    engine.grab('bc', 0.5);
    for (let f = 1; f <= 30; f++) engine.dragFrame([75 + f, 10 + f], 6);
    engine.release();
    const moved = engine.writeMoved(d).curves;
    expect(moved).toEqual([OFF + 1, OFF + 2, OFF + 3]);
    const after = engine.diagnostics();
    expect(after.constraints.map((k) => k.id)).toEqual(first.constraints.map((k) => k.id));
    expect(after.redundantGroups).toEqual(first.redundantGroups);
    expect(after.components).toEqual(first.components);
    expect(after.dof).toBe(first.dof);
    expect(after.maxResidual).toBeLessThan(1e-9);
    // writeBack writes each curve from where it is now: a part made of a quiet one, not the build's state.
    const copy = structuredClone(d);
    copy.curves.forEach((c) => {
      if (c.kind === 'bar') c.angle = 99;
    });
    engine.writeBack(copy);
    copy.curves.forEach((c) => expect(curveStateOf(c, copy)).toEqual(engine.curveState(c.id)));
    expect(engine.curveState('bc')).not.toEqual(curveStateOf(mixed().curves[OFF + 2], d));
  });

  it('measures a quiet part’s dimension where its curves are now, before and after a drag makes it a part', () => {
    const d = mixed();
    const engine = Engine.build(d, { clock: testClock() });
    const side = d.constraints.find((k) => k.id === 'side')!;
    const rod = d.constraints.find((k) => k.id === 'rodLength')!;
    expect(engine.measure(rod)).toBeCloseTo(20, 12);
    engine.grab('rod', 1);
    engine.dragFrame([30, 70], 6);
    engine.release();
    const [a, b] = [engine.pointAt('rod', 0), engine.pointAt('rod', 1)];
    // On the cursor to the engine's catch-up tolerance (1e-9 of the drawing's size; a free segment's far end no
    // longer moves with the grabbed one, so the last Gauss–Newton step lands 1e-9 off instead of 4e-10).
    expect(b[0]).toBeCloseTo(30, 7);
    expect(engine.measure(rod)).toBeCloseTo(Math.hypot(b[0] - a[0], b[1] - a[1]), 12);
    expect(engine.measure(rod)).toBeGreaterThan(21);
    expect(engine.measure(side)).toBeCloseTo(25, 12);
    // A quiet curve's kinematics (no motor drives it: at rest) make no part of it.
    const refresh = vi.spyOn(StepLimits.prototype, 'refresh');
    const kin = engine.kinematics('curl', 0.5);
    expect(kin).toMatchObject({ vx: 0, vy: 0, ax: 0, ay: 0, defined: true, unmet: [] });
    expect([kin.x, kin.y]).toEqual(engine.pointAt('curl', 0.5));
    expect(refresh).not.toHaveBeenCalled();
  });
});
