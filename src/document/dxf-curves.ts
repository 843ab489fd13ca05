// Each curve of a drawing as the one DXF entity that is the same curve, as plain data in DXF's coordinates: x as
// the drawing's, y up (y = −y of the drawing, whose y points down), so the file looks as the canvas does; angles in
// degrees, counter-clockwise in DXF (so the drawing's clockwise-on-screen angle θ is −θ there).
//
// - point → POINT; segment and bar → LINE from u = 0 to u = 1 (the engine's own end points);
// - circle → CIRCLE; arc → ARC (DXF's arcs run counter-clockwise from start to end: a positive sweep, clockwise on
//   screen, becomes the arc from −(start + sweep) to −start); an arc of a full turn or more → CIRCLE, of no
//   sweep → POINT;
// - ellipse → ELLIPSE, full (parameters 0 to 2π), its major axis the longer of rx and ry, ratio ≤ 1;
// - bezier and spline → SPLINE of degree 3, exact: the engine's cubic pieces (curvePath) as one B-spline whose
//   parameter is the curve's u, knots clamped at 0 and 1 and doubled at each join (u = i/m for m pieces). Our
//   spline is a uniform Catmull–Rom spline, C¹ in u with pieces of equal length in u, so each join is the
//   midpoint of its neighbouring control points and a double knot (C¹) holds the curve exactly; the join itself
//   is then no control point. A Bézier is the one piece, knots 0,0,0,0,1,1,1,1;
// - equation → LWPOLYLINE through points of the curve, within DXF_EQUATION_TOLERANCE_MM (closed if the definition
//   is).
// A size the engine let pass through zero (a negative radius in memory) is written as the same points with
// positive sizes. Every number is checked finite: a curve that is not gives one line naming it, and no file.

import { curveGeometry } from '../engine';
import { assertNever } from '../shared/assert-never';
import { displayName } from '../shared/display-names';
import { errorLine } from '../shared/error-line';
import type { Curve, Drawing, Vec2 } from '../shared/drawing';
import { DXF_EQUATION_TOLERANCE_MM } from '../shared/dxf-options';
import type { Path } from '../shared/primitives';

export type DxfCurveEntity =
  | { type: 'POINT'; at: Vec2 }
  | { type: 'LINE'; start: Vec2; end: Vec2 }
  | { type: 'CIRCLE'; center: Vec2; radius: number }
  /** Degrees, counter-clockwise from start to end, both in [0, 360). */
  | { type: 'ARC'; center: Vec2; radius: number; startAngle: number; endAngle: number }
  /** majorAxis: the end of the major axis relative to the centre; ratio = minor / major ≤ 1; a full ellipse. */
  | { type: 'ELLIPSE'; center: Vec2; majorAxis: Vec2; ratio: number }
  | { type: 'SPLINE'; degree: 3; controlPoints: Vec2[]; knots: number[] }
  | { type: 'LWPOLYLINE'; points: Vec2[]; closed: boolean };

const TURN = 2 * Math.PI;

/** A drawing point in DXF's coordinates (y up). */
export function toDxf(p: Vec2): Vec2 {
  return [p[0], p[1] === 0 ? 0 : -p[1]];
}

/** An angle of the drawing (radians, clockwise on screen) in DXF's degrees, counter-clockwise, in [0, 360). */
function dxfDegrees(theta: number): number {
  const d = ((-theta * 180) / Math.PI) % 360;
  const wrapped = d < 0 ? d + 360 : d;
  return wrapped === 360 || wrapped === 0 ? 0 : wrapped;
}

/**
 * A path of cubic pieces of equal length in u that join C¹ (a Bézier's one piece, a Catmull–Rom spline's) as one
 * B-spline of degree 3 in its u, its joins' knots doubled: each join is then the midpoint of its neighbouring
 * control points, which holds only for such a path (a path with corners would need triple knots).
 */
function cubicPathSpline(path: Path): { controlPoints: Vec2[]; knots: number[] } {
  const m = path.segments.length;
  const controlPoints: Vec2[] = [toDxf(path.start)];
  const knots = [0, 0, 0, 0];
  let end = path.start;
  path.segments.forEach((seg, i) => {
    if (seg.type !== 'cubic') throw new Error(`expected cubic pieces, got a ${seg.type}`);
    controlPoints.push(toDxf(seg.c1), toDxf(seg.c2));
    if (i < m - 1) knots.push((i + 1) / m, (i + 1) / m);
    end = seg.to;
  });
  controlPoints.push(toDxf(end));
  knots.push(1, 1, 1, 1);
  return { controlPoints, knots };
}

/** An arc of the drawing (centre, signed radius, start, signed sweep; radians) as its DXF entity (see the header). */
export function dxfArc(center: Vec2, radius: number, start: number, sweep: number): DxfCurveEntity {
  const c = toDxf(center);
  const r = Math.abs(radius);
  if (Math.abs(sweep) >= TURN) return { type: 'CIRCLE', center: c, radius: r };
  // No sweep is no arc (DXF reads equal angles as a full turn): the one point it is.
  if (sweep === 0)
    return {
      type: 'POINT',
      at: toDxf([center[0] + radius * Math.cos(start), center[1] + radius * Math.sin(start)]),
    };
  // A negative radius puts every point half a turn round: the same points as |r| from start + π.
  const from = radius < 0 ? start + Math.PI : start;
  const [ccwFrom, ccwTo] = sweep > 0 ? [from + sweep, from] : [from, from + sweep];
  return { type: 'ARC', center: c, radius: r, startAngle: dxfDegrees(ccwFrom), endAngle: dxfDegrees(ccwTo) };
}

function ellipse(center: Vec2, rx: number, ry: number, rotation: number): DxfCurveEntity {
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  // The axes' ends in the drawing: R(rotation)·(rx, 0) and R(rotation)·(0, ry); a full ellipse is the same points
  // whichever way round it runs, so signs do not matter.
  const major: Vec2 = Math.abs(ry) > Math.abs(rx) ? [-ry * sin, ry * cos] : [rx * cos, rx * sin];
  const ratio = Math.min(Math.abs(rx), Math.abs(ry)) / Math.max(Math.abs(rx), Math.abs(ry));
  return { type: 'ELLIPSE', center: toDxf(center), majorAxis: toDxf(major), ratio };
}

function polyline(path: Path): DxfCurveEntity {
  const points: Vec2[] = [toDxf(path.start)];
  for (const seg of path.segments) {
    if (seg.type !== 'polyline') throw new Error(`expected a polyline, got a ${seg.type}`);
    for (const p of seg.points) points.push(toDxf(p));
  }
  return { type: 'LWPOLYLINE', points, closed: path.closed };
}

function entityOf(curve: Curve, drawing: Drawing): DxfCurveEntity {
  switch (curve.kind) {
    case 'point':
      return { type: 'POINT', at: toDxf(curve.at) };
    case 'segment':
    case 'bar': {
      const g = curveGeometry(curve, drawing);
      return { type: 'LINE', start: toDxf(g.point(0)), end: toDxf(g.point(1)) };
    }
    case 'circle':
      return { type: 'CIRCLE', center: toDxf(curve.center), radius: Math.abs(curve.radius) };
    case 'arc':
      return dxfArc(curve.center, curve.radius, curve.start, curve.sweep);
    case 'ellipse':
      return ellipse(curve.center, curve.rx, curve.ry, curve.rotation);
    case 'bezier':
    case 'spline':
      return { type: 'SPLINE', degree: 3, ...cubicPathSpline(curveGeometry(curve, drawing).path()) };
    case 'equation':
      return polyline(curveGeometry(curve, drawing).path(DXF_EQUATION_TOLERANCE_MM));
    default:
      return assertNever(curve);
  }
}

/** Every number of the entity, for the finiteness check. */
function numbersOf(e: DxfCurveEntity): number[] {
  const flat = (ps: Vec2[]) => ps.flat();
  switch (e.type) {
    case 'POINT':
      return e.at;
    case 'LINE':
      return [...e.start, ...e.end];
    case 'CIRCLE':
      return [...e.center, e.radius];
    case 'ARC':
      return [...e.center, e.radius, e.startAngle, e.endAngle];
    case 'ELLIPSE':
      return [...e.center, ...e.majorAxis, e.ratio];
    case 'SPLINE':
      return [...flat(e.controlPoints), ...e.knots];
    case 'LWPOLYLINE':
      return flat(e.points);
    default:
      return assertNever(e);
  }
}

/**
 * The curve as its DXF entity (see the header). Throws one line naming the curve (by its name, as the UI shows
 * it) when a value is not a finite number, when the engine cannot evaluate it, or when it has nothing to draw.
 */
export function dxfCurveEntity(curve: Curve, drawing: Drawing): DxfCurveEntity {
  const name = () => displayName(drawing, curve.id);
  let entity: DxfCurveEntity;
  try {
    entity = entityOf(curve, drawing);
  } catch (error) {
    // The engine's refusal (an equation curve not finite for its parameters) says what; this says which curve.
    throw new Error(`cannot write ${name()} to DXF: ${errorLine(error)}`);
  }
  if (!numbersOf(entity).every(Number.isFinite))
    throw new Error(`cannot write ${name()} to DXF: its geometry is not a finite number (NaN or infinite)`);
  if (entity.type === 'LWPOLYLINE' && entity.points.length < 2)
    throw new Error(`cannot write ${name()} to DXF: its equations give no finite point to draw`);
  return entity;
}
