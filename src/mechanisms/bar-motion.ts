// A bar's angle and angular velocity at the present pose, exactly: the angle is the bar's own state (its third
// parameter, unwrapped), and ω comes from the velocities of its two ends (the engine's exact kinematics), never from
// differences of angles. A rigid bar has v_B − v_A = ω·perp(B − A), perp(x, y) = (−y, x), so
//   ω = (v_B − v_A)·perp(B − A) / |B − A|²   (rad/s, the drawing's sign: positive clockwise on screen).
// The instant centres (instant-centres.ts) are read from the same field.

import { emptyMotion, type PointMotion } from '../engine';

/** What a bar's motion needs of the engine (the Engine class satisfies it). */
export interface BarMotionEngine {
  kinematics(curve: string, u: number, out?: PointMotion): PointMotion;
  kinematicsAlong(curve: string, us: ArrayLike<number>, outs: readonly PointMotion[]): void;
  curveState(id: string): number[];
}

export interface BarMotion {
  /** The bar's angle, rad (its state: unwrapped, the direction from its start to its end). */
  angle: number;
  /** rad/s; 0 when undefined. */
  omega: number;
  /** False at a singular pose (either end's motion undefined): omega is then not meaningful. */
  defined: boolean;
  /** The ends' motions (start, end), the engine's, for what else reads the bar's velocity field. */
  start: PointMotion;
  end: PointMotion;
}

export function emptyBarMotion(): BarMotion {
  return { angle: 0, omega: 0, defined: true, start: emptyMotion(), end: emptyMotion() };
}

/** The angular velocity of the rigid body whose points a and b move as they do: (v_b − v_a)·perp(b − a)/|b − a|². */
export function angularVelocity(a: PointMotion, b: PointMotion): number {
  const rx = b.x - a.x;
  const ry = b.y - a.y;
  return ((b.vx - a.vx) * -ry + (b.vy - a.vy) * rx) / (rx * rx + ry * ry);
}

/** A bar's two ends: u = 0 and u = 1. */
const BAR_ENDS = [0, 1] as const;

/** The bar's motion at the engine's present pose, into `out` (returned). */
export function barMotion(
  engine: BarMotionEngine,
  bar: string,
  out: BarMotion = emptyBarMotion(),
): BarMotion {
  // Both ends from one solve of the motion (J, J W Jᵀ factored, velocity and acceleration once).
  engine.kinematicsAlong(bar, BAR_ENDS, [out.start, out.end]);
  out.angle = engine.curveState(bar)[2];
  out.defined = out.start.defined && out.end.defined;
  out.omega = out.defined ? angularVelocity(out.start, out.end) : 0;
  if (!Number.isFinite(out.omega)) {
    out.omega = 0;
    out.defined = false;
  }
  return out;
}
