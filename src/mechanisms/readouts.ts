// Readouts for the simulation panel: the selected point's position and speed, a motor's angle, the mechanism's
// degrees of freedom and the constraints that bind when it locks. Pure functions of what the engine reports.

import type { MotorConstraint, Vec2 } from '../shared/drawing';

/** Position and speed of one point, speed from the last two frames of simulated time. */
export class PointReadout {
  private last: Vec2 | null = null;
  private lastTime = 0;
  private velocity: Vec2 = [0, 0];

  /** Feed the point's position at simulated time `time`; returns the readout. */
  update(position: Vec2, time: number): { position: Vec2; velocity: Vec2; speed: number } {
    if (this.last && time > this.lastTime) {
      const dt = time - this.lastTime;
      this.velocity = [(position[0] - this.last[0]) / dt, (position[1] - this.last[1]) / dt];
    }
    if (!this.last || time !== this.lastTime) {
      this.last = [position[0], position[1]];
      this.lastTime = time;
    }
    const [vx, vy] = this.velocity;
    return { position: [position[0], position[1]], velocity: [vx, vy], speed: Math.hypot(vx, vy) };
  }

  /** Forget the history (a new point selected, a Reset). */
  reset(): void {
    this.last = null;
    this.velocity = [0, 0];
  }
}

export interface MotorReadout {
  id: string;
  /** The driven angle in degrees, unwrapped (720 after two turns). */
  degrees: number;
  /** Whole turns made, signed. */
  turns: number;
  /** The angle within the current turn, degrees in [0, 360). */
  withinTurn: number;
  rpm: number;
  running: boolean;
}

/**
 * A motor's angle as the panel shows it. Angles in the drawing are y-down; `degrees` keeps the drawing's sign
 * (positive = clockwise on screen) so it matches the rpm's sign.
 */
export function motorReadout(motor: MotorConstraint, startAngle = 0): MotorReadout {
  const degrees = ((motor.angle - startAngle) * 180) / Math.PI;
  const turns = Math.trunc(degrees / 360) + 0; // + 0: no −0 turns
  return {
    id: motor.id,
    degrees,
    turns,
    withinTurn: ((degrees % 360) + 360) % 360,
    rpm: motor.rpm,
    running: motor.running,
  };
}

/** What the engine's diagnostics say about the whole mechanism. */
export interface DiagnosticsLike {
  dof: number;
  maxResidual: number;
  conflicting: string[];
  redundant: string[];
  /** The constraints carrying a self-stress (a dependency the factorisation found), where the engine says. */
  binding?: string[];
  constraints: { id: string; residual: number; tension: number }[];
}

/**
 * The constraints to show in red: those the engine calls conflicting, those whose residual exceeds `tolerance`
 * (links forced past a toggle leave their residual behind), and, when the last frame could not advance the motors
 * (`stalledMotors`: the player's `behind` > 0), those motors and the constraints the engine found dependent —
 * a motor that cannot turn further, and the joints in line at the toggle, bind.
 */
export function bindingConstraints(
  diagnostics: DiagnosticsLike,
  options: { tolerance?: number; stalledMotors?: string[] } = {},
): string[] {
  const tolerance = options.tolerance ?? 1e-6;
  const ids = new Set(diagnostics.conflicting);
  for (const c of diagnostics.constraints) if (!(Math.abs(c.residual) <= tolerance)) ids.add(c.id);
  const stalled = options.stalledMotors ?? [];
  for (const id of stalled) ids.add(id);
  // At a toggle the rows that lock the motor become dependent: the engine lists them as redundant, and the loop
  // that holds against the motor (crank, coupler and rocker joints, the pivots) as binding.
  if (stalled.length > 0)
    for (const id of [...diagnostics.redundant, ...(diagnostics.binding ?? [])]) ids.add(id);
  return [...ids];
}
