// The DXF entities that draw curves, as subpaths of pieces in the entity's own coordinates (import-geometry/
// pieces.ts): LINE; CIRCLE and ARC (angles in degrees, counter-clockwise from start to end); ELLIPSE (its major
// axis's end relative to the centre, the minor's ratio, parameters in radians); LWPOLYLINE and 2-D POLYLINE (each
// vertex's bulge, tan of a quarter of the included angle, positive counter-clockwise, makes the piece to the next
// an arc). Circles, arcs and polylines are in their object coordinate system (ocs below); lines and ellipses in the
// world's, an ellipse seen from below (extrusion −z) running the other way.

import type { Vec2 } from '../../shared/drawing';
import type { Affine } from '../import-geometry/affine';
import type { Piece, Subpath } from '../import-geometry/pieces';
import type { Fields } from './fields';
import type { DxfEntity } from './groups';

const TURN = 2 * Math.PI;
const RADIANS = Math.PI / 180;

/**
 * The entity's object coordinates → world x, y by its extrusion (groups 210, 220, 230; +z by default): the
 * identity for +z, a mirror in x for −z (DXF's arbitrary axis rule: the object x axis is the world's −x); null for
 * any other, an entity not in the drawing's plane.
 */
export function ocs(f: Fields): Affine | null {
  const [x, y, z] = [
    f.number(210, 'extrusion x', 0),
    f.number(220, 'extrusion y', 0),
    f.number(230, 'extrusion z', 1),
  ];
  const n = Math.hypot(x, y, z);
  if (!(n > 0) || Math.hypot(x, y) > 1e-9 * n) return null;
  return z > 0 ? [1, 0, 0, 1, 0, 0] : [-1, 0, 0, 1, 0, 0];
}

function positiveRadius(f: Fields): number {
  const r = f.number(40, 'radius');
  if (!(r > 0)) throw new Error(`its radius (group 40) is ${r}, not positive`);
  return r;
}

/** Counter-clockwise from `from` to `to` (radians), in (0, 2π]: equal ends are a whole turn, as DXF reads them. */
function ccwSweep(from: number, to: number): number {
  const s = (to - from) % TURN;
  return s <= 0 ? s + TURN : s;
}

function circle(f: Fields): Subpath {
  const r = positiveRadius(f);
  return {
    pieces: [{ type: 'arc', center: f.point(10, 'centre'), rx: r, ry: r, phi: 0, start: 0, sweep: TURN }],
    closed: true,
  };
}

function arc(f: Fields): Subpath {
  const r = positiveRadius(f);
  const start = f.number(50, 'start angle') * RADIANS;
  const sweep = ccwSweep(start, f.number(51, 'end angle') * RADIANS);
  return {
    pieces: [{ type: 'arc', center: f.point(10, 'centre'), rx: r, ry: r, phi: 0, start, sweep }],
    closed: sweep === TURN,
  };
}

function ellipse(f: Fields): Subpath {
  const center = f.point(10, 'centre');
  const [mx, my] = f.point(11, 'major axis');
  const major = Math.hypot(mx, my);
  const ratio = f.number(40, 'axis ratio');
  if (!(major > 0)) throw new Error('its major axis (groups 11, 21) has no length');
  if (!(ratio > 0 && ratio <= 1 + 1e-9))
    throw new Error(`its axis ratio (group 40) is ${ratio}, not in (0, 1]`);
  let [from, to] = [f.number(41, 'start parameter', 0), f.number(42, 'end parameter', TURN)];
  // Seen from below the minor axis points the other way: the same points as the parameters negated.
  if (f.number(230, 'extrusion z', 1) < 0) [from, to] = [-to, -from];
  const sweep = Math.abs(to - from - TURN) <= 1e-12 * TURN ? TURN : ccwSweep(from, to);
  const phi = Math.atan2(my, mx);
  return {
    pieces: [{ type: 'arc', center, rx: major, ry: major * ratio, phi, start: from, sweep }],
    closed: sweep === TURN,
  };
}

/** The piece from a to b with `bulge` (see the top): a line for 0. */
export function bulgePiece(a: Vec2, b: Vec2, bulge: number): Piece {
  const c = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (bulge === 0 || c === 0) return { type: 'line', a, b };
  // The centre lies off the chord's midpoint along its left normal by c (1 − bulge²) / (4 bulge).
  const off = (1 - bulge * bulge) / (4 * bulge);
  const center: Vec2 = [(a[0] + b[0]) / 2 - off * (b[1] - a[1]), (a[1] + b[1]) / 2 + off * (b[0] - a[0])];
  const r = (c * (1 + bulge * bulge)) / (4 * Math.abs(bulge));
  const start = Math.atan2(a[1] - center[1], a[0] - center[0]);
  return { type: 'arc', center, rx: r, ry: r, phi: 0, start, sweep: 4 * Math.atan(bulge) };
}

interface Vertex {
  at: Vec2;
  bulge: number;
}

function polyline(vertices: Vertex[], closed: boolean): Subpath {
  const pieces: Piece[] = [];
  const n = vertices.length;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const [v, w] = [vertices[i], vertices[(i + 1) % n]];
    pieces.push(bulgePiece(v.at, w.at, v.bulge));
  }
  return { pieces, closed };
}

/** An LWPOLYLINE's vertices: each 10 starts one, its 20 and 42 (bulge) follow it. */
function lwVertices(e: DxfEntity, f: Fields): Vertex[] {
  const out: { x: number; y?: number; bulge: number }[] = [];
  const num = (code: number) => f.all(code); // validates every number once
  num(10);
  num(20);
  num(42);
  for (const g of e.groups) {
    if (g.code === 10) out.push({ x: Number(g.value), bulge: 0 });
    else if (g.code === 20 && out.length) out[out.length - 1].y = Number(g.value);
    else if (g.code === 42 && out.length) out[out.length - 1].bulge = Number(g.value);
  }
  return out.map((v, i) => {
    if (v.y === undefined) throw new Error(`its vertex ${i + 1} has no y (group 20)`);
    return { at: [v.x, v.y], bulge: v.bulge };
  });
}

/** LWPOLYLINE: its vertices, closed if its flags (group 70) say so. */
export function lwPolyline(e: DxfEntity, f: Fields): Subpath {
  return polyline(lwVertices(e, f), (f.number(70, 'flags', 0) & 1) === 1);
}

/** POLYLINE flags that make it no 2-D polyline: a 3-D polyline, a polygon mesh, a polyface mesh. */
export const NOT_2D = 8 | 16 | 64;

/** A 2-D POLYLINE: its VERTEXes (less a spline fit's frame, flag 16), closed by its flags (group 70). */
export function polyline2d(e: DxfEntity, f: Fields, fieldsOf: (v: DxfEntity) => Fields): Subpath {
  const vertices: Vertex[] = [];
  for (const v of e.children) {
    const g = fieldsOf(v);
    if (v.type !== 'VERTEX' || (g.number(70, 'flags', 0) & 16) === 16) continue;
    vertices.push({ at: g.point(10, 'vertex'), bulge: g.number(42, 'bulge', 0) });
  }
  return polyline(vertices, (f.number(70, 'flags', 0) & 1) === 1);
}

/** The subpath of a LINE, CIRCLE, ARC or ELLIPSE. */
export function simpleShape(type: 'LINE' | 'CIRCLE' | 'ARC' | 'ELLIPSE', f: Fields): Subpath {
  switch (type) {
    case 'LINE':
      return { pieces: [{ type: 'line', a: f.point(10, 'start'), b: f.point(11, 'end') }], closed: false };
    case 'CIRCLE':
      return circle(f);
    case 'ARC':
      return arc(f);
    case 'ELLIPSE':
      return ellipse(f);
  }
}
