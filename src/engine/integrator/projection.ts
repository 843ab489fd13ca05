// Projection onto C = 0 after a step's predictor: chord Newton iterations δ = −W Jᵀ (J W Jᵀ)⁺ C with the step's
// factorisation (the minimum W-norm correction), refactored at the present q when the chord iteration stops
// contracting fast, each iteration clipped to the step limits (docs/engine.md, "One step", 5).
import type { Clock } from '../../shared/clock';
import type { EngineModel } from '../build';
import type { ReleasedConflicts } from './conflicts';
import type { Residual } from './residual';
import type { StepLimits } from './step-limits';
import type { StateStops } from './stops';

/** Projection target: max |C| over independent rows (drawing units, radians for motors). */
export const PROJECTION_TOLERANCE = 1e-10;
const MAX_PROJECTION_ITERATIONS = 12;

export class Projection {
  /** The last run reached max |C| ≤ PROJECTION_TOLERANCE over the independent rows. */
  converged = false;
  /** max |C| over the independent rows where the last run stopped. */
  kept = 0;
  /** How far the last run moved the drawing (the largest curve displacement, summed over iterations). */
  moved = 0;
  /**
   * The last run moved some curve by more than twice its step limit. On an assembled drawing the correction is
   * second order in the step, so such a correction is a jump: toward another assembly branch, or across a
   * singular pose.
   */
  jumped = false;
  /** The last run stopped at its deadline, not converged: resume goes on from q. */
  paused = false;
  /** Per curve: how far the present run has moved it. */
  private readonly projectedBy: Float64Array;
  /** The run's loop state, kept across a pause. */
  private iteration = 0;
  private previous = Infinity;
  private refresh = false;

  constructor(
    private readonly model: EngineModel,
    private readonly q: Float64Array,
    /** The step's start, for the stops. */
    private readonly q0: Float64Array,
    /** Scratch for the correction. */
    private readonly delta: Float64Array,
    private readonly residual: Residual,
    private readonly limits: StepLimits,
    private readonly stops: StateStops,
    /** Constraints out of the exact solve. */
    private readonly conflicts: ReleasedConflicts,
    /** What the deadline is a time of. */
    private readonly clock: Clock,
  ) {
    this.projectedBy = new Float64Array(model.curves.length);
  }

  /**
   * Projects q; refreshFirst: refactor at q before the first correction. False if something turned non-finite.
   * With a deadline (a time of the engine's clock), the run pauses (`paused`) once it has passed, after at least one
   * correction: the caller keeps q aside and calls resume later. A pause is always between corrections, with q
   * the last corrected state.
   */
  run(refreshFirst: boolean, deadline = Infinity): boolean {
    this.refresh = refreshFirst;
    this.projectedBy.fill(0);
    this.converged = false;
    this.jumped = false;
    this.moved = 0;
    this.iteration = 0;
    this.previous = Infinity;
    return this.iterate(deadline);
  }

  /**
   * Goes on with a paused run from q (the state it paused at); refreshFirst: the factorisation may have been
   * replaced since (another call used the system), so refactor before the next correction.
   */
  resume(deadline: number, refreshFirst: boolean): boolean {
    if (refreshFirst) this.refresh = true;
    return this.iterate(deadline);
  }

  private iterate(deadline: number): boolean {
    let corrected = false;
    const { q, delta, residual } = this;
    const sys = this.model.system;
    const { c } = residual;
    this.paused = false;
    for (; this.iteration < MAX_PROJECTION_ITERATIONS; this.iteration++) {
      const all = residual.evaluate();
      if (!Number.isFinite(all)) return false;
      this.kept = sys.keptResidual(c, all);
      if (this.kept <= PROJECTION_TOLERANCE) {
        this.converged = true;
        return true;
      }
      if (corrected && this.clock.now() > deadline) {
        this.paused = true;
        return true;
      }
      if (this.iteration > 0 && this.kept > 0.03 * this.previous) this.refresh = true;
      if (this.refresh) {
        sys.jacobian(q);
        this.conflicts.zeroInJacobian();
        sys.factor();
        this.refresh = false;
        this.kept = sys.keptResidual(c, all);
        if (this.kept <= PROJECTION_TOLERANCE) {
          this.converged = true;
          return true;
        }
      }
      this.previous = this.kept;
      sys.correction(delta, c);
      corrected = true;
      let beta = 1;
      let moved = 0;
      const { curves } = this.model;
      const { blockOff } = sys;
      const { projectedBy } = this;
      const { limit, scale } = this.limits;
      for (let blk = 0; blk < curves.length; blk++) {
        const d = curves[blk].displacementBound(q, blockOff[blk], delta, blockOff[blk]);
        if (!Number.isFinite(d)) return false;
        if (d > moved) moved = d;
        const total = (projectedBy[blk] += d);
        if (total > 2 * limit[blk]) this.jumped = true;
        const lim = limit[blk] * scale;
        if (d > lim) beta = Math.min(beta, lim / d);
      }
      residual.stale();
      for (let i = 0; i < sys.n; i++) q[i] += beta * delta[i];
      this.moved += beta * moved;
      if (this.stops.apply(q, this.q0)) this.refresh = true;
    }
    const all = residual.evaluate();
    if (!Number.isFinite(all)) return false;
    this.kept = sys.keptResidual(c, all);
    this.converged = this.kept <= PROJECTION_TOLERANCE;
    return true;
  }
}
