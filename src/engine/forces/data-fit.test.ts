// Data fitting as a force (issue 30): its force is minus its energy's gradient for every curve kind (finite
// differences), and run by the engine's own steps it reaches the optimum SciPy finds — with a constraint kept exact
// — and shrugs off outliers with the Huber loss.
import { spawnSync } from 'node:child_process';
import { seededRandom as random } from '../../shared/test-support/random';
import { describe, expect, it } from 'vitest';
import type { Constraint, Curve, Drawing, Vec2 } from '../../shared/drawing';
import { emptyDrawing } from '../../shared/drawing';
import { buildModel, type EngineModel } from '../build';
import {
  expectForceIsMinusGradient,
  FIT_KINDS,
  fittedCurves,
  settleWith,
} from '../test-support/force-checks';
import { DataFit, type FitLoss } from './data-fit';
import { Engine } from '../engine';
import { outlinePoints, roundedPolygon } from '../test-support/outline';
import { testClock } from '../../shared/test-support/clock';

function drawing(curves: Curve[], constraints: Constraint[] = []): Drawing {
  return { ...emptyDrawing(), curves, constraints };
}

/** A fit of `points` to the model's curves `ids`. */
function fitOf(model: EngineModel, ids: string[], points: Vec2[], loss: FitLoss, stiffness = 1): DataFit {
  return new DataFit(fittedCurves(model, ids), Float64Array.from(points.flat()), null, stiffness, loss);
}

/** Points scattered about `at` within `spread`. */
function scatter(rng: () => number, count: number, at: Vec2, spread: number): Vec2[] {
  return Array.from({ length: count }, () => [
    at[0] + spread * (rng() * 2 - 1),
    at[1] + spread * (rng() * 2 - 1),
  ]);
}

describe('DataFit: the force is minus the gradient of the energy', () => {
  it.each(
    FIT_KINDS.flatMap((c) => (['squared', 'huber'] as const).map((loss) => [c.kind, loss, c] as const)),
  )('%s, %s loss', (_kind, loss, curve) => {
    const model = buildModel(drawing([curve]));
    const fit = fitOf(model, [curve.id], scatter(random(7), 25, [12, 5], 20), loss, 0.7);
    const q = model.q;
    // A step's start: places the points and (Huber) chooses δ, which the energy then keeps.
    fit.addStiffness({ addGram: () => undefined }, q, 1);
    expectForceIsMinusGradient(fit, q);
  });
});

/** SciPy's optimum for `problem` (test/support/fit-reference.py). */
function reference(problem: string, points: Vec2[], start: number[]): { cx: number; cy: number; r: number } {
  const run = spawnSync('/usr/bin/python3', ['test/support/fit-reference.py'], {
    input: JSON.stringify({ problem, points, start }),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`fit-reference.py failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as { cx: number; cy: number; r: number };
}

/** Noisy samples of the circle (cx, cy, r) over [from, to] radians. */
function noisyCircle(
  rng: () => number,
  n: number,
  c: Vec2,
  r: number,
  noise: number,
  from = 0,
  to = 2 * Math.PI,
) {
  return Array.from({ length: n }, (_, i): Vec2 => {
    const t = from + ((to - from) * (i + 0.5)) / n;
    const rr = r + noise * (rng() * 2 - 1);
    return [c[0] + rr * Math.cos(t), c[1] + rr * Math.sin(t)];
  });
}

describe('DataFit run by the engine: the optimum, with the constraints exact', () => {
  it('a circle fitted to noisy points reaches the least-squares circle SciPy finds', () => {
    const points = noisyCircle(random(3), 40, [20, 10], 15, 0.8);
    const model = buildModel(drawing([{ kind: 'circle', id: 'c', center: [14, 16], radius: 9 }]));
    const steps = settleWith(model, fitOf(model, ['c'], points, 'squared'));
    const [cx, cy, r] = model.q.subarray(0, 3);
    const want = reference('circle', points, [14, 16, 9]);
    expect(steps).toBeGreaterThan(1);
    expect(Math.hypot(cx - want.cx, cy - want.cy)).toBeLessThan(1e-6);
    expect(Math.abs(r - want.r)).toBeLessThan(1e-6);
  });

  it('tangent to a pinned line and fitted: the constrained optimum, the tangency exact', () => {
    // The data lie on a circle that does not touch y = 0; the fit must keep touching it.
    const points = noisyCircle(random(11), 30, [40, -18], 12, 0.5, 0.5, 5.5);
    const model = buildModel(
      drawing(
        [
          { kind: 'segment', id: 'line', a: [0, 0], b: [100, 0] },
          { kind: 'circle', id: 'c', center: [35, -10], radius: 10 },
        ],
        [
          { kind: 'pin', id: 'k1', point: { curve: 'line', anchor: 'start' }, at: [0, 0] },
          { kind: 'pin', id: 'k2', point: { curve: 'line', anchor: 'end' }, at: [100, 0] },
          { kind: 'tangent', id: 'k3', curves: ['line', 'c'], s: 0.25 },
        ],
      ),
    );
    settleWith(model, fitOf(model, ['c'], points, 'squared'));
    const off = model.curveOff[model.curveIndex.get('c')!];
    const [cx, cy, r] = model.q.subarray(off, off + 3);
    const want = reference('circle-on-line', points, [35, -10, 10]);
    expect(Math.abs(cy + r)).toBeLessThan(1e-9); // resting on y = 0
    expect(Math.hypot(cx - want.cx, cy - want.cy)).toBeLessThan(1e-6);
    expect(Math.abs(r - want.r)).toBeLessThan(1e-6);
  });

  it('Huber: outliers move the circle far less than with squares', () => {
    const rng = random(5);
    const clean = noisyCircle(rng, 40, [0, 0], 20, 0.2);
    const outliers: Vec2[] = [
      [45, 5],
      [40, 12],
      [44, -6],
      [38, 0],
    ];
    const error = (loss: FitLoss) => {
      const model = buildModel(drawing([{ kind: 'circle', id: 'c', center: [2, 1], radius: 18 }]));
      const fit = fitOf(model, ['c'], [...clean, ...outliers], loss);
      settleWith(model, fit);
      const [cx, cy, r] = model.q.subarray(0, 3);
      return { centre: Math.hypot(cx, cy), radius: Math.abs(r - 20), readout: fit.measure(model.q) };
    };
    const squared = error('squared');
    const huber = error('huber');
    expect(squared.centre).toBeGreaterThan(1.5);
    expect(huber.centre).toBeLessThan(0.3 * squared.centre);
    expect(huber.radius).toBeLessThan(0.3 * squared.radius);
    // The readout names an outlier as the worst point.
    expect(huber.readout.worst).toBeGreaterThanOrEqual(clean.length);
    expect(huber.readout.max).toBeGreaterThan(15);
  });
});

describe('DataFit on an outline of attached curves', () => {
  it('an 8-curve outline fitted to 200 noisy points comes to rest within 300 steps, at the noise', () => {
    // A square with rounded corners, 4 arcs and 4 segments attached, fitted to a slightly bigger, rounder, turned
    // one: a point springs to its own curve from its last place, and the stiffness follows the distance's own
    // curvature along the curve (not a spring fixed at u), so the fit does not creep (it took 47,162 steps).
    const shape = { sides: 4, center: [0, 0] as Vec2, radius: 30, rounding: 6, rotation: 0 };
    const { curves, constraints } = roundedPolygon(shape);
    const data = { ...shape, center: [1, -0.5] as Vec2, radius: 31, rounding: 7, rotation: 0.03 };
    const d: Drawing = {
      ...drawing(curves, constraints),
      pointSets: [{ id: 'scan', name: 'Scan', points: outlinePoints(data, 200, 0.1, random(3)) }],
      attractors: [
        {
          id: 'fit',
          kind: 'points',
          on: true,
          strength: 1,
          curves: curves.map((c) => c.id),
          data: 'scan',
          loss: 'squared',
        },
      ],
    };
    const engine = Engine.build(d, { clock: testClock() });
    expect(engine.settle().converged).toBe(true);
    let steps = 0;
    let rested = false;
    while (!rested && steps <= 300) {
      const frame = engine.relax(6);
      steps += frame.steps;
      rested = frame.caughtUp;
    }
    expect(rested).toBe(true);
    expect(steps).toBeLessThanOrEqual(300);
    expect(engine.diagnostics().maxResidual).toBeLessThan(1e-9);
    // The noise is uniform in ±0.1 mm (RMS 0.0577): the fit is within it.
    expect(engine.pullReadouts()[0].rms).toBeLessThan(0.058);
  });
});
