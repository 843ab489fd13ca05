// Fillet and chamfer: a corner where two segments meet, joined end to end by an attachment, rounded by an arc or cut
// by a segment. Pure functions of the drawing: which corner the user means (the attachment, or the two segments,
// selected or clicked), and the one undoable edit (a batch: edit-commands.ts) that trims both lines back from the
// corner and adds the arc — attached to both trimmed ends, tangent to both lines there (G1), its radius a dimension
// — or the chamfer's segment, attached to both. What would fight the trim is refused, named, before anything is sent.

import { wrapAngle } from './angles';
import type { Connector, Constraint, Drawing, SegmentCurve, Vec2 } from './drawing';
import type { BatchCommand, SingleEditCommand } from './edit-commands';
import { referencedCurves } from './references';

/** A corner: the attachment joining an end of one segment to an end of the other. */
export interface Corner {
  joint: string;
  /** The two segments, and which end of each is at the corner. */
  lines: [SegmentCurve, SegmentCurve];
  ends: [Connector & { anchor: 'start' | 'end' }, Connector & { anchor: 'start' | 'end' }];
  /** Where the corner is (the first segment's end there), mm. */
  at: Vec2;
}

const isEnd = (c: Connector): c is Connector & { anchor: 'start' | 'end' } =>
  c.u === undefined && (c.anchor === 'start' || c.anchor === 'end');

const endPoint = (s: SegmentCurve, anchor: 'start' | 'end'): Vec2 => (anchor === 'start' ? s.a : s.b);
const otherPoint = (s: SegmentCurve, anchor: 'start' | 'end'): Vec2 => (anchor === 'start' ? s.b : s.a);
const sub = (a: Vec2, b: Vec2): Vec2 => [a[0] - b[0], a[1] - b[1]];
const along = (p: Vec2, d: Vec2, t: number): Vec2 => [p[0] + d[0] * t, p[1] + d[1] * t];
const length = (v: Vec2) => Math.hypot(v[0], v[1]);

/** The corner an attachment makes, when it joins an end of a segment to an end of another segment. */
export function cornerOfJoint(drawing: Drawing, k: Constraint): Corner | null {
  if (k.kind !== 'attach' || !isEnd(k.a) || !isEnd(k.b) || k.a.curve === k.b.curve) return null;
  const first = drawing.curves.find((c) => c.id === k.a.curve);
  const second = drawing.curves.find((c) => c.id === k.b.curve);
  if (first?.kind !== 'segment' || second?.kind !== 'segment') return null;
  const ends: Corner['ends'] = [{ ...k.a }, { ...k.b }];
  return { joint: k.id, lines: [first, second], ends, at: endPoint(first, ends[0].anchor) };
}

/** Every corner of the drawing. */
export function corners(drawing: Drawing): Corner[] {
  return drawing.constraints.flatMap((k) => cornerOfJoint(drawing, k) ?? []);
}

/** The corner a selection means: its attachment alone, or the two segments it joins. */
export function cornerOfSelection(drawing: Drawing, ids: readonly string[]): Corner | null {
  if (ids.length === 1) {
    const k = drawing.constraints.find((c) => c.id === ids[0]);
    return k ? cornerOfJoint(drawing, k) : null;
  }
  if (ids.length !== 2) return null;
  return corners(drawing).find((c) => c.lines.every((s) => ids.includes(s.id))) ?? null;
}

/** The corner nearest `p` within `tolerance` mm. */
export function cornerAt(drawing: Drawing, p: Vec2, tolerance: number): Corner | null {
  let best: { corner: Corner; distance: number } | null = null;
  for (const corner of corners(drawing)) {
    const distance = length(sub(corner.at, p));
    if (distance <= tolerance && (!best || distance < best.distance)) best = { corner, distance };
  }
  return best?.corner ?? null;
}

/** The two lines' directions away from the corner, their lengths, and the angle between them. */
function shape(corner: Corner): { d: [Vec2, Vec2]; lengths: [number, number]; angle: number } {
  const spans = corner.lines.map((s, i) => sub(otherPoint(s, corner.ends[i].anchor), corner.at)) as [
    Vec2,
    Vec2,
  ];
  const lengths = spans.map(length) as [number, number];
  const d = spans.map((v, i) => [v[0] / lengths[i], v[1] / lengths[i]]) as [Vec2, Vec2];
  const cos = Math.max(-1, Math.min(1, d[0][0] * d[1][0] + d[0][1] * d[1][1]));
  return { d, lengths, angle: Math.acos(cos) };
}

export type CornerKind = 'fillet' | 'chamfer';

/** How far back from the corner each line is cut for a fillet of `radius` or a chamfer of `distance`. */
function trimOf(kind: CornerKind, size: number, angle: number): number {
  return kind === 'fillet' ? size / Math.tan(angle / 2) : size;
}

/** A size that reads well: 1, 2 or 5 times a power of ten, at most `most`. */
function niceBelow(most: number): number {
  const power = 10 ** Math.floor(Math.log10(most));
  for (const step of [5, 2, 1]) if (step * power <= most) return step * power;
  return power;
}

/** What the size field starts at: a size that cuts each line back by at most a quarter of the shorter one. */
export function defaultCornerSize(kind: CornerKind, corner: Corner): number {
  const { lengths, angle } = shape(corner);
  const trim = Math.min(...lengths) / 4;
  return niceBelow(kind === 'fillet' ? trim * Math.tan(angle / 2) : trim);
}

/**
 * Why the corner cannot be rounded or cut (in the user's words, `names` for the records), or null: the lines in
 * line, a size that would cut a line away, a constraint on a corner's end (it would hold the corner where it was)
 * or a driving length on a line (the trim changes it).
 */
function problem(
  kind: CornerKind,
  corner: Corner,
  size: number,
  drawing: Drawing,
  name: (id: string) => string,
): string | null {
  const { lengths, angle } = shape(corner);
  if (!(angle > 1e-6 && angle < Math.PI - 1e-6)) return 'the two lines are in line: there is no corner';
  if (!(size > 0)) return `the ${kind === 'fillet' ? 'radius' : 'distance'} must be more than 0`;
  const trim = trimOf(kind, size, angle);
  const short = lengths.findIndex((l) => trim >= l);
  if (short >= 0) return `${name(corner.lines[short].id)} is too short for that`;
  const lines = corner.lines.map((s) => s.id);
  const atCorner = (c: Connector | undefined) =>
    c !== undefined &&
    corner.ends.some((e) => e.curve === c.curve && e.anchor === c.anchor && c.u === undefined);
  const inTheWay = drawing.constraints.filter((k) => {
    if (k.id === corner.joint) return false;
    if (k.kind === 'length') return k.reference !== true && lines.includes(k.curve);
    const connectors = Object.values(k).filter(
      (v): v is Connector => typeof v === 'object' && v !== null && 'curve' in v,
    );
    if (!connectors.some(atCorner)) return false;
    // A line's own H or V (its two ends) still holds, trimmed.
    const own = new Set(referencedCurves(k));
    return !((k.kind === 'horizontal' || k.kind === 'vertical') && own.size === 1);
  });
  const springs = drawing.springs.filter((sp) => atCorner(sp.a) || atCorner(sp.b));
  const held = [...inTheWay.map((k) => k.id), ...springs.map((sp) => sp.id)];
  if (held.length)
    return `${held.map(name).join(', ')} would hold the corner as it is: delete ${held.length > 1 ? 'them' : 'it'} first`;
  return null;
}

/** The `set`s that move a segment's end at the corner to `to`. */
function moveEnd(line: SegmentCurve, anchor: 'start' | 'end', to: Vec2): SingleEditCommand[] {
  const [x, y] = anchor === 'start' ? ['ax', 'ay'] : ['bx', 'by'];
  return [
    { type: 'set', id: line.id, field: x, value: to[0] },
    { type: 'set', id: line.id, field: y, value: to[1] },
  ];
}

/**
 * The one edit that rounds (fillet: `size` is the radius) or cuts (chamfer: `size` is the distance back along each
 * line) the corner; or why not, in the user's words. `newId` gives the new curve's and constraints' ids.
 */
export function cornerCommand(
  kind: CornerKind,
  corner: Corner,
  size: number,
  drawing: Drawing,
  newId: (prefix: 'c' | 'k') => string,
  name: (id: string) => string = (id) => id,
): BatchCommand | string {
  const refused = problem(kind, corner, size, drawing, name);
  if (refused) return refused;
  const { d, angle } = shape(corner);
  const trim = trimOf(kind, size, angle);
  const t1 = along(corner.at, d[0], trim);
  const t2 = along(corner.at, d[1], trim);
  const [a, b] = corner.ends;
  const trimmed: SingleEditCommand[] = [
    { type: 'delete', ids: [corner.joint] },
    ...moveEnd(corner.lines[0], a.anchor, t1),
    ...moveEnd(corner.lines[1], b.anchor, t2),
  ];
  const id = newId('c');
  const start = { curve: id, anchor: 'start' } as const;
  const end = { curve: id, anchor: 'end' } as const;
  const joins: Constraint[] = [
    { kind: 'attach', id: newId('k'), a: start, b: { ...a } },
    { kind: 'attach', id: newId('k'), a: end, b: { ...b } },
  ];
  if (kind === 'chamfer')
    return {
      type: 'batch',
      label: 'Chamfer',
      commands: [
        ...trimmed,
        { type: 'add', curves: [{ kind: 'segment', id, a: t1, b: t2 }], constraints: joins },
      ],
    };
  // The centre on the bisector, as far from the corner as the radius over sin(θ/2); the short way round.
  const bisector = [d[0][0] + d[1][0], d[0][1] + d[1][1]] as Vec2;
  const centre = along(corner.at, bisector, size / Math.sin(angle / 2) / length(bisector));
  const from = Math.atan2(t1[1] - centre[1], t1[0] - centre[0]);
  const to = Math.atan2(t2[1] - centre[1], t2[0] - centre[0]);
  return {
    type: 'batch',
    label: 'Fillet',
    commands: [
      ...trimmed,
      {
        type: 'add',
        curves: [{ kind: 'arc', id, center: centre, radius: size, start: from, sweep: wrapAngle(to - from) }],
        constraints: [
          ...joins,
          { kind: 'tangent', id: newId('k'), a: start, b: { ...a } },
          { kind: 'tangent', id: newId('k'), a: end, b: { ...b } },
          { kind: 'radius', id: newId('k'), curve: id, radius: size },
        ],
      },
    ],
  };
}
