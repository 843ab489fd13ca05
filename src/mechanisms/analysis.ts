// Mechanism analysis: the exact position, velocity and acceleration of one material point (engine kinematics), or
// a bar's angle and angular velocity (bar-motion.ts), at evenly spaced instants of one motor cycle, or of a given
// time (one sampling loop, sampleCycle, for both and for the four-bar's transmission angle). The motors are advanced from sample to sample
// (Engine.advanceMotors, the simulation's own step), so each sample is at its settled pose; the values there are
// the engine's exact ones, not differences of the trace. A sample the mechanism cannot reach (the motor blocked at a
// toggle) or where the motion is singular is undefined: null values and a note that says why.
//
// Each analysis is a generator that yields after every sample (pointAnalysis, barAnalysis, fourBarAnalysis), so the
// session can run it in slices beside the user's drags and drop it when the drawing changes (src/session/analyses.ts);
// analyzePoint & co. run one to its end. The engine an analysis advances measures its budgets on analysisClock(), a
// deterministic clock: each advance is bounded by work, never by how busy the machine is, so a mechanism stuck at a
// dead point is reported as locked after a bounded number of refused substeps, the same on any machine.

import type { PointMotion } from '../engine';
import { withArticle } from '../shared/article';
import { SteppedClock } from '../shared/clock';
import type { Drawing, MotorConstraint } from '../shared/drawing';
import type { SimulationEngine } from './controller';
import { barMotion, emptyBarMotion, type BarMotionEngine } from './bar-motion';
import { lockReason } from './lock-reason';
import { bindingConstraints } from './readouts';

/** What the analysis needs of the engine (the Engine class satisfies it). */
export interface AnalysisEngine extends SimulationEngine, BarMotionEngine {
  kinematics(curve: string, u: number, out?: PointMotion): PointMotion;
}

// One sample: t (s of motor time from the start pose), angle (the first running motor's driven angle, radians,
// unwrapped, clockwise on screen), x, y (mm), vx, vy (mm/s), ax, ay (mm/s²) in drawing coordinates, null where
// undefined (all six where the pose was not reached, the velocity and acceleration at a singular pose), and a note
// saying why. One type for the CLI, the session and the Plot panel: src/shared/analysis-samples.ts.
export type { AnalysisSample, BarSample } from '../shared/analysis-samples';
import type { AnalysisSample, BarSample } from '../shared/analysis-samples';

export interface AnalysisOptions {
  /** Number of samples (default DEFAULT_SAMPLES). */
  samples?: number;
  /** Sample this many seconds instead of one cycle of the first running motor. */
  seconds?: number;
}

export const DEFAULT_SAMPLES = 72;
/**
 * The engine's budget per advance, on analysisClock(): 6,400 readings of it, several hundred motor substeps — far
 * more than an advance of a mechanism that moves needs (a few dozen), and a bound on one that creeps at a dead point.
 */
export const ADVANCE_BUDGET_MS = 50;
/** What analysisClock() moves at each reading, ms. */
export const ANALYSIS_TICK_MS = 1 / 128;

/** The clock an analysis's engine is built on: deterministic, so the result and its work are the machine's own. */
export function analysisClock(): SteppedClock {
  return new SteppedClock(ANALYSIS_TICK_MS);
}

/** Runs an analysis (one of the generators below) to its end. */
export function finish<T>(steps: Generator<unknown, T>): T {
  let next = steps.next();
  while (!next.done) next = steps.next();
  return next.value;
}

/** The motor whose cycle the analysis samples: the first running one (throws if none turns). */
export function drivingMotor(drawing: Drawing): MotorConstraint {
  const motor = drawing.constraints.find((k): k is MotorConstraint => k.kind === 'motor' && k.running);
  if (!motor) throw new Error('no running motor: nothing drives the mechanism');
  if (!(motor.rpm !== 0)) throw new Error(`motor '${motor.id}' turns at 0 rpm: it has no cycle`);
  return motor;
}

/** The instants sampled: t_k = k·dt, k = 0 … samples − 1, over `period` s of the driving motor turning at ω. */
export interface SampleTimes {
  motor: MotorConstraint;
  /** The driving motor's rate, rad/s (signed). */
  omega: number;
  /** The time sampled, s: one period of the motor (60/|rpm|) or the seconds asked. */
  period: number;
  samples: number;
  dt: number;
}

/** The instants an analysis samples (throws for no running motor or a bad count). */
export function sampleTimes(drawing: Drawing, options: AnalysisOptions = {}): SampleTimes {
  const motor = drivingMotor(drawing);
  const samples = options.samples ?? DEFAULT_SAMPLES;
  if (!Number.isInteger(samples) || samples < 1)
    throw new Error(`samples must be a whole number ≥ 1, got ${samples}`);
  if (options.seconds !== undefined && !(options.seconds > 0 && Number.isFinite(options.seconds)))
    throw new Error(`seconds must be a positive number, got ${options.seconds}`);
  const omega = (2 * Math.PI * motor.rpm) / 60;
  const period = options.seconds ?? (2 * Math.PI) / Math.abs(omega);
  return { motor, omega, period, samples, dt: period / samples };
}

/**
 * The one sampling loop of every analysis: advances `engine`'s motors from instant to instant (the simulation's own
 * step, so each sample is at its settled pose) and asks `read` for the sample there; from the first instant the
 * motors cannot reach on, `unreached` gives the sample, with the lock's sentence. The engine's state is not written
 * back to `drawing`.
 */
export function* sampleCycle<S>(
  engine: AnalysisEngine,
  drawing: Drawing,
  options: AnalysisOptions,
  read: (t: number, angle: number) => S,
  unreached: (t: number, angle: number, note: string) => S,
): Generator<void, S[]> {
  const { motor, omega, samples, dt } = sampleTimes(drawing, options);
  const running = runningMotors(drawing);
  const out: S[] = [];
  let blocked = '';
  for (let k = 0; k < samples; k++) {
    const t = k * dt;
    const angle = motor.angle + omega * t;
    if (k > 0 && !blocked && !engine.advanceMotors(dt, ADVANCE_BUDGET_MS).caughtUp)
      blocked = reason(engine, drawing, running, []) || 'the motors could not advance';
    out.push(blocked ? unreached(t, angle, blocked) : read(t, angle));
    yield;
  }
  return out;
}

const runningMotors = (drawing: Drawing) =>
  drawing.constraints.filter((k) => k.kind === 'motor' && k.running).map((k) => k.id);

/**
 * Samples the point (curve, u) at t_k = k·T/N, k = 0 … N − 1, T one period of the driving motor (60/|rpm| s) or
 * `seconds`. Advances `engine` (its state is not written back to `drawing`). Throws for an unknown curve, u
 * outside [0, 1] or no running motor.
 */
export function analyzePoint(
  engine: AnalysisEngine,
  drawing: Drawing,
  curve: string,
  u: number,
  options: AnalysisOptions = {},
): AnalysisSample[] {
  return finish(pointAnalysis(engine, drawing, curve, u, options));
}

/** analyzePoint, a sample at a time (checked before the first). */
export function pointAnalysis(
  engine: AnalysisEngine,
  drawing: Drawing,
  curve: string,
  u: number,
  options: AnalysisOptions = {},
): Generator<void, AnalysisSample[]> {
  sampleTimes(drawing, options); // no running motor or a bad count: refused before anything is computed
  // Validates curve and u before anything moves, and is the first sample's motion (t = 0: the pose not yet moved).
  const motion = engine.kinematics(curve, u);
  const running = runningMotors(drawing);
  return sampleCycle(
    engine,
    drawing,
    options,
    (t, angle) => {
      if (t > 0) engine.kinematics(curve, u, motion);
      if (!motion.defined) {
        const note = reason(engine, drawing, running, motion.unmet);
        // The pose is reached: its position stands, its velocity and acceleration do not.
        return { ...undefinedSample(t, angle, note || singularNote(motion.unmet)), x: motion.x, y: motion.y };
      }
      const { x, y, vx, vy, ax, ay } = motion;
      return { t, angle, x, y, vx, vy, ax, ay };
    },
    undefinedSample,
  );
}

/**
 * Samples the bar's angle (its state) and angular velocity (from its ends' exact velocities: bar-motion.ts) at the
 * instants analyzePoint samples. Throws for a curve that is not a bar or no running motor.
 */
export function analyzeBar(
  engine: AnalysisEngine,
  drawing: Drawing,
  bar: string,
  options: AnalysisOptions = {},
): BarSample[] {
  return finish(barAnalysis(engine, drawing, bar, options));
}

/** analyzeBar, a sample at a time (checked before the first). */
export function barAnalysis(
  engine: AnalysisEngine,
  drawing: Drawing,
  bar: string,
  options: AnalysisOptions = {},
): Generator<void, BarSample[]> {
  sampleTimes(drawing, options);
  const curve = drawing.curves.find((c) => c.id === bar);
  if (!curve) throw new Error(`no curve '${bar}'`);
  if (curve.kind !== 'bar') throw new Error(`'${bar}' is ${withArticle(curve.kind)}, not a bar`);
  const running = runningMotors(drawing);
  const motion = emptyBarMotion();
  return sampleCycle<BarSample>(
    engine,
    drawing,
    options,
    (t, angle) => {
      barMotion(engine, bar, motion);
      if (motion.defined) return { t, angle, barAngle: motion.angle, omega: motion.omega };
      const unmet = [...motion.start.unmet, ...motion.end.unmet];
      const note = reason(engine, drawing, running, unmet) || singularNote(unmet);
      return { t, angle, barAngle: motion.angle, omega: null, note };
    },
    (t, angle, note) => ({ t, angle, barAngle: null, omega: null, note }),
  );
}

function singularNote(unmet: string[]): string {
  return unmet.length > 0
    ? `singular pose: ${unmet.join(', ')} cannot be met`
    : 'the velocity or acceleration is beyond floating point here';
}

function undefinedSample(t: number, angle: number, note: string): AnalysisSample {
  return { t, angle, x: null, y: null, vx: null, vy: null, ax: null, ay: null, note };
}

/** The lock's sentence ("the crank cannot turn past 152°: coupler and rocker are in line") at this pose. */
function reason(engine: AnalysisEngine, drawing: Drawing, running: string[], unmet: string[]): string {
  const binding = bindingConstraints(engine.diagnostics(), { stalledMotors: running });
  return lockReason(engine, drawing, [...binding, ...unmet]);
}
