// Exact path primitives (src/shared/primitives.ts) as SVG path data, and their exact bounding box.
// Lines → L, cubics → C, polylines → L runs, elliptical arcs → A. An SVG arc is given by its end point, so a full
// turn (start = end) cannot be one A command: arcs are split into pieces of at most 120°, which also keeps the
// large-arc flag 0 and the result well-conditioned. Radii may be negative (the engine lets a radius pass through
// zero): the end points are computed from the signed parametrisation, SVG gets |rx|, |ry|, and the sweep direction
// flips when exactly one radius is negative (that mirrors the parametrisation).

import type { Vec2 } from '../shared/drawing';
import type { ArcSegment, Path } from '../shared/primitives';
import { addPoint, type Bounds } from '../shared/bounds';

/**
 * A coordinate for SVG: 10 decimals (0.1 pm in mm), so that importing the file gives back the drawing's geometry to
 * 1e-9 mm (svg-import.ts; 4 decimals, 0.1 µm, moved a circle's centre by 1e-5 mm); no "-0"; an exponent only
 * below 1e-6.
 */
export function svgNumber(n: number): string {
  const r = Math.round(n * 1e10) / 1e10;
  return r === 0 ? '0' : String(r);
}

const MAX_ARC_PIECE = (2 * Math.PI) / 3;

function arcPoint(a: ArcSegment, t: number): Vec2 {
  const x = a.rx * Math.cos(t);
  const y = a.ry * Math.sin(t);
  const c = Math.cos(a.rotation);
  const s = Math.sin(a.rotation);
  return [a.center[0] + x * c - y * s, a.center[1] + x * s + y * c];
}

/**
 * Beyond one turn an arc only retraces itself: draw one full turn plus the remainder, so it ends at the same
 * point without a huge number of pieces (an arc's sweep is engine state and may have grown large).
 */
function drawnSweep(sweep: number): number {
  const turn = 2 * Math.PI;
  const a = Math.abs(sweep);
  return a <= turn ? sweep : Math.sign(sweep) * (turn + (a % turn));
}

function pieces(sweep: number): number {
  return Math.max(1, Math.ceil(Math.abs(sweep) / MAX_ARC_PIECE));
}

export function pathToSvgD(path: Path): string {
  const p = (v: Vec2) => `${svgNumber(v[0])} ${svgNumber(v[1])}`;
  const out: string[] = [`M ${p(path.start)}`];
  for (const seg of path.segments) {
    switch (seg.type) {
      case 'line':
        out.push(`L ${p(seg.to)}`);
        break;
      case 'cubic':
        out.push(`C ${p(seg.c1)} ${p(seg.c2)} ${p(seg.to)}`);
        break;
      case 'polyline':
        if (seg.points.length > 0) out.push(`L ${seg.points.map(p).join(' ')}`);
        break;
      case 'arc': {
        const sweep = drawnSweep(seg.sweep);
        const n = pieces(sweep);
        const rx = svgNumber(Math.abs(seg.rx));
        const ry = svgNumber(Math.abs(seg.ry));
        let degrees = ((seg.rotation * 180) / Math.PI) % 360;
        if (degrees < 0) degrees += 360;
        const mirrored = seg.rx * seg.ry < 0;
        const sweepFlag = sweep > 0 !== mirrored ? 1 : 0;
        for (let k = 1; k <= n; k++) {
          const end = arcPoint(seg, seg.start + (sweep * k) / n);
          out.push(`A ${rx} ${ry} ${svgNumber(degrees)} 0 ${sweepFlag} ${p(end)}`);
        }
        break;
      }
    }
  }
  if (path.closed) out.push('Z');
  return out.join(' ');
}

/** Roots in (0, 1) of the derivative of a 1-D cubic Bézier with coordinates p0..p3. */
function cubicExtrema(p0: number, p1: number, p2: number, p3: number, out: number[]): void {
  // B'(t)/3 = a t² + b t + c
  const a = -p0 + 3 * p1 - 3 * p2 + p3;
  const b = 2 * (p0 - 2 * p1 + p2);
  const c = p1 - p0;
  if (Math.abs(a) < 1e-12) {
    if (Math.abs(b) > 1e-12) out.push(-c / b);
    return;
  }
  const disc = b * b - 4 * a * c;
  if (disc < 0) return;
  const sq = Math.sqrt(disc);
  out.push((-b + sq) / (2 * a), (-b - sq) / (2 * a));
}

function cubicAt(p0: number, p1: number, p2: number, p3: number, t: number): number {
  const s = 1 - t;
  return s * s * s * p0 + 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t * p3;
}

/** Adds the exact extent of `path` to `b`, padded by `pad` (half the stroke width). */
export function addPathBounds(b: Bounds, path: Path, pad = 0): void {
  let cur = path.start;
  addPoint(b, cur[0], cur[1], pad);
  for (const seg of path.segments) {
    switch (seg.type) {
      case 'line':
        cur = seg.to;
        addPoint(b, cur[0], cur[1], pad);
        break;
      case 'polyline':
        for (const q of seg.points) addPoint(b, q[0], q[1], pad);
        if (seg.points.length) cur = seg.points[seg.points.length - 1];
        break;
      case 'cubic': {
        const ts: number[] = [1];
        cubicExtrema(cur[0], seg.c1[0], seg.c2[0], seg.to[0], ts);
        cubicExtrema(cur[1], seg.c1[1], seg.c2[1], seg.to[1], ts);
        for (const t of ts) {
          if (!(t > 0 && t <= 1)) continue;
          addPoint(
            b,
            cubicAt(cur[0], seg.c1[0], seg.c2[0], seg.to[0], t),
            cubicAt(cur[1], seg.c1[1], seg.c2[1], seg.to[1], t),
            pad,
          );
        }
        cur = seg.to;
        break;
      }
      case 'arc': {
        // Extremes of x and y over all t are at these angles (+ kπ); keep those inside the swept range.
        const c = Math.cos(seg.rotation);
        const s = Math.sin(seg.rotation);
        const tx = Math.atan2(-seg.ry * s, seg.rx * c);
        const ty = Math.atan2(seg.ry * c, seg.rx * s);
        const sweep = drawnSweep(seg.sweep);
        const lo = Math.min(seg.start, seg.start + sweep);
        const hi = Math.max(seg.start, seg.start + sweep);
        for (const base of [tx, ty]) {
          for (let t = base + Math.ceil((lo - base) / Math.PI) * Math.PI; t <= hi; t += Math.PI) {
            const q = arcPoint(seg, t);
            addPoint(b, q[0], q[1], pad);
          }
        }
        cur = arcPoint(seg, seg.start + sweep);
        addPoint(b, cur[0], cur[1], pad);
        break;
      }
    }
  }
}
