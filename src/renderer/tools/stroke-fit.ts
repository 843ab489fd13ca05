// The Pencil's stroke → clean curves (issue 30), a pure function of the stroke's points (drawing mm) and a
// tolerance in mm (the tool gives what a few screen pixels are at the current zoom):
//
// 1. the stroke thinned (points closer than a quarter of the tolerance to the last kept dropped), closed when it
//    ends within three tolerances of where it began;
// 2. split at corners: where it turns by more than CORNER_DEG over a window of a few tolerances on either side
//    (the sharpest point of each such run);
// 3. each piece between corners: a whole closed stroke with no corner a circle if a least-squares circle (Kåsa's)
//    holds every point within the tolerance; else up to three segments and arcs, each the longest stretch that is
//    one within the tolerance (a line turning smoothly into an arc), tangent (G1) where they join within 20°; else
//    a chain of Béziers by Schneider's algorithm (the `fit-curve` library, MIT), whose joins are smooth (G1);
// 4. the segments made to meet exactly, each one within the drawing aids' 4° of level or upright set so from its
//    start (with H or V), and consecutive pieces attached end to end (a closed stroke's last to its first).
//
// What Schneider's fit measures is the distance at each point's chord-length parameter, never less than the true
// distance, so every point is within the tolerance of the curves. The constrained fit that refines the seed runs in
// the engine (src/engine/forces/data-fit.ts).

import fitCurve from 'fit-curve';
import type { Constraint, Curve, Vec2 } from '../../shared/drawing';
import { pieceEnds } from '../../shared/piece-ends';
import { nearAxis, onAxis } from './drawing-aids';

/** A turn sharper than this (degrees) over the corner window splits the stroke there. */
export const CORNER_DEG = 30;
/** The corner window on each side of a point, in tolerances. */
const CORNER_WINDOW = 4;
/** A stroke ending within this many tolerances of its start is closed. */
const CLOSE_DISTANCE = 3;
/** A circle fit wider than this many times its piece's length is a line, not an arc. */
const MAX_ARC_RADIUS = 50;
/** A piece is at most this many segments and arcs (a line turning into an arc and on); more: Béziers. */
const MAX_PRIMITIVES = 3;

export interface StrokeFit {
  curves: Curve[];
  constraints: Constraint[];
  closed: boolean;
}

type Ids = (prefix: 'c' | 'k') => string;

const dist = (a: Vec2, b: Vec2) => Math.hypot(b[0] - a[0], b[1] - a[1]);

/** The stroke's finite points, thinned: a point within `gap` of the last kept is dropped. */
function thinned(points: readonly Vec2[], gap: number): Vec2[] {
  const out: Vec2[] = [];
  for (const p of points) {
    if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) continue;
    if (out.length === 0 || dist(out[out.length - 1], p) > gap) out.push([p[0], p[1]]);
  }
  return out;
}

/** Cumulative arc length at each point. */
function arcLengths(points: readonly Vec2[]): Float64Array {
  const s = new Float64Array(points.length);
  for (let i = 1; i < points.length; i++) s[i] = s[i - 1] + dist(points[i - 1], points[i]);
  return s;
}

/** The indices of the corners: local maxima of the turn over ±window of arc length that exceed CORNER_DEG. */
export function cornerIndices(points: readonly Vec2[], window: number): number[] {
  const n = points.length;
  const s = arcLengths(points);
  const turn = new Float64Array(n);
  let before = 0;
  let after = 0;
  for (let i = 1; i < n - 1; i++) {
    while (before < i && s[i] - s[before + 1] >= window) before++;
    if (after < i) after = i;
    while (after < n - 1 && s[after] - s[i] < window) after++;
    if (s[i] - s[before] < window || s[after] - s[i] < window) continue; // too near an end to judge
    const a = points[before];
    const b = points[i];
    const c = points[after];
    const u = Math.atan2(b[1] - a[1], b[0] - a[0]);
    const v = Math.atan2(c[1] - b[1], c[0] - b[0]);
    let d = Math.abs(v - u);
    if (d > Math.PI) d = 2 * Math.PI - d;
    turn[i] = d;
  }
  const limit = (CORNER_DEG * Math.PI) / 180;
  const corners: number[] = [];
  for (let i = 1; i < n - 1; i++) {
    if (turn[i] <= limit) continue;
    // The sharpest point of its run of turns over the limit.
    let j = i;
    while (j + 1 < n - 1 && turn[j + 1] > limit) j++;
    let best = i;
    for (let k = i; k <= j; k++) if (turn[k] > turn[best]) best = k;
    corners.push(best);
    i = j;
  }
  return corners;
}

/** Every point within `tol` of the line through the piece's ends. */
function straight(points: readonly Vec2[], tol: number): boolean {
  const a = points[0];
  const b = points[points.length - 1];
  const len = dist(a, b);
  if (len === 0) return false;
  const nx = -(b[1] - a[1]) / len;
  const ny = (b[0] - a[0]) / len;
  return points.every((p) => Math.abs((p[0] - a[0]) * nx + (p[1] - a[1]) * ny) <= tol);
}

/**
 * Kåsa's least-squares circle: x² + y² + D x + E y + F = 0 over the points (centred on their mean, for
 * conditioning). Null when the points are (nearly) on a line.
 */
export function fitCircle(points: readonly Vec2[]): { center: Vec2; radius: number } | null {
  const n = points.length;
  if (n < 3) return null;
  let mx = 0;
  let my = 0;
  for (const p of points) {
    mx += p[0] / n;
    my += p[1] / n;
  }
  // Normal equations of [x y 1]·[D E F]ᵀ = −(x² + y²) in centred coordinates.
  let sxx = 0,
    sxy = 0,
    syy = 0,
    sx = 0,
    sy = 0,
    sxz = 0,
    syz = 0,
    sz = 0;
  for (const p of points) {
    const x = p[0] - mx;
    const y = p[1] - my;
    const z = -(x * x + y * y);
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
    sx += x;
    sy += y;
    sxz += x * z;
    syz += y * z;
    sz += z;
  }
  // Solve the 3 × 3 system by Cramer's rule.
  const m = [
    [sxx, sxy, sx],
    [sxy, syy, sy],
    [sx, sy, n],
  ];
  const r = [sxz, syz, sz];
  const det3 = (a: number[][]) =>
    a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
    a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
    a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
  const det = det3(m);
  const scale = sxx * syy * n;
  if (!(Math.abs(det) > 1e-12 * Math.abs(scale))) return null;
  const col = (k: number) => m.map((row, i) => row.map((v, j) => (j === k ? r[i] : v)));
  const D = det3(col(0)) / det;
  const E = det3(col(1)) / det;
  const F = det3(col(2)) / det;
  const cx = -D / 2;
  const cy = -E / 2;
  const radius2 = cx * cx + cy * cy - F;
  if (!(radius2 > 0)) return null;
  return { center: [cx + mx, cy + my], radius: Math.sqrt(radius2) };
}

/** The signed angle the piece turns through about `c`, point to point (unwrapped). */
function sweepAbout(points: readonly Vec2[], c: Vec2): number {
  let total = 0;
  let prev = Math.atan2(points[0][1] - c[1], points[0][0] - c[0]);
  for (let i = 1; i < points.length; i++) {
    const a = Math.atan2(points[i][1] - c[1], points[i][0] - c[0]);
    let d = a - prev;
    if (d > Math.PI) d -= 2 * Math.PI;
    if (d < -Math.PI) d += 2 * Math.PI;
    total += d;
    prev = a;
  }
  return total;
}

interface Piece {
  curves: Curve[];
  /** Extra constraints within the piece (H/V, G1 joins of its Béziers). */
  constraints: Constraint[];
}

/** One piece between corners as curves (see the header). `wholeClosed`: the stroke is closed and has no corner. */
/**
 * Kåsa's circle of the points if it holds every one within `tol` and is no wider than MAX_ARC_RADIUS × their
 * length; else null.
 */
function roundThrough(points: readonly Vec2[], tol: number): { center: Vec2; radius: number } | null {
  const circle = fitCircle(points);
  const length = arcLengths(points)[points.length - 1];
  if (!circle || circle.radius > MAX_ARC_RADIUS * length) return null;
  return points.every((p) => Math.abs(dist(p, circle.center) - circle.radius) <= tol) ? circle : null;
}

/** An arc through `points` within `tol`, turning the way they go (less than a whole turn), or null. */
function arcThrough(points: readonly Vec2[], tol: number, id: string): Curve | null {
  const circle = roundThrough(points, tol);
  if (!circle) return null;
  const sweep = sweepAbout(points, circle.center);
  if (!(Math.abs(sweep) < 2 * Math.PI)) return null;
  const first = points[0];
  const start = Math.atan2(first[1] - circle.center[1], first[0] - circle.center[0]);
  return { kind: 'arc', id, center: circle.center, radius: circle.radius, start, sweep };
}

/** A segment or an arc through `points` within `tol` (not a whole circle), or null. */
function primitive(points: readonly Vec2[], tol: number, id: string): Curve | null {
  const first = points[0];
  const last = points[points.length - 1];
  if (straight(points, tol)) return { kind: 'segment', id, a: [first[0], first[1]], b: [last[0], last[1]] };
  return arcThrough(points, tol, id);
}

/**
 * The end of the longest stretch from `start` that `fits` (coarse steps down from the end, then one by one within
 * the last step), or −1.
 */
function longestFrom(points: readonly Vec2[], start: number, fits: (end: number) => boolean): number {
  const n = points.length;
  const step = Math.max(1, Math.ceil((n - start) / 48));
  let found = -1;
  for (let end = n - 1; end > start; end -= step)
    if (fits(end)) {
      found = end;
      break;
    }
  if (found < 0) return -1;
  for (let end = Math.min(n - 1, found + step - 1); end > found; end--) if (fits(end)) return end;
  return found;
}

/**
 * A piece that turns smoothly from a line into an arc (and on) as at most MAX_PRIMITIVES segments and arcs: the
 * longest straight stretch from its start, or the longest arc if that is more than twice as long (a line's stretch
 * is also an arc's, of a wide radius), then the rest. Null if it takes more (a free-form curve: Béziers).
 */
function primitiveChain(points: readonly Vec2[], tol: number): Curve[] | null {
  const out: Curve[] = [];
  const s = arcLengths(points);
  let start = 0;
  const n = points.length;
  while (start < n - 1) {
    if (out.length === MAX_PRIMITIVES) return null;
    const piece = (end: number) => points.slice(start, end + 1);
    const line = longestFrom(points, start, (end) => straight(piece(end), tol));
    const arc = longestFrom(points, start, (end) => arcThrough(piece(end), tol, '') !== null);
    const end = arc > 0 && (line < 0 || s[arc] - s[start] > 2 * (s[line] - s[start])) ? arc : line;
    const made = end > 0 ? primitive(piece(end), tol, '') : null;
    if (!made) return null;
    out.push(made);
    start = end;
  }
  return out;
}

/** Joins turning by less than this (degrees) inside a piece are made tangent (G1): its line runs on into the arc
 * by as much as the tolerance allows, so a smooth join shows a few degrees of turn; a corner is over 30. */
const SMOOTH_JOIN_DEG = 20;

/** The direction of a segment or an arc at its start (u = 0) or end (u = 1). */
function direction(c: Curve, u: 0 | 1): number {
  if (c.kind === 'segment') return Math.atan2(c.b[1] - c.a[1], c.b[0] - c.a[0]);
  if (c.kind === 'arc') return c.start + u * c.sweep + (c.sweep > 0 ? Math.PI / 2 : -Math.PI / 2);
  throw new Error(`no direction of a ${c.kind}`);
}

/** Consecutive curves of a piece attached, and tangent where they turn by less than `smoothDeg` (180: always). */
function joined(curves: Curve[], ids: Ids, smoothDeg: number): Constraint[] {
  const constraints: Constraint[] = [];
  for (let i = 1; i < curves.length; i++) {
    const a = { curve: curves[i - 1].id, anchor: 'end' as const };
    const b = { curve: curves[i].id, anchor: 'start' as const };
    constraints.push({ kind: 'attach', id: ids('k'), a, b });
    if (smoothDeg < 180) {
      let turn = Math.abs(direction(curves[i], 0) - direction(curves[i - 1], 1)) % (2 * Math.PI);
      if (turn > Math.PI) turn = 2 * Math.PI - turn;
      if (turn > (smoothDeg * Math.PI) / 180) continue;
    }
    constraints.push({ kind: 'tangent', id: ids('k'), a, b });
  }
  return constraints;
}

/**
 * A segment and an arc made tangent at their join, as drawn: the arc's radius becomes its centre's distance from the
 * line, and both meet at the foot of that perpendicular (the segment's end or start moved there along its line, the
 * arc's start or end turned there), so the constraints hold before the settle and it moves nothing far.
 */
function seatTangent(before: Curve, after: Curve): void {
  const line = before.kind === 'segment' ? before : after.kind === 'segment' ? after : null;
  const arc = before.kind === 'arc' ? before : after.kind === 'arc' ? after : null;
  if (!line || !arc) return;
  const [ax, ay] = line.a;
  const len = dist(line.a, line.b);
  if (len === 0) return;
  const ux = (line.b[0] - ax) / len;
  const uy = (line.b[1] - ay) / len;
  const t = (arc.center[0] - ax) * ux + (arc.center[1] - ay) * uy;
  const foot: Vec2 = [ax + t * ux, ay + t * uy];
  const radius = dist(foot, arc.center);
  if (!(radius > 0)) return;
  const angle = Math.atan2(foot[1] - arc.center[1], foot[0] - arc.center[0]);
  const end = arc.start + arc.sweep;
  arc.radius = radius;
  if (before === line) {
    line.b = foot;
    // The arc now starts at the foot; its end stays at the same angle, the sweep the same way round.
    arc.start = end - (arc.sweep > 0 ? 1 : -1) * sweepTo(angle, end, arc.sweep > 0);
    arc.sweep = end - arc.start;
  } else {
    line.a = foot;
    arc.sweep = (arc.sweep > 0 ? 1 : -1) * sweepTo(arc.start, angle, arc.sweep > 0);
  }
}

/** How far (radians, in [0, 2π)) from angle `from` to angle `to` turning positive (`positive`) or negative. */
function sweepTo(from: number, to: number, positive: boolean): number {
  const d = positive ? to - from : from - to;
  return ((d % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
}

/** One piece between corners as curves (see the header). `wholeClosed`: the stroke is closed and has no corner. */
function fitPiece(points: Vec2[], tol: number, wholeClosed: boolean, ids: Ids): Piece {
  const circle = wholeClosed ? roundThrough(points, tol) : null;
  if (circle && Math.abs(sweepAbout(points, circle.center)) > 1.5 * Math.PI)
    return { curves: [{ kind: 'circle', id: ids('c'), ...circle }], constraints: [] };
  const chain = wholeClosed ? null : primitiveChain(points, tol);
  if (chain) {
    for (const c of chain) c.id = ids('c');
    return { curves: chain, constraints: joined(chain, ids, SMOOTH_JOIN_DEG) };
  }
  const beziers = fitCurve(points, tol * tol);
  const curves: Curve[] = beziers.map((b) => ({
    kind: 'bezier',
    id: ids('c'),
    points: [b[0], b[1], b[2], b[3]] as [Vec2, Vec2, Vec2, Vec2],
  }));
  // Schneider's joins are smooth: attached and tangent (G1).
  return { curves, constraints: joined(curves, ids, 180) };
}

/** Where a curve the fit makes starts and ends (a circle has none: never asked). */
function ends(c: Curve): [Vec2, Vec2] {
  const e = pieceEnds(c);
  if (!e) throw new Error(`the pencil makes no ${c.kind} with ends`);
  return e;
}

/**
 * The segments of the chain made to meet exactly and nearly level or upright ones made so (with H or V), in
 * order: each segment starts where the curve before it ended (the stroke's start for the first), and ends on the
 * axis through its start — except a last segment whose end is `fixedEnd` (where the stroke snapped, or a closed
 * stroke's start): it ends there and takes no H or V, as the Segment tool's snapped end does.
 */
function squareUp(curves: Curve[], fixedEnd: Vec2 | null, ids: Ids): Constraint[] {
  const made: Constraint[] = [];
  let from: Vec2 | null = null;
  curves.forEach((c, i) => {
    if (c.kind !== 'segment') {
      from = pieceEnds(c)?.[1] ?? null;
      return;
    }
    if (from) c.a = [from[0], from[1]];
    const held = fixedEnd !== null && i === curves.length - 1;
    if (held) c.b = [fixedEnd[0], fixedEnd[1]];
    const axis = held ? null : nearAxis(c.a, c.b);
    if (axis) {
      c.b = onAxis(c.a, c.b, axis);
      made.push({
        kind: axis,
        id: ids('k'),
        a: { curve: c.id, anchor: 'start' },
        b: { curve: c.id, anchor: 'end' },
      });
    }
    from = c.b;
  });
  return made;
}

/**
 * The stroke `points` (mm) as clean curves within `tolerance` mm, their ends attached: see the header. Ids come
 * from `ids`. `endSnapped`: the stroke's last point is where it snapped (kept, no H or V on the last segment). A
 * stroke shorter than two tolerances makes nothing.
 */
export function fitStroke(
  points: readonly Vec2[],
  tolerance: number,
  ids: Ids,
  endSnapped = false,
): StrokeFit {
  const tol = Math.max(tolerance, 1e-9);
  let pts = thinned(points, tol / 4);
  const empty: StrokeFit = { curves: [], constraints: [], closed: false };
  if (pts.length < 2) return empty;
  const length = arcLengths(pts)[pts.length - 1];
  if (length < 2 * tol) return empty;
  const closed =
    pts.length > 3 && dist(pts[0], pts[pts.length - 1]) <= CLOSE_DISTANCE * tol && length > 8 * tol;
  if (closed) pts[pts.length - 1] = [pts[0][0], pts[0][1]];
  const window = Math.max(CORNER_WINDOW * tol, 0.02 * length);
  let corners = cornerIndices(pts, window);
  // A closed stroke is cut at its first corner, if any, so no piece runs across its seam.
  if (closed && corners.length) {
    const k = corners[0];
    pts = [...pts.slice(k, -1), ...pts.slice(0, k + 1)];
    corners = cornerIndices(pts, window).filter((i) => i > 0 && i < pts.length - 1);
  }
  const cuts = [0, ...corners, pts.length - 1];
  const curves: Curve[] = [];
  const constraints: Constraint[] = [];
  const pieces: Curve[][] = [];
  for (let p = 0; p + 1 < cuts.length; p++) {
    const slice = pts.slice(cuts[p], cuts[p + 1] + 1);
    if (slice.length < 2) continue;
    const piece = fitPiece(slice, tol, closed && cuts.length === 2, ids);
    pieces.push(piece.curves);
    curves.push(...piece.curves);
    constraints.push(...piece.constraints);
  }
  const fixedEnd = closed && curves.length > 1 ? ends(curves[0])[0] : endSnapped ? pts[pts.length - 1] : null;
  constraints.push(...squareUp(curves, fixedEnd, ids));
  // Then the smooth joins of segments and arcs seated, on the segments as squared up.
  const byId = new Map(curves.map((c) => [c.id, c]));
  for (const k of constraints)
    if (k.kind === 'tangent' && k.a && k.b) seatTangent(byId.get(k.a.curve)!, byId.get(k.b.curve)!);
  // Consecutive pieces meet at their corner: attached.
  const join = (from: Curve, to: Curve) => {
    const [, end] = ends(from);
    const [start] = ends(to);
    if (dist(end, start) > 2 * tol) return;
    constraints.push({
      kind: 'attach',
      id: ids('k'),
      a: { curve: from.id, anchor: 'end' },
      b: { curve: to.id, anchor: 'start' },
    });
  };
  for (let p = 1; p < pieces.length; p++) join(pieces[p - 1][pieces[p - 1].length - 1], pieces[p][0]);
  const only = curves.length === 1 ? curves[0] : null;
  if (closed && pieces.length && only?.kind !== 'circle')
    join(pieces[pieces.length - 1][pieces[pieces.length - 1].length - 1], pieces[0][0]);
  return { curves, constraints, closed };
}
