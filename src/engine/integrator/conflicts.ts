// Released conflicts (docs/engine.md, "One step", 7): when the independent rows are exact and a dependent row is
// not, the drawing is assembled as far as it can be and the constraints owning those rows conflict. They are
// released for the engine's life (an edit builds a new engine): taken out of the exact solve (their rows of J
// zeroed before each factorisation) and kept as a spring instead, energy ½ κ Σ C_r² over their rows — least
// squares — so the drawing stays as close to them as it can and moves freely otherwise.
//
// Why: such a dependency often holds only at this pose (a bar as long as the span it closes lies along it). Left in
// the exact solve, the first step off the pose made the row independent again, the drawing went back to assembling,
// crawling toward a pose it cannot reach, and froze under the mouse. Why whole constraints, not single rows: the
// conflict's direction turns with the drawing (an attachment 5 mm short, turned 90°, is short in y, not in x); a
// constraint's rows together, as a spring, hold its misfit's size whatever the direction.
import type { ForceTerm, StiffnessSink } from '../forces/force';
import { maxAbsOutside, type ConstraintSystem } from '../system/system';
import { PROJECTION_TOLERANCE } from './projection';
import type { Residual } from './residual';

/** κ: the released constraints' stiffness, in the mouse spring's units (force per mm). */
export const CONFLICT_STIFFNESS = 1;
/** A row counts as exact up to this (the step's own test: the projection's tolerance with a margin). */
const EXACT = PROJECTION_TOLERANCE * 10;

export class ReleasedConflicts implements ForceTerm {
  /** 1 for the rows of the released constraints. */
  readonly rows: Uint8Array;
  count = 0;
  /** Scratch: −κ C on the released rows, 0 elsewhere. */
  private readonly y: Float64Array;

  constructor(
    private readonly sys: ConstraintSystem,
    /** C at the integrator's state (the q every call receives). */
    private readonly residual: Residual,
  ) {
    this.rows = new Uint8Array(sys.rows);
    this.y = new Float64Array(sys.rows);
  }

  /**
   * With the last factorisation at the present state: if the rows it kept are exact and some row it dropped is
   * not, releases the constraints owning those rows. True if any was released (the factorisation is then stale).
   * Not while a bead is held at an end stop: its rows are dependent because of the stop (its W is 0), which the
   * next step may leave.
   */
  releaseAtConflict(): boolean {
    const { sys, residual, rows } = this;
    if (sys.droppedCount === 0 || sys.anyLocked()) return false;
    const { c } = residual;
    if (sys.keptResidual(c, residual.now()) > EXACT) return false;
    let released = false;
    for (let r = 0; r < sys.rows; r++) {
      if (!sys.dropped[r] || rows[r] || !(Math.abs(c[r]) > EXACT)) continue;
      const t = sys.rowTerm[r];
      for (let s = sys.rowStart[t]; s < sys.rowStart[t + 1]; s++) rows[s] = 1;
      this.count += sys.rowStart[t + 1] - sys.rowStart[t];
      released = true;
    }
    return released;
  }

  /** Copies the released rows into `out` (a save point: trapped-beads.ts tries several starts from one state). */
  save(out: Uint8Array): void {
    out.set(this.rows);
  }

  /** Back to a save point. The integrator's forces must then be gathered again (Integrator.restart). */
  restore(saved: Uint8Array): void {
    this.rows.set(saved);
    let count = 0;
    for (let r = 0; r < saved.length; r++) count += saved[r];
    this.count = count;
  }

  /** Takes the released rows out of the exact solve: after each Jacobian, before its factorisation. */
  zeroInJacobian(): void {
    if (this.count > 0) this.sys.zeroRows(this.rows);
  }

  /** max |C| over the rows not released (`all`, max |C| over every row, while none is). */
  heldResidual(all: number): number {
    return this.count === 0 ? all : maxAbsOutside(this.residual.c, this.rows);
  }

  /** Q += −κ Jᵀ C over the released rows. J must be current at q (the integrator computes it first). */
  addForce(Q: Float64Array): void {
    const { y, rows } = this;
    const { c } = this.residual;
    this.residual.now();
    for (let r = 0; r < y.length; r++) y[r] = rows[r] ? -CONFLICT_STIFFNESS * c[r] : 0;
    this.sys.multiplyJt(Q, y, true);
  }

  addStiffness(_sink: StiffnessSink, _q: Float64Array, scale: number): void {
    this.sys.addRowStiffness(this.rows, scale * CONFLICT_STIFFNESS);
  }

  markBlocks(mask: Uint8Array): void {
    this.sys.markRowBlocks(mask, this.rows);
  }

  energy(): number {
    const { c } = this.residual;
    this.residual.now();
    let e = 0;
    for (let r = 0; r < c.length; r++) if (this.rows[r]) e += c[r] * c[r];
    return 0.5 * CONFLICT_STIFFNESS * e;
  }
}
