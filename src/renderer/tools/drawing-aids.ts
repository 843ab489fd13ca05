// The drawing aids' decisions, as pure functions of the points (drawing mm, y down): whether a segment is nearly
// horizontal or vertical (and so gets H or V), the direction rounded to 15° steps (Shift), the nearest grid
// crossing, and the centre that makes an arc tangent to a line at the line's end. The curve tools apply them
// (placement.ts); Alt turns them all off there.

import type { Vec2 } from '../../shared/drawing';

/** A segment within this angle (degrees) of horizontal or vertical gets H or V. */
export const AXIS_TOLERANCE_DEG = 4;
/** Shift rounds a drawn direction to multiples of this angle (degrees). */
export const DIRECTION_STEP_DEG = 15;
/** An arc started at a line's end is made tangent to it when its radius is within this angle of the line's normal. */
export const TANGENT_TOLERANCE_DEG = 30;

const RAD = Math.PI / 180;

/**
 * 'horizontal' or 'vertical' when the direction from `a` to `b` is within `toleranceDeg` of that axis (either
 * way along it); null otherwise, and for a zero-length direction.
 */
export function nearAxis(
  a: Vec2,
  b: Vec2,
  toleranceDeg = AXIS_TOLERANCE_DEG,
): 'horizontal' | 'vertical' | null {
  const dx = Math.abs(b[0] - a[0]);
  const dy = Math.abs(b[1] - a[1]);
  if (dx === 0 && dy === 0) return null;
  const fromHorizontal = Math.atan2(dy, dx); // in [0, π/2]
  if (fromHorizontal <= toleranceDeg * RAD) return 'horizontal';
  if (Math.PI / 2 - fromHorizontal <= toleranceDeg * RAD) return 'vertical';
  return null;
}

/** `b` moved onto the axis through `a`: the same y for horizontal, the same x for vertical. */
export function onAxis(a: Vec2, b: Vec2, axis: 'horizontal' | 'vertical'): Vec2 {
  return axis === 'horizontal' ? [b[0], a[1]] : [a[0], b[1]];
}

/**
 * `to` projected on the ray from `from` whose angle is the nearest multiple of `stepDeg` to the direction from
 * `from` to `to` (so a cursor beside the ray lands at its foot). `from` itself for a zero-length direction.
 */
export function roundDirection(from: Vec2, to: Vec2, stepDeg = DIRECTION_STEP_DEG): Vec2 {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  if (dx === 0 && dy === 0) return [from[0], from[1]];
  const step = stepDeg * RAD;
  const angle = Math.round(Math.atan2(dy, dx) / step) * step;
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const along = dx * ux + dy * uy;
  // Exact on the axes: cos(π/2) is 6e-17, not 0, and an H or V segment should not be off by that.
  const exact = (v: number) => (Math.abs(v) < 1e-12 ? 0 : v);
  return [from[0] + exact(along * ux), from[1] + exact(along * uy)];
}

/** The grid crossing nearest `p`, for a grid of `step` mm through the origin. */
export function nearestGridPoint(p: Vec2, step: number): Vec2 {
  // `+ 0` turns −0 into 0: a crossing is a crossing, whichever side of the axis it was rounded from.
  return [Math.round(p[0] / step) * step + 0, Math.round(p[1] / step) * step + 0];
}

/**
 * The centre of an arc that starts at `end`, the end of a line running `direction` there, and is tangent to that
 * line: `centre` moved onto the line's normal through `end`. Null when the radius (from `end` to `centre`) is more
 * than `toleranceDeg` away from that normal, or the tangent arc would have no radius.
 */
export function tangentArcCentre(
  centre: Vec2,
  end: Vec2,
  direction: Vec2,
  toleranceDeg = TANGENT_TOLERANCE_DEG,
): Vec2 | null {
  const length = Math.hypot(direction[0], direction[1]);
  const rx = centre[0] - end[0];
  const ry = centre[1] - end[1];
  const radius = Math.hypot(rx, ry);
  if (length === 0 || radius === 0) return null;
  const nx = -direction[1] / length;
  const ny = direction[0] / length;
  const along = rx * nx + ry * ny;
  // The angle between the radius and the normal (either side of the line).
  if (Math.acos(Math.min(1, Math.abs(along) / radius)) > toleranceDeg * RAD) return null;
  return [end[0] + along * nx, end[1] + along * ny];
}
