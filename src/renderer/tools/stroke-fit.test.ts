import { seededRandom as random } from '../../shared/test-support/random';
import { describe, expect, it } from 'vitest';
import type { Curve, Vec2 } from '../../shared/drawing';
import { cornerIndices, fitCircle, fitStroke } from './stroke-fit';

function idSource(): (prefix: 'c' | 'k') => string {
  let n = 0;
  return (prefix) => `${prefix}${++n}`;
}

/** Points every `step` mm along the polyline through `corners`, each moved by up to `jitter` mm. */
function hand(corners: Vec2[], step: number, jitter: number, seed = 1): Vec2[] {
  const rng = random(seed);
  const out: Vec2[] = [];
  for (let i = 0; i + 1 < corners.length; i++) {
    const [a, b] = [corners[i], corners[i + 1]];
    const n = Math.max(1, Math.round(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
    for (let k = i === 0 ? 0 : 1; k <= n; k++) {
      const t = k / n;
      out.push([
        a[0] + t * (b[0] - a[0]) + jitter * (rng() * 2 - 1),
        a[1] + t * (b[1] - a[1]) + jitter * (rng() * 2 - 1),
      ]);
    }
  }
  return out;
}

/** A point of a fitted curve at u. */
function pointOf(c: Curve, u: number): Vec2 {
  switch (c.kind) {
    case 'segment':
      return [c.a[0] + u * (c.b[0] - c.a[0]), c.a[1] + u * (c.b[1] - c.a[1])];
    case 'circle':
      return [
        c.center[0] + c.radius * Math.cos(2 * Math.PI * u),
        c.center[1] + c.radius * Math.sin(2 * Math.PI * u),
      ];
    case 'arc': {
      const a = c.start + u * c.sweep;
      return [c.center[0] + c.radius * Math.cos(a), c.center[1] + c.radius * Math.sin(a)];
    }
    case 'bezier': {
      const [p0, p1, p2, p3] = c.points;
      const v = 1 - u;
      const w = [v * v * v, 3 * v * v * u, 3 * v * u * u, u * u * u];
      return [
        w[0] * p0[0] + w[1] * p1[0] + w[2] * p2[0] + w[3] * p3[0],
        w[0] * p0[1] + w[1] * p1[1] + w[2] * p2[1] + w[3] * p3[1],
      ];
    }
    default:
      throw new Error(c.kind);
  }
}

/** The largest distance from a stroke point to the fitted curves (by dense samples). */
function worstDistance(points: Vec2[], curves: Curve[]): number {
  const samples = curves.flatMap((c) => Array.from({ length: 4001 }, (_, i) => pointOf(c, i / 4000)));
  let worst = 0;
  for (const p of points) {
    let best = Infinity;
    for (const s of samples) best = Math.min(best, Math.hypot(s[0] - p[0], s[1] - p[1]));
    worst = Math.max(worst, best);
  }
  return worst;
}

const kinds = (curves: Curve[]) => curves.map((c) => c.kind);

describe('fitStroke: a freehand stroke as clean curves', () => {
  it('a nearly horizontal straight stroke is one segment from where it began, set level, with H', () => {
    const stroke = hand(
      [
        [0, 0],
        [60, 2],
      ],
      0.5,
      0.15,
    );
    const fit = fitStroke(stroke, 0.5, idSource());
    expect(kinds(fit.curves)).toEqual(['segment']);
    const s = fit.curves[0] as Extract<Curve, { kind: 'segment' }>;
    expect(s.a).toEqual(stroke[0]);
    expect(s.b).toEqual([stroke[stroke.length - 1][0], stroke[0][1]]);
    expect(fit.constraints.map((k) => k.kind)).toEqual(['horizontal']);
  });

  it('a snapped end is kept where it snapped: the last segment ends there and takes no H', () => {
    const stroke = hand(
      [
        [0, 0],
        [60, 2],
      ],
      0.5,
      0,
    );
    const fit = fitStroke(stroke, 0.5, idSource(), true);
    expect((fit.curves[0] as Extract<Curve, { kind: 'segment' }>).b).toEqual([60, 2]);
    expect(fit.constraints).toEqual([]);
  });

  it('an L is two segments meeting at the corner, attached, H and V', () => {
    const stroke = hand(
      [
        [0, 0],
        [50, 0],
        [50, 40],
      ],
      0.4,
      0.1,
    );
    const fit = fitStroke(stroke, 0.5, idSource());
    expect(kinds(fit.curves)).toEqual(['segment', 'segment']);
    expect(fit.constraints.map((k) => k.kind).sort()).toEqual(['attach', 'horizontal', 'vertical']);
    expect(fit.closed).toBe(false);
  });

  it('a closed square stroke is four segments, closed by a fourth attachment', () => {
    const stroke = hand(
      [
        [0, 0],
        [40, 0],
        [40, 40],
        [0, 40],
        [0, 0],
      ],
      0.4,
      0.1,
      4,
    );
    const fit = fitStroke(stroke, 0.5, idSource());
    expect(fit.closed).toBe(true);
    expect(kinds(fit.curves)).toEqual(['segment', 'segment', 'segment', 'segment']);
    expect(fit.constraints.filter((k) => k.kind === 'attach')).toHaveLength(4);
  });

  it('a round closed stroke is a circle of the drawn size; an open round one an arc turning the drawn way', () => {
    const rng = random(9);
    const round = (from: number, to: number) =>
      Array.from({ length: 200 }, (_, i): Vec2 => {
        const t = from + ((to - from) * i) / 199;
        const r = 25 + 0.2 * (rng() * 2 - 1);
        return [10 + r * Math.cos(t), 20 + r * Math.sin(t)];
      });
    const full = fitStroke(round(0.3, 0.3 + 2 * Math.PI), 0.5, idSource());
    expect(kinds(full.curves)).toEqual(['circle']);
    const circle = full.curves[0] as Extract<Curve, { kind: 'circle' }>;
    expect(Math.abs(circle.radius - 25)).toBeLessThan(0.1);
    expect(Math.hypot(circle.center[0] - 10, circle.center[1] - 20)).toBeLessThan(0.1);

    const part = fitStroke(round(2, 0), 0.5, idSource());
    expect(kinds(part.curves)).toEqual(['arc']);
    const arc = part.curves[0] as Extract<Curve, { kind: 'arc' }>;
    expect(arc.sweep).toBeCloseTo(-2, 1);
    expect(Math.abs(arc.radius - 25)).toBeLessThan(0.1);
  });

  it('a line turning smoothly into an arc is a segment and an arc, attached and tangent', () => {
    const stroke: Vec2[] = [];
    for (let x = 0; x <= 40; x += 0.5) stroke.push([x, 0]);
    for (let k = 1; k <= 60; k++) {
      const t = -Math.PI / 2 + (Math.PI * k) / 60; // a half turn of radius 10 about (40, 10), on from (40, 0)
      stroke.push([40 + 10 * Math.cos(t), 10 + 10 * Math.sin(t)]);
    }
    const fit = fitStroke(stroke, 0.2, idSource());
    expect(kinds(fit.curves)).toEqual(['segment', 'arc']);
    const arc = fit.curves[1] as Extract<Curve, { kind: 'arc' }>;
    // The line's stretch runs on into the arc as far as the tolerance allows: a few degrees of its sweep.
    expect(Math.abs(arc.radius - 10)).toBeLessThan(0.2);
    expect(Math.abs(arc.sweep - Math.PI)).toBeLessThan(0.2);
    expect(fit.constraints.map((k) => k.kind).sort()).toEqual(['attach', 'horizontal', 'tangent']);
    // Seated as drawn: the line ends where the arc starts, at the foot of the centre on the line, so the
    // attachment and the tangency hold before any settle.
    const line = fit.curves[0] as Extract<Curve, { kind: 'segment' }>;
    expect(Math.hypot(line.b[0] - pointOf(arc, 0)[0], line.b[1] - pointOf(arc, 0)[1])).toBeLessThan(1e-9);
    expect(Math.abs(arc.center[1] - line.a[1])).toBeCloseTo(arc.radius, 9);
    expect(worstDistance(stroke, fit.curves)).toBeLessThanOrEqual(0.2);
  });

  it('a wavy stroke is a chain of Béziers within the tolerance, attached and tangent at their joins', () => {
    const stroke = Array.from({ length: 400 }, (_, i): Vec2 => [i * 0.25, 12 * Math.sin(i * 0.025)]);
    const fit = fitStroke(stroke, 0.2, idSource());
    expect(fit.curves.every((c) => c.kind === 'bezier')).toBe(true);
    expect(fit.curves.length).toBeGreaterThan(1);
    expect(worstDistance(stroke, fit.curves)).toBeLessThanOrEqual(0.2);
    const joins = fit.curves.length - 1;
    expect(fit.constraints.filter((k) => k.kind === 'attach')).toHaveLength(joins);
    expect(fit.constraints.filter((k) => k.kind === 'tangent')).toHaveLength(joins);
  });

  it('a stroke shorter than two tolerances, or of no finite point, makes nothing', () => {
    expect(
      fitStroke(
        [
          [0, 0],
          [0.5, 0],
        ],
        0.5,
        idSource(),
      ).curves,
    ).toEqual([]);
    expect(
      fitStroke(
        [
          [NaN, 0],
          [Infinity, 1],
        ],
        0.5,
        idSource(),
      ).curves,
    ).toEqual([]);
  });
});

describe('the pieces', () => {
  it('corners are found where the stroke turns by more than 30°, not where it bends gently', () => {
    const sharp = hand(
      [
        [0, 0],
        [30, 0],
        [30, 30],
      ],
      0.5,
      0,
    );
    expect(cornerIndices(sharp, 2)).toEqual([60]);
    const gentle = Array.from({ length: 100 }, (_, i): Vec2 => [i, 0.002 * i * i]);
    expect(cornerIndices(gentle, 2)).toEqual([]);
  });

  it("Kåsa's circle through exact points is the circle; points on a line have none", () => {
    const pts = Array.from({ length: 7 }, (_, i): Vec2 => [3 + 4 * Math.cos(i), -2 + 4 * Math.sin(i)]);
    const c = fitCircle(pts)!;
    expect(c.center[0]).toBeCloseTo(3, 9);
    expect(c.center[1]).toBeCloseTo(-2, 9);
    expect(c.radius).toBeCloseTo(4, 9);
    expect(
      fitCircle([
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 3],
      ]),
    ).toBeNull();
  });
});
