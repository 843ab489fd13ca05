// Equation curves inside the whole engine: a bead dragged along an involute, an equation curve attached to a bar
// pushed and pulled. Frames are repeated until the engine reports it caught up (never judged by time).

import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing, type OnCurveConstraint, type Vec2 } from '../../shared/drawing';
import { Engine } from '../index';
import { presetDefinition } from './presets';
import { testClock } from '../../shared/test-support/clock';

/**
 * Drags the grabbed point to `cursor` until the engine says it caught up, or the point stops moving (a cursor out
 * of reach: the point stays as near as the constraints allow). Bounded number of frames, never judged by time.
 */
function dragTo(engine: Engine, cursor: Vec2): void {
  let last: Vec2 | null = null;
  for (let frame = 0; frame < 400; frame++) {
    const report = engine.dragFrame(cursor, 50);
    if (report.caughtUp) return;
    const now = report.grabbed as Vec2;
    if (last && Math.hypot(now[0] - last[0], now[1] - last[1]) < 1e-10) return;
    last = now;
  }
  throw new Error(`drag to ${cursor} did not settle`);
}

function involuteAt(s: number, r: number, center: Vec2): Vec2 {
  const t = 3 * s; // the preset's u runs over [0, 3]
  return [center[0] + r * (Math.cos(t) + t * Math.sin(t)), center[1] + r * (Math.sin(t) - t * Math.cos(t))];
}

/** The sine preset with its turn held (rot fixed at 0): it can only slide, as these tests need. */
function slidingSine() {
  const sine = presetDefinition('preset-sine')!;
  for (const p of sine.params) if (p.name === 'rot') p.free = false;
  return sine;
}

describe('equation curves in the engine', () => {
  it('carries a bead dragged along an involute, exactly on it', () => {
    const d = emptyDrawing();
    const def = presetDefinition('preset-involute')!;
    def.params.find((p) => p.name === 'phi')!.free = false; // a fixed gear flank: only cx, cy are state
    d.equations.push(def);
    d.curves.push(
      { id: 'inv', kind: 'equation', definition: def.id, params: { cx: 10, cy: 5, r: 10 } },
      { id: 'bead', kind: 'point', at: involuteAt(0.3, 10, [10, 5]) },
    );
    d.constraints.push(
      { id: 'hold', kind: 'pin', point: { curve: 'inv', anchor: 'start' }, at: [20, 5] },
      { id: 'wire', kind: 'on-curve', point: { curve: 'bead', u: 0 }, curve: 'inv', s: 0.3 },
    );
    const engine = Engine.build(d, { clock: testClock() });
    expect(engine.settle().converged).toBe(true);
    expect(engine.curveState('inv')).toEqual([10, 5]);
    engine.grab('bead', 0);
    let previous = 0.3;
    for (let k = 1; k <= 10; k++) {
      const target = 0.3 + 0.05 * k;
      const on = involuteAt(target, 10, [10, 5]);
      // The cursor a little off the wire along its normal at the target (the tangent there is (cos t, sin t)):
      // the bead stops at the wire's nearest point, the target itself.
      const t = 3 * target;
      const cursor: Vec2 = [on[0] - 0.5 * Math.sin(t), on[1] + 0.5 * Math.cos(t)];
      dragTo(engine, cursor);
      engine.writeBack(d);
      const s = (d.constraints[1] as OnCurveConstraint).s;
      const bead = engine.pointAt('bead', 0);
      const wire = involuteAt(s, 10, [10, 5]);
      expect(Math.hypot(bead[0] - wire[0], bead[1] - wire[1])).toBeLessThan(1e-9);
      expect(engine.diagnostics().maxResidual).toBeLessThan(1e-9);
      expect(s).toBeGreaterThan(previous);
      expect(s).toBeCloseTo(target, 3);
      previous = s;
    }
    engine.release();
    // The involute itself never moved: it is pinned at its start and its shape is fixed.
    expect(engine.curveState('inv')[0]).toBeCloseTo(10, 9);
    expect(engine.curveState('inv')[1]).toBeCloseTo(5, 9);
  });

  it('pushes and pulls an equation curve attached to a bar', () => {
    const d: Drawing = emptyDrawing();
    const sine = slidingSine(); // starts at (cx, cy), ends 60 mm further along x
    d.equations.push(sine);
    d.curves.push(
      { id: 'arm', kind: 'bar', center: [20, 0], angle: 0, length: 40 },
      { id: 'wave', kind: 'equation', definition: sine.id, params: { cx: 40, cy: 0 } },
    );
    d.constraints.push(
      { id: 'pivot', kind: 'pin', point: { curve: 'arm', anchor: 'start' }, at: [0, 0] },
      {
        id: 'joint',
        kind: 'attach',
        a: { curve: 'arm', anchor: 'end' },
        b: { curve: 'wave', anchor: 'start' },
      },
    );
    const engine = Engine.build(d, { clock: testClock() });
    expect(engine.settle().converged).toBe(true);
    engine.grab('wave', 1);
    // Pulled far out, then pushed back in: the wave's end goes as near the cursor as the arm allows, i.e. the
    // wave's start (the arm's end, on the circle of radius 40) points toward cursor − (60, 0).
    for (const cursor of [
      [150, 30],
      [120, -60],
      [20, 10],
      [40, 40],
    ] as Vec2[]) {
      dragTo(engine, cursor);
      const armEnd = engine.pointAt('arm', 1);
      const start = engine.pointAt('wave', 0);
      const end = engine.pointAt('wave', 1);
      expect(Math.hypot(armEnd[0] - start[0], armEnd[1] - start[1])).toBeLessThan(1e-9);
      expect(Math.hypot(armEnd[0], armEnd[1])).toBeCloseTo(40, 9);
      expect(end[0] - start[0]).toBeCloseTo(60, 9);
      expect(end[1] - start[1]).toBeCloseTo(0, 9);
      const aim = Math.atan2(cursor[1], cursor[0] - 60);
      expect(Math.atan2(start[1], start[0])).toBeCloseTo(aim, 3);
    }
    engine.release();
    engine.writeBack(d);
    const wave = d.curves[1] as { params: Record<string, number> };
    const start = engine.pointAt('wave', 0);
    expect(wave.params.cx).toBe(start[0]);
    expect(wave.params.cy).toBe(start[1]);
    expect(wave.params.length).toBe(60);
  });

  it('moves rigidly when any point of a free involute is dragged', () => {
    const d = emptyDrawing();
    const def = presetDefinition('preset-involute')!; // cx, cy, phi free: translation and rotation
    d.equations.push(def);
    d.curves.push({
      id: 'inv',
      kind: 'equation',
      definition: def.id,
      params: { cx: 0, cy: 0, phi: 0, r: 10 },
    });
    const engine = Engine.build(d, { clock: testClock() });
    const ends = (): number => {
      const a = engine.pointAt('inv', 0);
      const b = engine.pointAt('inv', 1);
      return Math.hypot(b[0] - a[0], b[1] - a[1]);
    };
    const span = ends();
    const grabbed = engine.pointAt('inv', 0.6);
    engine.grab('inv', 0.6);
    for (const [dx, dy] of [
      [5, 0],
      [5, 8],
      [-3, 12],
    ]) {
      const cursor: Vec2 = [grabbed[0] + dx, grabbed[1] + dy];
      dragTo(engine, cursor);
      const now = engine.pointAt('inv', 0.6);
      expect(Math.hypot(now[0] - cursor[0], now[1] - cursor[1])).toBeLessThan(1e-6);
      // Only cx, cy and phi moved: the shape (here the distance between the ends) is unchanged.
      expect(ends()).toBeCloseTo(span, 9);
    }
    engine.release();
    engine.writeBack(d);
    expect((d.curves[0] as { params: Record<string, number> }).params.r).toBe(10);
  });

  it('follows a motor-driven crank through a whole turn', () => {
    const d = emptyDrawing();
    const sine = slidingSine();
    d.equations.push(sine);
    d.curves.push(
      { id: 'crank', kind: 'bar', center: [5, 0], angle: 0, length: 10 },
      { id: 'wave', kind: 'equation', definition: sine.id, params: { cx: 10, cy: 0 } },
    );
    d.constraints.push(
      { id: 'pivot', kind: 'pin', point: { curve: 'crank', anchor: 'start' }, at: [0, 0] },
      {
        id: 'joint',
        kind: 'attach',
        a: { curve: 'crank', anchor: 'end' },
        b: { curve: 'wave', anchor: 'start' },
      },
      { id: 'drive', kind: 'motor', bar: 'crank', rpm: 60, angle: 0, running: true },
    );
    const engine = Engine.build(d, { clock: testClock() });
    for (let frame = 1; frame <= 20; frame++) {
      const report = engine.advanceMotors(0.05, 1000); // 1/20 of a turn
      expect(report.maxResidual).toBeLessThan(1e-9);
      const angle = (2 * Math.PI * frame) / 20;
      const start = engine.pointAt('wave', 0);
      expect(start[0]).toBeCloseTo(10 * Math.cos(angle), 8);
      expect(start[1]).toBeCloseTo(10 * Math.sin(angle), 8);
      // Only translated: the wave's end stays 60 mm along x from its start.
      const end = engine.pointAt('wave', 1);
      expect(end[0] - start[0]).toBeCloseTo(60, 9);
      expect(end[1] - start[1]).toBeCloseTo(0, 9);
    }
    expect(engine.curveState('wave')[0]).toBeCloseTo(10, 8);
    expect(engine.curveState('wave')[1]).toBeCloseTo(0, 8);
  });

  it('names the problem when an equation curve cannot be built', () => {
    const d = emptyDrawing();
    const def = presetDefinition('preset-cycloid')!;
    def.x = 'cx + r * (u - son(u))';
    d.equations.push(def);
    d.curves.push({ id: 'c', kind: 'equation', definition: def.id, params: {} });
    expect(() => Engine.build(d, { clock: testClock() })).toThrow(
      "curves[0]: definition: equations[0].x: unknown function 'son' at column 15",
    );
  });
});
