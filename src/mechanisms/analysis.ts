// Mechanism analysis: the exact position, velocity and acceleration of one material point (engine kinematics) at
// evenly spaced instants of one motor cycle, or of a given time. The motors are advanced from sample to sample
// (Engine.advanceMotors, the simulation's own step), so each sample is at its settled pose; the values there are
// the engine's exact ones, not differences of the trace. A sample the mechanism cannot reach (the motor blocked at a
// toggle) or where the motion is singular is undefined: null values and a note that says why.

import type { PointMotion } from '../engine';
import type { Drawing, MotorConstraint } from '../shared/drawing';
import type { SimulationEngine } from './controller';
import { lockReason } from './lock-reason';
import { bindingConstraints } from './readouts';

/** What the analysis needs of the engine (the Engine class satisfies it). */
export interface AnalysisEngine extends SimulationEngine {
  kinematics(curve: string, u: number, out?: PointMotion): PointMotion;
}

// One sample: t (s of motor time from the start pose), angle (the first running motor's driven angle, radians,
// unwrapped, clockwise on screen), x, y (mm), vx, vy (mm/s), ax, ay (mm/s²) in drawing coordinates, null where
// undefined (all six where the pose was not reached, the velocity and acceleration at a singular pose), and a note
// saying why. One type for the CLI, the session and the Plot panel: src/shared/analysis-samples.ts.
export type { AnalysisSample } from '../shared/analysis-samples';
import type { AnalysisSample } from '../shared/analysis-samples';

export interface AnalysisOptions {
  /** Number of samples (default DEFAULT_SAMPLES). */
  samples?: number;
  /** Sample this many seconds instead of one cycle of the first running motor. */
  seconds?: number;
}

export const DEFAULT_SAMPLES = 72;
/** The engine's budget per advance: generous, so a result never depends on the machine's speed. */
const ADVANCE_BUDGET_MS = 10_000;

/** The motor whose cycle the analysis samples: the first running one (throws if none turns). */
export function drivingMotor(drawing: Drawing): MotorConstraint {
  const motor = drawing.constraints.find((k): k is MotorConstraint => k.kind === 'motor' && k.running);
  if (!motor) throw new Error('no running motor: nothing drives the mechanism');
  if (!(motor.rpm !== 0)) throw new Error(`motor '${motor.id}' turns at 0 rpm: it has no cycle`);
  return motor;
}

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
  const motor = drivingMotor(drawing);
  const samples = options.samples ?? DEFAULT_SAMPLES;
  if (!Number.isInteger(samples) || samples < 1)
    throw new Error(`samples must be a whole number ≥ 1, got ${samples}`);
  const omega = (2 * Math.PI * motor.rpm) / 60;
  const period = options.seconds ?? (2 * Math.PI) / Math.abs(omega);
  const dt = period / samples;
  const running = drawing.constraints.filter((k) => k.kind === 'motor' && k.running).map((k) => k.id);
  const motion = engine.kinematics(curve, u); // validates curve and u before anything moves
  const out: AnalysisSample[] = [];
  let blocked = '';
  for (let k = 0; k < samples; k++) {
    const t = k * dt;
    const angle = motor.angle + omega * t;
    if (k > 0 && !blocked && !engine.advanceMotors(dt, ADVANCE_BUDGET_MS).caughtUp)
      blocked = reason(engine, drawing, running, []) || 'the motors could not advance';
    if (blocked) {
      out.push(undefinedSample(t, angle, blocked));
      continue;
    }
    engine.kinematics(curve, u, motion);
    if (!motion.defined) {
      const note = reason(engine, drawing, running, motion.unmet);
      // The pose is reached: its position stands, its velocity and acceleration do not.
      out.push({
        ...undefinedSample(t, angle, note || singularNote(motion.unmet)),
        x: motion.x,
        y: motion.y,
      });
      continue;
    }
    const { x, y, vx, vy, ax, ay } = motion;
    out.push({ t, angle, x, y, vx, vy, ax, ay });
  }
  return out;
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
