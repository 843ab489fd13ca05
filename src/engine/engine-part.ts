// One part of a drawing (parts.ts) as the engine steps it: its model, its integrator and what the engine
// remembers of it between calls. The Engine (engine.ts) routes each call to the parts it concerns.
import type { Clock } from '../shared/clock';
import type { MovedStates } from '../shared/contract';
import { dimensionValueSchema, isDimension, setDimensionValue } from '../shared/dimensions';
import type { Drawing, Vec2 } from '../shared/drawing';
import { RESIDUAL_TOLERANCE } from '../shared/limits';
import { accepts } from '../shared/schema';
import type { EngineModel, Pull } from './build';
import { finiteMeasure } from './diagnostics';
import { SETTLE_SHAPE_WEIGHT, SETTLE_TURN_WEIGHT } from './curves/shape-drag';
import { seatContacts } from './contact-seats';
import { assembleFromFar, type AssemblyAttempt } from './integrator/far-assembly';
import { Integrator, type RunOutcome } from './integrator/integrator';
import { ShapeKeeper } from './kept-shape';
import { reseatTrappedBeads } from './integrator/trapped-beads';
import { Kinematics } from './kinematics';

/** What a part's settle did; `tried`: far-assembly.ts. */
export interface PartSettle {
  steps: number;
  done: boolean;
  tried: AssemblyAttempt[];
}

/** The latest settles and descents returned, their hidden classes kept alive (kept-shape.ts). */
const settles = new ShapeKeeper<PartSettle>();
const descents = new ShapeKeeper<{ steps: number; done: boolean }>();
const rests = new ShapeKeeper<RunOutcome>();

/** a and b hold the same values (bit for bit, as a state left alone does). */
function sameValues(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class EnginePart {
  readonly integrator: Integrator;
  /** The curves' part of the state as of the last write-back (the build's state before the first). */
  readonly reported: Float64Array;
  /**
   * Stepped (or its state set) since the last write-back: only such parts are compared and written. True at the
   * build: the first write-back stores what its reference dimensions measure (a file may hold a stale value).
   */
  touched = true;
  /** While dragged along with the grabbed part: where its pull aims relative to the cursor. */
  readonly offset = new Float64Array(2);
  /** The kinematics' scratch, made at its first use. */
  kinematicsCore: Kinematics | null = null;
  /** The state at which the attractors last came to rest (relax), or null. */
  private restedAt: Float64Array | null = null;
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
  run(start: number, budgetMs: number): RunOutcome {
    this.touched = true;
    this.integrator.refresh();
    return this.integrator.run(start, budgetMs);
  }

  /**
   * A live frame of the part's attractors (Engine.relax): drag steps with them pulling, then they rest again. Once
   * they have come to rest, frames take no step until something else moves the part (an edit, a drag): a
   * converged fit stays exactly where it stopped instead of creeping by a step under the motion tolerance each
   * frame.
   */
  relax(start: number, budgetMs: number): RunOutcome {
    const { q } = this.model;
    if (this.restedAt && sameValues(this.restedAt, q))
      return rests.keep({ steps: 0, done: true, outOfTime: false });
    this.integrator.setPulling(true);
    try {
      const outcome = this.run(start, budgetMs);
      if (outcome.done) (this.restedAt ??= new Float64Array(q.length)).set(q);
      return outcome;
    } finally {
      this.integrator.setPulling(false);
    }
  }

  /**
   * Steps with one more pull for this call only (Engine.fitOnce), as a live frame steps with the attractors:
   * until it comes to rest or the budget ends. The part's own attractors pull too; where they rested is forgotten.
   */
  pullOnce(pull: Pull, start: number, budgetMs: number): RunOutcome {
    this.model.fits.push(pull);
    this.restedAt = null;
    try {
      return this.relax(start, budgetMs);
    } finally {
      this.model.fits.pop();
      this.restedAt = null;
      this.integrator.gatherForces();
    }
  }

  /**
   * Steps until max |C| < RESIDUAL_TOLERANCE and at rest, on the settle metric: an edit's constraints are met by
   * moving and turning shapes before deforming them. A tangent contact not met starts where its curve meets it best
   * (contact-seats.ts). A part not assembled at the start is assembled from far (far-assembly.ts: the descent on a
   * leash, then — on the drag metric — continuation, restarts, the descent unleashed); `tried` names the attempts.
   */
  settle(start: number, budgetMs: number): PartSettle {
    const seated = seatContacts(this.model);
    if (!seated && this.atRest()) return settles.keep({ steps: 0, done: true, tried: [] });
    this.model.system.setSettleWeights(SETTLE_TURN_WEIGHT, SETTLE_SHAPE_WEIGHT);
    if (seated) this.integrator.restart();
    try {
      if (this.maxResidual() < RESIDUAL_TOLERANCE) {
        const { steps, done } = this.descend(start, budgetMs);
        return settles.keep({ steps, done, tried: [] });
      }
      this.touched = true;
      return assembleFromFar(
        this.model,
        this.integrator,
        (from, budget) => this.descend(from, budget),
        () => this.maxResidual(),
        start,
        budgetMs,
        RESIDUAL_TOLERANCE,
        () => {
          this.model.system.setSettleWeights(0, 0);
          this.integrator.refresh();
        },
      );
    } finally {
      // Back to the drag metric: what follows (a diagnosis, a drag) sees the drag metric, as before the settle.
      this.model.system.setSettleWeights(0, 0);
      this.integrator.refresh();
    }
  }

  /**
   * Assembled and at rest (every row exact, no force but a pull on its target): a settle takes no step on either
   * metric, so it ends here, refreshed as after a settle, without switching to the settle metric and back (which
   * recomputed the drag matrices of the curves it weighs twice, to the same values). The bench's small drags and
   * motor turns end every settle so (docs/performance.md, issue 27).
   */
  private atRest(): boolean {
    if (!(this.maxResidual() < RESIDUAL_TOLERANCE)) return false;
    this.touched = true;
    this.integrator.refresh();
    return this.integrator.still();
  }

  /** Steps until max |C| < RESIDUAL_TOLERANCE and at rest, re-seating beads trapped at an end stop if need be. */
  private descend(start: number, budgetMs: number): { steps: number; done: boolean } {
    let { steps, done } = this.run(start, budgetMs);
    if (!(done && this.maxResidual() < RESIDUAL_TOLERANCE)) {
      steps += reseatTrappedBeads(this.model, this.integrator, start, budgetMs, RESIDUAL_TOLERANCE);
      // From the best state kept: at rest already (no step) if it is assembled, else what is left of the budget.
      const now = this.clock.now();
      const rest = this.integrator.run(now, Math.max(0, budgetMs - (now - start)));
      steps += rest.steps;
      done = rest.done;
    }
    return descents.keep({ steps, done: done && this.maxResidual() < RESIDUAL_TOLERANCE });
  }

  /**
   * max |C| at the present state over the constraints as declared (stacked ones included: stacked-rows.ts), as a
   * finite number (cached until the state moves).
   */
  maxResidual(): number {
    const { residual } = this.integrator;
    const all = residual.now();
    return finiteMeasure(this.model.stacked.maxResidual(residual.c, all, this.model.q, residual.version));
  }

  grabbedPosition(): Vec2 | null {
    return this.integrator.grabbedPosition();
  }

  /**
   * This part's share of the engine's write-back (Engine.writeMoved), if it was stepped since the last one: the
   * records of its curves whose state changed, each appended to `out` (its index in the drawing and its state), and
   * every bead's s, motor's angle and reference dimension's value.
   */
  writeMoved(drawing: Drawing, out: MovedStates): void {
    if (!this.touched) return;
    this.touched = false;
    const { q, curves, curveOff, curveGlobal } = this.model;
    const { reported } = this;
    for (let c = 0; c < curves.length; c++) {
      const off = curveOff[c];
      const end = off + curves[c].size;
      let i = off;
      while (i < end && q[i] === reported[i]) i++;
      if (i === end) continue;
      const g = curveGlobal[c];
      for (let j = off; j < end; j++) {
        reported[j] = q[j];
        out.values.push(q[j]);
      }
      out.curves.push(g);
      out.offsets.push(out.values.length);
      const record = drawing.curves[g];
      if (record) curves[c].writeState(record, q, off);
    }
    this.writeConstraints(drawing);
  }

  /** Every curve's record, whatever moved (Engine.writeBack); the part's baseline is left as it was. */
  writeAll(drawing: Drawing): void {
    const { q, curves, curveOff, curveGlobal } = this.model;
    for (let c = 0; c < curves.length; c++) {
      const record = drawing.curves[curveGlobal[c]];
      if (record) curves[c].writeState(record, q, curveOff[c]);
    }
    this.writeConstraints(drawing);
  }

  /**
   * The state that lives in constraint records: beads' s, motors' angles, and what reference dimensions measure (a
   * value the record cannot hold — a length of 0 where lengths are positive — leaves the last one).
   */
  private writeConstraints(drawing: Drawing): void {
    const m = this.model;
    for (const bead of m.beads) {
      const k = drawing.constraints[bead.constraint];
      if (k && (k.kind === 'on-curve' || k.kind === 'tangent')) k.s = m.q[bead.sOff];
    }
    for (const { term, constraint } of m.motors) {
      const k = drawing.constraints[constraint];
      if (k && k.kind === 'motor') k.angle = term.angleNow(m.q);
    }
    for (const { term, constraint } of m.references) {
      const k = drawing.constraints[constraint];
      if (!k || !isDimension(k)) continue;
      const value = term.measure(m.q);
      if (accepts(dimensionValueSchema(k.kind), value)) setDimensionValue(k, value);
    }
  }
}
