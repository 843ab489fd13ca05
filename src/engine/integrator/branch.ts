// The branch a mechanism came along, for its singular poses (docs/engine.md, "Singular poses: the branch it came
// from"). At a change point (a parallelogram with every link in line) or any pose where a row of J turns dependent,
// the velocity solve no longer says which way the mechanism goes on: the constrained motions there span both
// branches' tangents, and the least-drag one is a mix of them that the projection sends to either. So a step that
// starts at such a pose predicts with J at the start of the last step that did not (a pose of the branch it came
// along, a step or less behind): that J's motions are the branch's tangent, so the predicted pose continues it and
// the projection — refactored at the predicted pose, where every row is independent again — lands on it.
import type { EngineModel } from '../build';
import type { ConstraintSystem } from '../system/system';
import type { ReleasedConflicts } from './conflicts';
import type { StepLimits } from './step-limits';

export class BranchReference {
  /** The start of the last accepted step that was not singular, and how many rows its factorisation dropped. */
  private readonly q: Float64Array;
  private dropped = 0;
  private has = false;
  /** Scratch: the present state less the reference. */
  private readonly diff: Float64Array;

  constructor(
    private readonly model: EngineModel,
    private readonly limits: StepLimits,
  ) {
    this.q = new Float64Array(model.system.n);
    this.diff = new Float64Array(model.system.n);
  }

  /**
   * Whether a step whose factorisation at its start dropped `dropped` rows starts at a singular pose: more rows
   * dependent than at the reference (a permanent redundancy is not a singularity), or, with no reference yet (a
   * drawing built at its change point), any.
   */
  singular(dropped: number): boolean {
    return this.has ? dropped > this.dropped : dropped > 0;
  }

  /**
   * J at the reference, without the released conflicts' rows, factored (W and the forces as prepared at q): the
   * step's velocity solve then moves along the branch the mechanism came on. False, nothing changed, when there is
   * no reference within two step limits of q (the same bound as a jump's).
   */
  linearise(sys: ConstraintSystem, q: Float64Array, conflicts: ReleasedConflicts): boolean {
    if (!this.has || !this.near(q)) return false;
    sys.jacobian(this.q);
    conflicts.zeroInJacobian();
    sys.factor();
    return true;
  }

  /**
   * An accepted step started at q0 with `dropped` rows dropped there: the new reference unless that start was
   * singular (the reference then stays the last pose before the singular one).
   */
  accepted(q0: Float64Array, dropped: number, singular: boolean): void {
    if (singular && this.has) return;
    this.q.set(q0);
    this.dropped = dropped;
    this.has = true;
  }

  /** The state or the rows held exact were changed from outside: what came before tells nothing. */
  clear(): void {
    this.has = false;
  }

  private near(q: Float64Array): boolean {
    const { diff } = this;
    const { curves, system } = this.model;
    const { blockOff } = system;
    const { limit } = this.limits;
    for (let i = 0; i < q.length; i++) diff[i] = q[i] - this.q[i];
    for (let blk = 0; blk < curves.length; blk++) {
      const d = curves[blk].displacementBound(this.q, blockOff[blk], diff, blockOff[blk]);
      if (!(d <= 2 * limit[blk])) return false;
    }
    return true;
  }
}
