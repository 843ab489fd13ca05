// One part of a drawing (parts.ts) as the engine steps it: its model, its integrator and what the engine
// remembers of it between calls. The Engine (engine.ts) routes each call to the parts it concerns.
import type { Clock } from '../shared/clock';
import type { Vec2 } from '../shared/drawing';
import { RESIDUAL_TOLERANCE } from '../shared/limits';
import type { EngineModel } from './build';
import { finiteMeasure } from './diagnostics';
import { Integrator } from './integrator/integrator';
import { reseatTrappedBeads } from './integrator/trapped-beads';
import { Kinematics } from './kinematics';

export class EnginePart {
  readonly integrator: Integrator;
  /** The curves' part of the state as of the last movedCurves call (the build's state before the first). */
  readonly reported: Float64Array;
  /** Stepped (or its state set) since the last movedCurves call: only such parts are compared. */
  touched = false;
  /** While dragged along with the grabbed part: where its pull aims relative to the cursor. */
  readonly offset = new Float64Array(2);
  /** The kinematics' scratch, made at its first use. */
  kinematicsCore: Kinematics | null = null;
  /** A running motor drives this part (a motor's running is fixed at build). */
  readonly driven: boolean;

  constructor(
    readonly model: EngineModel,
    private readonly clock: Clock,
  ) {
    this.integrator = new Integrator(model, clock);
    this.driven = model.motors.some((m) => m.term.running);
    this.reported = model.q.slice(0, model.system.n - model.beads.length);
  }

  /** Drag or settle steps until at rest or out of budget (the budget's clock started at `start`). */
  run(start: number, budgetMs: number): { steps: number; done: boolean; outOfTime?: true } {
    this.touched = true;
    this.integrator.refresh();
    return this.integrator.run(start, budgetMs);
  }

  /** Steps until max |C| < RESIDUAL_TOLERANCE and at rest, re-seating beads trapped at an end stop if need be. */
  settle(start: number, budgetMs: number): { steps: number; done: boolean } {
    let { steps, done } = this.run(start, budgetMs);
    if (!(done && this.maxResidual() < RESIDUAL_TOLERANCE)) {
      steps += reseatTrappedBeads(this.model, this.integrator, start, budgetMs, RESIDUAL_TOLERANCE);
      // From the best state kept: at rest already (no step) if it is assembled, else what is left of the budget.
      const now = this.clock.now();
      const rest = this.integrator.run(now, Math.max(0, budgetMs - (now - start)));
      steps += rest.steps;
      done = rest.done;
    }
    return { steps, done: done && this.maxResidual() < RESIDUAL_TOLERANCE };
  }

  /** max |C| at the present state, as a finite number (cached until the state moves). */
  maxResidual(): number {
    return finiteMeasure(this.integrator.residual.now());
  }

  grabbedPosition(): Vec2 | null {
    return this.integrator.grabbedPosition();
  }

  /** The global indices of this part's curves whose state changed since the last call, appended to `out`. */
  collectMoved(out: number[]): void {
    if (!this.touched) return;
    this.touched = false;
    const { q, curves, curveOff, curveGlobal } = this.model;
    const { reported } = this;
    for (let c = 0; c < curves.length; c++) {
      const end = curveOff[c] + curves[c].size;
      let moved = false;
      for (let i = curveOff[c]; i < end; i++) {
        if (q[i] !== reported[i]) {
          reported[i] = q[i];
          moved = true;
        }
      }
      if (moved) out.push(curveGlobal[c]);
    }
  }
}
