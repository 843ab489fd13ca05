// The integrator: one drawing's constrained first-order dynamics, stepped. One step (docs/engine.md, "One step") is
// its phases, each a function below: begin (the start kept, J W Jᵀ factored), predict (the velocity solve, beads
// pushing against a stop held), clip (to the step limits), move (q += α Δq within the stops), then accept (an
// assembling step's test) or project (onto C = 0, pausing at the call's deadline), search (the springs' line
// search) and finish. The loops of drag/settle steps and of motor substeps drive it ("Frames and settling"); the
// controls they adapt after each outcome are step-controls.ts, a paused step paused-step.ts.
import type { Clock } from '../../shared/clock';
import type { Vec2 } from '../../shared/drawing';
import { MAX_COORDINATE } from '../../shared/limits';
import type { EngineModel } from '../build';
import type { ForceTerm } from '../forces/force';
import { CompanionSprings } from '../forces/companion-springs';
import { MouseSpring } from '../forces/mouse-spring';
import type { ConnectorPoint } from '../model/connector';
import type { ConstraintSystem } from '../system/system';
import { BranchReference } from './branch';
import { ReleasedConflicts } from './conflicts';
import { outsideLeash } from './leash';
import { PausedStep } from './paused-step';
import { SolvePreparation } from './prepare';
import { PROJECTION_TOLERANCE, Projection } from './projection';
import { Residual } from './residual';
import { MAX_STEP, StepControls, type StepOutcome } from './step-controls';
import { StepLimits } from './step-limits';
import { StateStops } from './stops';
import { ShapeKeeper } from '../kept-shape';

/** What a call of drag or settle steps (Integrator.run) did. */
export interface RunOutcome {
  steps: number;
  /** At rest, or at the pull's minimum as far as the constraints allow; false while it is not (held, stalled…). */
  done: boolean;
  /** The budget ended with the drawing still on its way: another call goes on. */
  outOfTime: boolean;
}

/** The latest outcomes returned, their hidden classes kept alive (kept-shape.ts). */
const runOutcomes = new ShapeKeeper<RunOutcome>();
const motorOutcomes = new ShapeKeeper<{ steps: number; caughtUp: boolean; blocked: boolean }>();

/** Mouse spring stiffness (force per mm). */
export const MOUSE_STIFFNESS = 1;
/**
 * Largest motor angle per substep (rad), ~31.5°: a 60° turn is two substeps, not three. Each substep's projection
 * (about five corrections, two factorisations) costs about the same at 30° as at 20°, so fewer, larger substeps
 * are faster (1,000 four-bars' 60° turn: 23–26 → 16–18 ms); a substep that would jump branch is still refused
 * and retried at a quarter of its size.
 */
const MOTOR_STEP_ANGLE = 0.55;
/** Relative energy rise that rejects a drag step. */
const ENERGY_TOLERANCE = 1e-12;
/**
 * How many steps a drag or settle call may take past its budget while none of them has been accepted: enough for
 * a refused step or two (a shorter h after an energy rise), not a held pose's whole search.
 */
const OVERRUN_STEPS = 3;
/** A held row counts as exact up to this (the projection's tolerance with a margin). */
const EXACT = PROJECTION_TOLERANCE * 10;

/** What the present step's phases share, each setting its part in turn (begin first). */
interface CurrentStep {
  /** Pseudo-time h of the step, and motor time τ (0 for a drag or settle step). */
  h: number;
  motorTau: number;
  /** When it began (the engine's clock): its set-up time is measured from here. */
  began: number;
  /** max |C| at the start over the rows the step's factorisation keeps (the damped one's when damped). */
  r0: number;
  /** Every row exact at the start but the released conflicts': the step must keep it so. */
  exact: boolean;
  /** The kept rows exact at the start; otherwise assembling. */
  assembled: boolean;
  /** Assembling with the Levenberg damping on. */
  damped: boolean;
  /** Rows the start's factorisation dropped, and whether the start is a singular pose (branch.ts). */
  dropped: number;
  singular: boolean;
  /** The springs' energy at the start (0 for a motor step). */
  e0: number;
  /** How far the predictor moves the drawing (largest curve displacement), and how far the projection then. */
  predicted: number;
  projected: number;
}

export class Integrator {
  readonly sys: ConstraintSystem;
  readonly q: Float64Array;
  /** The velocity solve's right-hand side, forces, velocity and multipliers (diagnostics reads λ after a solve). */
  readonly b: Float64Array;
  readonly Q: Float64Array;
  readonly qdot: Float64Array;
  readonly lambda: Float64Array;
  readonly residual: Residual;
  /** The mouse spring while a point is grabbed, null otherwise. */
  mouse: MouseSpring | null = null;
  /** While several curves are dragged together: the springs that carry the rest of the selection along. */
  companions: CompanionSprings | null = null;
  /** Every force acting: the drawing's springs, the released conflicts if any and, while a point is grabbed, the mouse. */
  forces: ForceTerm[];
  /** Whether the attractors pull now (setPulling). */
  private pulling = false;
  /** Conflicting constraints taken out of the exact solve and kept as a spring (conflicts.ts). */
  readonly conflicts: ReleasedConflicts;
  /**
   * While a settle assembles from far (far-assembly.ts): the box [minX, minY, maxX, maxY] a step must leave every
   * curve within (leash.ts), else it is refused as a failed projection is; null otherwise.
   */
  leash: Float64Array | null = null;
  private readonly leashBox = new Float64Array(4);
  /** The pseudo-time (or motor time) of the last accepted step: the stiffness scale diagnostics solve with. */
  lastStep = MAX_STEP;
  /** Simulated seconds of motor time. */
  simulatedTime = 0;
  private readonly q0: Float64Array;
  private readonly delta: Float64Array;
  /** The accepted predictor Δq of the present step (for the line search). */
  private readonly predictor: Float64Array;
  /** The assembling step's linear model of C at its end, C + J Δq. */
  private readonly linear: Float64Array;
  private readonly motorAngles0: Float64Array;
  private readonly pos = new Float64Array(2);
  /** How far each curve may move per step; the engine sets its scene (the whole drawing's bounds). */
  readonly limits: StepLimits;
  private readonly stops: StateStops;
  private readonly projection: Projection;
  /** The branch the drawing came along, for the steps that start at a singular pose. */
  private readonly branch: BranchReference;
  private readonly preparation: SolvePreparation;
  /**
   * The one mouse spring of this engine, kept after release and re-aimed at each grab. Besides saving an
   * allocation per grab, it keeps the spring's hidden class alive: when the last MouseSpring of the process was
   * collected, V8 threw away the optimised code of the integrator's step, which checks for that class, and the
   * next drag's first frames ran unoptimised while it compiled again (a 1,000-bar chain's drag: 2.5 ms with the
   * code kept, 3–9 ms without). Made at set-up, as every buffer is: a fresh engine's first grab allocated its two
   * typed arrays, a quarter of a 10-bar chain's first drag.
   */
  private readonly spring = new MouseSpring(null, MOUSE_STIFFNESS);
  /** A drag or settle step whose projection reached its call's deadline, carried on by the next call. */
  private readonly paused: PausedStep;
  private readonly current: CurrentStep = {
    h: 0,
    motorTau: 0,
    began: 0,
    r0: 0,
    exact: false,
    assembled: false,
    damped: false,
    dropped: 0,
    singular: false,
    e0: 0,
    predicted: 0,
    projected: 0,
  };
  /**
   * How long the last drag or settle step took to reach its projection (J, J W Jᵀ factored, the velocity solve):
   * what any step costs before it can pause. A call does not start another step unless that much budget is left.
   */
  private setupMs = 0;
  /** Adaptive step controls (h, damping, the limits' scale), kept between calls. */
  private readonly controls: StepControls;
  private lastDisplacement = 0;
  /** Energy released over energy promised by the last accepted step's model (1 without springs). */
  private lastRatio = 1;

  constructor(
    private readonly model: EngineModel,
    /** What the calls' budgets and deadlines are measured on (the engine's). */
    readonly clock: Clock,
  ) {
    const sys = model.system;
    this.sys = sys;
    const n = sys.n;
    const R = sys.rows;
    this.q = model.q;
    this.q0 = new Float64Array(n);
    this.qdot = new Float64Array(n);
    this.delta = new Float64Array(n);
    this.predictor = new Float64Array(n);
    this.Q = new Float64Array(n);
    this.b = new Float64Array(R);
    this.lambda = new Float64Array(R);
    this.linear = new Float64Array(R);
    this.motorAngles0 = new Float64Array(model.motors.length);
    this.paused = new PausedStep(sys);
    this.forces = [...model.springs];
    this.residual = new Residual(sys, this.q);
    this.conflicts = new ReleasedConflicts(sys, this.residual);
    this.preparation = new SolvePreparation(sys, this.q, this.Q, this.conflicts);
    this.limits = new StepLimits(model);
    this.controls = new StepControls(this.limits);
    this.stops = new StateStops(model);
    this.branch = new BranchReference(model, this.limits);
    this.projection = new Projection(
      model,
      this.q,
      this.q0,
      this.delta,
      this.residual,
      this.limits,
      this.stops,
      this.conflicts,
      clock,
    );
    this.limits.refresh(this.q);
  }

  /**
   * Attaches the mouse spring to a material point; its target starts where the point is. `companions`: points of
   * the other dragged curves, each held at its offset from the mouse target (companion-springs.ts).
   */
  grab(point: ConnectorPoint, companions: readonly ConnectorPoint[] = []): void {
    this.paused.drop();
    this.spring.point = point;
    this.mouse = this.spring;
    point.position(this.mouse.target, this.q);
    this.companions = companions.length
      ? new CompanionSprings(companions, this.mouse.target, this.q, MOUSE_STIFFNESS)
      : null;
    this.gatherForces();
    this.controls.reset();
  }

  release(): void {
    this.paused.drop();
    this.mouse = null;
    this.companions = null;
    this.gatherForces();
  }

  /**
   * Whether the attractors pull (Engine.relax turns them on for its steps): they act only then, so a drag's point
   * follows the cursor and an edit's settle only assembles; the fit resumes when the drag ends.
   */
  setPulling(on: boolean): void {
    if (this.pulling === on) return;
    this.pulling = on;
    this.gatherForces();
  }

  /**
   * The forces acting now: the springs, the attractors while pulling, released conflicts, the mouse (again after
   * any of them changes).
   */
  gatherForces(): void {
    this.forces = [...this.model.springs];
    if (this.pulling) for (const pull of this.model.fits) this.forces.push(pull.term);
    if (this.conflicts.count > 0) this.forces.push(this.conflicts);
    if (this.mouse) this.forces.push(this.mouse);
    if (this.mouse && this.companions) this.forces.push(this.companions);
  }

  /**
   * Moves the mouse spring's target to the cursor, clamped to ±MAX_COORDINATE: a cursor further out is no place a
   * drawing can be saved at (and one near ±1.8e308 overflows the spring's energy). A non-finite cursor is ignored.
   */
  aim(x: number, y: number): void {
    if (!this.mouse || !Number.isFinite(x) || !Number.isFinite(y)) return;
    this.mouse.target[0] = Math.max(-MAX_COORDINATE, Math.min(MAX_COORDINATE, x));
    this.mouse.target[1] = Math.max(-MAX_COORDINATE, Math.min(MAX_COORDINATE, y));
  }

  /** The grabbed point's present position, or null when nothing is grabbed. */
  grabbedPosition(): Vec2 | null {
    if (!this.mouse) return null;
    this.mouse.point!.position(this.pos, this.q);
    return [this.pos[0], this.pos[1]];
  }

  /**
   * The state (q, or the released conflicts) was set from outside (a bead re-seated, trapped-beads.ts): C is
   * stale and the step controls start afresh, as at a grab, so the new start is not judged by the old one's step
   * size and damping.
   */
  restart(): void {
    this.paused.drop();
    this.gatherForces(); // the released conflicts may have been restored
    this.branch.clear();
    this.residual.stale();
    this.controls.reset();
    this.controls.damping = 0;
    this.limits.refresh(this.q);
  }

  /** Drag matrices and step limits at the present state: once per public call, not per step. */
  refresh(): void {
    this.limits.refresh(this.q);
  }

  /**
   * Everything a velocity solve needs at the present state, for a step of length h: Q = Σ forces, W = (M + h·K̃)⁻¹
   * with the forces' stiffness in the blocks they act on, J, and J W Jᵀ factored. False if a stiffened block is not
   * positive definite (W is then not usable).
   */
  prepareSolve(h: number): boolean {
    return this.preparation.solve(this.forces, h);
  }

  /** prepareSolve without the factorisation: Q, W and J at the present state (what diagnostics reads). */
  prepareMetric(h: number): boolean {
    return this.preparation.metric(this.forces, h);
  }

  /**
   * The system's J, W and factorisation are what prepareSolve would make of the present state with no force, its W
   * SPD as `spd` says (the engine's kinematics just made them): the next step may keep them (prepare.ts). One use.
   */
  adoptFactorisation(spd: boolean): void {
    this.preparation.adopt(this.forces, spd);
  }

  /**
   * Drag/settle steps (motors hold) until motion stops with the independent rows exact, or the budget ends. A call
   * always makes progress (issue 27): its first step (or the paused one it carries on) is never paused, and it
   * goes on past the budget until a step is accepted (at most OVERRUN_STEPS steps), so a drawing whose one step
   * costs more than the budget still moves at every call instead of showing a step's start for several.
   */
  run(start: number, budgetMs: number): RunOutcome {
    let steps = 0;
    let accepted = 0;
    const motionTol = 1e-9 * this.limits.drawingSize;
    const { controls } = this;
    if (this.still()) return ran(0, true);
    controls.startCall();
    const deadline = start + budgetMs;
    while (
      (accepted === 0 && steps < OVERRUN_STEPS) ||
      this.clock.now() + (steps > 0 ? this.setupMs : 0) < deadline
    ) {
      const until = accepted === 0 ? Infinity : deadline;
      const outcome = this.paused.pending ? this.resume(until) : this.step(controls.h, 0, until);
      steps++;
      if (outcome === 'paused') return ran(steps, false);
      if (outcome === 'accepted') {
        accepted++;
        const ends = this.endsCall(motionTol, steps);
        if (ends !== null) return ran(steps, ends);
        controls.accepted(this.lastRatio);
      } else controls.refused(outcome);
      if (controls.exhausted) {
        // No step lowers the energy any more: at the minimum as far as the constraints allow (caught up). Or no
        // step projects (a pose the constraints cannot leave in the pulled direction): hold. Try afresh next call.
        controls.reset();
        return ran(steps, outcome === 'energy');
      }
    }
    // The budget ended with the drawing still on its way (not a stall, not a hold): the next call goes on.
    return ran(steps, false, true);
  }

  /**
   * After the call's accepted step number `steps`: true if the drawing is at rest (the held rows exact and the
   * motion stopped, or the pull on its target), false if an assembly has stalled, null if the call goes on.
   */
  private endsCall(motionTol: number, steps: number): boolean | null {
    const speed = this.lastDisplacement / this.lastStep;
    const kept = this.sys.keptResidual(this.residual.c, this.residual.now());
    if (kept <= PROJECTION_TOLERANCE) {
      if (this.lastDisplacement <= motionTol && speed <= 1e-7) return true;
      // With the mouse as the only force, a grabbed point sitting on the cursor means Q = 0, so q̇ = 0:
      // at rest without spending a step to see the motion stop.
      if (this.mouseOnly() && this.mouseMiss() <= motionTol) return true;
      return null;
    }
    // Assembling. Steps that no longer lower |C| are a stall, not progress: a bead held at an end stop alternates
    // between a locked and a damped step forever (370,000 steps in a 3 s settle). End the call; the caller may try
    // elsewhere (trapped-beads.ts) or the next frame afresh.
    return this.controls.stalled(this.conflicts.heldResidual(this.residual.now()), steps) ? false : null;
  }

  /**
   * Advances running motors by rpm·dt in equal substeps of at most MOTOR_STEP_ANGLE, solving after each, then lets
   * anything else (springs, an unassembled drawing) settle within what is left of the budget. `blocked`: every
   * substep was refused (a crank at its limit, a toggle), not merely out of time.
   */
  advanceMotors(
    dtSeconds: number,
    start: number,
    budgetMs: number,
  ): { steps: number; caughtUp: boolean; blocked: boolean } {
    this.paused.drop();
    let omega = 0;
    for (const { term } of this.model.motors) if (term.running) omega = Math.max(omega, Math.abs(term.omega));
    let remaining = Number.isFinite(dtSeconds) && dtSeconds > 0 ? dtSeconds : 0;
    // Equal substeps of at most MOTOR_STEP_ANGLE each.
    const maxTau = omega > 0 ? remaining / Math.ceil((remaining * omega) / MOTOR_STEP_ANGLE) : remaining;
    let tau = maxTau;
    let steps = 0;
    let blocked = false;
    while (remaining > 0 && this.clock.now() - start < budgetMs) {
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
    const rest = this.run(start, budgetMs);
    return motorOutcomes.keep({ steps: steps + rest.steps, caughtUp: remaining <= 0 && rest.done, blocked });
  }

  /**
   * What run would see first at the present state (after refresh): no step paused and at rest, so it would take no
   * step and report done. (A settle of a part at rest ends here: engine-part.ts.)
   */
  still(): boolean {
    return !this.paused.pending && this.atRest(1e-9 * this.limits.drawingSize);
  }

  /**
   * At rest without stepping: every constraint exact and no force (or only the mouse, its point on the cursor).
   * Then Q = 0 and C = 0, so q̇ = 0.
   */
  private atRest(motionTol: number): boolean {
    if (this.conflicts.heldResidual(this.residual.now()) > PROJECTION_TOLERANCE) return false;
    if (this.forces.length === 0) return true;
    return this.mouseOnly() && this.mouseMiss() <= motionTol;
  }

  /** The only forces are the pull's: the mouse spring and, dragging a selection, its companions. */
  private mouseOnly(): boolean {
    return this.mouse !== null && this.forces.length === (this.companions ? 2 : 1);
  }

  /**
   * How far the pull is from where it aims: the grabbed point from the cursor, and any companion from its target
   * (only while a point is grabbed).
   */
  mouseMiss(): number {
    const mouse = this.mouse as MouseSpring;
    mouse.point!.position(this.pos, this.q);
    const miss = Math.hypot(this.pos[0] - mouse.target[0], this.pos[1] - mouse.target[1]);
    return this.companions ? Math.max(miss, this.companions.maxMiss(this.q)) : miss;
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
  private step(h: number, motorTau: number, deadline = Infinity): StepOutcome {
    const s = this.current;
    s.began = this.clock.now();
    s.h = h;
    s.motorTau = motorTau;
    if (!this.begin()) return this.reject('nonfinite');
    if (!this.predict()) return this.reject('nonfinite');
    const alpha = this.clip();
    // A motor substep is never clipped (motor time and angle must agree): refused, it is retried shorter.
    if (motorTau > 0 && alpha < 1) return this.reject('projection');
    const refresh = this.move(alpha);
    const assembling = !s.assembled && (alpha < 1 || s.damped);
    // From a singular pose, the projection starts with J at the predicted pose, where every row counts again.
    const stop = assembling ? this.accept() : this.project(refresh || s.singular, deadline);
    if (stop !== null) return stop;
    if (motorTau === 0 && s.assembled && this.forces.length > 0) {
      const refused = this.search();
      if (refused !== null) return refused;
    } else this.lastRatio = 1;
    if (this.leash !== null && outsideLeash(this.leash, this.model, this.q, this.leashBox))
      return this.reject('projection');
    return this.finish(motorTau > 0 ? motorTau : h, s.predicted, s.projected, motorTau === 0);
  }

  /**
   * The step's start kept (q, the motor angles), no bead held, J W Jᵀ factored there — again if conflicts were
   * released there — and what the later phases measure against: C, the springs' energy, whether the drawing is
   * assembled and exact, and the damped factorisation of an assembling step. False if anything is not finite.
   */
  private begin(): boolean {
    const s = this.current;
    const { sys, q, residual } = this;
    const { c } = residual;
    const motors = this.model.motors;
    this.q0.set(q);
    for (let i = 0; i < motors.length; i++) {
      this.motorAngles0[i] = motors[i].term.angle;
      motors[i].term.timeRate = s.motorTau > 0 ? 1 : 0;
    }
    sys.unlockAll();
    const all0 = residual.now();
    if (!Number.isFinite(all0)) return false;
    if (!this.prepareSolve(s.h)) return false;
    if (s.motorTau === 0 && this.conflicts.releaseAtConflict()) {
      this.gatherForces();
      if (!this.prepareSolve(s.h)) return false;
    }
    // Every row exact but the released conflicts: a step must keep it so. At a toggle a row turns dependent and the
    // projection, which only sees the independent rows, would otherwise let the dependent one open.
    s.exact = this.conflicts.heldResidual(all0) <= EXACT;
    s.e0 = s.motorTau > 0 ? 0 : this.energy();
    residual.stale(); // q moves from here on
    // The residual that matters: independent rows (a conflicting row keeps its residual for good).
    s.r0 = sys.keptResidual(c, all0);
    s.assembled = s.r0 <= EXACT;
    s.damped = !s.assembled && this.controls.damping > 0 && s.motorTau === 0;
    if (s.damped) {
      sys.factor(this.controls.damping);
      s.r0 = sys.keptResidual(c, all0); // over the rows this factorisation keeps, as the acceptance measures
    }
    // At a singular pose (a row newly dependent: a change point, links in line) predict along the branch the
    // drawing came on: J at the last pose before it (branch.ts). (Released conflicts' rows are dropped for good.)
    s.dropped = sys.droppedCount - this.conflicts.count;
    s.singular = s.assembled && !s.damped && this.branch.singular(s.dropped);
    if (s.singular) this.branch.linearise(sys, q, this.conflicts);
    return true;
  }

  /**
   * The velocity solve, (J W Jᵀ) λ = −J W Q − ∂C/∂t − C/h, q̇ = W (Q + Jᵀ λ), re-solved with the beads that push
   * against an end stop of an open wire held there (W_s = 0); Δq = h q̇ into delta. False if Δq is not finite.
   */
  private predict(): boolean {
    const { h, motorTau, assembled } = this.current;
    const { sys, q, qdot, delta, Q, b, lambda } = this;
    const { c } = this.residual;
    sys.timeDerivative(b);
    for (let r = 0; r < sys.rows; r++) b[r] += c[r] / h;
    const forceFree = this.forces.length === 0;
    sys.velocity(qdot, lambda, Q, b, forceFree);
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
      sys.factor(assembled || motorTau > 0 ? 0 : this.controls.damping);
      sys.velocity(qdot, lambda, Q, b, forceFree);
    }
    // d · 0 is 0 for every finite d and NaN for ±Infinity and NaN: one test after the loop instead of one per entry.
    let nonFinite = 0;
    for (let i = 0; i < sys.n; i++) {
      const d = h * qdot[i];
      delta[i] = d;
      nonFinite += d * 0;
    }
    return nonFinite === 0;
  }

  /**
   * The factor α ≤ 1 that keeps every curve within its step limit under α Δq; the predictor's displacement (the
   * largest curve's, unclipped) into the step's `predicted`.
   */
  private clip(): number {
    const { sys, q, delta, limits } = this;
    const { curves } = this.model;
    let alpha = 1;
    let predicted = 0;
    for (let blk = 0; blk < curves.length; blk++) {
      const d = curves[blk].displacementBound(q, sys.blockOff[blk], delta, sys.blockOff[blk]);
      predicted = Math.max(predicted, d);
      const lim = limits.limit[blk] * limits.scale;
      if (d > lim) alpha = Math.min(alpha, lim / d);
    }
    this.current.predicted = predicted;
    return alpha;
  }

  /**
   * q += α Δq (kept as the predictor), within the state's stops; the motors advance by the step's τ. True if a
   * bead's lock changed (the factorisation is then stale).
   */
  private move(alpha: number): boolean {
    const { sys, q, predictor, delta } = this;
    for (let i = 0; i < sys.n; i++) {
      const d = alpha * delta[i];
      predictor[i] = d;
      q[i] += d;
    }
    this.current.predicted *= alpha;
    const refresh = this.stops.apply(q, this.q0);
    for (const { term } of this.model.motors) {
      term.advance(this.current.motorTau);
      term.timeRate = 0;
    }
    return refresh;
  }

  /**
   * The assembling step's acceptance (a drawing built with its constraints apart: the predictor is a Newton step on
   * C, clipped to the step limit, or damped; no projection, which would undo the limit or the damping): |C|² over
   * the kept rows must fall by a fair share (a quarter) of what the step's linear model C + J Δq promises — for a
   * clipped Newton step, (2α − α²)|C|². |C|², not max |C|: a damped step, turning toward |C|²'s steepest descent,
   * can lower the one and not the other. Null if accepted so far, else the refusal.
   */
  private accept(): StepOutcome | null {
    const { sys, linear, predictor, residual } = this;
    const { c } = residual;
    sys.multiplyJ(linear, predictor);
    for (let r = 0; r < sys.rows; r++) linear[r] += c[r]; // (c still holds C at the step's start)
    const before = sys.keptSquares(c);
    const promised = before - sys.keptSquares(linear);
    if (!Number.isFinite(residual.evaluate())) return this.reject('nonfinite');
    if (!(before - sys.keptSquares(c) >= 0.25 * promised && promised > 0)) return this.reject('assembly');
    this.current.projected = 0;
    return null;
  }

  /**
   * Projects the predictor onto C = 0 (projection.ts) and judges it: an assembled drawing's projection must
   * converge without a jump and keep the exact rows exact; an assembling one's must at least halve the kept
   * residual. Only a drag or settle step of an assembled drawing may pause at the deadline (its start is a state
   * to show meanwhile). Null if accepted so far, else the refusal or 'paused'.
   */
  private project(refresh: boolean, deadline: number): StepOutcome | null {
    const s = this.current;
    const { projection } = this;
    const pausable = s.motorTau === 0 && s.assembled;
    if (pausable) this.setupMs = this.clock.now() - s.began;
    if (!projection.run(refresh, pausable ? deadline : Infinity)) return this.reject('nonfinite');
    if (projection.paused) return this.pause(s.h, s.predicted, s.exact);
    if (projection.converged) {
      if (s.assembled && projection.jumped) return this.reject('projection');
      if (this.opened(s.exact)) return this.reject('projection');
    } else if (s.assembled || !(projection.kept < 0.5 * s.r0)) return this.reject('projection');
    s.projected = projection.moved;
    return null;
  }

  /**
   * The springs' line search along the predictor: E(a) ≈ E₀ + a·E'₀ + a²·c through the step's end. The linearised
   * (Gauss–Newton) spring step overshoots where the pull is beyond reach or the motion turns; the parabola's minimum
   * then gives the step that lands on the valley floor instead of across it, projected again. Then the trust ratio
   * (lastRatio): the energy released over what the step's quadratic model promised (−E'₀/2). Null if accepted so
   * far, else the refusal.
   */
  private search(): StepOutcome | null {
    const s = this.current;
    const { sys, q, q0, Q, predictor, projection } = this;
    const { e0 } = s;
    const slope = -sys.forcedDot(Q, predictor);
    const e1 = this.energy();
    const curvature = e1 - e0 - slope;
    const best = curvature > 0 ? -slope / (2 * curvature) : 1;
    // The projection leaves |C| ≤ 1e-10, which moves E by up to |Q|·1e-10 where constraint forces hold the
    // springs (a pull beyond reach): below that, energy differences are noise.
    const force2 = sys.forcedDot(Q, Q);
    const tolerance = ENERGY_TOLERANCE * (1 + e0) + 10 * PROJECTION_TOLERANCE * Math.sqrt(force2);
    const rising = e1 > e0 + tolerance;
    if (rising || (best > 0 && best < 0.7)) {
      if (!(best > 0)) return this.reject('energy');
      const scale = Math.max(best, 0.05);
      this.residual.stale();
      for (let i = 0; i < sys.n; i++) q[i] = q0[i] + scale * predictor[i];
      s.predicted *= scale;
      this.stops.apply(q, q0);
      if (!projection.run(true)) return this.reject('nonfinite');
      if (this.projectionRefused(s.exact)) return this.reject('projection');
      if (this.energy() > e0 + tolerance) return this.reject('energy');
      s.projected = projection.moved;
    }
    // A poor ratio (pulling beyond reach, along a nearly singular pose) asks for a smaller h next step: more drag
    // relative to the spring, a shorter and straighter step (Levenberg–Marquardt-like; step-controls.ts).
    const promised = -slope / 2;
    this.lastRatio = promised > 1e-300 ? (e0 - this.energy()) / promised : 1;
    return null;
  }

  /**
   * The step's end: accepted if q is still within the stops (finite, within ±MAX_COORDINATE, no radius made 0),
   * else refused like a non-finite step. `length`: its pseudo-time or motor time; `releases`: a drag or settle step,
   * which releases the conflicts found at its end — with the projection's last factorisation, near where it ended:
   * the pose where a conflict's rows are dependent can be left by its last correction, and the next step's
   * factorisation would not see it.
   */
  private finish(length: number, predicted: number, projected: number, releases: boolean): StepOutcome {
    if (!this.stops.hold(this.q, this.q0)) return this.reject('nonfinite');
    this.lastDisplacement = predicted + projected;
    this.lastStep = length;
    const s = this.current;
    if (s.assembled) this.branch.accepted(this.q0, s.dropped, s.singular); // (an assembly's path is no branch)
    if (releases && this.conflicts.releaseAtConflict()) this.gatherForces();
    return 'accepted';
  }

  /** The step left a drawing that was exact with a held row open (at a toggle: a row turned dependent). */
  private opened(exact: boolean): boolean {
    return exact && this.conflicts.heldResidual(this.residual.max) > EXACT;
  }

  /** An assembled drawing's projection refused: not converged, a jump, or an exact row opened. */
  private projectionRefused(exact: boolean): boolean {
    return !this.projection.converged || this.projection.jumped || this.opened(exact);
  }

  /** A drag or settle step paused at its call's deadline waits for the next call to finish it. */
  get stepPending(): boolean {
    return this.paused.pending;
  }

  /** Keeps the paused step's state aside and shows its start: q = q0, every constraint as exact as it was. */
  private pause(h: number, predicted: number, exact: boolean): StepOutcome {
    this.paused.keep(this.q, h, predicted, exact);
    this.backToStart();
    return 'paused';
  }

  /**
   * Carries the paused step on from where its projection stopped, and accepts it as step() would (converged, no
   * jump, the exact rows kept). The springs' line search is not repeated: the cursor has moved since the step's
   * predictor, so its energies would compare two different pulls; the next step starts from the new one.
   */
  private resume(deadline: number): StepOutcome {
    const { projection, paused } = this;
    const changed = paused.resume(this.q);
    this.residual.stale();
    // Another call (diagnostics, kinematics) may have replaced J, W or the factorisation since the pause.
    if (!projection.resume(deadline, changed)) return this.reject('nonfinite');
    if (projection.paused) return this.pause(paused.h, paused.predicted, paused.exact);
    if (this.projectionRefused(paused.exact)) return this.reject('projection');
    this.lastRatio = 1;
    return this.finish(paused.h, paused.predicted, projection.moved, true);
  }

  /** q back at the step's start (C there is evaluated anew when asked), no bead held. */
  private backToStart(): void {
    this.q.set(this.q0);
    this.residual.stale();
    this.sys.unlockAll();
  }

  /** Refuses the step: the state and the motors back at its start. */
  private reject(outcome: StepOutcome): StepOutcome {
    this.backToStart();
    const motors = this.model.motors;
    for (let i = 0; i < motors.length; i++) {
      motors[i].term.angle = this.motorAngles0[i];
      motors[i].term.timeRate = 0;
    }
    return outcome;
  }
}

/** A run's outcome (kept: kept-shape.ts). */
function ran(steps: number, done: boolean, outOfTime = false): RunOutcome {
  return runOutcomes.keep({ steps, done, outOfTime });
}
