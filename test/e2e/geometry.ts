// Closed-form geometry the e2e specs check the session's drawing against (independent of the engine's models).
import type { Curve, Vec2 } from '../../src/shared/drawing';

export const dist = (a: Vec2, b: Vec2): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** A bar's two ends: its centre ± half its length along its angle. */
export function barEnds(bar: Extract<Curve, { kind: 'bar' }>): [Vec2, Vec2] {
  const dx = (bar.length / 2) * Math.cos(bar.angle);
  const dy = (bar.length / 2) * Math.sin(bar.angle);
  return [
    [bar.center[0] - dx, bar.center[1] - dy],
    [bar.center[0] + dx, bar.center[1] + dy],
  ];
}
