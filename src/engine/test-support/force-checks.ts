// What the fit forces' tests share (forces/data-fit.test.ts, forces/edge-fit.test.ts, the snakes on images): one
// curve of every kind, the fitted-curve records of a model's curves, the check that a force is minus its energy's
// gradient, and the engine's own steps run with a force until they stop.
import { expect } from 'vitest';
import type { Curve } from '../../shared/drawing';
import { testClock } from '../../shared/test-support/clock';
import type { EngineModel } from '../build';
import type { FittedCurve } from '../forces/data-fit';
import type { ForceTerm } from '../forces/force';
import { Integrator } from '../integrator/integrator';

/** One curve of each kind a fit takes, about (5, 5) and some 30 mm across. */
export const FIT_KINDS: Curve[] = [
  { kind: 'segment', id: 's', a: [0, 0], b: [30, 10] },
  { kind: 'arc', id: 'a', center: [5, 5], radius: 12, start: 0.3, sweep: 2.2 },
  { kind: 'circle', id: 'c', center: [5, 5], radius: 12 },
  { kind: 'ellipse', id: 'e', center: [5, 5], rx: 15, ry: 8, rotation: 0.4 },
  {
    kind: 'bezier',
    id: 'b',
    points: [
      [0, 0],
      [10, 20],
      [25, -10],
      [35, 5],
    ],
  },
  {
    kind: 'spline',
    id: 'p',
    points: [
      [0, 0],
      [10, 12],
      [20, -3],
      [32, 6],
      [40, 0],
    ],
    closed: false,
  },
];

/** The model's curves `ids` as a fit lays them out. */
export function fittedCurves(model: EngineModel, ids: string[]): FittedCurve[] {
  return ids.map((id) => {
    const block = model.curveIndex.get(id)!;
    return { model: model.curves[block], block, qOff: model.curveOff[block] };
  });
}

/**
 * Checks that `force`'s generalised force at q is minus the central difference of its energy, entry by entry (to
 * `digits` decimals), and that it is not zero. q is left as it was.
 */
export function expectForceIsMinusGradient(force: ForceTerm, q: Float64Array, digits = 4, h = 1e-6): void {
  const Q = new Float64Array(q.length);
  force.addForce(Q, q);
  for (let j = 0; j < q.length; j++) {
    const keep = q[j];
    q[j] = keep + h;
    const up = force.energy(q);
    q[j] = keep - h;
    const down = force.energy(q);
    q[j] = keep;
    const gradient = (up - down) / (2 * h);
    expect(Q[j], `entry ${j}`).toBeCloseTo(-gradient, digits);
  }
  expect(Q.some((v) => Math.abs(v) > 1e-3)).toBe(true);
}

/**
 * The engine's own steps with `force` acting (added to the model's fits), until they stop (as a settle runs them);
 * the steps taken. Throws if they do not stop within `calls` calls of 20 (test-clock) ms.
 */
export function settleWith(model: EngineModel, force: ForceTerm, calls = 40): number {
  model.fits.push({ term: force, attractor: 0 });
  const integrator = new Integrator(model, testClock());
  integrator.setPulling(true);
  let steps = 0;
  for (let call = 0; call < calls; call++) {
    const outcome = integrator.run(integrator.clock.now(), 20);
    steps += outcome.steps;
    if (outcome.done) return steps;
  }
  throw new Error(`the force did not come to rest in ${steps} steps`);
}
