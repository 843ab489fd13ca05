import { describe, expect, it } from 'vitest';
import type { Vec2 } from './drawing';
import { MAX_TRACE_POINTS, TRACE_TOLERANCE } from './limits';
import { SchemaError } from './schema';
import { compactTrace } from './trace-records';
import { trailPoints, type Trail } from './trail';
import { decimateTrail } from './trail-decimation';

function flat(points: Vec2[]): Float64Array {
  return Float64Array.from(points.flat());
}

/** Distance from p to the segment a–b. */
function toSegment(p: Vec2, a: Vec2, b: Vec2): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2)) : 0;
  return Math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]);
}

/**
 * The largest distance from an input point to the thinned polyline's segment that replaced it: the kept points are
 * the input's own, in order, so each input point lies between two kept ones.
 */
function worstDeviation(input: Vec2[], thinned: Trail): number {
  const kept = trailPoints(thinned);
  let j = 0;
  let worst = 0;
  for (const p of input) {
    if (j + 1 < kept.length && p[0] === kept[j + 1][0] && p[1] === kept[j + 1][1]) j++;
    worst = Math.max(worst, toSegment(p, kept[j], kept[Math.min(j + 1, kept.length - 1)]));
  }
  expect(j).toBe(kept.length - 1); // every kept point was met, in order
  return worst;
}

describe('thinning a trail', () => {
  it('collapses a straight line of a million points to its two ends', () => {
    const n = 1_000_000;
    const xy = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      xy[2 * i] = 3 + i * 0.01;
      xy[2 * i + 1] = -2 + i * 0.02;
    }
    const thinned = decimateTrail(xy, n);
    expect(trailPoints(thinned)).toEqual([
      [3, -2],
      [xy[2 * n - 2], xy[2 * n - 1]],
    ]);
  });

  it('keeps a circle within the tolerance, with the points its curvature needs', () => {
    const n = 100_000;
    const r = 50;
    const circle: Vec2[] = Array.from({ length: n + 1 }, (_, i) => {
      const a = (2 * Math.PI * i) / n;
      return [r * Math.cos(a), r * Math.sin(a)];
    });
    const thinned = decimateTrail(flat(circle), circle.length);
    expect(worstDeviation(circle, thinned)).toBeLessThanOrEqual(TRACE_TOLERANCE);
    // A chord of angle δ leaves the arc by r (1 − cos δ/2): the fewest chords within the tolerance, give or take the
    // halving's rounding.
    const fewest = (2 * Math.PI) / (2 * Math.acos(1 - TRACE_TOLERANCE / r));
    expect(thinned.length).toBeGreaterThan(fewest);
    expect(thinned.length).toBeLessThan(2.5 * fewest);
    // Still round: every kept point on the circle, spread all the way round.
    for (const [x, y] of trailPoints(thinned)) expect(Math.hypot(x, y)).toBeCloseTo(r, 9);
  });

  it('keeps every point of a thinned trail when thinned again, so a saved trail loads back equal', () => {
    const wobble: Vec2[] = Array.from({ length: 20_000 }, (_, i) => [i * 0.05, Math.sin(i * 0.01) * 3]);
    const once = decimateTrail(flat(wobble), wobble.length);
    expect(once.length).toBeLessThan(wobble.length / 4);
    const twice = decimateTrail(once.xy, once.length);
    expect(trailPoints(twice)).toEqual(trailPoints(once));
  });

  it('refuses a trace that keeps more than MAX_TRACE_POINTS once thinned, naming its path', () => {
    // A zigzag a millimetre high: every point a corner.
    const points: Vec2[] = Array.from({ length: MAX_TRACE_POINTS + 1 }, (_, i) => [i, i % 2]);
    const record = { id: 't1', point: { curve: 'c1', u: 0.5 }, points };
    expect(() => compactTrace(record, 'traces[3].points')).toThrow(SchemaError);
    expect(() => compactTrace(record, 'traces[3].points')).toThrow(
      /^traces\[3\]\.points: a trace keeps at most 100000 points once thinned to 0\.001 mm, this one needs 100001$/,
    );
    expect(compactTrace({ ...record, points: points.slice(1) }, 'p').points.length).toBe(MAX_TRACE_POINTS);
  });
});
