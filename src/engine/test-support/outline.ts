// A closed outline of attached segments and arcs — a regular polygon with its corners rounded — and noisy points
// along one: what a fit of several curves at once is tried on (the fit CLI's tests, bench/cases/fit.ts).
import type { AttachConstraint, Curve, Vec2 } from '../../shared/drawing';

export interface RoundedPolygon {
  /** Corners (the outline has 2 × sides curves: an arc at each corner, a segment between). */
  sides: number;
  center: Vec2;
  /** From the centre to a corner of the polygon before rounding (mm). */
  radius: number;
  /** The corners' arcs' radius (mm). */
  rounding: number;
  /** The angle of the first corner (radians). */
  rotation: number;
}

/** Corner k's arc: its centre, and its start angle (its sweep is 2π / sides). */
function corner(shape: RoundedPolygon, k: number): { c: Vec2; start: number } {
  const { sides, center, radius, rounding, rotation } = shape;
  const step = (2 * Math.PI) / sides;
  const half = (Math.PI - step) / 2; // half the polygon's inner angle
  const inset = radius - rounding / Math.sin(half);
  const at = rotation + k * step;
  return {
    c: [center[0] + inset * Math.cos(at), center[1] + inset * Math.sin(at)],
    start: at - step / 2,
  };
}

function onArc(c: Vec2, r: number, angle: number): Vec2 {
  return [c[0] + r * Math.cos(angle), c[1] + r * Math.sin(angle)];
}

/** The outline's curves, arc k (`a<k>`) then segment k (`s<k>`), each attached to the next, closed. */
export function roundedPolygon(shape: RoundedPolygon): { curves: Curve[]; constraints: AttachConstraint[] } {
  const { sides, rounding } = shape;
  const step = (2 * Math.PI) / sides;
  const curves: Curve[] = [];
  const constraints: AttachConstraint[] = [];
  for (let k = 0; k < sides; k++) {
    const here = corner(shape, k);
    const next = corner(shape, (k + 1) % sides);
    const normal = here.start + step;
    curves.push(
      { kind: 'arc', id: `a${k}`, center: here.c, radius: rounding, start: here.start, sweep: step },
      {
        kind: 'segment',
        id: `s${k}`,
        a: onArc(here.c, rounding, normal),
        b: onArc(next.c, rounding, normal),
      },
    );
    constraints.push(
      {
        kind: 'attach',
        id: `ka${k}`,
        a: { curve: `a${k}`, anchor: 'end' },
        b: { curve: `s${k}`, anchor: 'start' },
      },
      {
        kind: 'attach',
        id: `ks${k}`,
        a: { curve: `s${k}`, anchor: 'end' },
        b: { curve: `a${(k + 1) % sides}`, anchor: 'start' },
      },
    );
  }
  return { curves, constraints };
}

/**
 * n points evenly spaced along the outline's length, each moved along its normal by up to ±noise mm (`random`
 * gives [0, 1)).
 */
export function outlinePoints(shape: RoundedPolygon, n: number, noise: number, random: () => number): Vec2[] {
  const { sides, rounding } = shape;
  const step = (2 * Math.PI) / sides;
  const arcLength = rounding * step;
  const a = corner(shape, 0).c;
  const b = corner(shape, 1).c;
  const segmentLength = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const piece = arcLength + segmentLength;
  const points: Vec2[] = [];
  for (let i = 0; i < n; i++) {
    const along = ((i + 0.5) * sides * piece) / n;
    const k = Math.min(sides - 1, Math.floor(along / piece));
    const rest = along - k * piece;
    const here = corner(shape, k);
    const next = corner(shape, (k + 1) % sides);
    const e = noise * (2 * random() - 1);
    if (rest < arcLength) {
      points.push(onArc(here.c, rounding + e, here.start + rest / rounding));
      continue;
    }
    const normal = here.start + step;
    const t = (rest - arcLength) / segmentLength;
    const p = onArc(here.c, rounding + e, normal);
    const q = onArc(next.c, rounding + e, normal);
    points.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
  }
  return points;
}
