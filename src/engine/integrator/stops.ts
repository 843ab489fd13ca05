// What no step may do to the state. Beads stay on their wires; a radius never becomes exactly 0 (it may pass
// through zero to the other sign: a circle dragged inside out, src/document/orientation.ts; but a radius of 0 has no
// file form, and a denormal one rounds to it in one step); every number the file stores
// stays finite and within ±MAX_COORDINATE (beyond it a Save would fail). The integrator applies the stops after
// every change of q and refuses a step that still ends outside them, like a step that turned non-finite.
import { MAX_COORDINATE } from '../../shared/limits';
import type { EngineModel } from '../build';

export class StateStops {
  /** Indices in q of every radius (circles, arcs, ellipses: CurveModel.radii). */
  private readonly radii: Int32Array;

  constructor(private readonly model: EngineModel) {
    const radii: number[] = [];
    model.curves.forEach((curve, i) => {
      for (const r of curve.radii ?? []) radii.push(model.curveOff[i] + r);
    });
    this.radii = Int32Array.from(radii);
  }

  /**
   * Applies the stops to q, which moved from q0 (the step's start): beads wrap on closed wires and are clamped
   * (and locked) at the ends of open ones; a radius the move made exactly 0 keeps its value at q0 (the step's other
   * entries still move, so the drag goes on: a denormal circle grows or moves instead of freezing). A radius already
   * 0 at q0 (an engine-only drawing; the file format has none) is left alone. True if a bead's lock changed (the
   * factorisation is then stale).
   */
  apply(q: Float64Array, q0: Float64Array): boolean {
    const { radii } = this;
    for (let x = 0; x < radii.length; x++) {
      const i = radii[x];
      if (q[i] === 0 && q0[i] !== 0) q[i] = q0[i];
    }
    const sys = this.model.system;
    let changed = false;
    for (const bead of this.model.beads) {
      const s = q[bead.sOff];
      if (bead.wireClosed) q[bead.sOff] = s - Math.floor(s);
      else if (s < 0 || s > 1) {
        q[bead.sOff] = s < 0 ? 0 : 1;
        if (!sys.isBeadLocked(bead.block)) {
          sys.setBeadLocked(bead.block, true);
          changed = true;
        }
      }
    }
    return changed;
  }

  /**
   * True when every entry of q and every motor angle is finite and within ±MAX_COORDINATE, and no radius that was
   * non-zero at q0 is 0.
   */
  hold(q: Float64Array, q0: Float64Array): boolean {
    for (let i = 0; i < q.length; i++) {
      const v = q[i];
      if (!(v <= MAX_COORDINATE && v >= -MAX_COORDINATE)) return false;
    }
    const { radii } = this;
    for (let x = 0; x < radii.length; x++) if (q0[radii[x]] !== 0 && q[radii[x]] === 0) return false;
    for (const { term } of this.model.motors) {
      const a = term.angle;
      if (!(a <= MAX_COORDINATE && a >= -MAX_COORDINATE)) return false;
    }
    return true;
  }
}
