// Numbers stay in range through the dynamics: whatever the cursor, after every engine call each state entry the
// file stores is finite and within ±MAX_COORDINATE, radii never become 0 (even from a denormal), and the reports and
// diagnostics are finite.
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing, type Vec2 } from '../shared/drawing';
import { MAX_COORDINATE } from '../shared/limits';
import { Engine } from './engine';
import { bezierDefinition } from './test-support/bezier-definition';
import { chain } from './test-support/drawings';
import { testClock } from '../shared/test-support/clock';

/** Every state entry of every curve: finite and within ±MAX_COORDINATE. */
function inRange(engine: Engine, drawing: Drawing): boolean {
  return drawing.curves.every((c) =>
    engine.curveState(c.id).every((v) => Number.isFinite(v) && Math.abs(v) <= MAX_COORDINATE),
  );
}

/** The radii of the drawing's circles, arcs and ellipses at the engine's present state. */
function radii(engine: Engine, drawing: Drawing): number[] {
  return drawing.curves.flatMap((c) => {
    const s = engine.curveState(c.id);
    return c.kind === 'circle' || c.kind === 'arc' ? [s[2]] : c.kind === 'ellipse' ? [s[2], s[3]] : [];
  });
}

function diagnosticsFinite(engine: Engine): boolean {
  const d = engine.diagnostics();
  return (
    Number.isFinite(d.maxResidual) &&
    Number.isFinite(d.dof) &&
    d.constraints.every((c) => Number.isFinite(c.residual) && Number.isFinite(c.tension))
  );
}

/** Frames toward `cursor` until the engine says it caught up (at most `frames`). */
function dragTo(engine: Engine, cursor: Vec2, frames = 20): void {
  for (let f = 0; f < frames; f++) if (engine.dragFrame(cursor, 50).caughtUp) return;
}

describe('a far cursor', () => {
  it('at 1e12 brings a point to the bound ±1e9, not past it', () => {
    const d = emptyDrawing();
    d.curves.push({ id: 'p', kind: 'point', at: [3, -4] });
    const engine = Engine.build(d, { clock: testClock() });
    engine.grab('p', 0);
    dragTo(engine, [1e12, -1e12]);
    const [x, y] = engine.curveState('p');
    expect(x).toBeLessThanOrEqual(MAX_COORDINATE);
    expect(x).toBeGreaterThan(MAX_COORDINATE * (1 - 1e-9));
    expect(y).toBeGreaterThanOrEqual(-MAX_COORDINATE);
    expect(y).toBeLessThan(-MAX_COORDINATE * (1 - 1e-9));
  });

  it('at 1.797e308 pulls a pinned chain straight toward it with finite tensions', () => {
    const d = chain(3);
    const engine = Engine.build(d, { clock: testClock() });
    engine.grab('b2', 1);
    const report = engine.dragFrame([1.797e308, 0], 200);
    expect(Number.isFinite(report.maxResidual)).toBe(true);
    // Already straight along +x and pinned at the origin: the chain cannot follow, it stays where it was.
    expect(report.grabbed![0]).toBeCloseTo(3, 9);
    expect(report.grabbed![1]).toBeCloseTo(0, 9);
    expect(inRange(engine, d)).toBe(true);
    const diagnostics = engine.diagnostics();
    expect(diagnosticsFinite(engine)).toBe(true);
    // The pull (clamped to 1e9 mm at k = 1) is carried by every joint alike.
    for (const c of diagnostics.constraints) expect(c.tension).toBeGreaterThan(1e8);
  });
});

describe('a denormal radius', () => {
  function denormalCircle(): Drawing {
    const d = emptyDrawing();
    d.curves.push({ id: 'c', kind: 'circle', center: [0, 0], radius: 5e-324 });
    return d;
  }

  it('never becomes 0 while the circle is dragged by its rim, in every direction', () => {
    for (const cursor of [
      [5, 0],
      [-5, 0],
      [0, 5],
      [-3, -4],
    ] as Vec2[]) {
      const d = denormalCircle();
      const engine = Engine.build(d, { clock: testClock() });
      engine.grab('c', 0);
      dragTo(engine, cursor);
      const [cx, cy, r] = engine.curveState('c');
      expect(r).not.toBe(0);
      expect(Number.isFinite(r)).toBe(true);
      // The rim point follows the cursor (the circle grows toward it, or inside out away from it).
      const rim = engine.pointAt('c', 0);
      expect(Math.hypot(rim[0] - cursor[0], rim[1] - cursor[1])).toBeLessThan(1e-6);
      expect(Number.isFinite(cx) && Number.isFinite(cy)).toBe(true);
    }
  });

  it('never becomes 0 when settling pulls the rim through the centre', () => {
    const d = denormalCircle();
    // The rim point at u = 0 is pinned to the left of the centre: the radius passes through zero.
    d.constraints.push({ id: 'k', kind: 'pin', point: { curve: 'c', u: 0 }, at: [-1, 0] });
    const engine = Engine.build(d, { clock: testClock() });
    const report = engine.settle(200);
    const [, cy, r] = engine.curveState('c');
    expect(r).not.toBe(0);
    expect(report.converged).toBe(true);
    expect(engine.pointAt('c', 0)[0]).toBeCloseTo(-1, 9);
    expect(engine.pointAt('c', 0)[1]).toBeCloseTo(0, 9);
    expect(cy).toBeCloseTo(0, 9);
  });
});

describe('a drawing with every curve kind', () => {
  function everyKind(): Drawing {
    const d = emptyDrawing();
    d.equations.push(bezierDefinition('wave'));
    d.curves.push(
      { id: 'point', kind: 'point', at: [0, 0] },
      { id: 'segment', kind: 'segment', a: [1, 0], b: [3, 1] },
      { id: 'bar', kind: 'bar', center: [5, 0], angle: 0.3, length: 2 },
      { id: 'circle', kind: 'circle', center: [10, 0], radius: 5e-324 },
      { id: 'arc', kind: 'arc', center: [15, 0], radius: 2, start: 0, sweep: 2 },
      { id: 'ellipse', kind: 'ellipse', center: [20, 0], rx: 3, ry: 1e-300, rotation: 0.2 },
      {
        id: 'bezier',
        kind: 'bezier',
        points: [
          [25, 0],
          [26, 2],
          [28, 2],
          [29, 0],
        ],
      },
      {
        id: 'spline',
        kind: 'spline',
        points: [
          [30, 0],
          [32, 1],
          [34, 0],
        ],
        closed: false,
      },
      { id: 'equation', kind: 'equation', definition: 'wave', params: {} },
    );
    d.constraints.push(
      { id: 'pin', kind: 'pin', point: { curve: 'bar', anchor: 'start' }, at: [4, -0.3] },
      { id: 'j1', kind: 'attach', a: { curve: 'bar', anchor: 'end' }, b: { curve: 'arc', u: 0 } },
      { id: 'j2', kind: 'attach', a: { curve: 'arc', anchor: 'end' }, b: { curve: 'ellipse', u: 0.5 } },
      { id: 'j3', kind: 'attach', a: { curve: 'spline', anchor: 'end' }, b: { curve: 'equation', u: 0 } },
      { id: 'bead', kind: 'on-curve', point: { curve: 'point', anchor: 'start' }, curve: 'segment', s: 0 },
      { id: 'motor', kind: 'motor', bar: 'bar', rpm: 600, angle: 0.3, running: true },
    );
    return d;
  }

  it('keeps every state entry within ±1e9 and every radius non-zero, whatever the cursor', () => {
    const d = everyKind();
    const engine = Engine.build(d, { clock: testClock() });
    engine.settle(200);
    const far: Vec2[] = [
      [1e12, 1e12],
      [-1.797e308, 5],
      [3, 1.797e308],
      [-1e12, -1e12],
    ];
    for (const curve of d.curves) {
      for (const cursor of far) {
        engine.grab(curve.id, 0.3);
        for (let f = 0; f < 3; f++) {
          const report = engine.dragFrame(cursor, 20);
          expect(Number.isFinite(report.maxResidual)).toBe(true);
          expect(inRange(engine, d)).toBe(true);
          expect(radii(engine, d).every((r) => r !== 0)).toBe(true);
        }
        engine.release();
      }
      const settled = engine.settle(50);
      expect(Number.isFinite(settled.maxResidual)).toBe(true);
      const motors = engine.advanceMotors(0.5, 50);
      expect(Number.isFinite(motors.maxResidual)).toBe(true);
      expect(inRange(engine, d)).toBe(true);
      expect(radii(engine, d).every((r) => r !== 0)).toBe(true);
      expect(diagnosticsFinite(engine)).toBe(true);
    }
    engine.writeBack(d);
    expect(JSON.stringify(d)).not.toMatch(/null|NaN|Infinity/);
  });
});
