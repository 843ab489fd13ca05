// Far starts of a solved sketch (the sweep of bench/far-start.ts and the assembly tests): every state entry moved
// at random by up to a distance — coordinates and sizes by up to d mm, angles by up to d/40 rad (10 mm ↔ 0.25
// rad), a bead or a contact along its wire by up to d/40 rad of its circle or d mm of its segment — from a seeded
// generator, so a start is the same on every run. And how far a state strays from the sketch: the farthest of its
// key points (ends, centres, control points, a circle's extent) from the solution's bounds, over their diagonal.
import type { Curve, Drawing, Vec2 } from '../../shared/drawing';
import { testClock } from '../../shared/test-support/clock';
import { Engine } from '../engine';
import type { FarSketch } from './far-sketches';

/** Millimetres of a start's distance per radian of its angles. */
export const MM_PER_RAD = 40;

/** The seeded generator the engine's restarts use (integrator/scatter.ts): the same starts on every run. */
export { parkMiller } from '../integrator/scatter';

/** The sketch settled from where it is written, written back: the solution far starts are measured from. */
export function solvedSketch(sketch: FarSketch): Drawing {
  const d = sketch.build();
  const engine = Engine.build(d, { clock: testClock() });
  const report = engine.settle(5000);
  if (!(report.maxResidual < 1e-10)) throw new Error(`${sketch.name}: not solved (${report.maxResidual})`);
  engine.writeBack(d);
  return d;
}

/** A copy of `solution` with every state entry moved at random by up to `distance` (angles by distance/40 rad). */
export function farStart(solution: Drawing, distance: number, random: () => number): Drawing {
  const d = structuredClone(solution);
  const jitter = (scale: number) => (2 * random() - 1) * scale;
  const move = (p: Vec2): Vec2 => [p[0] + jitter(distance), p[1] + jitter(distance)];
  // A size moved like a coordinate, kept positive (the records' sizes are): its magnitude, at least 1 mm.
  const size = (r: number) => Math.max(1, Math.abs(r + jitter(distance)));
  const turn = distance / MM_PER_RAD;
  const sweepOf = new Map<string, number>();
  for (const c of d.curves) {
    switch (c.kind) {
      case 'point':
        c.at = move(c.at);
        break;
      case 'segment':
        c.a = move(c.a);
        c.b = move(c.b);
        break;
      case 'bar':
        c.center = move(c.center);
        c.angle += jitter(turn);
        break;
      case 'circle':
        c.center = move(c.center);
        c.radius = size(c.radius);
        break;
      case 'arc': {
        c.center = move(c.center);
        c.radius = size(c.radius);
        c.start += jitter(turn);
        const sweep = c.sweep + jitter(turn);
        // Never a sweep through 0 (a different arc) nor a full turn.
        c.sweep = Math.sign(c.sweep) * Math.min(2 * Math.PI - 0.1, Math.max(0.1, Math.abs(sweep)));
        sweepOf.set(c.id, Math.abs(c.sweep));
        break;
      }
      case 'ellipse':
        c.center = move(c.center);
        c.rx = size(c.rx);
        c.ry = size(c.ry);
        c.rotation += jitter(turn);
        break;
      case 'bezier':
        c.points = [move(c.points[0]), move(c.points[1]), move(c.points[2]), move(c.points[3])];
        break;
      case 'spline':
        c.points = c.points.map(move);
        break;
      case 'equation':
        throw new Error('farStart: equation curves are not swept');
    }
  }
  const curves = new Map(d.curves.map((c) => [c.id, c]));
  for (const k of d.constraints) {
    const wire =
      k.kind === 'on-curve' ? k.curve : k.kind === 'tangent' && k.s !== undefined ? k.curves![1] : null;
    if (wire === null) continue;
    const curve = curves.get(wire)!;
    const closed = curve.kind === 'circle' || curve.kind === 'ellipse';
    // A turn of `turn` rad about a round wire, or `distance` mm along a line.
    const span =
      curve.kind === 'segment'
        ? Math.hypot(curve.b[0] - curve.a[0], curve.b[1] - curve.a[1])
        : curve.kind === 'bar'
          ? curve.length
          : 0;
    const ds = span > 0 ? jitter(distance) / span : jitter(turn) / (sweepOf.get(wire) ?? 2 * Math.PI);
    const s = (k as { s: number }).s + ds;
    (k as { s: number }).s = closed ? s - Math.floor(s) : Math.min(1, Math.max(0, s));
  }
  return d;
}

/** The key points of a curve: a point, a line's ends, a centre with its extent, control points. */
function keyPoints(c: Curve): Vec2[] {
  switch (c.kind) {
    case 'point':
      return [c.at];
    case 'segment':
      return [c.a, c.b];
    case 'bar': {
      const h: Vec2 = [(c.length / 2) * Math.cos(c.angle), (c.length / 2) * Math.sin(c.angle)];
      return [
        [c.center[0] - h[0], c.center[1] - h[1]],
        [c.center[0] + h[0], c.center[1] + h[1]],
      ];
    }
    case 'circle':
    case 'arc':
      return extent(c.center, Math.abs(c.radius));
    case 'ellipse':
      return extent(c.center, Math.max(Math.abs(c.rx), Math.abs(c.ry)));
    case 'bezier':
    case 'spline':
      return [...c.points];
    case 'equation':
      return [];
  }
}

function extent(c: Vec2, r: number): Vec2[] {
  return [
    [c[0] - r, c[1] - r],
    [c[0] + r, c[1] + r],
  ];
}

/** [minX, minY, maxX, maxY] of the drawing's key points. */
export function keyBounds(d: Drawing): [number, number, number, number] {
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const c of d.curves)
    for (const [x, y] of keyPoints(c)) {
      b[0] = Math.min(b[0], x);
      b[1] = Math.min(b[1], y);
      b[2] = Math.max(b[2], x);
      b[3] = Math.max(b[3], y);
    }
  return b;
}

/**
 * How far `d` strays from the sketch `solution`: the largest distance of a key point of `d` outside the solution's
 * key bounds, over their diagonal (0: within them; 1: a sketch's size beyond them).
 */
export function excursion(d: Drawing, solution: Drawing): number {
  const [x0, y0, x1, y1] = keyBounds(solution);
  const size = Math.hypot(x1 - x0, y1 - y0);
  let worst = 0;
  for (const c of d.curves)
    for (const [x, y] of keyPoints(c)) {
      const dx = Math.max(x0 - x, 0, x - x1);
      const dy = Math.max(y0 - y, 0, y - y1);
      worst = Math.max(worst, Math.hypot(dx, dy) / size);
    }
  return worst;
}
