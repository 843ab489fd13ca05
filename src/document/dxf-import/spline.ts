// A DXF SPLINE (a B-spline of any degree, rational or not, its knots as given: clamped or not, with multiple knots)
// as pieces: each knot span's Bézier is found by blossoming (de Boor–Ramshaw: the span [a, b]'s j-th Bézier point
// is the blossom at a (degree − j times) and b (j times)), which is Boehm's knot insertion done at once. A
// non-rational span of degree 1 is a line, of degree 2 is raised exactly to a cubic, of degree 3 is its cubic; a
// rational quadratic span that is a circular arc (a NURBS circle's) is that arc. Any other rational span, or one of
// degree 4 or more, is replaced by cubic Hermite pieces (ends and tangents the curve's own), each halved until it
// strays from the curve by at most SPLINE_TOLERANCE × the spline's size at nine points of it. A spline given only by fit points (no control points) returns null: how AutoCAD fits them is not specified.

import type { Vec2 } from '../../shared/drawing';
import { ARC_TOLERANCE } from '../import-geometry/curves';
import type { Piece } from '../import-geometry/pieces';
import type { Fields } from './fields';

/** A spline that is not made exactly strays from itself by at most this × its control points' extent. */
export const SPLINE_TOLERANCE = ARC_TOLERANCE;
/** The highest degree read (AutoCAD writes up to 11). */
const MAX_DEGREE = 25;
/** Halvings of one span before it is given up (2¹⁰ pieces). */
const MAX_HALVINGS = 10;

/** The homogeneous Bézier control points (x w, y w, w) of each knot span, in order. */
function spanBeziers(p: number, knots: number[], ctrl: Vec2[], weights: number[]): Float64Array[] {
  const n = ctrl.length;
  const d = new Float64Array(3 * (p + 1));
  const out: Float64Array[] = [];
  const args = new Float64Array(p);
  for (let i = p; i < n; i++) {
    const [a, b] = [knots[i], knots[i + 1]];
    if (!(a < b)) continue;
    const bez = new Float64Array(3 * (p + 1));
    for (let j = 0; j <= p; j++) {
      for (let r = 0; r < p; r++) args[r] = r < p - j ? a : b;
      for (let k = 0; k <= p; k++) {
        const w = weights[i - p + k];
        d[3 * k] = ctrl[i - p + k][0] * w;
        d[3 * k + 1] = ctrl[i - p + k][1] * w;
        d[3 * k + 2] = w;
      }
      // Level r: d_k ← (1 − α) d_{k−1} + α d_k for k from i down to i − p + r (indices relative to i − p).
      for (let r = 1; r <= p; r++)
        for (let k = p; k >= r; k--) {
          const u = knots[i - p + k];
          const alpha = (args[r - 1] - u) / (knots[i + k - r + 1] - u);
          for (let c = 0; c < 3; c++) d[3 * k + c] = (1 - alpha) * d[3 * (k - 1) + c] + alpha * d[3 * k + c];
        }
      bez.set(d.subarray(3 * p, 3 * p + 3), 3 * j);
    }
    out.push(bez);
  }
  return out;
}

/** The point and tangent (d/dt) of a homogeneous Bézier at t, into `out` [x, y, dx, dy]; `s` is scratch. */
function evaluate(bez: Float64Array, t: number, s: Float64Array, out: Float64Array): void {
  const p = bez.length / 3 - 1;
  s.set(bez);
  for (let level = p; level >= 1; level--) {
    if (level === 1) {
      // s holds the last two points: the derivative is p (s1 − s0).
      const [x0, y0, w0, x1, y1, w1] = [s[0], s[1], s[2], s[3], s[4], s[5]];
      const [x, y, w] = [x0 + t * (x1 - x0), y0 + t * (y1 - y0), w0 + t * (w1 - w0)];
      const [dx, dy, dw] = [p * (x1 - x0), p * (y1 - y0), p * (w1 - w0)];
      out[0] = x / w;
      out[1] = y / w;
      out[2] = (dx - dw * out[0]) / w;
      out[3] = (dy - dw * out[1]) / w;
      return;
    }
    for (let k = 0; k < level; k++)
      for (let c = 0; c < 3; c++) s[3 * k + c] += t * (s[3 * (k + 1) + c] - s[3 * k + c]);
  }
  // Degree 0 never reaches here (degree ≥ 1 is checked).
}

/** The cubic Hermite piece of [t0, t1] of a span, and how far it strays at nine points; `s`, `e` scratch. */
function hermitePiece(bez: Float64Array, t0: number, t1: number, s: Float64Array, e: Float64Array[]) {
  const [e0, e1, at] = e;
  const h = (t1 - t0) / 3;
  evaluate(bez, t0, s, e0);
  evaluate(bez, t1, s, e1);
  const q: [Vec2, Vec2, Vec2, Vec2] = [
    [e0[0], e0[1]],
    [e0[0] + h * e0[2], e0[1] + h * e0[3]],
    [e1[0] - h * e1[2], e1[1] - h * e1[3]],
    [e1[0], e1[1]],
  ];
  let worst = 0;
  for (let k = 1; k < 10; k++) {
    const u = k / 10;
    evaluate(bez, t0 + u * (t1 - t0), s, at);
    const [a, b, c, d] = [(1 - u) ** 3, 3 * u * (1 - u) ** 2, 3 * u * u * (1 - u), u ** 3];
    const x = a * q[0][0] + b * q[1][0] + c * q[2][0] + d * q[3][0];
    const y = a * q[0][1] + b * q[1][1] + c * q[2][1] + d * q[3][1];
    worst = Math.max(worst, Math.hypot(x - at[0], y - at[1]));
  }
  return { piece: { type: 'cubic', points: q } as Piece, worst };
}

/** Cubic Hermite pieces of one span within `tolerance`, a piece that strays halved; null past MAX_HALVINGS. */
function hermite(bez: Float64Array, tolerance: number): Piece[] | null {
  const s = new Float64Array(bez.length);
  const e = [new Float64Array(4), new Float64Array(4), new Float64Array(4)];
  const out: Piece[] = [];
  const split = (t0: number, t1: number, depth: number): boolean => {
    const { piece, worst } = hermitePiece(bez, t0, t1, s, e);
    if (worst <= tolerance) return out.push(piece) > 0;
    if (depth >= MAX_HALVINGS) return false;
    const mid = (t0 + t1) / 2;
    return split(t0, mid, depth + 1) && split(mid, t1, depth + 1);
  };
  return split(0, 1, 0) ? out : null;
}

/**
 * A rational quadratic span that is a circular arc (its control legs equal, its middle weight over the ends'
 * geometric mean the cosine of the angle between a leg and the chord: how CAD programs write a NURBS circle) as
 * that arc; null for any other.
 */
function circularArc(bez: Float64Array): Piece | null {
  if (bez.length !== 9) return null;
  const pt = (j: number): Vec2 => [bez[3 * j] / bez[3 * j + 2], bez[3 * j + 1] / bez[3 * j + 2]];
  const [a, m, b] = [pt(0), pt(1), pt(2)];
  const w = bez[5] / Math.sqrt(bez[2] * bez[8]);
  const [ux, uy, vx, vy] = [m[0] - a[0], m[1] - a[1], b[0] - m[0], b[1] - m[1]];
  const leg = Math.hypot(ux, uy);
  const cross = ux * vy - uy * vx;
  if (!(leg > 0) || Math.abs(Math.hypot(vx, vy) - leg) > 1e-12 * leg || Math.abs(cross) <= 1e-12 * leg * leg)
    return null;
  const [cx, cy] = [b[0] - a[0], b[1] - a[1]];
  const cosAlpha = (ux * cx + uy * cy) / (leg * Math.hypot(cx, cy));
  if (Math.abs(w - cosAlpha) > 1e-12) return null;
  const alpha = Math.acos(Math.min(1, cosAlpha));
  const r = leg / Math.tan(alpha);
  // The centre lies off the start along the leg's normal, on the side the arc turns to.
  const side = Math.sign(cross);
  const center: Vec2 = [a[0] - (side * uy * r) / leg, a[1] + (side * ux * r) / leg];
  const start = Math.atan2(a[1] - center[1], a[0] - center[0]);
  return { type: 'arc', center, rx: r, ry: r, phi: 0, start, sweep: side * 2 * alpha };
}

function exactPiece(bez: Float64Array): Piece {
  const pt = (j: number): Vec2 => [bez[3 * j] / bez[3 * j + 2], bez[3 * j + 1] / bez[3 * j + 2]];
  const p = bez.length / 3 - 1;
  if (p === 1) return { type: 'line', a: pt(0), b: pt(1) };
  if (p === 3) return { type: 'cubic', points: [pt(0), pt(1), pt(2), pt(3)] };
  // Degree 2 raised: the cubic's inner points are 2/3 of the way from each end to the middle control point.
  const [a, m, b] = [pt(0), pt(1), pt(2)];
  const third = (e: Vec2): Vec2 => [e[0] + (2 / 3) * (m[0] - e[0]), e[1] + (2 / 3) * (m[1] - e[1])];
  return { type: 'cubic', points: [a, third(a), third(b), b] };
}

/** The spline's pieces (see the top); null for a spline of fit points only. Throws one line on bad data. */
export function splinePieces(f: Fields): Piece[] | null {
  const p = f.number(71, 'degree');
  const knots = f.all(40);
  const ctrl = f.points(10, 'control points');
  const weights = f.all(41);
  if (ctrl.length === 0) {
    if (f.all(11).length) return null;
    throw new Error('it has neither control points nor fit points');
  }
  if (!Number.isInteger(p) || p < 1 || p > MAX_DEGREE)
    throw new Error(`its degree (group 71) is ${p}, not a whole number from 1 to ${MAX_DEGREE}`);
  if (ctrl.length < p + 1)
    throw new Error(`it has ${ctrl.length} control points, too few for degree ${p} (at least ${p + 1})`);
  if (knots.length !== ctrl.length + p + 1)
    throw new Error(
      `it has ${knots.length} knots (group 40), not ${ctrl.length + p + 1} (its control points + degree + 1)`,
    );
  for (let i = 1; i < knots.length; i++)
    if (!(knots[i] >= knots[i - 1])) throw new Error(`its knots (group 40) decrease at the ${i + 1}th`);
  if (!(knots[p] < knots[ctrl.length])) throw new Error('its knots (group 40) leave it no span to draw');
  if (weights.length && weights.length !== ctrl.length)
    throw new Error(`it has ${weights.length} weights (group 41) for ${ctrl.length} control points`);
  if (weights.some((w) => !(w > 0))) throw new Error('a weight (group 41) is not positive');
  const rational = weights.some((w) => w !== weights[0]);
  const w = weights.length ? weights : ctrl.map(() => 1);
  const beziers = spanBeziers(p, knots, ctrl, w);
  if (!rational && p <= 3) return beziers.map(exactPiece);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ctrl)
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  const tolerance = SPLINE_TOLERANCE * Math.max(x1 - x0, y1 - y0);
  const pieces: Piece[] = [];
  for (const bez of beziers) {
    const arc = rational && p === 2 ? circularArc(bez) : null;
    if (arc) {
      pieces.push(arc);
      continue;
    }
    const made = hermite(bez, tolerance);
    if (!made) throw new Error(`it cannot be drawn within ${SPLINE_TOLERANCE} of its size in cubic pieces`);
    pieces.push(...made);
  }
  return pieces;
}
