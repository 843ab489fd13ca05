// Our drawings as planegcs sketches, and planegcs's solved sketch back as our drawing (for the far-start sweep,
// bench/far-start.ts): each curve to planegcs's points and geometry — a segment's or bar's two ends and its line (a
// bar's length a p2p_distance), a circle's centre and radius, an arc's centre, ends and angles (with arc_rules), an
// ellipse's centre, focus and minor radius, a Bézier's control points as a cubic B-spline — and each constraint to
// the planegcs constraint that asks the same (a pin: coordinate_x and _y; a motor: p2p_angle; a tangent contact:
// tangent_lc/la/le; G1 at a line's end on an arc's: tangent_la, the ends being attached). Connectors planegcs has no
// point for are refused (the sweep's sketches use none). Read back, the solution is measured by our engine's
// residual on the same constraints, beads and contacts placed where planegcs put the points.
import { assertNever } from '../../src/shared/assert-never';
import type { Connector, Constraint, Curve, Drawing, Vec2 } from '../../src/shared/drawing';

type Primitive = Record<string, unknown> & { id: string; type: string };

/** planegcs's geometry after a solve, by id (points: x, y; circles and arcs: radius, angles; ellipses: radmin). */
export type SolvedGeometry = Map<string, Primitive>;

export interface PlanegcsSketch {
  primitives: Primitive[];
  /** The drawing with planegcs's solution in its curves, beads and contacts; and the bars' length misfit (mm). */
  readBack(solved: SolvedGeometry): { drawing: Drawing; barMisfit: number };
}

/**
 * The sketch of `d` for planegcs, at d's state. `reference`: the drawing as its constraints were made (near their
 * solution), where FreeCAD decides what it reads at a constraint's creation (a G1's angle, 0 or π).
 */
export function planegcsSketch(d: Drawing, reference: Drawing = d): PlanegcsSketch {
  const points: Primitive[] = [];
  const geometry: Primitive[] = [];
  const constraints: Primitive[] = [];
  const curves = new Map(d.curves.map((c) => [c.id, c]));
  const point = (id: string, [x, y]: Vec2) => points.push({ id, type: 'point', x, y, fixed: false });
  for (const c of d.curves) addCurve(c, point, geometry, constraints);

  const aux = new Set<string>();
  /** The planegcs point of a connector (an auxiliary one for a line's middle or a point at u of a Bézier). */
  const pointOf = (k: Connector): string => {
    const c = curves.get(k.curve)!;
    const u = k.anchor === 'start' ? 0 : k.anchor === 'end' ? 1 : (k.u ?? 0.5);
    switch (c.kind) {
      case 'point':
        return c.id;
      case 'segment':
      case 'bar': {
        if (u === 0 || u === 1) return `${c.id}:${u === 0 ? 'a' : 'b'}`;
        if (u !== 0.5) break;
        const id = `${c.id}:mid`;
        if (!aux.has(id)) {
          aux.add(id);
          point(id, midpoint(lineEnds(c)));
          constraints.push({
            id: `${id}:sym`,
            type: 'p2p_symmetric_ppp',
            p1_id: `${c.id}:a`,
            p2_id: `${c.id}:b`,
            p_id: id,
          });
        }
        return id;
      }
      case 'circle':
      case 'ellipse':
        if (k.anchor === 'center') return `${c.id}:c`;
        break;
      case 'arc':
        if (k.anchor === 'center') return `${c.id}:c`;
        if (u === 0 || u === 1) return `${c.id}:${(u === 0) === c.sweep > 0 ? 's' : 'e'}`;
        break;
      case 'bezier': {
        if (u === 0 || u === 1) return `${c.id}:${u * 3}`;
        const id = `${c.id}@${u}`;
        if (!aux.has(id)) {
          aux.add(id);
          point(id, bezierPoint(c.points, u));
          constraints.push({ id: `${id}:on`, type: 'point_on_bspline', p_id: id, b_id: c.id, pointparam: u });
        }
        return id;
      }
      case 'spline':
      case 'equation':
        break;
      default:
        assertNever(c);
    }
    throw new Error(`planegcs: no point for ${c.kind} ${c.id} at ${k.anchor ?? `u ${k.u}`}`);
  };
  const made = new Map(reference.curves.map((c) => [c.id, c]));
  for (const k of d.constraints) constraints.push(...constraintPrimitives(k, curves, made, pointOf));
  return {
    primitives: [...points, ...geometry, ...constraints],
    readBack: (solved) => readBack(d, solved),
  };
}

function addCurve(
  c: Curve,
  point: (id: string, p: Vec2) => void,
  geometry: Primitive[],
  constraints: Primitive[],
): void {
  switch (c.kind) {
    case 'point':
      point(c.id, c.at);
      return;
    case 'segment':
    case 'bar': {
      const [a, b] = lineEnds(c);
      point(`${c.id}:a`, a);
      point(`${c.id}:b`, b);
      geometry.push({ id: c.id, type: 'line', p1_id: `${c.id}:a`, p2_id: `${c.id}:b` });
      if (c.kind === 'bar')
        constraints.push({
          id: `${c.id}:len`,
          type: 'p2p_distance',
          p1_id: `${c.id}:a`,
          p2_id: `${c.id}:b`,
          distance: c.length,
        });
      return;
    }
    case 'circle':
      point(`${c.id}:c`, c.center);
      geometry.push({ id: c.id, type: 'circle', c_id: `${c.id}:c`, radius: c.radius });
      return;
    case 'arc': {
      // planegcs's arcs turn from start_angle to end_angle with the angle increasing, as ours with a positive sweep.
      const from = c.sweep > 0 ? c.start : c.start + c.sweep;
      const to = from + Math.abs(c.sweep);
      point(`${c.id}:c`, c.center);
      point(`${c.id}:s`, polar(c.center, c.radius, from));
      point(`${c.id}:e`, polar(c.center, c.radius, to));
      geometry.push({
        id: c.id,
        type: 'arc',
        c_id: `${c.id}:c`,
        radius: c.radius,
        start_angle: from,
        end_angle: to,
        start_id: `${c.id}:s`,
        end_id: `${c.id}:e`,
      });
      constraints.push({ id: `${c.id}:rules`, type: 'arc_rules', a_id: c.id });
      return;
    }
    case 'ellipse': {
      // The focus on the major axis: along the rotation when rx is the larger radius, across it otherwise.
      const major = Math.max(c.rx, c.ry);
      const minor = Math.min(c.rx, c.ry);
      const axis = c.rx >= c.ry ? c.rotation : c.rotation + Math.PI / 2;
      point(`${c.id}:c`, c.center);
      point(`${c.id}:f`, polar(c.center, Math.sqrt(major * major - minor * minor), axis));
      geometry.push({ id: c.id, type: 'ellipse', c_id: `${c.id}:c`, focus1_id: `${c.id}:f`, radmin: minor });
      return;
    }
    case 'bezier':
      c.points.forEach((p, i) => point(`${c.id}:${i}`, p));
      geometry.push({
        id: c.id,
        type: 'bspline',
        pole_ids: [0, 1, 2, 3].map((i) => `${c.id}:${i}`),
        weights: [1, 1, 1, 1],
        knots: [0, 1],
        mult: [4, 4],
        degree: 3,
        periodic: false,
      });
      return;
    case 'spline':
    case 'equation':
      throw new Error(`planegcs: ${c.kind} curves are not converted`);
    default:
      assertNever(c);
  }
}

/** The planegcs constraints that ask what `k` asks. */
function constraintPrimitives(
  k: Constraint,
  curves: Map<string, Curve>,
  made: Map<string, Curve>,
  pointOf: (c: Connector) => string,
): Primitive[] {
  const id = k.id;
  const kind = (curve: string) => curves.get(curve)!.kind;
  const isLine = (curve: string) => kind(curve) === 'segment' || kind(curve) === 'bar';
  switch (k.kind) {
    case 'attach':
      return [{ id, type: 'p2p_coincident', p1_id: pointOf(k.a), p2_id: pointOf(k.b) }];
    case 'pin': {
      const p = pointOf(k.point);
      return [
        { id: `${id}:x`, type: 'coordinate_x', p_id: p, x: k.at[0] },
        { id: `${id}:y`, type: 'coordinate_y', p_id: p, y: k.at[1] },
      ];
    }
    case 'on-curve': {
      const p = pointOf(k.point);
      const wire = kind(k.curve);
      if (isLine(k.curve)) return [{ id, type: 'point_on_line_pl', p_id: p, l_id: k.curve }];
      if (wire === 'circle') return [{ id, type: 'point_on_circle', p_id: p, c_id: k.curve }];
      if (wire === 'arc') return [{ id, type: 'point_on_arc', p_id: p, a_id: k.curve }];
      if (wire === 'ellipse') return [{ id, type: 'point_on_ellipse', p_id: p, e_id: k.curve }];
      throw new Error(`planegcs: no bead on ${wire}`);
    }
    case 'distance':
      return [{ id, type: 'p2p_distance', p1_id: pointOf(k.a), p2_id: pointOf(k.b), distance: k.length }];
    case 'motor':
      // The driven angle of the bar (start → end) or of the point about its pivot.
      return k.bar !== undefined
        ? [{ id, type: 'p2p_angle', p1_id: `${k.bar}:a`, p2_id: `${k.bar}:b`, angle: k.angle }]
        : [{ id, type: 'p2p_angle', p1_id: pointOf(k.pivot!), p2_id: pointOf(k.point!), angle: k.angle }];
    case 'horizontal':
      return [{ id, type: 'horizontal_pp', p1_id: pointOf(k.a), p2_id: pointOf(k.b) }];
    case 'vertical':
      return [{ id, type: 'vertical_pp', p1_id: pointOf(k.a), p2_id: pointOf(k.b) }];
    case 'parallel':
      return [{ id, type: 'parallel', l1_id: k.lines[0], l2_id: k.lines[1] }];
    case 'perpendicular':
      return [{ id, type: 'perpendicular_ll', l1_id: k.lines[0], l2_id: k.lines[1] }];
    case 'angle':
      if (k.at !== undefined) throw new Error('planegcs: no angle at a connector');
      return k.lines.length === 2
        ? [{ id, type: 'l2l_angle_ll', l1_id: k.lines[0], l2_id: k.lines[1], angle: k.angle }]
        : [{ id, type: 'p2p_angle', p1_id: `${k.lines[0]}:a`, p2_id: `${k.lines[0]}:b`, angle: k.angle }];
    case 'tangent':
      return tangentPrimitives(k, made, kind, pointOf);
    case 'equal': {
      const [c1, c2] = k.curves;
      if (isLine(c1)) return [{ id, type: 'equal_length', l1_id: c1, l2_id: c2 }];
      const circle1 = kind(c1) === 'circle';
      const circle2 = kind(c2) === 'circle';
      if (circle1 && circle2) return [{ id, type: 'equal_radius_cc', c1_id: c1, c2_id: c2 }];
      if (circle1 || circle2)
        return [{ id, type: 'equal_radius_ca', c1_id: circle1 ? c1 : c2, a2_id: circle1 ? c2 : c1 }];
      return [{ id, type: 'equal_radius_aa', a1_id: c1, a2_id: c2 }];
    }
    case 'symmetric':
      return [{ id, type: 'p2p_symmetric_ppl', p1_id: pointOf(k.a), p2_id: pointOf(k.b), l_id: k.line }];
    case 'midpoint':
      return [
        { id, type: 'p2p_symmetric_ppp', p1_id: `${k.line}:a`, p2_id: `${k.line}:b`, p_id: pointOf(k.point) },
      ];
    case 'concentric':
      return [{ id, type: 'p2p_coincident', p1_id: `${k.curves[0]}:c`, p2_id: `${k.curves[1]}:c` }];
    case 'point-line-distance':
      return [{ id, type: 'p2l_distance', p_id: pointOf(k.point), l_id: k.line, distance: k.distance }];
    case 'radius':
      return kind(k.curve) === 'circle'
        ? [{ id, type: 'circle_radius', c_id: k.curve, radius: k.radius }]
        : [{ id, type: 'arc_radius', a_id: k.curve, radius: k.radius }];
    case 'length': {
      const c = curves.get(k.curve)!;
      // A bar's length is its own (a p2p_distance already): a length that agrees adds nothing, as in our engine.
      if (c.kind === 'bar' && Math.abs(c.length - k.length) <= 1e-9) return [];
      return [{ id, type: 'p2p_distance', p1_id: `${k.curve}:a`, p2_id: `${k.curve}:b`, distance: k.length }];
    }
    default:
      return assertNever(k);
  }
}

function tangentPrimitives(
  k: Extract<Constraint, { kind: 'tangent' }>,
  made: Map<string, Curve>,
  kind: (curve: string) => Curve['kind'],
  pointOf: (c: Connector) => string,
): Primitive[] {
  const id = k.id;
  const touching = (line: string, curve: string): Primitive => {
    const wire = kind(curve);
    if (wire === 'circle') return { id, type: 'tangent_lc', l_id: line, c_id: curve };
    if (wire === 'arc') return { id, type: 'tangent_la', l_id: line, a_id: curve };
    if (wire === 'ellipse') return { id, type: 'tangent_le', l_id: line, e_id: curve };
    throw new Error(`planegcs: no line tangent to ${wire}`);
  };
  if (k.curves === undefined) {
    // G1 where a line's end meets an arc's (attached there by another constraint), as FreeCAD makes a tangency of
    // two ends: the angle between the curves at the arc's end, 0 or π as they were made (the line's direction
    // against the arc's anticlockwise tangent there).
    const [line, round] = ['segment', 'bar'].includes(kind(k.a!.curve)) ? [k.a!, k.b!] : [k.b!, k.a!];
    const arc = made.get(round.curve)!;
    if (!['segment', 'bar'].includes(kind(line.curve)) || arc.kind !== 'arc' || round.anchor === 'center')
      throw new Error('planegcs: G1 is converted for a line meeting an arc at its end');
    const [a, b] = lineEnds(made.get(line.curve)!);
    const phi = arc.start + (round.anchor === 'end' || round.u === 1 ? arc.sweep : 0);
    const along = (b[0] - a[0]) * -Math.sin(phi) + (b[1] - a[1]) * Math.cos(phi);
    const angle = along * Math.sign(arc.radius) > 0 ? 0 : Math.PI;
    return [
      { id, type: 'angle_via_point', crv1_id: line.curve, crv2_id: round.curve, p_id: pointOf(round), angle },
    ];
  }
  const [c1, c2] = k.curves;
  if (k.internal === undefined) return [touching(c1, c2)];
  const radius = (c: string) => ({ o_id: c, prop: 'radius' });
  return [
    {
      id,
      type: 'tangent_circumf',
      p1_id: `${c1}:c`,
      p2_id: `${c2}:c`,
      rd1: radius(c1),
      rd2: radius(c2),
      internal: k.internal,
    },
  ];
}

/** The drawing `d` with planegcs's solved geometry in it. */
function readBack(d: Drawing, solved: SolvedGeometry): { drawing: Drawing; barMisfit: number } {
  const out = structuredClone(d);
  const at = (id: string): Vec2 => {
    const p = solved.get(id)!;
    return [p.x as number, p.y as number];
  };
  let barMisfit = 0;
  for (const c of out.curves) {
    switch (c.kind) {
      case 'point':
        c.at = at(c.id);
        break;
      case 'segment':
        c.a = at(`${c.id}:a`);
        c.b = at(`${c.id}:b`);
        break;
      case 'bar': {
        const a = at(`${c.id}:a`);
        const b = at(`${c.id}:b`);
        c.center = midpoint([a, b]);
        const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
        c.angle = angle + 2 * Math.PI * Math.round((c.angle - angle) / (2 * Math.PI));
        barMisfit = Math.max(barMisfit, Math.abs(Math.hypot(b[0] - a[0], b[1] - a[1]) - c.length));
        break;
      }
      case 'circle':
        c.center = at(`${c.id}:c`);
        c.radius = solved.get(c.id)!.radius as number;
        break;
      case 'arc': {
        const arc = solved.get(c.id)!;
        const from = arc.start_angle as number;
        const sweep = positiveTurn((arc.end_angle as number) - from);
        c.center = at(`${c.id}:c`);
        c.radius = arc.radius as number;
        [c.start, c.sweep] = c.sweep > 0 ? [from, sweep] : [from + sweep, -sweep];
        break;
      }
      case 'ellipse': {
        const centre = at(`${c.id}:c`);
        const focus = at(`${c.id}:f`);
        const minor = solved.get(c.id)!.radmin as number;
        const f = Math.hypot(focus[0] - centre[0], focus[1] - centre[1]);
        c.center = centre;
        c.rx = Math.sqrt(minor * minor + f * f);
        c.ry = Math.abs(minor);
        c.rotation = Math.atan2(focus[1] - centre[1], focus[0] - centre[0]);
        break;
      }
      case 'bezier':
        c.points = [at(`${c.id}:0`), at(`${c.id}:1`), at(`${c.id}:2`), at(`${c.id}:3`)];
        break;
      case 'spline':
      case 'equation':
        throw new Error(`planegcs: ${c.kind} curves are not converted`);
      default:
        assertNever(c);
    }
  }
  const curves = new Map(out.curves.map((c) => [c.id, c]));
  for (const k of out.constraints) {
    if (k.kind === 'on-curve') {
      k.s = parameterAt(curves.get(k.curve)!, connectorAt(curves.get(k.point.curve)!, k.point), k.s);
    } else if (k.kind === 'tangent' && k.s !== undefined) {
      const [line, wire] = k.curves!.map((id) => curves.get(id)!);
      k.s = parameterAt(wire, contactPoint(line, wire), k.s);
    }
  }
  return { drawing: out, barMisfit };
}

/** Where a connector is on its curve (the anchors and points planegcs has: pointOf above). */
function connectorAt(c: Curve, k: Connector): Vec2 {
  const u = k.anchor === 'start' ? 0 : k.anchor === 'end' ? 1 : (k.u ?? 0.5);
  switch (c.kind) {
    case 'point':
      return c.at;
    case 'segment':
    case 'bar': {
      const [a, b] = lineEnds(c);
      return [a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1])];
    }
    case 'circle':
    case 'ellipse':
      return c.center;
    case 'arc':
      return k.anchor === 'center' ? c.center : polar(c.center, c.radius, c.start + u * c.sweep);
    case 'bezier':
      return bezierPoint(c.points, u);
    case 'spline':
    case 'equation':
      throw new Error(`planegcs: ${c.kind} curves are not converted`);
    default:
      return assertNever(c);
  }
}

/** The parameter u of the curve's point nearest p (exactly p when p is on it); `was`: the bead's s before. */
function parameterAt(c: Curve, p: Vec2, was: number): number {
  switch (c.kind) {
    case 'segment':
    case 'bar': {
      const [a, b] = lineEnds(c);
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      return ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy);
    }
    case 'circle': {
      const angle = Math.atan2(p[1] - c.center[1], p[0] - c.center[0]) + (c.radius < 0 ? Math.PI : 0);
      return positiveTurn(angle) / (2 * Math.PI);
    }
    case 'arc': {
      const angle = Math.atan2(p[1] - c.center[1], p[0] - c.center[0]) + (c.radius < 0 ? Math.PI : 0);
      const from = c.sweep > 0 ? c.start : c.start + c.sweep;
      const along = positiveTurn(angle - from) / Math.abs(c.sweep);
      return c.sweep > 0 ? along : 1 - along;
    }
    case 'ellipse': {
      const [x, y] = local(c, p);
      return positiveTurn(Math.atan2(y / c.ry, x / c.rx)) / (2 * Math.PI);
    }
    case 'point':
    case 'bezier':
    case 'spline':
    case 'equation':
      return was;
    default:
      return assertNever(c);
  }
}

/** Where the line of `line` touches the round curve (or ellipse) `wire`: its point whose tangent is the line's. */
function contactPoint(line: Curve, wire: Curve): Vec2 {
  if (line.kind !== 'segment' && line.kind !== 'bar') throw new Error('planegcs: a contact needs a line');
  const [a, b] = lineEnds(line);
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const d: Vec2 = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
  if (wire.kind === 'circle' || wire.kind === 'arc') {
    const c = wire.center;
    const along = (c[0] - a[0]) * d[0] + (c[1] - a[1]) * d[1];
    const foot: Vec2 = [a[0] + along * d[0], a[1] + along * d[1]];
    const n = Math.hypot(foot[0] - c[0], foot[1] - c[1]) || 1;
    const r = Math.abs(wire.radius);
    return [c[0] + (r * (foot[0] - c[0])) / n, c[1] + (r * (foot[1] - c[1])) / n];
  }
  if (wire.kind === 'ellipse') {
    // Where the ellipse's tangent (−rx sin t, ry cos t), in its own frame, is along the line: t and t + π; the
    // one nearer the line.
    const cos = Math.cos(-wire.rotation);
    const sin = Math.sin(-wire.rotation);
    const dl: Vec2 = [d[0] * cos - d[1] * sin, d[0] * sin + d[1] * cos];
    const t = Math.atan2(-wire.ry * dl[0], wire.rx * dl[1]);
    const candidates = [t, t + Math.PI].map((s) => ellipsePoint(wire, s));
    const off = (p: Vec2) => Math.abs((p[0] - a[0]) * d[1] - (p[1] - a[1]) * d[0]);
    return off(candidates[0]) <= off(candidates[1]) ? candidates[0] : candidates[1];
  }
  throw new Error(`planegcs: no contact with ${wire.kind}`);
}

function ellipsePoint(e: Extract<Curve, { kind: 'ellipse' }>, t: number): Vec2 {
  const x = e.rx * Math.cos(t);
  const y = e.ry * Math.sin(t);
  const cos = Math.cos(e.rotation);
  const sin = Math.sin(e.rotation);
  return [e.center[0] + x * cos - y * sin, e.center[1] + x * sin + y * cos];
}

/** p in the ellipse's own frame (centre at the origin, rx along x). */
function local(e: Extract<Curve, { kind: 'ellipse' }>, p: Vec2): Vec2 {
  const dx = p[0] - e.center[0];
  const dy = p[1] - e.center[1];
  const cos = Math.cos(e.rotation);
  const sin = Math.sin(e.rotation);
  return [dx * cos + dy * sin, -dx * sin + dy * cos];
}

function lineEnds(c: Curve): [Vec2, Vec2] {
  if (c.kind === 'segment') return [c.a, c.b];
  if (c.kind !== 'bar') throw new Error(`planegcs: ${c.kind} is not a line`);
  const h: Vec2 = [(c.length / 2) * Math.cos(c.angle), (c.length / 2) * Math.sin(c.angle)];
  return [
    [c.center[0] - h[0], c.center[1] - h[1]],
    [c.center[0] + h[0], c.center[1] + h[1]],
  ];
}

const midpoint = ([a, b]: [Vec2, Vec2]): Vec2 => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
const polar = (c: Vec2, r: number, a: number): Vec2 => [c[0] + r * Math.cos(a), c[1] + r * Math.sin(a)];
/** An angle in [0, 2π). */
const positiveTurn = (a: number): number => a - 2 * Math.PI * Math.floor(a / (2 * Math.PI));

function bezierPoint(p: [Vec2, Vec2, Vec2, Vec2], u: number): Vec2 {
  const w = [(1 - u) ** 3, 3 * u * (1 - u) ** 2, 3 * u * u * (1 - u), u ** 3];
  return [0, 1].map((k) => w.reduce((sum, wi, i) => sum + wi * p[i][k], 0)) as Vec2;
}
