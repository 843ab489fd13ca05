// A subpath's pieces, mapped by the element's transform to drawing mm, as Curvewright curves: a line is a segment, a
// cubic a Bézier (affine maps keep both exact); an elliptical arc is an `arc` where the map keeps it circular
// (similar axes), a `circle` or `ellipse` when it is a whole turn alone in its subpath, and otherwise Béziers within
// ARC_TOLERANCE of its largest semi-axis. Consecutive arcs of one ellipse (how SVG, and our own export, write a long
// arc or a full turn in pieces) are first joined into one.

import type { Curve, Vec2 } from '../../shared/drawing';
import { apply, type Affine } from './affine';
import type { ArcPiece, Piece, Subpath } from './pieces';

/** An elliptical arc that becomes Béziers strays from the true curve by at most this × its larger semi-axis. */
export const ARC_TOLERANCE = 1e-6;
/** Two arcs are of one ellipse, and an ellipse's axes equal (a circle), within this relative difference. */
const SAME = 1e-9;
/**
 * The standard cubic of a quarter circle (control arm 4/3 tan(θ/4)) strays from the unit circle by at most
 * 2.7253e-4; for a shorter piece the error shrinks as θ⁶ (checked by the tests).
 */
const QUARTER_ERROR = 2.7253e-4;
const TURN = 2 * Math.PI;

type Unnamed = Curve; // ids are given once the whole file is read

const near = (a: number, b: number, scale: number) => Math.abs(a - b) <= SAME * scale;

function sameEllipse(p: ArcPiece, q: ArcPiece): boolean {
  const scale = Math.max(p.rx, p.ry);
  if (!near(p.center[0], q.center[0], scale) || !near(p.center[1], q.center[1], scale)) return false;
  if (!near(p.rx, q.rx, scale) || !near(p.ry, q.ry, scale)) return false;
  if (Math.sign(p.sweep) !== Math.sign(q.sweep)) return false;
  // A circle's rotation only shifts its parameter: compare where the pieces meet instead.
  const circle = near(p.rx, p.ry, scale);
  const turn = circle ? p.start + p.sweep + p.phi - (q.start + q.phi) : p.phi - q.phi;
  const next = circle ? 0 : p.start + p.sweep - q.start;
  const wrapped = (a: number) => Math.abs(a - TURN * Math.round(a / TURN));
  return wrapped(turn) <= 1e-9 && wrapped(next) <= 1e-9;
}

/** The pieces with consecutive arcs of one ellipse joined (the last onto the first too, in a closed subpath). */
export function joinArcs(sub: Subpath): Piece[] {
  const out: Piece[] = [];
  for (const p of sub.pieces) {
    const last = out[out.length - 1];
    if (p.type === 'arc' && last?.type === 'arc' && sameEllipse(last, p))
      out[out.length - 1] = { ...last, sweep: last.sweep + p.sweep };
    else out.push(p);
  }
  const [first, last] = [out[0], out[out.length - 1]];
  if (
    sub.closed &&
    out.length > 1 &&
    first.type === 'arc' &&
    last.type === 'arc' &&
    sameEllipse(last, first)
  ) {
    out[0] = { ...last, sweep: last.sweep + first.sweep };
    out.pop();
  }
  return out;
}

/** p(t) = center + L (cos t, sin t): an arc piece mapped by `m` (L column-major: [l00, l10, l01, l11]). */
interface MappedArc {
  center: Vec2;
  l: [number, number, number, number];
  start: number;
  sweep: number;
}

function mapArc(p: ArcPiece, m: Affine): MappedArc {
  const c = Math.cos(p.phi);
  const s = Math.sin(p.phi);
  // M's linear part times R(phi) diag(rx, ry), column by column.
  const col = (x: number, y: number): Vec2 => [m[0] * x + m[2] * y, m[1] * x + m[3] * y];
  const [a, b] = col(c * p.rx, s * p.rx);
  const [d, e] = col(-s * p.ry, c * p.ry);
  return { center: apply(m, p.center), l: [a, b, d, e], start: p.start, sweep: p.sweep };
}

function unitArcCubic(arc: MappedArc, t0: number, t1: number): Unnamed {
  const k = (4 / 3) * Math.tan((t1 - t0) / 4);
  const [a, b, d, e] = arc.l;
  const at = (x: number, y: number): Vec2 => [arc.center[0] + a * x + d * y, arc.center[1] + b * x + e * y];
  const [c0, s0, c1, s1] = [Math.cos(t0), Math.sin(t0), Math.cos(t1), Math.sin(t1)];
  return {
    kind: 'bezier',
    id: '',
    points: [at(c0, s0), at(c0 - k * s0, s0 + k * c0), at(c1 + k * s1, s1 - k * c1), at(c1, s1)],
  };
}

/** How many Bézier pieces keep an arc of this sweep within ARC_TOLERANCE (relative to its larger semi-axis). */
export function arcPieces(sweep: number): number {
  return Math.max(
    1,
    Math.ceil((Math.abs(sweep) / (Math.PI / 2)) * (QUARTER_ERROR / ARC_TOLERANCE) ** (1 / 6)),
  );
}

function arcCurves(arc: MappedArc, alone: boolean): Unnamed[] {
  const [a, b, d, e] = arc.l;
  const n1 = Math.hypot(a, b);
  const n2 = Math.hypot(d, e);
  const scale = Math.max(n1, n2);
  const det = a * e - b * d;
  const full = alone && Math.abs(arc.sweep) >= TURN * (1 - 1e-12);
  const circular = Math.abs(a * d + b * e) <= SAME * scale * scale && near(n1, n2, scale);
  if (circular) {
    const radius = (n1 + n2) / 2;
    if (full) return [{ kind: 'circle', id: '', center: arc.center, radius }];
    const alpha = Math.atan2(b, a);
    const [start, sweep] = det > 0 ? [arc.start + alpha, arc.sweep] : [alpha - arc.start, -arc.sweep];
    return [{ kind: 'arc', id: '', center: arc.center, radius, start, sweep }];
  }
  if (full) {
    // The semi-axes are L's singular values; the major axis is L Lᵀ's leading eigenvector.
    const p = a * a + d * d;
    const q = a * b + d * e;
    const r = b * b + e * e;
    const major = Math.sqrt((p + r) / 2 + Math.hypot((p - r) / 2, q));
    return [
      {
        kind: 'ellipse',
        id: '',
        center: arc.center,
        rx: major,
        ry: Math.abs(det) / major,
        rotation: 0.5 * Math.atan2(2 * q, p - r),
      },
    ];
  }
  const n = arcPieces(arc.sweep);
  const out: Unnamed[] = [];
  for (let i = 0; i < n; i++)
    out.push(unitArcCubic(arc, arc.start + (arc.sweep * i) / n, arc.start + (arc.sweep * (i + 1)) / n));
  return out;
}

const differ = (p: Vec2, q: Vec2) => p[0] !== q[0] || p[1] !== q[1];

/** The curves one subpath makes under `m`, in order along it. */
export function subpathCurves(sub: Subpath, m: Affine): Unnamed[] {
  const pieces = joinArcs(sub);
  const out: Unnamed[] = [];
  for (const p of pieces) {
    switch (p.type) {
      case 'line': {
        const [a, b] = [apply(m, p.a), apply(m, p.b)];
        if (differ(a, b)) out.push({ kind: 'segment', id: '', a, b });
        break;
      }
      case 'cubic':
        out.push({
          kind: 'bezier',
          id: '',
          points: [
            apply(m, p.points[0]),
            apply(m, p.points[1]),
            apply(m, p.points[2]),
            apply(m, p.points[3]),
          ],
        });
        break;
      case 'arc':
        out.push(...arcCurves(mapArc(p, m), pieces.length === 1 && sub.closed));
        break;
    }
  }
  return out;
}
