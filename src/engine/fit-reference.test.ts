// Fits against an independent reference (issue 30, "Correctness"): points sampled from an ellipse, a Bézier and an
// equation curve with free parameters, with Gaussian noise and 10% outliers. The engine's squared fit — a drawing's
// attractor, run by Engine.relax until it rests — matches the orthogonal-distance least squares SciPy computes over
// the curve's parameters and every point's curve parameter (test/support/fit-reference.py, from the engine's own
// start) to 1e-6 mm; the Huber fit stays within the noise of the true curve, where the squared fit does not.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  emptyDrawing,
  type Curve,
  type Drawing,
  type EquationDefinition,
  type FitLoss,
  type Vec2,
} from '../shared/drawing';
import { testClock } from '../shared/test-support/clock';
import { seededRandom } from '../shared/test-support/random';
import { buildModel } from './build';
import { Engine } from './engine';
import { DataFit } from './forces/data-fit';
import { fittedCurves } from './test-support/force-checks';

/** Gaussian noise σ (mm), and how far the outliers are thrown (mm, all one way: +y). */
const SIGMA = 0.05;
const OUTLIER_FROM = 3;
const OUTLIER_TO = 5;

interface Case {
  kind: 'ellipse' | 'bezier' | 'parabola';
  /** The true curve, and where the fit starts (the same curve id). */
  truth: Curve;
  start: Curve;
  /** The start's state, as the reference is given it. */
  startParams: number[];
  points: number;
  /**
   * What is compared with SciPy: the parameters, or — a Bézier, whose ends may slide along the data's trend at no
   * cost where no point is near them (the same cubic over a longer or shorter stretch) — each point's distance.
   */
  compare: 'params' | 'distances';
}

const parabola: EquationDefinition = {
  id: 'parabola',
  name: 'Parabola',
  x: 'u',
  y: 'a*u^2 + b*u + c',
  u0: -10,
  u1: 10,
  closed: false,
  params: [
    { name: 'a', value: 0, free: true },
    { name: 'b', value: 0, free: true },
    { name: 'c', value: 0, free: true },
  ],
};

const CASES: Case[] = [
  {
    kind: 'ellipse',
    truth: { kind: 'ellipse', id: 'e', center: [10, 5], rx: 20, ry: 11, rotation: 0.3 },
    start: { kind: 'ellipse', id: 'e', center: [8, 7], rx: 17, ry: 13, rotation: 0.1 },
    startParams: [8, 7, 17, 13, 0.1],
    points: 80,
    compare: 'params',
  },
  {
    kind: 'bezier',
    truth: {
      kind: 'bezier',
      id: 'b',
      points: [
        [0, 0],
        [10, 20],
        [25, -10],
        [35, 5],
      ],
    },
    start: {
      kind: 'bezier',
      id: 'b',
      points: [
        [1, 1],
        [12, 15],
        [22, -6],
        [34, 3],
      ],
    },
    startParams: [1, 1, 12, 15, 22, -6, 34, 3],
    points: 60,
    compare: 'distances',
  },
  {
    kind: 'parabola',
    truth: { kind: 'equation', id: 'q', definition: 'parabola', params: { a: 0.15, b: -0.5, c: 2 } },
    start: { kind: 'equation', id: 'q', definition: 'parabola', params: { a: 0.1, b: 0, c: 0 } },
    startParams: [0.1, 0, 0],
    points: 60,
    compare: 'params',
  },
];

function drawingOf(curve: Curve): Drawing {
  return { ...emptyDrawing(), curves: [structuredClone(curve)], equations: [parabola] };
}

/** n points evenly along the curve's parameter (not at its very ends). */
function sample(curve: Curve, n: number): Vec2[] {
  const engine = Engine.build(drawingOf(curve), { clock: testClock() });
  return Array.from({ length: n }, (_, i) => engine.pointAt(curve.id, (i + 0.5) / n));
}

/** The truth's samples with Gaussian noise (Box–Muller), every tenth thrown OUTLIER_FROM…OUTLIER_TO mm along +y. */
function noisy(truth: Vec2[], seed: number): Vec2[] {
  const rng = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  return truth.map(([x, y], i) => {
    const out = i % 10 === 5 ? OUTLIER_FROM + (OUTLIER_TO - OUTLIER_FROM) * rng() : 0;
    return [x + SIGMA * gauss(), y + SIGMA * gauss() + out];
  });
}

/** The engine's fit of `start` to the points, run by Engine.relax to rest: the fitted drawing. */
function engineFit(
  start: Curve,
  points: Vec2[],
  loss: FitLoss,
): { drawing: Drawing; state: number[]; distances: number[] } {
  const drawing: Drawing = {
    ...drawingOf(start),
    pointSets: [{ id: 'data', name: 'Data', points }],
    attractors: [
      { id: 'fit', kind: 'points', on: true, strength: 1, curves: [start.id], data: 'data', loss },
    ],
  };
  const engine = Engine.build(drawing, { clock: testClock() });
  engine.settle();
  let rested = false;
  for (let frame = 0; frame < 2000 && !rested; frame++) rested = engine.relax(6).caughtUp;
  if (!rested) throw new Error(`the ${loss} fit of ${start.kind} did not come to rest in 2000 frames`);
  engine.writeBack(drawing);
  return { drawing, state: engine.curveState(start.id), distances: distancesTo(drawing, start.id, points) };
}

/** Each point's distance to the drawing's curve `id` (its nearest point, by the fit's own search). */
function distancesTo(drawing: Drawing, id: string, points: Vec2[]): number[] {
  const model = buildModel({ ...drawing, attractors: undefined, pointSets: undefined });
  const curves = fittedCurves(model, [id]);
  return points.map((p) => {
    const one = new DataFit(curves, Float64Array.from(p), null, 1, 'squared');
    one.place(model.q, 'all');
    return one.measure(model.q).max;
  });
}

interface Reference {
  params: number[];
  cost: number;
  distances: number[];
}

function scipy(kind: Case['kind'], points: Vec2[], start: number[]): Reference {
  const run = spawnSync('/usr/bin/python3', ['test/support/fit-reference.py'], {
    input: JSON.stringify({ problem: 'odr', curve: kind, points, start }),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`fit-reference.py failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Reference;
}

const rms = (values: number[]) => Math.sqrt(values.reduce((s, v) => s + v * v, 0) / values.length);

describe('fits against SciPy and the truth, with noise and 10% outliers', () => {
  it.each(CASES)(
    '$kind: the squared fit is SciPy’s optimum to 1e-6 mm; Huber’s stays within the noise',
    (c) => {
      const truth = sample(c.truth, c.points);
      const points = noisy(truth, 17);
      const squared = engineFit(c.start, points, 'squared');
      const want = scipy(c.kind, points, c.startParams);
      // The same minimum: the objective, and the parameters (or, for the Bézier, every point's distance).
      const cost = squared.distances.reduce((s, r) => s + r * r, 0);
      expect(Math.abs(cost - want.cost)).toBeLessThan(1e-9 * (1 + want.cost));
      if (c.compare === 'params')
        squared.state.forEach((v, j) =>
          expect(Math.abs(v - want.params[j]), `parameter ${j}`).toBeLessThan(1e-6),
        );
      else
        squared.distances.forEach((r, i) =>
          expect(Math.abs(r - want.distances[i]), `point ${i}`).toBeLessThan(1e-6),
        );

      // Against the truth: how far the true curve is from each fit.
      const truthFine = sample(c.truth, 200);
      const huber = engineFit(c.start, points, 'huber');
      const offHuber = rms(distancesTo(huber.drawing, c.start.id, truthFine));
      const offSquared = rms(distancesTo(squared.drawing, c.start.id, truthFine));
      expect(offHuber).toBeLessThan(SIGMA);
      expect(offSquared).toBeGreaterThan(3 * SIGMA);
    },
  );
});
