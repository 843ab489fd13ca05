// Assembly from far (docs/engine.md, "Assembly from far"): a settle whose drawing is not assembled is a local descent
// of |C|² (the clipped, damped Newton steps of integrator.ts), and from a far start the descent can stall in a
// valley of |C|² that holds no solution, or follow one out to geometry a metre away. So the settle tries, in turn,
// while the budget lasts and until one assembles:
//   1. the descent, on a leash (leash.ts): no curve leaves the start's bounds widened by their diagonal;
//   2. continuation from the start (homotopy): the constraints asked as C(q) = (1 − t)·C(q₀) for t rising from 0
//      (met at the start) to 1 (the constraints themselves) in stages, each stage assembled by the same steps from
//      the last; a stage that fails is retried shorter. Where the path turns back (a singular pose: no shorter
//      stage assembles), the descent goes on from the last stage met. On the leash too;
//   3. restarts (scatter.ts): the descent on the leash from a few seeded starts near the start;
//   4. the descent from the start without the leash: an edit can ask for geometry far from where it is (a length
//      made 100 times longer), and that is where the constraints are met.
// A start the descent leaves assembled as far as the constraints allow (only released conflicts unmet) or out of
// time is not tried again. When no attempt assembles, the best state on the leash is kept (the least max |C|) and
// the settle says what it tried.
import type { EngineModel } from '../build';
import type { Integrator } from './integrator';
import { leashAround, outsideLeash } from './leash';
import { scatter } from './scatter';

/** What a settle tried, in order: each names one attempt above. */
export type AssemblyAttempt = 'descent' | 'continuation' | 'restarts' | 'unleashed descent';

/** The first continuation stage's share of the path, and the shortest a failed stage is retried at. */
const FIRST_STAGE = 1 / 8;
const LONGEST_STAGE = 1 / 4;
const SHORTEST_STAGE = 1 / 512;
/** The most of the continuation's budget one stage may take (a stage crawling toward a singular pose). */
const STAGE_SHARE = 1 / 8;
/** Restarts from seeded starts near the start (scatter.ts), each moved by up to this share of the drawing's size. */
const RESTARTS = 12;
const RESTART_REACH = 0.1;
/** The leash's least margin (mm): the drawing's floor size (step-limits.ts). */
const LEASH_FLOOR = 10;

/** The part's settle as it is without restarts: steps from the present state within what is left of the budget. */
export type Descent = (start: number, budgetMs: number) => { steps: number; done: boolean };

export interface FarAssembly {
  steps: number;
  /** Every constraint met (max |C| below the tolerance) and at rest. */
  done: boolean;
  tried: AssemblyAttempt[];
}

/**
 * Settles a part that is not assembled (max |C| ≥ tolerance at its start): the attempts above, each from the start,
 * within the budget (its clock started at `start`). `measure`: the part's max |C| over its constraints as
 * declared. `farMetric`: the metric the attempts after the first descent run on. The first descent, on the part's
 * settle metric (which prices shape changes so dearly that a start whose sizes are far off only creeps: an ellipse
 * through three points crept 30,000 steps to 1e-4), has half the budget; then `farMetric` is set and the descent
 * goes on from where it got (a huge drawing keeps its progress), with half of what is left, before the attempts
 * from far. Allocates copies of the state (a settle's set-up, not a step's).
 */
export function assembleFromFar(
  model: EngineModel,
  integrator: Integrator,
  descend: Descent,
  measure: () => number,
  start: number,
  budgetMs: number,
  tolerance: number,
  farMetric: () => void = () => undefined,
): FarAssembly {
  const { q } = model;
  const { conflicts, clock } = integrator;
  const from = q.slice();
  const released = conflicts.rows.slice();
  integrator.refresh();
  const leash = new Float64Array(4);
  leashAround(leash, integrator.limits.bounds, LEASH_FLOOR);
  const reach = RESTART_REACH * integrator.limits.drawingSize; // (the start's size)
  const left = () => budgetMs - (clock.now() - start);
  const met = () => measure() < tolerance;
  const tried: AssemblyAttempt[] = ['descent'];
  let steps = 0;
  integrator.leash = leash;
  try {
    const first = descend(start, budgetMs / 2);
    steps += first.steps;
    if (first.done && met()) return { steps, done: true, tried };
    if (left() > 0) {
      farMetric();
      // The rows the creeping descent released as conflicting are held again.
      conflicts.restore(released);
      integrator.restart();
      const on = descend(clock.now(), left() / 2);
      steps += on.steps;
      if (on.done && met()) return { steps, done: true, tried };
    }
    // Assembled as far as the constraints allow — every row the integrator holds exact, the rest released conflicts
    // or stacked duplicates that disagree (stacked-rows.ts) — or out of time: no restart.
    const held = conflicts.heldResidual(integrator.residual.now());
    if (held < tolerance || left() <= 0) return { steps, done: false, tried };
    const best = q.slice();
    const bestReleased = conflicts.rows.slice();
    let bestResidual = measure();
    const keep = (): void => {
      const r = measure();
      if (!(r < bestResidual)) return;
      bestResidual = r;
      best.set(q);
      conflicts.save(bestReleased);
    };
    const restart = (): void => {
      q.set(from);
      conflicts.restore(released);
      integrator.restart();
    };

    tried.push('continuation');
    restart();
    // The continuation and the descent after it: each at most half of what is left, so the later attempts have
    // their turn.
    const path = continuation(integrator, q, clock.now(), left() / 2, tolerance);
    steps += path.steps;
    if (path.done && met()) return { steps, done: true, tried };
    // The continuation stops where its path turns back (a singular pose): the descent goes on from its last stage.
    if (left() > 0) {
      const onward = descend(clock.now(), left() / 2);
      steps += onward.steps;
      if (onward.done && met()) return { steps, done: true, tried };
    }
    keep();

    // Restarts from seeded starts near this one, each a descent on the leash, with at most half of what is left.
    const restarts = clock.now() + left() / 2;
    if (left() > 0) tried.push('restarts');
    for (let k = 1; k <= RESTARTS && clock.now() < restarts; k++) {
      scatter(q, from, model, reach, k);
      conflicts.restore(released);
      integrator.restart();
      const now = clock.now();
      const again = descend(now, (restarts - now) / (RESTARTS - k + 1));
      steps += again.steps;
      if (again.done && met()) return { steps, done: true, tried };
      keep();
    }

    if (left() > 0) {
      tried.push('unleashed descent');
      restart();
      integrator.leash = null;
      const loose = descend(clock.now(), left());
      steps += loose.steps;
      if (loose.done && met()) return { steps, done: true, tried };
      if (!outsideLeash(leash, model, q, new Float64Array(4))) keep();
    }
    q.set(best);
    conflicts.restore(bestReleased);
    integrator.restart();
    return { steps, done: false, tried };
  } finally {
    integrator.leash = null;
  }
}

/**
 * Continuation from the present state: C(q) = (1 − t)·C(q₀) met for t = 0 (here) … 1 in stages, each assembled
 * by the integrator's own steps from the last; a stage that does not assemble is retried at half its length, and
 * a stage that assembles lengthens the next (up to LONGEST_STAGE). Done when t reaches 1 with every row held.
 */
function continuation(
  integrator: Integrator,
  q: Float64Array,
  start: number,
  budgetMs: number,
  tolerance: number,
): { steps: number; done: boolean } {
  const { residual, conflicts, clock } = integrator;
  residual.evaluate();
  const c0 = residual.c.slice();
  const offset = new Float64Array(c0.length);
  const stage = q.slice();
  const stageReleased = conflicts.rows.slice();
  let t = 0;
  let dt = FIRST_STAGE;
  let steps = 0;
  residual.offset = offset;
  try {
    while (t < 1) {
      const now = clock.now();
      const left = budgetMs - (now - start);
      if (left <= 0) break;
      const share = Math.min(left, budgetMs * STAGE_SHARE);
      const next = Math.min(1, t + dt);
      for (let r = 0; r < offset.length; r++) offset[r] = (1 - next) * c0[r];
      integrator.restart();
      const run = integrator.run(now, share);
      steps += run.steps;
      // A stage is met with every row held: a conflict released on the way is a stage gone wrong, not a diagnosis.
      if (run.done && conflicts.count === 0 && residual.now() < tolerance) {
        t = next;
        stage.set(q);
        dt = Math.min(2 * dt, LONGEST_STAGE);
        continue;
      }
      if (run.outOfTime === true && share === left) break;
      q.set(stage);
      conflicts.restore(stageReleased);
      dt /= 2;
      if (dt < SHORTEST_STAGE) break;
    }
  } finally {
    residual.offset = null;
    integrator.restart();
  }
  return { steps, done: t >= 1 };
}
