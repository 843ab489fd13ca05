// Instant centres of the moving bars: the one point of a bar's plane at rest at this instant. From the bar's velocity
// field, read at its two ends through the engine's exact kinematics (bar-motion.ts: ω from v_B − v_A), and
// v_P = ω·perp(P − IC) gives IC = P + perp(v_P)/ω. A bar that translates (ω ≈ 0: its centre is at infinity),
// stands still, or sits at a singular pose has none.

import type { Drawing } from '../shared/drawing';
import { barMotion, emptyBarMotion, type BarMotionEngine } from './bar-motion';

/** What the instant centres need of the engine (the Engine class satisfies it). */
export type InstantCentreEngine = BarMotionEngine;

// One type for the mechanisms, the session and the canvas: src/shared/analysis-samples.ts.
export type { InstantCentre } from '../shared/analysis-samples';
import type { InstantCentre } from '../shared/analysis-samples';

/** ω·|B − A| below this fraction of the ends' speed counts as a translation. */
const TRANSLATING = 1e-9;

const motion = emptyBarMotion();

/** The instant centre of one bar at the engine's present pose. */
export function instantCentre(engine: InstantCentreEngine, bar: string): InstantCentre {
  const { start: a, end: b, omega, defined } = barMotion(engine, bar, motion);
  if (!defined) return { bar, at: null, omega: null, note: 'singular pose' };
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const speed = Math.max(Math.hypot(a.vx, a.vy), Math.hypot(b.vx, b.vy));
  if (speed === 0) return { bar, at: null, omega: 0, note: 'at rest' };
  if (Math.abs(omega) * length <= TRANSLATING * speed)
    return { bar, at: null, omega, note: 'translating: the centre is at infinity' };
  // From the end that moves more slowly (nearer the centre: the better conditioned of the two).
  const p = Math.hypot(a.vx, a.vy) <= Math.hypot(b.vx, b.vy) ? a : b;
  return { bar, at: [p.x - p.vy / omega, p.y + p.vx / omega], omega };
}

/** The instant centres of every bar of the drawing at the engine's present pose, in the drawing's order. */
export function instantCentres(engine: InstantCentreEngine, drawing: Drawing): InstantCentre[] {
  return drawing.curves.filter((c) => c.kind === 'bar').map((c) => instantCentre(engine, c.id));
}
