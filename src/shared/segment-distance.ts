// The squared distance from a point to a segment: what thinning a trail (trail-decimation.ts) and refining an
// equation curve's polyline (engine/expr/sampling.ts) both measure a chord's error by.

/** Squared distance from (px, py) to the segment from (ax, ay) to (bx, by) (to the point a if a = b). */
export function segmentDistance2(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}
