// What every velocity solve starts from, at the present state (docs/engine.md, "One step", 1–2): the integrator's
// steps and the diagnostics prepare with the drawing's forces, the kinematics with none. One function, so the
// kinematics' factorisation is the one the next step would make, and that step may keep it (SolvePreparation).
import type { ForceTerm } from '../forces/force';
import type { ConstraintSystem } from '../system/system';
import type { ReleasedConflicts } from './conflicts';

/**
 * Everything a velocity solve needs at q but the factorisation, for a step of length h: no bead held, J at q,
 * Q = Σ forces and W = (M + h·K̃)⁻¹ with the forces' stiffness in the blocks they act on (the others keep their
 * base W). False if a stiffened block is not positive definite (W is then not usable).
 */
export function prepareMetric(
  sys: ConstraintSystem,
  q: Float64Array,
  Q: Float64Array,
  forces: readonly ForceTerm[],
  h: number,
): boolean {
  sys.unlockAll();
  sys.jacobian(q); // first: the released conflicts' force reads it
  Q.fill(0);
  for (const f of forces) f.addForce(Q, q);
  sys.markForced(forces);
  sys.computeDrag();
  for (const f of forces) f.addStiffness(sys, q, h);
  return sys.invertDrag();
}

/** The integrator's preparation of its solves, and the factorisation it may adopt from the kinematics. */
export class SolvePreparation {
  /** The state and system revision a factorisation was adopted at (adopt); revision −1: none. */
  private readonly adoptedQ: Float64Array;
  private adoptedRevision = -1;
  private adoptedSpd = true;

  constructor(
    private readonly sys: ConstraintSystem,
    private readonly q: Float64Array,
    private readonly Q: Float64Array,
    /** Their rows are taken out of J before each factorisation. */
    private readonly conflicts: ReleasedConflicts,
  ) {
    this.adoptedQ = new Float64Array(sys.n);
  }

  /**
   * prepareMetric with the forces acting, then J W Jᵀ factored without the released conflicts' rows — or the
   * adopted factorisation kept, if it still holds. False if a stiffened block is not positive definite.
   */
  solve(forces: readonly ForceTerm[], h: number): boolean {
    if (this.keepsAdopted(forces)) {
      this.Q.fill(0);
      return this.adoptedSpd;
    }
    const spd = this.metric(forces, h);
    this.conflicts.zeroInJacobian();
    this.sys.factor();
    return spd;
  }

  /** prepareMetric with the forces acting: Q, W and J at the present state (what diagnostics reads). */
  metric(forces: readonly ForceTerm[], h: number): boolean {
    return prepareMetric(this.sys, this.q, this.Q, forces, h);
  }

  /**
   * The system's J, W and factorisation are what solve would make of the present state, and its W was SPD as
   * `spd` says: the engine's kinematics just made them (prepareMetric with no force, then factor). With no force
   * and no released conflict — what solve would then add — the next solve keeps them if neither the state nor the
   * system has changed since: an analysis sample's kinematics and the step after it share one factorisation. One
   * use.
   */
  adopt(forces: readonly ForceTerm[], spd: boolean): void {
    if (forces.length > 0 || this.conflicts.count > 0) return;
    this.adoptedQ.set(this.q);
    this.adoptedRevision = this.sys.revision;
    this.adoptedSpd = spd;
  }

  private keepsAdopted(forces: readonly ForceTerm[]): boolean {
    const revision = this.adoptedRevision;
    this.adoptedRevision = -1;
    if (revision !== this.sys.revision || forces.length > 0 || this.conflicts.count > 0) return false;
    const { q, adoptedQ } = this;
    for (let i = 0; i < q.length; i++) if (q[i] !== adoptedQ[i]) return false;
    return true;
  }
}
