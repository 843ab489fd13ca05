// Data fitting as a force (issue 30): each data point d_i pulls on its nearest point of the fitted curves, a soft
// spring whose curve parameter is free — it slides as the fit moves. The energy is
//
//   E(q) = k · Σ_i w_i · ρ(r_i),   r_i = min over the curves c and u ∈ [0, 1] of |p_c(u; q) − d_i|,
//
// with ρ(r) = ½ r² (squared) or Huber's ρ(r) = ½ r² for r ≤ δ, δ r − ½ δ² beyond (δ chosen from the residuals at
// each step's start: 1.345 × their robust spread, 1.4826 × the median |r|, so a few outliers pull with a constant
// force instead of one that grows with their distance). As a force of the engine, it is minimised by the same
// first-order dynamics as a drag, subject to every constraint exactly, and the user can grab a fitted curve while it
// runs.
//
// The gradient: u_i is where |p − d_i| is least, so ∂r_i/∂u = 0 there and ∂E/∂q = k w_i ρ'(r_i)/r_i (p − d_i)ᵀ
// ∂p/∂q at u_i — the force of a point spring to d_i attached at the fixed u_i. The stiffness (force.ts): k w_i
// min(1, δ/r_i) times the squared distance's own Hessian at u_i in the curve's frame — all of the spring's
// stiffness along the normal, and along the tangent only the share rκ/(1 + rκ) the distance's curvature gives (0
// on the concave side and on a straight piece; exact for a circle), as in Wang, Pottmann and Liu's
// squared-distance minimisation (2006). A spring fixed at u_i would also resist the curve sliding along itself,
// which does not move it from the point: an outline fitted with that stiffness crept toward its optimum by sub-
// millimetre steps for tens of thousands of steps. A point held at an end of an open curve pulls as a spring there
// (both directions). The line search along each step (integrator.ts) keeps the energy falling.
//
// The nearest points: warm-started Newton on ½|p(u) − d|² from each point's last u on its own curve (a few
// multiply-adds a point); a search along every curve (the distance at nine seeds u = 0, ⅛ … 1, Newton from each
// seed nearer than its neighbours, the nearest kept) when a point is first placed, when its Newton finds no minimum near its last place (the curve bends away there)
// or runs off an open curve's end (the point may now be nearest to the next curve), and for a rotating sixteenth
// of the points at each step's start, so a point whose nearest place moved elsewhere finds it within sixteen
// steps. Nothing is allocated after construction.

import type { CurveModel } from '../curves/curve';
import type { ForceTerm, StiffnessSink } from './force';

export type FitLoss = 'squared' | 'huber';

/** One fitted curve, as the engine lays it out. */
export interface FittedCurve {
  readonly model: CurveModel;
  /** Its state block (the drag block stiffness goes into). */
  readonly block: number;
  /** Offset of its parameters in q. */
  readonly qOff: number;
}

/** What the fit reads out after an evaluation: distances in mm. */
export interface FitReadout {
  rms: number;
  max: number;
  /** The index of the data point farthest from the curves (−1 with no points). */
  worst: number;
}

/** Huber's constant for 95% efficiency under normal noise, and the MAD's factor to a normal σ. */
const HUBER_K = 1.345;
const MAD_TO_SIGMA = 1.4826;
/** δ never below this (mm): data already on the curve would otherwise make every point an outlier. */
const MIN_HUBER_SCALE = 1e-9;
const NEWTON_ITERATIONS = 12;
/** A point's search from seeds comes round every this many steps. */
const GLOBAL_ROUNDS = 16;
/** Seeds of that search along u: 0, 1/SEEDS … 1. */
const SEEDS = 8;

export class DataFit implements ForceTerm {
  /** Per point: the curve it is nearest to (index into curves) and its parameter there; u < 0: not placed yet. */
  private readonly curveOf: Int32Array;
  private readonly u: Float64Array;
  /** Per point: its distance at the last evaluation. */
  private readonly r: Float64Array;
  /** Huber's δ for the present step (Infinity for the squared loss). */
  private delta = Infinity;
  private round = 0;
  /** The last Newton stopped where the curve bends away from the point (no minimum near its start). */
  private bentAway = false;
  private readonly p = new Float64Array(2);
  private readonly t = new Float64Array(2);
  private readonly tt = new Float64Array(2);
  /** ∂p/∂q at a point (2 × the widest curve's size). */
  private readonly jac: Float64Array;
  /** ∂p/∂q at a point along the curve's normal, then along its tangent. */
  private readonly rows: Float64Array;
  private readonly sorted: Float64Array;
  /** A search's squared distances at its seeds. */
  private readonly seedD = new Float64Array(SEEDS + 1);
  /**
   * The fitted curves' state when the points were last placed (NaN: never): a step evaluates the force, the
   * stiffness and the energy at its start, and placing again where nothing moved would redo every point's Newton.
   */
  private readonly placedAt: Float64Array;
  readonly readout: FitReadout = { rms: 0, max: 0, worst: -1 };

  /**
   * @param points the data, x and y interleaved (mm)
   * @param weights per point (≥ 0), or null for all 1
   */
  constructor(
    private readonly curves: readonly FittedCurve[],
    private readonly points: Float64Array,
    private readonly weights: Float64Array | null,
    private readonly stiffness: number,
    private readonly loss: FitLoss,
  ) {
    const n = points.length >> 1;
    this.curveOf = new Int32Array(n);
    this.u = new Float64Array(n).fill(-1);
    this.r = new Float64Array(n);
    this.sorted = new Float64Array(n);
    let state = 0;
    for (const c of curves) state += c.model.size;
    this.placedAt = new Float64Array(state).fill(NaN);
    let widest = 1;
    for (const c of curves) widest = Math.max(widest, c.model.size);
    this.jac = new Float64Array(2 * widest);
    this.rows = new Float64Array(2 * widest);
  }

  get count(): number {
    return this.points.length >> 1;
  }

  /**
   * Every point's nearest curve and parameter at q, and its distance (r): from its last place, searched from seeds
   * where it has none, and — `search` — for this round's sixteenth of the points (or `'all'`).
   */
  place(q: Float64Array, search: 'none' | 'round' | 'all' = 'none'): void {
    const unmoved = this.unmoved(q);
    if (search === 'none' && unmoved) return;
    const n = this.count;
    for (let i = 0; i < n; i++) {
      const fresh =
        this.u[i] < 0 || search === 'all' || (search === 'round' && i % GLOBAL_ROUNDS === this.round);
      if (!fresh) {
        // From its last place on its own curve; every curve is searched from seeds only if that finds no minimum
        // near there, or runs off an end (the point may now be nearest to the next curve).
        const c = this.curveOf[i];
        const u = this.newton(c, i, q, this.u[i]);
        if (!this.bentAway && (this.curves.length === 1 || !this.atEnd(c, u))) {
          this.u[i] = u;
          this.r[i] = Math.sqrt(this.distance2(c, i, q, u));
          continue;
        }
      }
      let best = Infinity;
      let bestCurve = 0;
      let bestU = 0;
      for (let c = 0; c < this.curves.length; c++) {
        const u = this.nearestOn(c, i, q, -1);
        const d = this.distance2(c, i, q, u);
        if (d < best) {
          best = d;
          bestCurve = c;
          bestU = u;
        }
      }
      this.curveOf[i] = bestCurve;
      this.u[i] = bestU;
      this.r[i] = Math.sqrt(best);
    }
  }

  /** Whether u is an end of curve c where its nearest point is held (an open curve's 0 or 1). */
  private atEnd(c: number, u: number): boolean {
    return !this.curves[c].model.closed && (u === 0 || u === 1);
  }

  /** Whether the fitted curves' state is what it was at the last placement; records it for the next if not. */
  private unmoved(q: Float64Array): boolean {
    let same = true;
    let k = 0;
    for (const { qOff, model } of this.curves)
      for (let j = 0; j < model.size; j++, k++) {
        if (this.placedAt[k] !== q[qOff + j]) same = false;
        this.placedAt[k] = q[qOff + j];
      }
    return same;
  }

  /** The parameter of point i's nearest point on curve c: Newton from `start` (≥ 0), else from every seed. */
  private nearestOn(c: number, i: number, q: Float64Array, start: number): number {
    if (start >= 0) return this.newton(c, i, q, start);
    // Newton from the seeds nearest the point among their neighbours: a nearest point lies in the basin of one.
    const { seedD } = this;
    for (let s = 0; s <= SEEDS; s++) seedD[s] = this.distance2(c, i, q, s / SEEDS);
    const closed = this.curves[c].model.closed;
    let best = 0;
    let bestD = Infinity;
    for (let s = 0; s <= SEEDS; s++) {
      const before = s > 0 ? seedD[s - 1] : closed ? seedD[SEEDS - 1] : Infinity;
      const after = s < SEEDS ? seedD[s + 1] : closed ? seedD[1] : Infinity;
      if (seedD[s] > before || seedD[s] > after) continue;
      const u = this.newton(c, i, q, s / SEEDS);
      const d = this.distance2(c, i, q, u);
      if (d < bestD) {
        bestD = d;
        best = u;
      }
    }
    return best;
  }

  /** Newton on ½|p(u) − d_i|² over u from `u`: a local minimum, an end it is held at, or where the curve bends away. */
  private newton(c: number, i: number, q: Float64Array, u: number): number {
    const { model, qOff } = this.curves[c];
    const x = this.points[2 * i];
    const y = this.points[2 * i + 1];
    const { p, t, tt } = this;
    for (let it = 0; it < NEWTON_ITERATIONS; it++) {
      model.position(p, q, qOff, u);
      model.tangent(t, q, qOff, u);
      model.secondDerivative(tt, q, qOff, u);
      const ex = p[0] - x;
      const ey = p[1] - y;
      const g = ex * t[0] + ey * t[1];
      const h = t[0] * t[0] + t[1] * t[1] + ex * tt[0] + ey * tt[1];
      this.bentAway = !(h > 0);
      if (this.bentAway) return u; // no minimum near here (the seeds find one elsewhere)
      let next = u - g / h;
      if (model.closed) next -= Math.floor(next);
      else if (next < 0 || next > 1) {
        next = next < 0 ? 0 : 1;
        if (next === u) return u; // held at an end
      }
      if (Math.abs(next - u) < 1e-13) return next;
      u = next;
    }
    return u;
  }

  private distance2(c: number, i: number, q: Float64Array, u: number): number {
    const { model, qOff } = this.curves[c];
    model.position(this.p, q, qOff, u);
    const dx = this.p[0] - this.points[2 * i];
    const dy = this.p[1] - this.points[2 * i + 1];
    return dx * dx + dy * dy;
  }

  private weight(i: number): number {
    return this.weights ? this.weights[i] : 1;
  }

  /** ρ'(r)/r: 1 inside δ, δ/r beyond. */
  private slope(r: number): number {
    return r <= this.delta ? 1 : this.delta / r;
  }

  /** Huber's δ from the distances now: 1.345 × 1.4826 × their median (Infinity for the squared loss). */
  private chooseScale(): void {
    if (this.loss === 'squared' || this.count === 0) {
      this.delta = Infinity;
      return;
    }
    this.sorted.set(this.r);
    this.sorted.sort();
    const n = this.count;
    const median = n % 2 ? this.sorted[n >> 1] : 0.5 * (this.sorted[(n >> 1) - 1] + this.sorted[n >> 1]);
    this.delta = Math.max(MIN_HUBER_SCALE, HUBER_K * MAD_TO_SIGMA * median);
  }

  addForce(Q: Float64Array, q: Float64Array): void {
    this.place(q);
    const { p, jac } = this;
    for (let i = 0; i < this.count; i++) {
      const { model, qOff } = this.curves[this.curveOf[i]];
      const k = model.size;
      model.position(p, q, qOff, this.u[i]);
      model.jacobian(jac, q, qOff, this.u[i]);
      const s = -this.stiffness * this.weight(i) * this.slope(this.r[i]);
      const fx = s * (p[0] - this.points[2 * i]);
      const fy = s * (p[1] - this.points[2 * i + 1]);
      for (let j = 0; j < k; j++) Q[qOff + j] += jac[j] * fx + jac[k + j] * fy;
    }
  }

  /** Called once per step, before its forces: places every point (a sixteenth afresh) and sets δ for the step. */
  addStiffness(sink: StiffnessSink, q: Float64Array, scale: number): void {
    this.round = (this.round + 1) % GLOBAL_ROUNDS;
    this.place(q, 'round');
    this.chooseScale();
    const { jac, t, rows } = this;
    for (let i = 0; i < this.count; i++) {
      const c = this.curveOf[i];
      const { model, qOff, block } = this.curves[c];
      const u = this.u[i];
      model.jacobian(jac, q, qOff, u);
      const s = scale * this.stiffness * this.weight(i) * this.slope(this.r[i]);
      if (!(s > 0)) continue;
      model.position(this.p, q, qOff, u);
      model.tangent(t, q, qOff, u);
      model.secondDerivative(this.tt, q, qOff, u);
      const len = Math.hypot(t[0], t[1]);
      // A point held at an end pulls on that end as a spring would, in both directions.
      if (!(len > 0) || this.atEnd(c, u)) {
        sink.addGram(block, jac, 0, 2, s);
        continue;
      }
      const k = model.size;
      const tx = t[0] / len;
      const ty = t[1] / len;
      for (let j = 0; j < k; j++) {
        rows[j] = -ty * jac[j] + tx * jac[k + j]; // along the normal
        rows[k + j] = tx * jac[j] + ty * jac[k + j]; // along the tangent
      }
      sink.addGram(block, rows, 0, 1, s);
      const along = this.tangentShare(i, len);
      if (along > 0) sink.addGram(block, rows, k, 1, along * s);
    }
  }

  /**
   * How much of a point spring's stiffness along the curve point i keeps (p, t, tt hold its foot point, tangent
   * and second derivative; len = |t|): rκ/(1 + rκ) on the convex side, 0 on the concave side or a straight curve —
   * the squared distance's own curvature along the curve (exact for a circle), where a spring fixed at u_i would
   * resist the curve sliding along itself as if that moved it away from the point.
   */
  private tangentShare(i: number, len: number): number {
    const { p, t, tt } = this;
    const r = this.r[i];
    if (!(r > 0)) return 0;
    const dot = (tt[0] * t[0] + tt[1] * t[1]) / (len * len);
    const nx = tt[0] - dot * t[0];
    const ny = tt[1] - dot * t[1];
    // The curve bends toward (nx, ny); the point is on its convex side if it lies the other way.
    const side = (this.points[2 * i] - p[0]) * nx + (this.points[2 * i + 1] - p[1]) * ny;
    if (!(side < 0)) return 0;
    const rk = (r * Math.hypot(nx, ny)) / (len * len);
    return rk / (1 + rk);
  }

  markBlocks(mask: Uint8Array): void {
    for (const c of this.curves) mask[c.block] = 1;
  }

  energy(q: Float64Array): number {
    this.place(q);
    let e = 0;
    const { delta } = this;
    for (let i = 0; i < this.count; i++) {
      const r = this.r[i];
      e += this.weight(i) * (r <= delta ? 0.5 * r * r : delta * r - 0.5 * delta * delta);
    }
    return this.stiffness * e;
  }

  /** Data point i as [x, y] (null for an index out of range: −1, the worst of no points). */
  point(i: number): [number, number] | null {
    return i >= 0 && i < this.count ? [this.points[2 * i], this.points[2 * i + 1]] : null;
  }

  /** RMS and largest distance of the data from the curves at q, and the farthest point. */
  measure(q: Float64Array): FitReadout {
    this.place(q);
    let sum = 0;
    let max = -1;
    let worst = -1;
    for (let i = 0; i < this.count; i++) {
      const r = this.r[i];
      sum += r * r;
      if (r > max) {
        max = r;
        worst = i;
      }
    }
    this.readout.rms = this.count ? Math.sqrt(sum / this.count) : 0;
    this.readout.max = Math.max(0, max);
    this.readout.worst = worst;
    return this.readout;
  }
}
