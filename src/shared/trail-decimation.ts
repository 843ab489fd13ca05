// Thinning a trail: the points that change the drawn polyline by at most TRACE_TOLERANCE are dropped, by
// Douglas–Peucker (the first and last points stay; a range's point farthest from the segment joining its ends is
// kept, and both halves are thinned the same way, until every dropped point lies within the tolerance of the
// segment that replaced it). Douglas–Peucker is idempotent — thinning a thinned trail keeps every point — so a trail
// saved thinned loads back equal. Its cost is n log n on a smooth trail and n² at worst (a trail whose farthest
// point is always at one end); the work is bounded, and a range left over when the budget runs out keeps all its
// points (correct, only not thinned).

import { TRACE_TOLERANCE } from './limits';
import { segmentDistance2 } from './segment-distance';
import type { Trail } from './trail';

/** Point-to-segment distance evaluations allowed per input point, past which ranges are kept whole. */
const WORK_PER_POINT = 40;

/**
 * The points of the `count` x, y pairs in `xy` that the drawn trail needs, within `tolerance` (mm) of it: a new
 * trail, `xy` untouched.
 */
export function decimateTrail(xy: ArrayLike<number>, count: number, tolerance = TRACE_TOLERANCE): Trail {
  if (count <= 2)
    return { xy: Float64Array.from({ length: 2 * count }, (_, i) => xy[i]), length: count, rewrites: 0 };
  const keep = new Uint8Array(count);
  keep[0] = 1;
  keep[count - 1] = 1;
  const tol2 = tolerance * tolerance;
  let budget = WORK_PER_POINT * count;
  // Ranges [first, last] still to thin, as pairs on an explicit stack (no recursion: a million points would
  // overflow the call stack).
  const stack: number[] = [0, count - 1];
  while (stack.length > 0) {
    const last = stack.pop()!;
    const first = stack.pop()!;
    if (last - first < 2) continue;
    if (budget < last - first) {
      keep.fill(1, first, last + 1);
      continue;
    }
    budget -= last - first - 1;
    const ax = xy[2 * first];
    const ay = xy[2 * first + 1];
    const bx = xy[2 * last];
    const by = xy[2 * last + 1];
    let farthest = -1;
    let far2 = tol2;
    for (let i = first + 1; i < last; i++) {
      const d2 = segmentDistance2(xy[2 * i], xy[2 * i + 1], ax, ay, bx, by);
      if (d2 > far2) {
        far2 = d2;
        farthest = i;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push(first, farthest, farthest, last);
  }
  let kept = 0;
  for (let i = 0; i < count; i++) kept += keep[i];
  const out = new Float64Array(2 * kept);
  for (let i = 0, w = 0; i < count; i++) {
    if (!keep[i]) continue;
    out[w++] = xy[2 * i];
    out[w++] = xy[2 * i + 1];
  }
  return { xy: out, length: kept, rewrites: 0 };
}
