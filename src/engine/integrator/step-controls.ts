// The step controls a drag or settle call adapts after each step's outcome and keeps between calls (docs/engine.md,
// "Why semi-implicit, and the step control"): the pseudo-time step h (a Levenberg–Marquardt-like trust region on
// the springs), the assembling step's damping μ, the step limits' scale, and the stall watch of an assembly.
import type { StepLimits } from './step-limits';

/** Largest pseudo-time step (s) of drag and settle steps: with k = 1 the grabbed point catches up in one step. */
export const MAX_STEP = 1e6;
/** The assembling step's damping μ after its first refusal, and the largest it grows to. */
const FIRST_DAMPING = 1e-3;
const MAX_DAMPING = 1e8;
/**
 * An assembly that has not lowered max |C| (over the rows held exact) by STALL_PROGRESS in STALL_STEPS steps has
 * stalled. Generous: a far assembly moving at its step limit lowers |C| by far more than 1% in 200 steps.
 */
const STALL_STEPS = 200;
const STALL_PROGRESS = 0.01;

/** 'paused': the step's projection reached the call's deadline; q is back at the step's start. */
export type StepOutcome = 'accepted' | 'energy' | 'projection' | 'assembly' | 'nonfinite' | 'paused';

export class StepControls {
  /** The pseudo-time step of the next drag or settle step. */
  h = MAX_STEP;
  /**
   * Levenberg damping μ of the assembling step (J W Jᵀ + μ·d̄·I, system.factor): 0 until an assembling step
   * is refused, ×10 at each refusal, ÷4 at each acceptance (0 again below FIRST_DAMPING).
   */
  damping = 0;
  /** The present call's least held residual while assembling, and the step that reached it. */
  private stallBest = Infinity;
  private stallSince = 0;

  constructor(
    /** Whose scale the controls halve after a refused projection and grow back after acceptance. */
    private readonly limits: StepLimits,
  ) {}

  /** Afresh (a grab, a restart, the controls exhausted): the longest step, the limits unscaled. */
  reset(): void {
    this.h = MAX_STEP;
    this.limits.scale = 1;
  }

  /**
   * After an accepted step whose springs released `ratio` of the energy its quadratic model promised: a poor
   * ratio (pulling beyond reach, along a nearly singular pose) shortens h, a good one lengthens it; the damping
   * eases off and the limits grow back.
   */
  accepted(ratio: number): void {
    this.damping = this.damping * 0.25 >= FIRST_DAMPING ? this.damping * 0.25 : 0;
    if (ratio < 0.25) this.h = Math.max(this.h * 0.25, 1e-9);
    else if (ratio > 0.5) this.h = Math.min(MAX_STEP, this.h * 3);
    this.limits.scale = Math.min(1, this.limits.scale * 1.5);
  }

  /**
   * After a refused step: the energy rose (a shorter h), or an assembling step fell short of its model (more
   * damping, up to MAX_DAMPING), or anything else (shorter limits and h).
   */
  refused(outcome: Exclude<StepOutcome, 'accepted' | 'paused'>): void {
    if (outcome === 'energy') this.h *= 0.1;
    else if (outcome === 'assembly' && this.damping < MAX_DAMPING) {
      // Near a singular pose the Newton step on C is mostly its near-null direction, huge, clipped to a sliver
      // that the curvature undoes: damp it toward the residual's steepest descent instead (a drawing with a
      // solution stalled at residual 132, far from any stationary point of |C|²).
      this.damping = this.damping > 0 ? this.damping * 10 : FIRST_DAMPING;
    } else {
      this.limits.scale *= 0.5;
      this.h *= 0.1;
    }
  }

  /** No step is left to try: h or the limits' scale fell below its floor. */
  get exhausted(): boolean {
    return this.h < 1e-12 || this.limits.scale < 1e-9;
  }

  /** A call begins: its stall watch starts afresh. */
  startCall(): void {
    this.stallBest = Infinity;
    this.stallSince = 0;
  }

  /**
   * After the call's accepted step number `steps` while assembling, `held` its max |C| over the held rows: true
   * once STALL_STEPS steps have passed without lowering it by STALL_PROGRESS.
   */
  stalled(held: number, steps: number): boolean {
    if (held < this.stallBest * (1 - STALL_PROGRESS)) {
      this.stallBest = held;
      this.stallSince = steps;
      return false;
    }
    return steps - this.stallSince >= STALL_STEPS;
  }
}
