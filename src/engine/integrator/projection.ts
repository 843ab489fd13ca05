// Projection onto C = 0 after a step's predictor: chord Newton iterations δ = −W Jᵀ (J W Jᵀ)⁺ C with the step's
// factorisation (the minimum W-norm correction), refactored at the present q when the chord iteration stops
// contracting fast, each iteration clipped to the step limits (docs/engine.md, "One step", 5).
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
  /** Per curve: how far the present run has moved it. */
  private readonly projectedBy: Float64Array;

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
  ) {
    this.projectedBy = new Float64Array(model.curves.length);
  }

  /** Projects q; refreshFirst: refactor at q before the first correction. False if something turned non-finite. */
  run(refreshFirst: boolean): boolean {
    const { q, delta, residual } = this;
    const sys = this.model.system;
    const { c } = residual;
    let refresh = refreshFirst;
    this.projectedBy.fill(0);
    this.converged = false;
    this.jumped = false;
    this.moved = 0;
    let previous = Infinity;
    for (let it = 0; it < MAX_PROJECTION_ITERATIONS; it++) {
      const all = residual.evaluate();
      if (!Number.isFinite(all)) return false;
      this.kept = sys.keptResidual(c, all);
      if (this.kept <= PROJECTION_TOLERANCE) {
        this.converged = true;
        return true;
      }
      if (it > 0 && this.kept > 0.03 * previous) refresh = true;
      if (refresh) {
        sys.jacobian(q);
        this.conflicts.zeroInJacobian();
        sys.factor();
        refresh = false;
        this.kept = sys.keptResidual(c, all);
        if (this.kept <= PROJECTION_TOLERANCE) {
          this.converged = true;
          return true;
        }
      }
      previous = this.kept;
      sys.correction(delta, c);
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
      if (this.stops.apply(q, this.q0)) refresh = true;
    }
    const all = residual.evaluate();
    if (!Number.isFinite(all)) return false;
    this.kept = sys.keptResidual(c, all);
    this.converged = this.kept <= PROJECTION_TOLERANCE;
    return true;
  }
}
