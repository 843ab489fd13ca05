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
  const motor = drawing.constraints.find(
    (k): k is MotorConstraint => k.kind === 'motor' && k.running && named.has(k.id),
  );
  if (!motor) return '';
  const curves = new Map(drawing.curves.map((c) => [c.id, c]));
  const names = displayNames(drawing);
  const name = (id: string) => names.get(id) ?? id;
  const degrees = Math.round(motorDegrees(engine, motor));
  const head = `${subjectName(drawing, motor.bar ?? motor.id, names)} cannot turn past ${degrees}°`;
  for (const k of drawing.constraints) {
    if (!named.has(k.id)) continue;
    const pair = barsInLine(engine, k, curves);
    if (pair) return `${head}: ${name(pair[0])} and ${name(pair[1])} are in line`;
  }
  const others = binding.filter((id) => id !== motor.id);
  return others.length ? `${head}: held by ${others.map(name).join(', ')}` : head;
}
