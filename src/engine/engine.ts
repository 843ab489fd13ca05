// The Engine: one drawing's constrained first-order dynamics. See docs/engine.md for the equations, the
// semi-implicit step and its control.
import type { Connector, Drawing, Vec2 } from '../shared/drawing';
import { buildModel, type EngineModel } from './build';
import type { ForceTerm } from './forces/force';
import { MouseSpring } from './forces/mouse-spring';
import { ConnectorPoint } from './model/connector';
import type { ConstraintSystem } from './system/system';

export interface FrameReport {
  steps: number;
  ms: number;
  maxResidual: number;
  grabbed: Vec2 | null;
  caughtUp: boolean;
  /**
   * The motors could not advance: every step was refused (a crank at its limit, a toggle), not merely out of time
   * (a drawing too big for the budget). Always false for a drag frame.
   */
  blocked: boolean;
}
export interface SettleReport {
  steps: number;
  ms: number;
  maxResidual: number;
  converged: boolean;
}
export interface Diagnostics {
  dof: number;
  stateSize: number;
  rows: number;
  maxResidual: number;
  redundant: string[];
  conflicting: string[];
  /**
   * Constraints that carry a self-stress: the rows of a dependency (Jᵀy = 0) the factorisation found, by
   * constraint. At a lock (a toggle pose) these are the motor and the links in line holding it; with redundant
   * or conflicting constraints, those and the ones they duplicate.
   */
  binding: string[];
  constraints: { id: string; residual: number; tension: number }[];
}

/** Projection target: max |C| over independent rows (drawing units, radians for motors). */
export const PROJECTION_TOLERANCE = 1e-10;
/** The residual below which a drawing counts as assembled. */
export const RESIDUAL_TOLERANCE = 1e-9;
/** A dependent row whose residual stays above this is a conflict, not a harmless redundancy. */
export const CONFLICT_TOLERANCE = 1e-7;
/** Mouse spring stiffness (force per mm). */
export const MOUSE_STIFFNESS = 1;
/** Largest pseudo-time step (s) of drag and settle steps: with k = 1 the grabbed point catches up in one step. */
export const MAX_STEP = 1e6;
/** Most a constrained curve moves per step: this fraction of its own size… */
const CURVE_STEP_FRACTION = 0.1;
/** …but at least this fraction of the drawing's size (the drawing counts as at least 10 mm). */
const DRAWING_STEP_FRACTION = 0.02;
const MIN_DRAWING_SIZE = 10;
/**
 * Largest motor angle per substep (rad), ~31.5°: a 60° turn is two substeps, not three. Each substep's projection
 * (about five corrections, two factorisations) costs about the same at 30° as at 20°, so fewer, larger substeps
 * are faster (1,000 four-bars' 60° turn: 23–26 → 16–18 ms); a substep that would jump branch is still refused
 * and retried at a quarter of its size.
 */
const MOTOR_STEP_ANGLE = 0.55;
const MAX_PROJECTION_ITERATIONS = 12;
/** Relative energy rise that rejects a drag step. */
const ENERGY_TOLERANCE = 1e-12;
/** Above this many constraints with dependent rows, diagnostics names them all without the greedy refinement. */
const MAX_ATTRIBUTION_CANDIDATES = 64;

type StepOutcome = 'accepted' | 'energy' | 'projection' | 'nonfinite';

export class Engine {
  private readonly model: EngineModel;
  private readonly sys: ConstraintSystem;
  private readonly q: Float64Array;
  private readonly q0: Float64Array;
  private readonly qdot: Float64Array;
  private readonly delta: Float64Array;
  private readonly Q: Float64Array;
  private readonly c: Float64Array;
  private readonly b: Float64Array;
  private readonly lambda: Float64Array;
  private readonly tension: Float64Array;
  /** Per block: the most it may move in one step (Infinity for curves no constraint touches). */
  private readonly limit: Float64Array;
  private readonly constrained: Uint8Array;
  /** Per curve: how far the projection has moved it in this step. */
  private readonly projectedBy: Float64Array;
  /** The accepted predictor Δq of the present step (for the line search). */
  private readonly predictor: Float64Array;
  private projConverged = false;
  /**
   * max |C| of `c` while it holds C at the present q and motor angles (the projection's last evaluation), NaN once
   * stale: the next step, the rest test and the frame's report reuse it instead of evaluating every constraint
   * again.
   */
  private cMax = NaN;
  /** Energy released over energy promised by the last accepted step's model (1 without springs). */
  private lastRatio = 1;
  private projJumped = false;
  private projKept = 0;
  private projMoved = 0;
  private readonly motorAngles0: Float64Array;
  private readonly pos = new Float64Array(2);
  private readonly box = new Float64Array(4);
  /** Per curve: its bounds [minX, minY, maxX, maxY] as of refreshLimits (sizes: their diagonal, NaN if not finite). */
  private readonly boxes: Float64Array;
  private readonly sizes: Float64Array;
  /** The mouse spring while a point is grabbed, null otherwise. */
  private mouse: MouseSpring | null = null;
  /**
   * The one mouse spring of this engine, kept after release and re-aimed at each grab. Besides saving an
   * allocation per grab, it keeps the spring's hidden class alive: when the last MouseSpring of the process was
   * collected, V8 threw away the optimised code of the integrator's step, which checks for that class, and the
   * next drag's first frames ran unoptimised while it compiled again (a 1,000-bar chain's drag: 2.5 ms with the
   * code kept, 3–9 ms without).
   */
  private spring: MouseSpring | null = null;
  private forces: ForceTerm[];
  private drawingSize = MIN_DRAWING_SIZE;
  /** Adaptive step controls, kept between calls. */
  private h = MAX_STEP;
  private limitScale = 1;
  private lastDisplacement = 0;
  private lastStep = MAX_STEP;
  private simulatedTime = 0;

  private constructor(model: EngineModel) {
    this.model = model;
    this.sys = model.system;
    const n = this.sys.n;
    const R = this.sys.rows;
    this.q = model.q;
    this.q0 = new Float64Array(n);
    this.qdot = new Float64Array(n);
    this.delta = new Float64Array(n);
    this.predictor = new Float64Array(n);
    this.Q = new Float64Array(n);
    this.c = new Float64Array(R);
    this.b = new Float64Array(R);
    this.lambda = new Float64Array(R);
    this.tension = new Float64Array(R);
    this.limit = new Float64Array(this.sys.blockCount);
    this.constrained = new Uint8Array(this.sys.blockCount);
    this.projectedBy = new Float64Array(model.curves.length);
    this.sizes = new Float64Array(model.curves.length);
    this.boxes = new Float64Array(4 * model.curves.length);
    for (const t of model.terms) for (const blk of t.blocks) this.constrained[blk] = 1;
    this.motorAngles0 = new Float64Array(model.motors.length);
    this.forces = [...model.springs];
    this.refreshLimits();
  }

  /** Builds the engine for a drawing; throws EngineError naming the path of a bad reference or value. */
  static build(drawing: Drawing): Engine {
    return new Engine(buildModel(drawing));
  }

  /** Simulated seconds of motor time. */
  get time(): number {
    return this.simulatedTime;
  }

  /** Copies the state into the drawing: curve parameters, bead s, motor angles (mutates it). */
  writeBack(drawing: Drawing): void {
    const m = this.model;
    drawing.curves.forEach((curve, i) => {
      if (i < m.curves.length) m.curves[i].writeState(curve, this.q, m.curveOff[i]);
    });
    for (const bead of m.beads) {
      const k = drawing.constraints[bead.constraint];
      if (k && k.kind === 'on-curve') k.s = this.q[bead.sOff];
    }
    for (const { term, constraint } of m.motors) {
      const k = drawing.constraints[constraint];
      if (k && k.kind === 'motor') k.angle = term.angle;
    }
  }

  /** The curve's slice of q (order: CURVE_STATE_LAYOUT, or the equation's free parameters). */
  curveState(id: string): number[] {
    const i = this.curveAt(id);
    const off = this.model.curveOff[i];
    return Array.from(this.q.subarray(off, off + this.model.curves[i].size));
  }

  pointAt(curve: string, u: number): Vec2 {
    const i = this.curveAt(curve);
    this.model.curves[i].position(this.pos, this.q, this.model.curveOff[i], u);
    return [this.pos[0], this.pos[1]];
  }

  connectorPosition(c: Connector): Vec2 {
    const p = this.model.resolve(c, 'connector');
    p.position(this.pos, this.q);
    return [this.pos[0], this.pos[1]];
  }

  /** Attaches the mouse spring to the material point (curve, u); its target starts where the point is. */
  grab(curve: string, u: number): void {
    const i = this.curveAt(curve);
    if (!Number.isFinite(u) || u < 0 || u > 1) throw new Error(`grab: u must be in [0, 1], got ${u}`);
    const model = this.model.curves[i];
    const point = new ConnectorPoint(model, i, this.model.curveOff[i], u, false);
    if (this.spring) this.spring.point = point;
    else this.spring = new MouseSpring(point, MOUSE_STIFFNESS);
    this.mouse = this.spring;
    point.position(this.mouse.target, this.q);
    this.forces = [...this.model.springs, this.mouse];
    this.h = MAX_STEP;
    this.limitScale = 1;
  }

  release(): void {
    this.mouse = null;
    this.forces = [...this.model.springs];
  }

  /** Moves the mouse spring's target to the cursor and steps until the grabbed point has caught up or the budget ends. */
  dragFrame(cursor: Vec2, budgetMs: number): FrameReport {
    const start = performance.now();
    if (this.mouse && Number.isFinite(cursor[0]) && Number.isFinite(cursor[1])) {
      this.mouse.target[0] = cursor[0];
      this.mouse.target[1] = cursor[1];
    }
    this.refreshLimits();
    const { steps, done } = this.run(start, budgetMs);
    return {
      steps,
      ms: performance.now() - start,
      maxResidual: this.residualNow(),
      grabbed: this.grabbedPosition(),
      caughtUp: done,
      blocked: false,
    };
  }

  /** Steps until max |C| < 1e-9 and motion stopped (or the budget ends). */
  settle(budgetMs = 1000): SettleReport {
    const start = performance.now();
    this.refreshLimits();
    const { steps, done } = this.run(start, budgetMs);
    const maxResidual = this.residualNow();
    return {
      steps,
      ms: performance.now() - start,
      maxResidual,
      converged: done && maxResidual < RESIDUAL_TOLERANCE,
    };
  }

  /** Advances running motors by rpm·dt (in substeps of at most MOTOR_STEP_ANGLE), solving after each. */
  advanceMotors(dtSeconds: number, budgetMs: number): FrameReport {
    const start = performance.now();
    this.refreshLimits();
    let omega = 0;
    for (const { term } of this.model.motors) if (term.running) omega = Math.max(omega, Math.abs(term.omega));
    let remaining = Number.isFinite(dtSeconds) && dtSeconds > 0 ? dtSeconds : 0;
    // Equal substeps of at most MOTOR_STEP_ANGLE each.
    const maxTau = omega > 0 ? remaining / Math.ceil((remaining * omega) / MOTOR_STEP_ANGLE) : remaining;
    let tau = maxTau;
    let steps = 0;
    let blocked = false;
    while (remaining > 0 && performance.now() - start < budgetMs) {
      // (the last substep absorbs rounding so the motor time adds up exactly)
      const t = remaining - tau < 1e-9 * tau ? remaining : Math.min(tau, remaining);
      const outcome = this.step(t, t);
      steps++;
      if (outcome === 'accepted') {
        remaining -= t;
        this.simulatedTime += t;
        tau = Math.min(maxTau, tau * 2);
      } else {
        tau = t * 0.25;
        if (tau < 1e-12 * Math.max(1, dtSeconds)) {
          blocked = true;
          break;
        }
      }
    }
    // Let anything else (springs, an unassembled drawing) settle within what is left of the budget.
    const rest = this.run(start, budgetMs);
    return {
      steps: steps + rest.steps,
      ms: performance.now() - start,
      maxResidual: this.residualNow(),
      grabbed: this.grabbedPosition(),
      caughtUp: remaining <= 0 && rest.done,
      blocked,
    };
  }

  /** The nearest curve point within `tolerance` of (x, y), or null. */
  pick(x: number, y: number, tolerance: number): { curve: string; u: number; distance: number } | null {
    const m = this.model;
    const box = new Float64Array(4);
    let best: { curve: string; u: number; distance: number } | null = null;
    const ids = [...m.curveIndex.keys()];
    m.curves.forEach((model, i) => {
      const off = m.curveOff[i];
      model.bounds(box, this.q, off);
      if (
        x < box[0] - tolerance ||
        x > box[2] + tolerance ||
        y < box[1] - tolerance ||
        y > box[3] + tolerance
      )
        return;
      const u = model.closestU(this.q, off, x, y);
      model.position(this.pos, this.q, off, u);
      const distance = Math.hypot(this.pos[0] - x, this.pos[1] - y);
      if (distance <= tolerance && (!best || distance < best.distance)) best = { curve: ids[i], u, distance };
    });
    return best;
  }

  diagnostics(): Diagnostics {
    const sys = this.sys;
    const { q, c } = this;
    sys.locked.fill(0);
    const maxResidual = this.residualNow();
    sys.forced.fill(0);
    for (const f of this.forces) f.markBlocks(sys.forced);
    sys.computeDrag();
    for (const f of this.forces) f.addStiffness(sys.M, sys.mOff, q, this.lastStep);
    sys.invertDrag();
    sys.jacobian(q);
    const dropped = sys.factor();
    // Tension: |λ| of each constraint's rows in the present velocity solve.
    this.Q.fill(0);
    for (const f of this.forces) f.addForce(this.Q, q);
    this.b.fill(0);
    sys.velocity(this.qdot, this.lambda, this.Q, this.b);
    // Constraint-level attribution: the factorisation drops dependent *rows*, which may fall in several
    // constraints (x of one pin, y of its twin). Greedily, latest declared first, a constraint is redundant if
    // removing all its rows leaves the rank unchanged; those removed are the redundant (or conflicting) ones.
    const rank = sys.rows - dropped;
    const candidates: number[] = [];
    for (let i = 0; i < this.model.terms.length; i++) {
      for (let r = sys.rowStart[i]; r < sys.rowStart[i + 1]; r++) {
        if (sys.dropped[r]) {
          candidates.push(i);
          break;
        }
      }
    }
    const removed = new Set<number>();
    if (candidates.length <= MAX_ATTRIBUTION_CANDIDATES) {
      for (let x = candidates.length - 1; x >= 0; x--) {
        sys.jacobian(q);
        for (const i of removed) sys.clearTermRows(i);
        sys.clearTermRows(candidates[x]);
        if (sys.rows - sys.factor() === rank) removed.add(candidates[x]);
      }
      sys.jacobian(q);
      sys.factor();
    } else for (const i of candidates) removed.add(i);
    const redundant: string[] = [];
    const conflicting: string[] = [];
    const binding = this.selfStressed();
    const constraints = this.model.terms.map((t, i) => {
      let residual = 0;
      let tension = 0;
      for (let r = sys.rowStart[i]; r < sys.rowStart[i + 1]; r++) {
        residual = Math.max(residual, Math.abs(c[r]));
        tension += this.lambda[r] * this.lambda[r];
      }
      if (removed.has(i)) (residual > CONFLICT_TOLERANCE ? conflicting : redundant).push(t.id);
      return { id: t.id, residual, tension: Math.sqrt(tension) };
    });
    return {
      dof: sys.n - (sys.rows - dropped),
      stateSize: sys.n,
      rows: sys.rows,
      maxResidual,
      redundant,
      conflicting,
      binding,
      constraints,
    };
  }

  /**
   * For each row the last factorisation dropped, the dependency it belongs to: y = e_r − (J W Jᵀ)⁺ J W Jᵀ e_r, so
   * J W Jᵀ y = 0, i.e. Jᵀ y = 0 (W is SPD). The constraints with a share of some y above 1e-6 of its largest
   * entry, in declared order. Allocates: diagnostics only.
   */
  private selfStressed(): string[] {
    const sys = this.sys;
    if (sys.droppedCount === 0) return [];
    const e = new Float64Array(sys.rows);
    const v = new Float64Array(sys.n);
    const wv = new Float64Array(sys.n);
    const x = new Float64Array(sys.rows);
    const share = new Float64Array(this.model.terms.length);
    for (let r = 0; r < sys.rows; r++) {
      if (!sys.dropped[r]) continue;
      e.fill(0);
      e[r] = 1;
      sys.multiplyJt(v, e, false);
      sys.multiplyW(wv, v);
      sys.multiplyJ(x, wv);
      sys.solve(x, x);
      let largest = 0;
      for (let i = 0; i < sys.rows; i++) {
        x[i] = e[i] - x[i];
        largest = Math.max(largest, Math.abs(x[i]));
      }
      if (!(largest > 0)) continue;
      for (let i = 0; i < sys.rows; i++) {
        const t = sys.rowTerm[i];
        share[t] = Math.max(share[t], Math.abs(x[i]) / largest);
      }
    }
    return this.model.terms.filter((_, t) => share[t] > 1e-6).map((t) => t.id);
  }

  // ————— stepping —————

  private curveAt(id: string): number {
    const i = this.model.curveIndex.get(id);
    if (i === undefined) throw new Error(`unknown curve '${id}'`);
    return i;
  }

  private grabbedPosition(): Vec2 | null {
    if (!this.mouse) return null;
    this.mouse.point.position(this.pos, this.q);
    return [this.pos[0], this.pos[1]];
  }

  /**
   * Per-block step limits from the curves' present sizes (once per public call, not per step). Each curve's bounds
   * are kept and recomputed only when its state moved since the last call (refreshDrag tells): in a big drawing
   * most curves are still in most frames (a drag of 1,000 splines moves ~13 per frame).
   */
  private refreshLimits(): void {
    const m = this.model;
    const { boxes, sizes } = this;
    this.sys.refreshDrag(this.q);
    const moved = this.sys.moved;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < m.curves.length; i++) {
      const o = 4 * i;
      if (moved[i]) {
        m.curves[i].bounds(this.box, this.q, m.curveOff[i]);
        boxes.set(this.box, o);
        const w = boxes[o + 2] - boxes[o];
        const h = boxes[o + 3] - boxes[o + 1];
        sizes[i] = Number.isFinite(w) && Number.isFinite(h) ? Math.sqrt(w * w + h * h) : NaN;
      }
      // A curve whose bounds are not finite has no size (and no say in the drawing's).
      if (sizes[i] !== sizes[i]) continue;
      if (boxes[o] < minX) minX = boxes[o];
      if (boxes[o + 1] < minY) minY = boxes[o + 1];
      if (boxes[o + 2] > maxX) maxX = boxes[o + 2];
      if (boxes[o + 3] > maxY) maxY = boxes[o + 3];
    }
    const diag = Number.isFinite(maxX - minX) ? Math.hypot(maxX - minX, maxY - minY) : 0;
    this.drawingSize = Math.max(MIN_DRAWING_SIZE, diag);
    const floor = DRAWING_STEP_FRACTION * this.drawingSize;
    for (let b = 0; b < this.limit.length; b++) {
      this.limit[b] =
        b < sizes.length && this.constrained[b]
          ? Math.max(sizes[b] === sizes[b] ? CURVE_STEP_FRACTION * sizes[b] : 0, floor)
          : Infinity;
    }
  }

  /** Drag/settle steps (motors hold) until motion stops with the independent rows exact, or the budget ends. */
  private run(start: number, budgetMs: number): { steps: number; done: boolean } {
    let steps = 0;
    const motionTol = 1e-9 * this.drawingSize;
    if (this.atRest(motionTol)) return { steps: 0, done: true };
    while (performance.now() - start < budgetMs || steps === 0) {
      const outcome = this.step(this.h, 0);
      steps++;
      if (outcome === 'accepted') {
        const speed = this.lastDisplacement / this.lastStep;
        const kept = this.sys.keptResidual(this.c, this.residualNow());
        if (kept <= PROJECTION_TOLERANCE) {
          if (this.lastDisplacement <= motionTol && speed <= 1e-7) return { steps, done: true };
          // With the mouse as the only force, a grabbed point sitting on the cursor means Q = 0, so q̇ = 0:
          // at rest without spending a step to see the motion stop.
          if (this.forces.length === 1 && this.mouse) {
            this.mouse.point.position(this.pos, this.q);
            const miss = Math.hypot(this.pos[0] - this.mouse.target[0], this.pos[1] - this.mouse.target[1]);
            if (miss <= motionTol) return { steps, done: true };
          }
        }
        if (this.lastRatio < 0.25) this.h = Math.max(this.h * 0.25, 1e-9);
        else if (this.lastRatio > 0.5) this.h = Math.min(MAX_STEP, this.h * 3);
        this.limitScale = Math.min(1, this.limitScale * 1.5);
      } else if (outcome === 'energy') {
        this.h *= 0.1;
      } else {
        this.limitScale *= 0.5;
        this.h *= 0.1;
      }
      if (this.h < 1e-12 || this.limitScale < 1e-9) {
        // No step lowers the energy any more: at the minimum as far as the constraints allow (caught up). Or no
        // step projects (a pose the constraints cannot leave in the pulled direction): hold. Try afresh next call.
        const atMinimum = outcome === 'energy';
        this.h = MAX_STEP;
        this.limitScale = 1;
        return { steps, done: atMinimum };
      }
    }
    return { steps, done: false };
  }

  /**
   * At rest without stepping: every constraint exact and no force (or only the mouse, its point on the cursor).
   * Then Q = 0 and C = 0, so q̇ = 0.
   */
  private atRest(motionTol: number): boolean {
    if (this.residualNow() > PROJECTION_TOLERANCE) return false;
    if (this.forces.length === 0) return true;
    if (this.forces.length > 1 || !this.mouse) return false;
    this.mouse.point.position(this.pos, this.q);
    return Math.hypot(this.pos[0] - this.mouse.target[0], this.pos[1] - this.mouse.target[1]) <= motionTol;
  }

  /** max |C| at the present state, evaluating the constraints only if `c` is stale. */
  private residualNow(): number {
    if (this.cMax !== this.cMax) this.cMax = this.sys.residual(this.c, this.q);
    return this.cMax;
  }

  private energy(): number {
    let e = 0;
    for (const f of this.forces) e += f.energy(this.q);
    return e;
  }

  /**
   * One step of pseudo-time h: linearly implicit velocity solve, clipped so no constrained curve moves more than
   * its limit, then projection onto C = 0. motorTau > 0: motors advance by that much time (∂C/∂t active).
   * On rejection the state is restored.
   */
  private step(h: number, motorTau: number): StepOutcome {
    const { sys, q, q0, qdot, delta, Q, c, b, lambda } = this;
    const motors = this.model.motors;
    q0.set(q);
    for (let i = 0; i < motors.length; i++) {
      this.motorAngles0[i] = motors[i].term.angle;
      motors[i].term.timeRate = motorTau > 0 ? 1 : 0;
    }
    sys.locked.fill(0);
    const all0 = this.residualNow();
    if (!Number.isFinite(all0)) return this.reject('nonfinite');
    this.cMax = NaN; // q moves from here on
    // Every row exact (no conflict): a step must keep it so. At a toggle a row turns dependent and the
    // projection, which only sees the independent rows, would otherwise let the dependent one open.
    const exact = all0 <= PROJECTION_TOLERANCE * 10;
    const e0 = motorTau > 0 ? 0 : this.energy();
    Q.fill(0);
    for (const f of this.forces) f.addForce(Q, q);
    sys.forced.fill(0);
    for (const f of this.forces) f.markBlocks(sys.forced);
    sys.computeDrag();
    for (const f of this.forces) f.addStiffness(sys.M, sys.mOff, q, h);
    if (!sys.invertDrag()) return this.reject('nonfinite');
    sys.jacobian(q);
    sys.factor();
    // The residual that matters: independent rows (a conflicting row keeps its residual for good).
    const r0 = sys.keptResidual(c, all0);
    sys.timeDerivative(b);
    for (let r = 0; r < sys.rows; r++) b[r] += c[r] / h;
    const forceFree = this.forces.length === 0;
    sys.velocity(qdot, lambda, Q, b, forceFree);
    // Beads pushing against the end stops of an open wire are held there (W_s = 0) and the velocity re-solved.
    let relock = false;
    for (const bead of this.model.beads) {
      if (bead.wireClosed) continue;
      const s = q[bead.sOff];
      if ((s <= 0 && qdot[bead.sOff] < 0) || (s >= 1 && qdot[bead.sOff] > 0)) {
        sys.setBeadLocked(bead.block, true);
        relock = true;
      }
    }
    if (relock) {
      sys.factor();
      sys.velocity(qdot, lambda, Q, b, forceFree);
    }
    this.tension.set(lambda);
    // d · 0 is 0 for every finite d and NaN for ±Infinity and NaN: one test after the loop instead of one per entry.
    let nonFinite = 0;
    for (let i = 0; i < sys.n; i++) {
      const d = h * qdot[i];
      delta[i] = d;
      nonFinite += d * 0;
    }
    if (nonFinite !== 0) return this.reject('nonfinite');
    let alpha = 1;
    let predicted = 0;
    for (let blk = 0; blk < this.model.curves.length; blk++) {
      const d = this.model.curves[blk].displacementBound(q, sys.blockOff[blk], delta, sys.blockOff[blk]);
      predicted = Math.max(predicted, d);
      const lim = this.limit[blk] * this.limitScale;
      if (d > lim) alpha = Math.min(alpha, lim / d);
    }
    if (motorTau > 0 && alpha < 1) return this.reject('projection');
    const { predictor } = this;
    for (let i = 0; i < sys.n; i++) {
      const d = alpha * delta[i];
      predictor[i] = d;
      q[i] += d;
    }
    predicted *= alpha;
    const refresh = this.keepBeadsOnWires();
    for (const { term } of motors) {
      term.advance(motorTau);
      term.timeRate = 0;
    }

    const assembled = r0 <= PROJECTION_TOLERANCE * 10;
    if (!assembled && alpha < 1) {
      // Assembling (a drawing built with its constraints apart): the predictor is a Newton step on C, clipped to
      // the step limit. No projection (it would undo the limit); accept if the residual fell by a fair share of
      // what the clipped step promises.
      const all = sys.residual(c, q);
      if (!Number.isFinite(all)) return this.reject('nonfinite');
      this.cMax = all;
      this.projKept = sys.keptResidual(c, all);
      if (!(this.projKept < (1 - 0.25 * alpha) * r0)) return this.reject('projection');
      this.projMoved = 0;
    } else {
      if (!this.project(refresh)) return this.reject('nonfinite');
      if (this.projConverged) {
        if (assembled && this.projJumped) return this.reject('projection');
        if (exact && this.cMax > PROJECTION_TOLERANCE * 10) return this.reject('projection');
      } else if (assembled || !(this.projKept < 0.5 * r0)) return this.reject('projection');
    }
    let projected = this.projMoved;
    if (motorTau === 0 && assembled && this.forces.length > 0) {
      // Line search on the springs' energy along the predictor: E(a) ≈ E₀ + a·E'₀ + a²·c through the step's end.
      // The linearised (Gauss–Newton) spring step overshoots where the pull is beyond reach or the motion turns;
      // the parabola's minimum then gives the step that lands on the valley floor instead of across it.
      const slope = -this.forcedDot(Q, this.predictor);
      const e1 = this.energy();
      const curvature = e1 - e0 - slope;
      const best = curvature > 0 ? -slope / (2 * curvature) : 1;
      // The projection leaves |C| ≤ 1e-10, which moves E by up to |Q|·1e-10 where constraint forces hold the
      // springs (a pull beyond reach): below that, energy differences are noise.
      const force2 = this.forcedDot(Q, Q);
      const tolerance = ENERGY_TOLERANCE * (1 + e0) + 10 * PROJECTION_TOLERANCE * Math.sqrt(force2);
      const rising = e1 > e0 + tolerance;
      if (rising || (best > 0 && best < 0.7)) {
        if (!(best > 0)) return this.reject('energy');
        const scale = Math.max(best, 0.05);
        this.cMax = NaN;
        for (let i = 0; i < sys.n; i++) q[i] = q0[i] + scale * this.predictor[i];
        predicted *= scale;
        this.keepBeadsOnWires();
        if (!this.project(true)) return this.reject('nonfinite');
        if (!this.projConverged || this.projJumped) return this.reject('projection');
        if (exact && this.cMax > PROJECTION_TOLERANCE * 10) return this.reject('projection');
        if (this.energy() > e0 + tolerance) return this.reject('energy');
        projected = this.projMoved;
      }
      // Trust ratio: the energy actually released over what the step's quadratic model promised (−E'₀/2 for a
      // Gauss–Newton step). A poor ratio (pulling beyond reach, along a nearly singular pose) asks for a smaller h
      // next step: more drag relative to the spring, a shorter and straighter step (Levenberg–Marquardt-like).
      const promised = -slope / 2;
      this.lastRatio = promised > 1e-300 ? (e0 - this.energy()) / promised : 1;
    } else this.lastRatio = 1;
    this.lastDisplacement = predicted + projected;
    this.lastStep = motorTau > 0 ? motorTau : h;
    return 'accepted';
  }

  /**
   * Projection onto C = 0: chord Newton iterations δ = −W Jᵀ (J W Jᵀ)⁺ C with the step's factorisation, refactored
   * at the present q when the chord iteration stops contracting fast. Results in projConverged, projKept,
   * projMoved, projJumped; false if something turned non-finite.
   */
  private project(refreshFirst: boolean): boolean {
    const { sys, q, c, delta } = this;
    let refresh = refreshFirst;
    this.projectedBy.fill(0);
    this.projConverged = false;
    this.projJumped = false;
    this.projMoved = 0;
    let previous = Infinity;
    for (let it = 0; it < MAX_PROJECTION_ITERATIONS; it++) {
      const all = sys.residual(c, q);
      if (!Number.isFinite(all)) return false;
      this.cMax = all;
      this.projKept = sys.keptResidual(c, all);
      if (this.projKept <= PROJECTION_TOLERANCE) {
        this.projConverged = true;
        return true;
      }
      if (it > 0 && this.projKept > 0.03 * previous) refresh = true;
      if (refresh) {
        sys.jacobian(q);
        sys.factor();
        refresh = false;
        this.projKept = sys.keptResidual(c, all);
        if (this.projKept <= PROJECTION_TOLERANCE) {
          this.projConverged = true;
          return true;
        }
      }
      previous = this.projKept;
      sys.correction(delta, c);
      let beta = 1;
      let moved = 0;
      const { curves } = this.model;
      const { blockOff } = sys;
      const { limit, projectedBy } = this;
      for (let blk = 0; blk < curves.length; blk++) {
        const d = curves[blk].displacementBound(q, blockOff[blk], delta, blockOff[blk]);
        if (!Number.isFinite(d)) return false;
        if (d > moved) moved = d;
        // On an assembled drawing the correction is second order in the step: one that moves a curve by more
        // than twice its step limit means the projection is jumping (toward another assembly branch, or across a
        // singular pose).
        const total = (projectedBy[blk] += d);
        if (total > 2 * limit[blk]) this.projJumped = true;
        const lim = limit[blk] * this.limitScale;
        if (d > lim) beta = Math.min(beta, lim / d);
      }
      this.cMax = NaN;
      for (let i = 0; i < sys.n; i++) q[i] += beta * delta[i];
      this.projMoved += beta * moved;
      if (this.keepBeadsOnWires()) refresh = true;
    }
    const all = sys.residual(c, q);
    if (!Number.isFinite(all)) return false;
    this.cMax = all;
    this.projKept = sys.keptResidual(c, all);
    this.projConverged = this.projKept <= PROJECTION_TOLERANCE;
    return true;
  }

  /** a · b over the blocks the forces mark (Q, which forces fill only there, is zero elsewhere). */
  private forcedDot(a: Float64Array, b: Float64Array): number {
    const { forced, blockOff, blockSize } = this.sys;
    let sum = 0;
    for (let blk = 0; blk < forced.length; blk++) {
      if (!forced[blk]) continue;
      for (let i = blockOff[blk]; i < blockOff[blk] + blockSize[blk]; i++) sum += a[i] * b[i];
    }
    return sum;
  }

  /** Wraps beads on closed wires, clamps (and locks) them at the ends of open ones. True if a lock changed. */
  private keepBeadsOnWires(): boolean {
    let changed = false;
    for (const bead of this.model.beads) {
      const s = this.q[bead.sOff];
      if (bead.wireClosed) this.q[bead.sOff] = s - Math.floor(s);
      else if (s < 0 || s > 1) {
        this.q[bead.sOff] = s < 0 ? 0 : 1;
        if (!this.sys.locked[bead.block]) {
          this.sys.setBeadLocked(bead.block, true);
          changed = true;
        }
      }
    }
    return changed;
  }

  private reject(outcome: StepOutcome): StepOutcome {
    this.q.set(this.q0);
    this.cMax = NaN;
    const motors = this.model.motors;
    for (let i = 0; i < motors.length; i++) {
      motors[i].term.angle = this.motorAngles0[i];
      motors[i].term.timeRate = 0;
    }
    this.sys.locked.fill(0);
    return outcome;
  }
}
