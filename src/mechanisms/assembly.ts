// Closed-form assembly of planar linkages: the few exact constructions the examples need so that every constraint
// holds at load (no solver involved). All functions are pure and exact up to floating-point rounding.

import type { Vec2 } from '../shared/drawing';

export function add(a: Vec2, b: Vec2): Vec2 {
  return [a[0] + b[0], a[1] + b[1]];
}

export function sub(a: Vec2, b: Vec2): Vec2 {
  return [a[0] - b[0], a[1] - b[1]];
}

export function scale(a: Vec2, k: number): Vec2 {
  return [a[0] * k, a[1] * k];
}

export function dist(a: Vec2, b: Vec2): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** The point at `length` from `origin` in direction `angle` (radians, drawing coordinates: y down). */
export function polar(origin: Vec2, length: number, angle: number): Vec2 {
  return [origin[0] + length * Math.cos(angle), origin[1] + length * Math.sin(angle)];
}

/** a + t (b − a). */
export function lerp(a: Vec2, b: Vec2, t: number): Vec2 {
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
}

/** Rotate `p` about `centre` by `angle`. */
export function rotateAbout(p: Vec2, centre: Vec2, angle: number): Vec2 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const dx = p[0] - centre[0];
  const dy = p[1] - centre[1];
  return [centre[0] + c * dx - s * dy, centre[1] + s * dx + c * dy];
}

/**
 * The intersection of the circle (c1, r1) with the circle (c2, r2) that lies on the given side of the directed
 * line c1 → c2: side +1 is the left of that line as the cross product counts it (z of (c2 − c1) × (p − c1) > 0),
 * which in y-down drawing coordinates is the right-hand side on screen. Throws when the circles do not meet: a
 * linkage that cannot be assembled is a bug in the example, not something to round away.
 */
export function circleCircle(c1: Vec2, r1: number, c2: Vec2, r2: number, side: 1 | -1): Vec2 {
  const dx = c2[0] - c1[0];
  const dy = c2[1] - c1[1];
  const d = Math.hypot(dx, dy);
  if (!(d > 0) || d > r1 + r2 || d < Math.abs(r1 - r2)) {
    throw new Error(`circles (r ${r1}, r ${r2}) ${d} apart do not meet`);
  }
  const along = (d * d + r1 * r1 - r2 * r2) / (2 * d);
  const across = Math.sqrt(Math.max(0, r1 * r1 - along * along));
  const ex = dx / d;
  const ey = dy / d;
  return [c1[0] + along * ex - side * across * ey, c1[1] + along * ey + side * across * ex];
}

/** z of (b − a) × (p − a): positive when p is on side +1 of the line a → b (see circleCircle). */
export function sideOf(a: Vec2, b: Vec2, p: Vec2): number {
  return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
}

/**
 * Where the line through `p` along direction `dir` meets the circle (c, r): the intersection with the larger
 * parameter t (p + t·dir) when `far`, else the smaller. Throws when they do not meet.
 */
export function lineCircle(p: Vec2, dir: Vec2, c: Vec2, r: number, far: boolean): Vec2 {
  const dl = Math.hypot(dir[0], dir[1]);
  const ux = dir[0] / dl;
  const uy = dir[1] / dl;
  const fx = p[0] - c[0];
  const fy = p[1] - c[1];
  const b = fx * ux + fy * uy;
  const disc = b * b - (fx * fx + fy * fy - r * r);
  if (disc < 0) throw new Error(`line misses the circle of radius ${r}`);
  const t = far ? -b + Math.sqrt(disc) : -b - Math.sqrt(disc);
  return [p[0] + t * ux, p[1] + t * uy];
}

/** Grashof's sum test for a four-bar: s + l ≤ p + q (the shortest link can turn fully relative to the others). */
export function isGrashof(lengths: [number, number, number, number]): boolean {
  const sorted = [...lengths].sort((x, y) => x - y);
  return sorted[0] + sorted[3] <= sorted[1] + sorted[2];
}
