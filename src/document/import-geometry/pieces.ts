// What SVG geometry is made of, in the element's own user units: line segments, cubic Béziers and elliptical arcs
// (centre parametrisation: centre + R(phi) · (rx cos t, ry sin t) for t from `start` through signed `sweep`), in
// subpaths that are open or closed (Z).

import type { Vec2 } from '../../shared/drawing';

export interface LinePiece {
  type: 'line';
  a: Vec2;
  b: Vec2;
}

export interface CubicPiece {
  type: 'cubic';
  points: [Vec2, Vec2, Vec2, Vec2];
}

export interface ArcPiece {
  type: 'arc';
  center: Vec2;
  rx: number;
  ry: number;
  /** The ellipse's rotation, radians. */
  phi: number;
  start: number;
  sweep: number;
}

export type Piece = LinePiece | CubicPiece | ArcPiece;

export interface Subpath {
  pieces: Piece[];
  /** Ended by Z (or a closed shape: polygon, rect, circle, ellipse). */
  closed: boolean;
}

/** A point of an arc piece at parameter t. */
export function arcPoint(a: ArcPiece, t: number): Vec2 {
  const x = a.rx * Math.cos(t);
  const y = a.ry * Math.sin(t);
  const c = Math.cos(a.phi);
  const s = Math.sin(a.phi);
  return [a.center[0] + x * c - y * s, a.center[1] + x * s + y * c];
}

/** Where a piece starts and ends. */
export function pieceEnds(p: Piece): [Vec2, Vec2] {
  switch (p.type) {
    case 'line':
      return [p.a, p.b];
    case 'cubic':
      return [p.points[0], p.points[3]];
    case 'arc':
      return [arcPoint(p, p.start), arcPoint(p, p.start + p.sweep)];
  }
}

/**
 * SVG's endpoint arc (from p0 to p1, radii, x-axis rotation in degrees, flags) in centre form, as the SVG
 * specification's implementation notes (F.6.5, F.6.6) say: radii too small are scaled up until the arc fits; a zero
 * radius makes it a line; equal ends make it nothing (null).
 */
export function endpointArc(
  p0: Vec2,
  p1: Vec2,
  rxIn: number,
  ryIn: number,
  degrees: number,
  largeArc: boolean,
  sweepPositive: boolean,
): Piece | null {
  if (p0[0] === p1[0] && p0[1] === p1[1]) return null;
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0) return { type: 'line', a: p0, b: p1 };
  const phi = ((degrees % 360) * Math.PI) / 180;
  const c = Math.cos(phi);
  const s = Math.sin(phi);
  const hx = (p0[0] - p1[0]) / 2;
  const hy = (p0[1] - p1[1]) / 2;
  const x1 = c * hx + s * hy;
  const y1 = -s * hx + c * hy;
  const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
  let k = 0;
  if (lambda >= 1) {
    const grow = Math.sqrt(lambda);
    rx *= grow;
    ry *= grow;
  } else {
    k = Math.sqrt((1 - lambda) / lambda) * (largeArc === sweepPositive ? -1 : 1);
  }
  const cx1 = (k * rx * y1) / ry;
  const cy1 = (-k * ry * x1) / rx;
  const center: Vec2 = [c * cx1 - s * cy1 + (p0[0] + p1[0]) / 2, s * cx1 + c * cy1 + (p0[1] + p1[1]) / 2];
  const start = Math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx);
  const end = Math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx);
  let sweep = end - start;
  if (sweepPositive && sweep < 0) sweep += 2 * Math.PI;
  if (!sweepPositive && sweep > 0) sweep -= 2 * Math.PI;
  return { type: 'arc', center, rx, ry, phi, start, sweep };
}
