// Why a mechanism cannot turn further, in one sentence: "the crank cannot turn past 152°: coupler and rocker are in
// line". Read from the state at the lock: the stalled motor's angle, and among the attachments the engine finds
// binding, one that joins two bars lying in line (a toggle: stretched out or folded back). Records are named as the
// user reads them (display-names.ts): "the crank" (a name given), "bar 2" (a generated one), never a bare id.

import { displayNames, subjectName } from '../shared/display-names';
import type { Connector, Constraint, Curve, Drawing, MotorConstraint, Vec2 } from '../shared/drawing';

/** What the sentence needs of the engine (the Engine class satisfies it). */
export interface LockedEngine {
  curveState(id: string): number[];
  connectorPosition(c: Connector): Vec2;
}

/** Two bars count as in line when the sine of the angle between them is below this (0.06°). */
const IN_LINE = 1e-3;

/** The motor's driven angle now, degrees in [0, 360), with the drawing's sign (as the motor readout shows it). */
function motorDegrees(engine: LockedEngine, motor: MotorConstraint): number {
  let radians: number;
  if (motor.bar !== undefined) radians = engine.curveState(motor.bar)[2];
  else {
    const p = engine.connectorPosition(motor.point!);
    const c = engine.connectorPosition(motor.pivot!);
    radians = Math.atan2(p[1] - c[1], p[0] - c[0]);
  }
  const degrees = (radians * 180) / Math.PI;
  return ((degrees % 360) + 360) % 360;
}

/** The ids of the two bars a binding attachment joins, when they lie in line. */
function barsInLine(
  engine: LockedEngine,
  k: Constraint,
  curves: Map<string, Curve>,
): [string, string] | null {
  if (k.kind !== 'attach' || k.a.curve === k.b.curve) return null;
  const a = curves.get(k.a.curve);
  const b = curves.get(k.b.curve);
  if (a?.kind !== 'bar' || b?.kind !== 'bar') return null;
  const sine = Math.sin(engine.curveState(a.id)[2] - engine.curveState(b.id)[2]);
  return Math.abs(sine) < IN_LINE ? [a.id, b.id] : null;
}

/**
 * The sentence for a mechanism whose motors are blocked, given what binds it (PlayStatus.binding); empty when no
 * running motor is among the binding constraints.
 */
export function lockReason(engine: LockedEngine, drawing: Drawing, binding: readonly string[]): string {
  const named = new Set(binding);
  const motor = runningMotors(drawing).find((k) => named.has(k.id));
  return motor ? sentence(engine, drawing, motor, binding) : '';
}

/**
 * The sentence a blocked frame is reported with (the controller's, so Play's status and `simulate`): lockReason,
 * or, where the diagnosis names no running motor (a pose where nothing carries a self-stress: every link in line
 * at a change point), the first running motor's bar and angle and two bars attached in line, else that alone.
 * Never empty while a motor runs.
 */
export function blockedReason(engine: LockedEngine, drawing: Drawing, binding: readonly string[]): string {
  const reason = lockReason(engine, drawing, binding);
  if (reason) return reason;
  const motor = runningMotors(drawing)[0];
  return motor ? sentence(engine, drawing, motor, null) : '';
}

function runningMotors(drawing: Drawing): MotorConstraint[] {
  return drawing.constraints.filter((k): k is MotorConstraint => k.kind === 'motor' && k.running);
}

/**
 * "<the motor's bar> cannot turn past <angle>°", then why: two bars an attachment joins in line (among `binding`,
 * or any attachment when null), else the other binding constraints.
 */
function sentence(
  engine: LockedEngine,
  drawing: Drawing,
  motor: MotorConstraint,
  binding: readonly string[] | null,
): string {
  const named = binding && new Set(binding);
  const curves = new Map(drawing.curves.map((c) => [c.id, c]));
  const names = displayNames(drawing);
  const name = (id: string) => names.get(id) ?? id;
  const degrees = Math.round(motorDegrees(engine, motor));
  const head = `${subjectName(drawing, motor.bar ?? motor.id, names)} cannot turn past ${degrees}°`;
  for (const k of drawing.constraints) {
    if (named && !named.has(k.id)) continue;
    const pair = barsInLine(engine, k, curves);
    if (pair) return `${head}: ${name(pair[0])} and ${name(pair[1])} are in line`;
  }
  const others = (binding ?? []).filter((id) => id !== motor.id);
  return others.length ? `${head}: held by ${others.map(name).join(', ')}` : head;
}
