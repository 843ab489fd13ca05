// Exact kinematics of a material point at the present pose: its velocity and acceleration with the running motors
// driving, from the constraints rather than from differences of a trace. With C(q, t) = 0 at all times:
//   J q̇ = −∂C/∂t                      (motors' rows: ∂C/∂t = −ω),
//   J q̈ = −J̇ q̇                        (every row here is linear in t, so ∂J/∂t = 0 and ∂²C/∂t² = 0),
// each solved for its minimum-drag (W-weighted) solution x = −W Jᵀ (J W Jᵀ)⁺ r, the dynamics' own velocity solve,
// so free degrees of freedom stay still. J̇ q̇ = q̇ᵀ (∂²C/∂q²) q̇ = d²/dε² C(q + ε q̇) is a five-point central second
// difference of the residual along q̇ (error O(s⁴)/90 + O(1e-16·L²/δ²), δ the step's displacement: ~4e-11 relative
// for s = 5e-3 radians of motor turn; residuals only, so no Jacobian is evaluated away from q); the point's
//   v = (∂p/∂q) q̇ (exact),   a = (∂p/∂q) q̈ + d²/dε² p(q + ε q̇) (the same difference of its positions).
// A row the factorisation drops (dependent: a toggle, links in line) whose equation the solution then misses makes
// the pose singular: the motion is reported undefined, with the constraints whose rows it misses.
import type { EngineModel } from './build';
import type { ForceTerm } from './forces/force';
import { prepareMetric } from './integrator/prepare';

/** What kinematics() reports: mm, mm/s, mm/s² in the drawing's frame (y down). */
export interface PointMotion {
  x: number;
  y: number;
  vx: number;
  vy: number;
  ax: number;
  ay: number;
  /** False at a singular pose; velocity and acceleration are then 0, not meaningful. */
  defined: boolean;
  /**
   * At a singular pose, the ids of the constraints whose rows the motion cannot satisfy; empty otherwise (and when
   * the values merely overflowed).
   */
  unmet: string[];
}

export function emptyMotion(): PointMotion {
  return { x: 0, y: 0, vx: 0, vy: 0, ax: 0, ay: 0, defined: true, unmet: [] };
}

/** The difference step, as radians of the fastest motor's turn (the error's minimum: truncation against rounding). */
const STEP_TURN = 5e-3;
/** Five-point central second difference: f''(0) ≈ Σ w_k f(k h) / h². */
const OFFSETS = [-2, -1, 0, 1, 2];
const WEIGHTS = [-1 / 12, 16 / 12, -30 / 12, 16 / 12, -1 / 12];
const NO_FORCES: readonly ForceTerm[] = [];
/** A dropped row's equation counts as missed above this fraction of the magnitude of its terms. */
const UNMET_TOLERANCE = 1e-6;

export class Kinematics {
  private readonly ct: Float64Array;
  private readonly jdq: Float64Array;
  private readonly rowTmp: Float64Array;
  private readonly lambda: Float64Array;
  private readonly qdot: Float64Array;
  private readonly qddot: Float64Array;
  private readonly zero: Float64Array;
  private readonly qs: Float64Array;
  private readonly jp: Float64Array;
  private readonly cols: Int32Array;
  private readonly vals: Float64Array;
  private readonly pos = new Float64Array(2);
  /** Each point's second difference of position (2 entries a point), grown to the most points asked at once. */
  private dp = new Float64Array(2);
  private readonly oneOut: PointMotion[] = [];
  private readonly oneU = new Float64Array(1);
  private readonly unmetTerms: Uint8Array;

  /** Whether the last compute()'s W was positive definite (invertDrag), when it factored. */
  spd = true;
  /** Whether the last compute() left J, W and the factorisation at the present state (it returns early if no motor turns). */
  factored = false;

  /** The u of the point addJp works on.  */
  private u = 0;

  constructor(private readonly model: EngineModel) {
    const sys = model.system;
    const R = sys.rows;
    const n = sys.n;
    this.ct = new Float64Array(R);
    this.jdq = new Float64Array(R);
    this.rowTmp = new Float64Array(R);
    this.lambda = new Float64Array(R);
    this.qdot = new Float64Array(n);
    this.qddot = new Float64Array(n);
    this.zero = new Float64Array(n);
    this.qs = new Float64Array(n);
    let maxK = 1;
    for (const c of model.curves) maxK = Math.max(maxK, c.size);
    this.jp = new Float64Array(2 * maxK);
    let width = 1;
    for (const t of sys.terms) {
      let w = 0;
      for (const b of t.blocks) w += sys.blockSize[b];
      width = Math.max(width, w);
    }
    this.cols = new Int32Array(width);
    this.vals = new Float64Array(width);
    this.unmetTerms = new Uint8Array(sys.terms.length);
  }

  /**
   * The motion of point u of curve index `ci` into `out` (returned). The integrator's drag matrices must be current
   * (Integrator.refresh). Leaves the system's J, W and factorisation at the present state.
   */
  compute(out: PointMotion, ci: number, u: number): PointMotion {
    this.oneOut[0] = out;
    this.oneU[0] = u;
    this.computeAll(this.oneOut, ci, this.oneU);
    return out;
  }

  /**
   * The motion of the points `us[k]` of curve index `ci`, into `outs[k]`, from one velocity and one acceleration
   * solve (a bar's two ends: its angular velocity). As compute otherwise.
   */
  computeAll(outs: readonly PointMotion[], ci: number, us: ArrayLike<number>): void {
    this.factored = false;
    const { model, qdot, qddot, ct, jdq, lambda, zero, qs } = this;
    const sys = model.system;
    const q = model.q;
    const curve = model.curves[ci];
    const off = model.curveOff[ci];
    const count = outs.length;
    if (this.dp.length < 2 * count) this.dp = new Float64Array(2 * count);
    const { dp } = this;
    for (let k = 0; k < count; k++) {
      const out = outs[k];
      curve.position(this.pos, q, off, us[k]);
      out.x = this.pos[0];
      out.y = this.pos[1];
      out.vx = out.vy = out.ax = out.ay = 0;
      out.defined = true;
      out.unmet.length = 0;
    }

    // ∂C/∂t with the running motors turning.
    const { motors } = model;
    for (let i = 0; i < motors.length; i++) motors[i].term.timeRate = 1;
    sys.timeDerivative(ct);
    for (let i = 0; i < motors.length; i++) motors[i].term.timeRate = 0;
    let omega = 0;
    for (let r = 0; r < sys.rows; r++) omega = Math.max(omega, Math.abs(ct[r]));
    if (omega === 0) return;

    // J, W and J W Jᵀ at q, as a step prepares them, with no force: kinematics is the constraints' alone (Q = 0,
    // so `zero` stays zero; no stiffness for h to scale).
    this.spd = prepareMetric(sys, q, zero, NO_FORCES, 0);
    sys.factor();
    this.factored = true;
    sys.velocity(qdot, lambda, zero, ct, true);
    this.unmetUnder(qdot, ct);

    // J̇ q̇ = q̇ᵀ (∂²C/∂q²) q̇ = d²/dε² C(q + ε q̇) and each point's q̇ᵀ (∂²p/∂q²) q̇ = d²/dε² p(q + ε q̇), by the
    // five-point second difference: residuals and positions only, no Jacobian away from q.
    const h = STEP_TURN / omega;
    jdq.fill(0);
    dp.fill(0, 0, 2 * count);
    for (let i = 0; i < OFFSETS.length; i++) {
      const step = OFFSETS[i] * h;
      const w = WEIGHTS[i] / (h * h);
      for (let j = 0; j < sys.n; j++) qs[j] = q[j] + step * qdot[j];
      sys.residual(this.rowTmp, qs);
      for (let r = 0; r < sys.rows; r++) jdq[r] += w * this.rowTmp[r];
      for (let k = 0; k < count; k++) {
        curve.position(this.pos, qs, off, us[k]);
        dp[2 * k] += w * this.pos[0];
        dp[2 * k + 1] += w * this.pos[1];
      }
    }
    sys.velocity(qddot, lambda, zero, jdq, true);
    this.unmetUnder(qddot, jdq);

    const unmet = outs[0].unmet;
    if (this.collectUnmet(unmet)) {
      for (const out of outs) {
        out.defined = false;
        if (out !== outs[0]) out.unmet.push(...unmet);
      }
      return;
    }
    const v = this.pos;
    for (let k = 0; k < count; k++) {
      const out = outs[k];
      this.u = us[k];
      v.fill(0);
      this.addJp(v, q, ci, qdot, 1);
      out.vx = v[0];
      out.vy = v[1];
      v[0] = dp[2 * k];
      v[1] = dp[2 * k + 1];
      this.addJp(v, q, ci, qddot, 1);
      out.ax = v[0];
      out.ay = v[1];
      // Never NaN: a value beyond floating point (a pose a hair from singular) is undefined too.
      if (!Number.isFinite(out.vx + out.vy + out.ax + out.ay)) {
        out.vx = out.vy = out.ax = out.ay = 0;
        out.defined = false;
      }
    }
  }

  /** out += w · (∂p/∂q at state s) x, over curve ci's block. */
  private addJp(out: Float64Array, s: Float64Array, ci: number, x: Float64Array, w: number): void {
    const curve = this.model.curves[ci];
    const off = this.model.curveOff[ci];
    const k = curve.size;
    curve.jacobian(this.jp, s, off, this.u);
    let px = 0;
    let py = 0;
    for (let j = 0; j < k; j++) {
      px += this.jp[j] * x[off + j];
      py += this.jp[k + j] * x[off + j];
    }
    out[0] += w * px;
    out[1] += w * py;
  }

  /** Marks the terms of the dropped rows whose equation J x = −rhs the solution x misses. */
  private unmetUnder(x: Float64Array, rhs: Float64Array): void {
    const sys = this.model.system;
    if (sys.droppedCount === 0) return;
    for (let r = 0; r < sys.rows; r++) {
      if (!sys.dropped[r]) continue;
      const count = sys.rowEntries(r, this.cols, this.vals);
      let sum = rhs[r];
      let size = Math.abs(rhs[r]);
      for (let i = 0; i < count; i++) {
        const term = this.vals[i] * x[this.cols[i]];
        sum += term;
        size += Math.abs(term);
      }
      if (!(Math.abs(sum) <= UNMET_TOLERANCE * size)) this.unmetTerms[sys.rowTerm[r]] = 1;
    }
  }

  /** Moves the marked terms' ids into `ids` and clears the marks; true if any. */
  private collectUnmet(ids: string[]): boolean {
    const { terms } = this.model.system;
    let any = false;
    for (let t = 0; t < terms.length; t++) {
      if (!this.unmetTerms[t]) continue;
      this.unmetTerms[t] = 0;
      ids.push(terms[t].id);
      any = true;
    }
    return any;
  }
}
