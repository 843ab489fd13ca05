// Attractors in the engine (issue 30): a fit, a target and an outline fitted as records of the drawing. They pull
// only while the engine relaxes — live frames that keep every constraint exact — and stop where they converge; a
// settle and a drag leave them out.
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Attractor, type Drawing, type Vec2 } from '../shared/drawing';
import { seededRandom } from '../shared/test-support/random';
import { testClock } from '../shared/test-support/clock';
import { Engine } from './engine';

/** Points on the circle (cx, cy, r) between two angles, with a little noise. */
function arcPoints(n: number, c: Vec2, r: number, from: number, to: number, noise: number): Vec2[] {
  const rng = seededRandom(11);
  return Array.from({ length: n }, (_, i) => {
    const t = from + ((to - from) * i) / (n - 1);
    const e = noise * (2 * rng() - 1);
    return [c[0] + (r + e) * Math.cos(t), c[1] + (r + e) * Math.sin(t)];
  });
}

/** Live frames until the pulls come to rest; the largest residual seen on the way and the frames it took. */
function relaxed(engine: Engine, drawing: Drawing): { frames: number; worstResidual: number } {
  let worstResidual = 0;
  for (let frames = 1; frames <= 400; frames++) {
    const r = engine.relax(16);
    engine.writeBack(drawing);
    worstResidual = Math.max(worstResidual, r.maxResidual);
    if (r.caughtUp) return { frames, worstResidual };
  }
  throw new Error('the pulls did not come to rest in 400 frames');
}

function fitDrawing(attractor: Partial<Attractor> = {}): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    { id: 'floor', kind: 'segment', a: [-40, 0], b: [40, 0] },
    { id: 'arc', kind: 'arc', center: [3, -15], radius: 14, start: 0.5, sweep: 2 },
  );
  d.constraints.push(
    { id: 'left', kind: 'pin', point: { curve: 'floor', anchor: 'start' }, at: [-40, 0] },
    { id: 'right', kind: 'pin', point: { curve: 'floor', anchor: 'end' }, at: [40, 0] },
    { id: 'touch', kind: 'tangent', curves: ['floor', 'arc'], s: 0.5 },
    { id: 'size', kind: 'radius', curve: 'arc', radius: 12 },
  );
  // Data on the lower side of a circle of radius 12 resting on the floor at x = 10 (y down: the centre at y = −12).
  d.pointSets = [{ id: 'data', name: 'Scan', points: arcPoints(40, [10, -12], 12, 0.3, 2.8, 0.05) }];
  d.attractors = [
    {
      id: 'fit',
      kind: 'points',
      on: true,
      strength: 1,
      curves: ['arc'],
      data: 'data',
      loss: 'squared',
      ...attractor,
    } as Attractor,
  ];
  return d;
}

describe('a fit as a record of the drawing', () => {
  it('moves the arc to the data while its tangency and radius hold to 1e-9 at every frame', () => {
    const d = fitDrawing();
    const engine = Engine.build(d, { clock: testClock() });
    engine.settle();
    engine.writeBack(d);
    const before = engine.pullReadouts();
    expect(before).toHaveLength(1);
    expect(before[0].rms).toBeGreaterThan(3);
    const { worstResidual } = relaxed(engine, d);
    expect(worstResidual).toBeLessThan(1e-9);
    const arc = d.curves[1];
    if (arc.kind !== 'arc') throw new Error('not an arc');
    expect(Math.abs(arc.radius)).toBeCloseTo(12, 9);
    expect(arc.center[0]).toBeCloseTo(10, 1);
    expect(arc.center[1]).toBeCloseTo(-12, 9);
    const after = engine.pullReadouts()[0];
    expect(after.rms).toBeLessThan(0.05);
    expect(after.max).toBeLessThan(0.1);
    expect(after.worst).not.toBeNull();
  });

  it('stops where it converged: another frame moves nothing', () => {
    const d = fitDrawing();
    const engine = Engine.build(d, { clock: testClock() });
    relaxed(engine, d);
    const state = engine.curveState('arc');
    const again = engine.relax(16);
    expect(again.caughtUp).toBe(true);
    expect(engine.curveState('arc')).toEqual(state);
  });

  it('pulls only while relaxing: a settle leaves the fit out, and a pull that is off builds nothing', () => {
    const d = fitDrawing();
    const engine = Engine.build(d, { clock: testClock() });
    engine.settle();
    engine.writeBack(d);
    const settled = engine.curveState('arc');
    engine.settle();
    expect(engine.curveState('arc')).toEqual(settled);
    expect(engine.pulling).toBe(true);

    const off = Engine.build(fitDrawing({ on: false }), { clock: testClock() });
    expect(off.pulling).toBe(false);
    expect(off.pullReadouts()).toEqual([]);
    expect(off.relax(16).steps).toBe(0);
  });

  it('is left out of a drag of its own part, and resumes at the release', () => {
    const d = fitDrawing();
    const engine = Engine.build(d, { clock: testClock() });
    engine.settle();
    engine.grab('arc', 0.5);
    const grabbed = engine.pointAt('arc', 0.5);
    engine.dragFrame([grabbed[0] + 5, grabbed[1]], 50);
    expect(engine.relax(16).steps).toBe(0);
    engine.release();
    relaxed(engine, d);
    expect(engine.pullReadouts()[0].rms).toBeLessThan(0.05);
  });
});

describe('an outline fitted at once', () => {
  it('finds the corner of L-shaped data with two attached segments', () => {
    const d = emptyDrawing();
    d.curves.push(
      { id: 'a', kind: 'segment', a: [2, 3], b: [18, -2] },
      { id: 'b', kind: 'segment', a: [18, -2], b: [21, -25] },
    );
    d.constraints.push({
      id: 'corner',
      kind: 'attach',
      a: { curve: 'a', anchor: 'end' },
      b: { curve: 'b', anchor: 'start' },
    });
    const points: Vec2[] = [];
    for (let i = 0; i <= 20; i++) points.push([i, 0]); // along y = 0 to the corner (20, 0)
    for (let i = 1; i <= 20; i++) points.push([20, -i]); // then up to (20, −20)
    d.pointSets = [{ id: 'L', name: 'L', points }];
    d.attractors = [
      { id: 'fit', kind: 'points', on: true, strength: 1, curves: ['a', 'b'], data: 'L', loss: 'squared' },
    ];
    const engine = Engine.build(d, { clock: testClock() });
    relaxed(engine, d);
    const corner = engine.pointAt('a', 1);
    expect(corner[0]).toBeCloseTo(20, 6);
    expect(corner[1]).toBeCloseTo(0, 6);
    expect(engine.pullReadouts()[0].max).toBeLessThan(1e-6);
  });
});

describe('a target', () => {
  it('turns a bar about its pinned centre until its end points at the target, and reads out its miss', () => {
    const d = emptyDrawing();
    d.curves.push({ id: 'crank', kind: 'bar', center: [0, 0], angle: 0, length: 20 });
    d.constraints.push({ id: 'hub', kind: 'pin', point: { curve: 'crank', anchor: 'center' }, at: [0, 0] });
    d.attractors = [
      {
        id: 'pull',
        kind: 'target',
        on: true,
        strength: 1,
        point: { curve: 'crank', anchor: 'end' },
        at: [0, 30],
      },
    ];
    const engine = Engine.build(d, { clock: testClock() });
    const { worstResidual } = relaxed(engine, d);
    expect(worstResidual).toBeLessThan(1e-9);
    const end = engine.pointAt('crank', 1);
    expect(end[0]).toBeCloseTo(0, 6);
    expect(end[1]).toBeCloseTo(10, 6);
    expect(engine.pullReadouts()[0].max).toBeCloseTo(20, 6);
  });
});
