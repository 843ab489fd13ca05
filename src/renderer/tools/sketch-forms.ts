// The forms of each sketcher constraint the tools make (see sketch-picks.ts), with their values measured from the
// present geometry so that adding one moves nothing: a distance is the distance now, a tangent's contact s the
// curve's parameter nearest the line, two circles touch inside or outside as they nearly do now. Which curve kinds
// a slot takes is read from shared/constraint-targets.ts.

import { wrapAngle } from '../../shared/angles';
import { CONSTRAINT_TARGETS, LINE_KINDS, ROUND_KINDS } from '../../shared/constraint-targets';
import { roundSize } from '../../shared/curve-sizes';
import type { Connector, ConstraintKind, Curve, CurveKind, Vec2 } from '../../shared/drawing';
import { nearestParameter } from '../../engine/curves/nearest';
import { curveSampleCount, type Mirror } from '../editor/mirror';
import type { ToolId } from './tool';
import type { Form, Pick, Slot } from './sketch-picks';

/** The sketcher's constraint kinds, one tool each, in the action table's order. */
export const SKETCH_KINDS = [
  'horizontal',
  'vertical',
  'parallel',
  'perpendicular',
  'tangent',
  'equal',
  'symmetric',
  'midpoint',
  'concentric',
  'distance',
  'point-line-distance',
  'angle',
  'radius',
  'length',
] as const satisfies readonly (ToolId & ConstraintKind)[];
export type SketchKind = (typeof SKETCH_KINDS)[number];

export interface SketchToolSpec {
  forms: readonly Form[];
  /** Status-bar hints, after the tool's label: before the first pick, and after it (one-pick tools: none). */
  hints: { first: string; next: string };
  /** Picks that the selected curves stand for, where the kind reads a selection its own way (G1 at a joint). */
  selectionPicks?(curves: readonly Curve[], mirror: Mirror): Pick[] | null;
}

/** The curve kinds a constraint's field accepts (shared/constraint-targets.ts). */
function accepted(kind: ConstraintKind, field: string): readonly CurveKind[] {
  const found = CONSTRAINT_TARGETS[kind].curves.find((c) => c.field === field);
  if (!found?.kinds) throw new Error(`${kind}.${field} names no curve kinds`);
  return found.kinds;
}

const POINT: Slot = { takes: 'point' };
const curveSlot = (kinds: readonly CurveKind[]): Slot => ({ takes: 'curve', kinds });
const fieldSlot = (kind: ConstraintKind, field: string): Slot => curveSlot(accepted(kind, field));

function at(mirror: Mirror, connector: Connector): Vec2 {
  const p = mirror.connectorPosition(connector);
  if (!p) throw new Error(`no curve '${connector.curve}'`);
  return p;
}

const anchorOf = (curve: string, anchor: 'start' | 'end' | 'center'): Connector => ({ curve, anchor });

/** A line-like curve's start and end. */
function lineEnds(mirror: Mirror, curve: string): [Vec2, Vec2] {
  return [at(mirror, anchorOf(curve, 'start')), at(mirror, anchorOf(curve, 'end'))];
}

/** A line's direction angle from +x (clockwise on screen: y is down). */
function lineAngle(mirror: Mirror, curve: string): number {
  const [a, b] = lineEnds(mirror, curve);
  return Math.atan2(b[1] - a[1], b[0] - a[0]);
}

/**
 * The angle from +x of a curve's direction at a connector; null where it has none (a point curve, a centre) or
 * where the line forms say it better (a line's direction is the line's: its own angle form takes it).
 */
function tangentAngle(mirror: Mirror, connector: Connector): number | null {
  const kind = mirror.curve(connector.curve)?.kind;
  if (kind === undefined || kind === 'point' || LINE_KINDS.includes(kind)) return null;
  const t = mirror.connectorDirection(connector);
  return t && (t[0] !== 0 || t[1] !== 0) ? Math.atan2(t[1], t[0]) : null;
}

/** The parameter of `curve` nearest the (infinite) line of `line`: where a tangent's contact starts. */
export function contactParameter(mirror: Mirror, line: string, curve: Curve): number {
  const [a, b] = lineEnds(mirror, line);
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const nx = -(b[1] - a[1]) / length;
  const ny = (b[0] - a[0]) / length;
  return nearestParameter(
    (u) => {
      const p = mirror.point(curve, u);
      const d = (p[0] - a[0]) * nx + (p[1] - a[1]) * ny;
      return d * d;
    },
    curveSampleCount(curve),
    24,
  );
}

/** A circle's or arc's radius as the user reads it: its size, never the engine's signed state (curve-sizes.ts). */
function radiusOf(curve: Curve): number {
  if (curve.kind !== 'circle' && curve.kind !== 'arc') throw new Error(`the ${curve.kind} has no radius`);
  return roundSize(curve);
}

/** Whether two round curves touch more nearly inside (centre distance |r₁ − r₂|) than outside (r₁ + r₂). */
export function touchesInside(mirror: Mirror, a: Curve, b: Curve): boolean {
  const ca = at(mirror, anchorOf(a.id, 'center'));
  const cb = at(mirror, anchorOf(b.id, 'center'));
  const d = Math.hypot(cb[0] - ca[0], cb[1] - ca[1]);
  const ra = radiusOf(a);
  const rb = radiusOf(b);
  return Math.abs(d - Math.abs(ra - rb)) < Math.abs(d - (ra + rb));
}

const isEnd = (c: Connector) => c.anchor === 'start' || c.anchor === 'end';
const same = (a: Connector, b: Connector) => a.curve === b.curve && a.anchor === b.anchor && a.u === b.u;

/** The attachment joining an end of one curve to an end of the other, as [its end on a, its end on b]. */
function joint(mirror: Mirror, a: string, b: string): [Connector, Connector] | null {
  for (const k of mirror.drawing.constraints) {
    if (k.kind !== 'attach' || !isEnd(k.a) || !isEnd(k.b)) continue;
    if (k.a.curve === a && k.b.curve === b) return [k.a, k.b];
    if (k.a.curve === b && k.b.curve === a) return [k.b, k.a];
  }
  return null;
}

function lineForm(kind: 'horizontal' | 'vertical'): Form[] {
  return [
    { slots: [POINT, POINT], make: ([a, b]) => ({ kind, a: a.connector, b: b.connector }) },
    {
      slots: [curveSlot(LINE_KINDS)],
      make: ([line]) => ({ kind, a: anchorOf(line.curve.id, 'start'), b: anchorOf(line.curve.id, 'end') }),
    },
  ];
}

const twoLines = (kind: 'parallel' | 'perpendicular'): Form[] => [
  {
    slots: [fieldSlot(kind, 'lines'), fieldSlot(kind, 'lines')],
    make: ([a, b]) => ({ kind, lines: [a.curve.id, b.curve.id] }),
  },
];

const DIRECTED = accepted('tangent', 'curves');
/** A line is tangent to a curve; a line "tangent" to a line is parallel, which has its own tool. */
const CONTACT_CURVES = DIRECTED.filter((k) => !LINE_KINDS.includes(k));

export const SKETCH_TOOLS: Record<SketchKind, SketchToolSpec> = {
  horizontal: {
    forms: lineForm('horizontal'),
    hints: {
      first: 'pick a segment or bar, or a point (an end, a centre)',
      next: 'pick the second point',
    },
  },
  vertical: {
    forms: lineForm('vertical'),
    hints: {
      first: 'pick a segment or bar, or a point (an end, a centre)',
      next: 'pick the second point',
    },
  },
  parallel: {
    forms: twoLines('parallel'),
    hints: {
      first: 'pick a line (a segment or bar)',
      next: 'pick the second line',
    },
  },
  perpendicular: {
    forms: twoLines('perpendicular'),
    hints: {
      first: 'pick a line (a segment or bar)',
      next: 'pick the second line',
    },
  },
  tangent: {
    forms: [
      {
        // G1 where two curves meet: both picked at the ends an attachment joins.
        slots: [POINT, POINT],
        fits: ([a, b], mirror) =>
          DIRECTED.includes(a.curve.kind) &&
          DIRECTED.includes(b.curve.kind) &&
          isEnd(a.connector) &&
          isEnd(b.connector) &&
          joint(mirror, a.curve.id, b.curve.id)?.every((end, i) => same(end, [a, b][i].connector)) === true,
        make: ([a, b]) => ({ kind: 'tangent', a: a.connector, b: b.connector }),
      },
      {
        slots: [curveSlot(LINE_KINDS), curveSlot(CONTACT_CURVES)],
        make: ([line, curve], mirror) => ({
          kind: 'tangent',
          curves: [line.curve.id, curve.curve.id],
          s: contactParameter(mirror, line.curve.id, curve.curve),
        }),
      },
      {
        slots: [curveSlot(ROUND_KINDS), curveSlot(ROUND_KINDS)],
        make: ([a, b], mirror) => ({
          kind: 'tangent',
          curves: [a.curve.id, b.curve.id],
          internal: touchesInside(mirror, a.curve, b.curve),
        }),
      },
    ],
    hints: {
      first: 'pick a line and a curve, two circles or arcs, or two curves at the ends where they meet',
      next: 'pick the other curve (at the joint, for G1 continuity)',
    },
    selectionPicks: (curves, mirror) => {
      if (curves.length !== 2) return null;
      const ends = joint(mirror, curves[0].id, curves[1].id);
      return ends ? ends.map((connector, i) => ({ curve: curves[i], connector, atAnchor: true })) : null;
    },
  },
  equal: {
    forms: [
      {
        slots: [fieldSlot('equal', 'curves'), fieldSlot('equal', 'curves')],
        make: ([a, b]) => ({ kind: 'equal', curves: [a.curve.id, b.curve.id] }),
      },
    ],
    hints: {
      first: 'pick a line, circle or arc',
      next: 'pick the second (lines: equal lengths; circles or arcs: equal radii)',
    },
  },
  symmetric: {
    forms: [
      {
        slots: [POINT, POINT, fieldSlot('symmetric', 'line')],
        make: ([a, b, line]) => ({ kind: 'symmetric', a: a.connector, b: b.connector, line: line.curve.id }),
      },
    ],
    hints: {
      first: 'pick two points and the line they mirror about',
      next: 'pick the next point or the line',
    },
  },
  midpoint: {
    forms: [
      {
        slots: [POINT, fieldSlot('midpoint', 'line')],
        make: ([point, line]) => ({ kind: 'midpoint', point: point.connector, line: line.curve.id }),
      },
    ],
    hints: {
      first: 'pick a point and a line',
      next: 'pick the line (or the point)',
    },
  },
  concentric: {
    forms: [
      {
        slots: [fieldSlot('concentric', 'curves'), fieldSlot('concentric', 'curves')],
        make: ([a, b]) => ({ kind: 'concentric', curves: [a.curve.id, b.curve.id] }),
      },
    ],
    hints: {
      first: 'pick a circle, arc or ellipse',
      next: 'pick the second',
    },
  },
  distance: {
    forms: [
      {
        slots: [POINT, POINT],
        make: ([a, b], mirror) => {
          const p = at(mirror, a.connector);
          const q = at(mirror, b.connector);
          return {
            kind: 'distance',
            a: a.connector,
            b: b.connector,
            length: Math.hypot(q[0] - p[0], q[1] - p[1]),
          };
        },
      },
    ],
    hints: {
      first: 'pick a point (an end, a centre, a point of a curve)',
      next: 'pick the second point (the distance is kept as it is now)',
    },
  },
  'point-line-distance': {
    forms: [
      {
        slots: [POINT, fieldSlot('point-line-distance', 'line')],
        make: ([point, line], mirror) => {
          const p = at(mirror, point.connector);
          const [a, b] = lineEnds(mirror, line.curve.id);
          const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
          const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
          return {
            kind: 'point-line-distance',
            point: point.connector,
            line: line.curve.id,
            distance: length > 0 ? Math.abs(cross) / length : 0,
          };
        },
      },
    ],
    hints: {
      first: 'pick a point and a line',
      next: 'pick the line (or the point)',
    },
  },
  angle: {
    forms: [
      {
        slots: [fieldSlot('angle', 'lines'), fieldSlot('angle', 'lines')],
        make: ([a, b], mirror) => ({
          kind: 'angle',
          lines: [a.curve.id, b.curve.id],
          angle: wrapAngle(lineAngle(mirror, b.curve.id) - lineAngle(mirror, a.curve.id)),
        }),
      },
      {
        slots: [fieldSlot('angle', 'lines')],
        onRequest: true,
        make: ([a], mirror) => ({ kind: 'angle', lines: [a.curve.id], angle: lineAngle(mirror, a.curve.id) }),
      },
      // A curve's tangent at a point (an equation curve's, a Bézier's…): from a line to it, or from +x.
      {
        slots: [fieldSlot('angle', 'lines'), POINT],
        fits: ([, p], mirror) => tangentAngle(mirror, p.connector) !== null,
        make: ([a, p], mirror) => ({
          kind: 'angle',
          lines: [a.curve.id],
          at: p.connector,
          angle: wrapAngle(tangentAngle(mirror, p.connector)! - lineAngle(mirror, a.curve.id)),
        }),
      },
      {
        slots: [POINT],
        onRequest: true,
        fits: ([p], mirror) => tangentAngle(mirror, p.connector) !== null,
        make: ([p], mirror) => ({
          kind: 'angle',
          lines: [],
          at: p.connector,
          angle: tangentAngle(mirror, p.connector)!,
        }),
      },
    ],
    hints: {
      first: 'pick a line (a segment or bar), or a point of a curve for its tangent',
      next: 'pick the second line or a point of a curve, or Enter for the angle from horizontal',
    },
  },
  radius: {
    forms: [
      {
        slots: [fieldSlot('radius', 'curve')],
        // A circle is dimensioned by its diameter, an arc by its radius (as FreeCAD and SolveSpace show them).
        make: ([round]) => ({
          kind: 'radius',
          curve: round.curve.id,
          radius: radiusOf(round.curve),
          ...(round.curve.kind === 'circle' ? { diameter: true } : {}),
        }),
      },
    ],
    hints: { first: 'pick a circle or arc', next: '' },
  },
  length: {
    forms: [
      {
        slots: [fieldSlot('length', 'curve')],
        make: ([line], mirror) => {
          const [a, b] = lineEnds(mirror, line.curve.id);
          return { kind: 'length', curve: line.curve.id, length: Math.hypot(b[0] - a[0], b[1] - a[1]) };
        },
      },
    ],
    hints: { first: 'pick a segment or bar', next: '' },
  },
};
