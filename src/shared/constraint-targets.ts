// What each constraint kind refers to, written once: which of its fields hold connectors, which hold curve ids (one
// or a list) and which curve kinds each accepts, and the rules that look at several of them together. The reference
// check (references.ts), the engine's build and the editor's constraint tools all read this table.

import type { Constraint, ConstraintKind, Curve, CurveKind } from './drawing';
import { TURNING_KINDS } from './motor-turn';
import { describeValue } from './schema';

/** The curves whose line (start → end) the line-based constraints use. */
export const LINE_KINDS: readonly CurveKind[] = ['segment', 'bar'];
/** Curves with one radius: radius dimensions, equal radii, circle-to-circle tangency. */
export const ROUND_KINDS: readonly CurveKind[] = ['circle', 'arc'];
/** Curves with a centre off the curve: concentric. */
export const CENTRED_KINDS: readonly CurveKind[] = ['circle', 'arc', 'ellipse'];
/** Curves with a direction at each point (everything but a point). */
export const DIRECTED_KINDS: readonly CurveKind[] = [
  'segment',
  'bar',
  'circle',
  'arc',
  'ellipse',
  'bezier',
  'spline',
  'equation',
];

export interface CurveField {
  field: string;
  /** Accepted kinds; absent: any. */
  kinds?: readonly CurveKind[];
  /** What the message calls an accepted curve ("a segment or bar"). */
  describe?: string;
}

export interface ConstraintTargets {
  /** Fields holding a Connector (optional ones may be absent). */
  connectors: readonly string[];
  /** Fields holding a curve id or a list of them. */
  curves: readonly CurveField[];
  /**
   * A rule over the curves the record names (in field order, lists flattened), once each is known and of an
   * accepted kind: [field, problem] or null.
   */
  rule?: (record: Constraint, curves: Curve[]) => [string, string] | null;
}

const lines = (field: string): CurveField => ({ field, kinds: LINE_KINDS, describe: 'a segment or bar' });

export const CONSTRAINT_TARGETS: Record<ConstraintKind, ConstraintTargets> = {
  attach: { connectors: ['a', 'b'], curves: [] },
  'on-curve': { connectors: ['point'], curves: [{ field: 'curve' }] },
  pin: { connectors: ['point'], curves: [] },
  distance: { connectors: ['a', 'b'], curves: [] },
  motor: {
    connectors: ['point', 'pivot'],
    curves: [{ field: 'bar', kinds: TURNING_KINDS, describe: 'a bar, an ellipse or an equation curve' }],
  },
  horizontal: { connectors: ['a', 'b'], curves: [] },
  vertical: { connectors: ['a', 'b'], curves: [] },
  parallel: { connectors: [], curves: [lines('lines')] },
  perpendicular: { connectors: [], curves: [lines('lines')] },
  angle: { connectors: ['at'], curves: [lines('lines')] },
  tangent: {
    connectors: ['a', 'b'],
    curves: [{ field: 'curves', kinds: DIRECTED_KINDS, describe: 'a curve with a direction (not a point)' }],
    rule: (record, curves) => {
      if (record.kind !== 'tangent') return null;
      if (record.curves === undefined) return null; // at two connectors: any directed curves
      const [first, second] = curves;
      if (record.internal !== undefined) {
        if (!ROUND_KINDS.includes(first.kind) || !ROUND_KINDS.includes(second.kind))
          return ['curves', 'a tangent with internal set joins two circles or arcs'];
        return null;
      }
      if (record.s === undefined)
        return ['s', 'expected the contact parameter s, or internal for two circles'];
      if (!LINE_KINDS.includes(first.kind))
        return ['curves[0]', `expected a segment or bar, got the ${first.kind} ${describeValue(first.id)}`];
      return null;
    },
  },
  equal: {
    connectors: [],
    curves: [
      { field: 'curves', kinds: [...LINE_KINDS, ...ROUND_KINDS], describe: 'a segment, bar, circle or arc' },
    ],
    rule: (_, [first, second]) =>
      LINE_KINDS.includes(first.kind) === LINE_KINDS.includes(second.kind)
        ? null
        : ['curves', 'expected two lines (equal lengths) or two circles or arcs (equal radii)'],
  },
  symmetric: { connectors: ['a', 'b'], curves: [lines('line')] },
  midpoint: { connectors: ['point'], curves: [lines('line')] },
  concentric: {
    connectors: [],
    curves: [{ field: 'curves', kinds: CENTRED_KINDS, describe: 'a circle, arc or ellipse' }],
  },
  'point-line-distance': { connectors: ['point'], curves: [lines('line')] },
  radius: { connectors: [], curves: [{ field: 'curve', kinds: ROUND_KINDS, describe: 'a circle or arc' }] },
  length: { connectors: [], curves: [lines('curve')] },
};

/** The curve ids a constraint's field names, as a list (a single id or a list of them), in order. */
export function curveIdsOf(record: Constraint, field: string): string[] {
  const value = (record as unknown as Record<string, unknown>)[field];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value as string[];
  return [];
}
