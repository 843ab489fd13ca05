// Instant centres of the moving bars: the one point of a bar's plane at rest at this instant. From the bar's velocity
// field, read at its two ends through the engine's exact kinematics: v_B − v_A = ω·perp(B − A) (perp(x, y) =
// (−y, x)) gives ω, and v_P = ω·perp(P − IC) gives IC = P + perp(v_P)/ω. A bar that translates (ω ≈ 0: its
// centre is at infinity), stands still, or sits at a singular pose has none.

import type { Drawing, Vec2 } from '../shared/drawing';
import type { PointMotion } from '../engine';
import { emptyMotion } from '../engine/kinematics';

/** What the instant centres need of the engine (the Engine class satisfies it). */
export interface InstantCentreEngine {
  kinematics(curve: string, u: number, out?: PointMotion): PointMotion;
}

export interface InstantCentre {
  bar: string;
  /** The centre, mm in the drawing's frame; null when undefined (see note). */
  at: Vec2 | null;
  /** The bar's angular velocity, rad/s (the drawing's sign: positive clockwise on screen); null when singular. */
  omega: number | null;
  note?: string;
}

/** ω·|B − A| below this fraction of the ends' speed counts as a translation. */
const TRANSLATING = 1e-9;

const a = emptyMotion();
const b = emptyMotion();

/** The instant centre of one bar at the engine's present pose. */
export function instantCentre(engine: InstantCentreEngine, bar: string): InstantCentre {
  engine.kinematics(bar, 0, a);
  engine.kinematics(bar, 1, b);
  if (!a.defined || !b.defined) return { bar, at: null, omega: null, note: 'singular pose' };
  const rx = b.x - a.x;
  const ry = b.y - a.y;
  const length2 = rx * rx + ry * ry;
  const omega = ((b.vx - a.vx) * -ry + (b.vy - a.vy) * rx) / length2;
  const speed = Math.max(Math.hypot(a.vx, a.vy), Math.hypot(b.vx, b.vy));
  if (speed === 0) return { bar, at: null, omega: 0, note: 'at rest' };
  if (Math.abs(omega) * Math.sqrt(length2) <= TRANSLATING * speed)
    return { bar, at: null, omega, note: 'translating: the centre is at infinity' };
  // From the end that moves more slowly (nearer the centre: the better conditioned of the two).
  const p = Math.hypot(a.vx, a.vy) <= Math.hypot(b.vx, b.vy) ? a : b;
  return { bar, at: [p.x - p.vy / omega, p.y + p.vx / omega], omega };
}

/** The instant centres of every bar of the drawing at the engine's present pose, in the drawing's order. */
export function instantCentres(engine: InstantCentreEngine, drawing: Drawing): InstantCentre[] {
  return drawing.curves.filter((c) => c.kind === 'bar').map((c) => instantCentre(engine, c.id));
}
