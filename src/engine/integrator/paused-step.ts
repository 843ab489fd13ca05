// A drag or settle step whose projection reached its call's deadline (docs/engine.md, "Frames and settling"): its
// state so far and the beads it held, kept aside while q shows the step's start (every constraint exact), with what
// its acceptance still needs, until the next call carries it on. Dropped by anything that changes what the step
// was for (a grab, a release, the motors, a restart).
import type { ConstraintSystem } from '../system/system';

export class PausedStep {
  /** The step's length, its predictor's displacement, and whether every held row was exact at its start. */
  h = 0;
  predicted = 0;
  exact = false;
  private kept = false;
  /** q where the projection stopped, and the beads held there. */
  private readonly q: Float64Array;
  private readonly locks: Uint8Array;
  /** The system's revision at the pause: another call since (diagnostics, kinematics) changed J, W or the factors. */
  private revision = -1;

  constructor(private readonly sys: ConstraintSystem) {
    this.q = new Float64Array(sys.n);
    this.locks = new Uint8Array(sys.blockCount);
  }

  /** A step is kept, waiting for the next call. */
  get pending(): boolean {
    return this.kept;
  }

  /** Keeps the step paused at q (the beads the system holds with it) and what its acceptance needs. */
  keep(q: Float64Array, h: number, predicted: number, exact: boolean): void {
    this.q.set(q);
    this.sys.saveLocks(this.locks);
    this.h = h;
    this.predicted = predicted;
    this.exact = exact;
    this.revision = this.sys.revision;
    this.kept = true;
  }

  /**
   * Puts the kept step back (its state into q, its beads held again) and lets it go. True if the system changed
   * since the pause: the projection must refactor before its next correction.
   */
  resume(q: Float64Array): boolean {
    this.kept = false;
    q.set(this.q);
    this.sys.restoreLocks(this.locks);
    return this.sys.revision !== this.revision;
  }

  /** Forgets the kept step, if any. */
  drop(): void {
    this.kept = false;
  }
}
