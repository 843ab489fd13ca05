// Where a dimension is drawn, as plain geometry in drawing mm: its extension lines, its dimension line (or arc, for
// an angle), its arrowheads and its value's place. The canvas (src/renderer/view/dimension-painter.ts) and the SVG
// export (src/document/svg-dimensions.ts) draw the same layout, and picking measures against it.
//
// Placement, drafting's usual one: a linear dimension (distance, length, point to line) runs parallel to what it
// measures, `DIMENSION_STYLE.offset` pixels off it, on the side away from the drawing's centre (`away`: a
// dimension of a shape's edge goes outside the shape; that side is cheap to know, unlike the nearest curve); a
// radius or diameter is a leader from the centre through the circle, towards the arc's middle or, for a circle,
// up and right; an angle is an arc between the two lines around where they meet. The record's `label` (mm) moves
// the value from there, and the dimension line follows it: a linear one moves to the value's offset, a leader
// turns towards it, an angle's arc grows or shrinks to its distance. Sizes in pixels (style.ts) become mm through
// `mmPerPx`, so a dimension looks the same at any zoom and in an export made at the view's zoom.

import { assertNever } from './assert-never';
import type { Connector, Vec2 } from './drawing';
import { DIMENSION_STYLE } from './style';
import { dimensionText, expressionShown, recordValue, type DimensionConstraint } from './dimension-value';

/** Where a connector is now (null: it cannot be found). */
export type Locate = (c: Connector) => Vec2 | null;

/** What a dimension measures, where it is now. */
export type DimensionGeometry =
  | {
      type: 'linear';
      a: Vec2;
      b: Vec2;
      /** A point to line distance: b is the foot on this line (its ends), where b's extension line starts from. */
      line?: [Vec2, Vec2];
    }
  | {
      type: 'radial';
      center: Vec2;
      radius: number;
      /** The arc's middle, where the leader goes by default; null for a circle. */
      toward: Vec2 | null;
    }
  | {
      type: 'angular';
      vertex: Vec2;
      /** The arc from the first direction, sweeping the measured angle (clockwise on screen positive). */
      start: number;
      sweep: number;
      /** The segments the arc's ends belong to: the two lines, or (one line from the horizontal) the line alone. */
      lines: [Vec2, Vec2][];
    };

export interface DimensionArc {
  center: Vec2;
  radius: number;
  start: number;
  sweep: number;
}

export interface DimensionLayout {
  /** Extension lines and the dimension line (or leader). */
  lines: [Vec2, Vec2][];
  /** An angle's dimension arc. */
  arcs: DimensionArc[];
  /** Filled arrowheads, tip first. */
  arrows: [Vec2, Vec2, Vec2][];
  text: string;
  /** The centre of the value's text. */
  at: Vec2;
  /** Half the text's width and height (estimated from its length: picking has no canvas to measure with). */
  half: Vec2;
}

const add = (p: Vec2, v: Vec2, k = 1): Vec2 => [p[0] + v[0] * k, p[1] + v[1] * k];
const sub = (p: Vec2, q: Vec2): Vec2 => [p[0] - q[0], p[1] - q[1]];
const dot = (p: Vec2, q: Vec2) => p[0] * q[0] + p[1] * q[1];
const cross = (p: Vec2, q: Vec2) => p[0] * q[1] - p[1] * q[0];
const dir = (angle: number): Vec2 => [Math.cos(angle), Math.sin(angle)];
const unit = (v: Vec2, fallback: Vec2): Vec2 => {
  const n = Math.hypot(v[0], v[1]);
  return n > 1e-12 ? [v[0] / n, v[1] / n] : fallback;
};
/** A circle's leader by default: up and right on screen (y down). */
const UP_RIGHT: Vec2 = [Math.SQRT1_2, -Math.SQRT1_2];

/** A line-like curve's ends, start then end. */
function lineOf(id: string, locate: Locate): [Vec2, Vec2] | null {
  const a = locate({ curve: id, anchor: 'start' });
  const b = locate({ curve: id, anchor: 'end' });
  return a && b ? [a, b] : null;
}

/**
 * What the dimension measures, located now; null when one of its references cannot be found. `orient` gives a
 * curve's direction at a connector (an angle's `at`); without it such an angle is not laid out.
 */
export function dimensionGeometry(
  k: DimensionConstraint,
  locate: Locate,
  orient?: Locate,
): DimensionGeometry | null {
  switch (k.kind) {
    case 'distance': {
      const a = locate(k.a);
      const b = locate(k.b);
      return a && b ? { type: 'linear', a, b } : null;
    }
    case 'length': {
      const line = lineOf(k.curve, locate);
      return line ? { type: 'linear', a: line[0], b: line[1] } : null;
    }
    case 'point-line-distance': {
      const p = locate(k.point);
      const line = lineOf(k.line, locate);
      if (!p || !line) return null;
      const d = sub(line[1], line[0]);
      const len2 = dot(d, d);
      const t = len2 > 0 ? dot(sub(p, line[0]), d) / len2 : 0;
      return { type: 'linear', a: p, b: add(line[0], d, t), line };
    }
    case 'radius': {
      const center = locate({ curve: k.curve, anchor: 'center' });
      const rim = locate({ curve: k.curve, u: 0 });
      if (!center || !rim) return null;
      const middle = locate({ curve: k.curve, u: 0.5 });
      return {
        type: 'radial',
        center,
        radius: Math.hypot(rim[0] - center[0], rim[1] - center[1]),
        toward: middle && !isFullTurn(center, rim, middle) ? middle : null,
      };
    }
    case 'angle': {
      const lines = k.lines.map((id) => lineOf(id, locate));
      if (k.at) {
        // The tangent at `at`: a unit segment from the point along the curve's direction there.
        const p = locate(k.at);
        const t = orient?.(k.at);
        lines.push(p && t ? [p, add(p, unit(t, [1, 0]))] : null);
      }
      if (lines.some((l) => l === null) || lines.length === 0) return null;
      const [first, second] = lines as [Vec2, Vec2][];
      if (!second) {
        const d = sub(first[1], first[0]);
        return { type: 'angular', vertex: first[0], start: 0, sweep: Math.atan2(d[1], d[0]), lines: [first] };
      }
      const d1 = sub(first[1], first[0]);
      const d2 = sub(second[1], second[0]);
      const c = cross(d1, d2);
      const parallel = Math.abs(c) <= 1e-12 * Math.hypot(...d1) * Math.hypot(...d2);
      // Parallel lines meet nowhere: the arc goes around the middle of their four ends.
      const ends = [...first, ...second];
      const vertex: Vec2 = parallel
        ? [ends.reduce((x, p) => x + p[0], 0) / 4, ends.reduce((y, p) => y + p[1], 0) / 4]
        : add(first[0], d1, cross(sub(second[0], first[0]), d2) / c);
      return {
        type: 'angular',
        vertex,
        start: Math.atan2(d1[1], d1[0]),
        sweep: Math.atan2(c, dot(d1, d2)),
        lines: [first, second],
      };
    }
    default:
      return assertNever(k);
  }
}

/**
 * A circle's u = 0 and u = 0.5 are opposite each other; an arc's middle is anywhere on it. Only an arc's middle
 * tells where the curve is, so a circle (its middle opposite its start, through the centre) gets the default.
 */
function isFullTurn(center: Vec2, rim: Vec2, middle: Vec2): boolean {
  const r = Math.hypot(rim[0] - center[0], rim[1] - center[1]);
  const across = Math.hypot(middle[0] + rim[0] - 2 * center[0], middle[1] + rim[1] - 2 * center[1]);
  return across <= 1e-9 * Math.max(1, r);
}

/** The value the geometry has now, in the record's unit (mm; radians for an angle; a radius, not a diameter). */
export function measuredValue(g: DimensionGeometry): number {
  switch (g.type) {
    case 'linear':
      return Math.hypot(g.b[0] - g.a[0], g.b[1] - g.a[1]);
    case 'radial':
      return g.radius;
    case 'angular':
      return g.sweep;
  }
}

/** The value a dimension shows: a driving one its record's; a reference one what the geometry measures now. */
export function displayedValue(k: DimensionConstraint, g: DimensionGeometry): number {
  return k.reference ? measuredValue(g) : recordValue(k);
}

export interface LayoutOptions {
  /** Millimetres per screen pixel (1 / zoom). */
  mmPerPx: number;
  /** A point the dimension keeps away from (the drawing's centre); null: none, the default side. */
  away: Vec2 | null;
  /** Show a dimension's expression after its value ("40 = 2*crank"), as the canvas does; exports do not. */
  expressions?: boolean;
}

/** The dimension laid out: default placement, moved by the record's label. */
export function layoutDimension(
  k: DimensionConstraint,
  g: DimensionGeometry,
  { mmPerPx, away, expressions }: LayoutOptions,
): DimensionLayout {
  const S = DIMENSION_STYLE;
  const px = (n: number) => n * mmPerPx;
  const value = dimensionText(k, displayedValue(k, g));
  const text = expressions && k.expression ? `${value} = ${expressionShown(k.expression)}` : value;
  const half: Vec2 = [px((text.length * S.charWidth) / 2), px(S.fontSize / 2)];
  /** How far the text reaches from its centre along a unit direction. */
  const reach = (v: Vec2) => Math.abs(v[0]) * half[0] + Math.abs(v[1]) * half[1];
  const label: Vec2 = k.label ?? [0, 0];
  const out: DimensionLayout = { lines: [], arcs: [], arrows: [], text, at: [0, 0], half };
  const arrow = (tip: Vec2, back: Vec2) => {
    const across: Vec2 = [-back[1], back[0]];
    const base = add(tip, back, px(S.arrowLength));
    out.arrows.push([tip, add(base, across, px(S.arrowHalfWidth)), add(base, across, -px(S.arrowHalfWidth))]);
  };
  /** An extension line from the geometry at `from` to just past `to`, leaving a gap at the geometry. */
  const extension = (from: Vec2, to: Vec2) => {
    const v = sub(to, from);
    const len = Math.hypot(v[0], v[1]);
    if (len <= px(S.extensionGap)) return;
    const e: Vec2 = [v[0] / len, v[1] / len];
    out.lines.push([add(from, e, px(S.extensionGap)), add(to, e, px(S.extensionOvershoot))]);
  };

  switch (g.type) {
    case 'linear': {
      const { a, b } = g;
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      // Zero length (a point on its line, two connectors together): measure across the line, or along x.
      const lineDir = g.line ? unit(sub(g.line[1], g.line[0]), [1, 0]) : ([1, 0] as Vec2);
      const u = unit(sub(b, a), g.line ? [-lineDir[1], lineDir[0]] : [1, 0]);
      const n: Vec2 = [-u[1], u[0]];
      const mid: Vec2 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const outward = away ? dot(sub(mid, away), n) : 0;
      const tie = px(1e-3);
      // Away from the drawing's centre; when it gives no side, up on screen (then left).
      const side = outward > tie ? 1 : outward < -tie ? -1 : n[1] < 0 || (n[1] === 0 && n[0] < 0) ? 1 : -1;
      const standoff = reach(n) + px(S.textGap);
      out.at = add(add(mid, n, side * (px(S.offset) + standoff)), label);
      const rel = sub(out.at, a);
      const offText = dot(rel, n);
      const along = dot(rel, u);
      const sign = offText >= 0 ? 1 : -1;
      // The dimension line stands between the geometry and the value (through the geometry if the value is nearer).
      const off = sign * Math.max(0, Math.abs(offText) - standoff);
      const A = add(a, n, off);
      const B = add(b, n, off);
      extension(a, A);
      extension(g.line ? nearestOn(g.line, b) : b, B);
      const inside = length >= 2.5 * px(S.arrowLength);
      const overhang = inside ? 0 : 1.5 * px(S.arrowLength);
      const from = Math.min(-overhang, along - reach(u));
      const to = Math.max(length + overhang, along + reach(u));
      out.lines.push([add(A, u, from), add(A, u, to)]);
      arrow(A, inside ? u : [-u[0], -u[1]]);
      arrow(B, inside ? [-u[0], -u[1]] : u);
      return out;
    }
    case 'radial': {
      const { center, radius } = g;
      const w0 = g.toward ? unit(sub(g.toward, center), UP_RIGHT) : UP_RIGHT;
      out.at = add(add(center, w0, radius + px(S.offset) + reach(w0)), label);
      const w = unit(sub(out.at, center), w0);
      const distance = Math.hypot(out.at[0] - center[0], out.at[1] - center[1]);
      const end = Math.max(radius, distance - reach(w) - px(S.textGap));
      const rim = add(center, w, radius);
      const diameter = k.kind === 'radius' && k.diameter === true;
      const opposite = add(center, w, -radius);
      out.lines.push([diameter ? opposite : center, add(center, w, end)]);
      const inside = radius >= 1.5 * px(S.arrowLength);
      const back: Vec2 = [-w[0], -w[1]];
      arrow(rim, inside ? back : w);
      if (diameter) arrow(opposite, inside ? w : back);
      return out;
    }
    case 'angular': {
      const { vertex, start, sweep } = g;
      const middle = dir(start + sweep / 2);
      out.at = add(add(vertex, middle, px(S.angleRadius) + px(S.textGap) + reach(middle)), label);
      const w = unit(sub(out.at, vertex), middle);
      const distance = Math.hypot(out.at[0] - vertex[0], out.at[1] - vertex[1]);
      const radius = Math.max(px(S.arrowLength), distance - reach(w) - px(S.textGap));
      out.arcs.push({ center: vertex, radius, start, sweep });
      const turn = sweep >= 0 ? 1 : -1;
      const tangent = (angle: number): Vec2 => [-Math.sin(angle) * turn, Math.cos(angle) * turn];
      arrow(add(vertex, dir(start), radius), tangent(start));
      const endTangent = tangent(start + sweep);
      arrow(add(vertex, dir(start + sweep), radius), [-endTangent[0], -endTangent[1]]);
      // Each arc end on its line, or joined to it by an extension line; one line from the horizontal: the
      // horizontal is drawn from the vertex.
      const rays: [number, [Vec2, Vec2] | null][] =
        g.lines.length === 1
          ? [
              [start, null],
              [start + sweep, g.lines[0]],
            ]
          : [
              [start, g.lines[0]],
              [start + sweep, g.lines[1]],
            ];
      for (const [angle, segment] of rays) {
        const e = dir(angle);
        if (!segment) {
          out.lines.push([vertex, add(vertex, e, radius + px(S.extensionOvershoot))]);
          continue;
        }
        const s0 = dot(sub(segment[0], vertex), e);
        const s1 = dot(sub(segment[1], vertex), e);
        const lo = Math.min(s0, s1);
        const hi = Math.max(s0, s1);
        if (radius > hi) extension(add(vertex, e, hi), add(vertex, e, radius));
        else if (radius < lo) extension(add(vertex, e, lo), add(vertex, e, radius));
      }
      return out;
    }
  }
}

/** The point of segment [p, q] nearest to x. */
function nearestOn([p, q]: [Vec2, Vec2], x: Vec2): Vec2 {
  const d = sub(q, p);
  const len2 = dot(d, d);
  const t = len2 > 0 ? Math.min(1, Math.max(0, dot(sub(x, p), d) / len2)) : 0;
  return add(p, d, t);
}

function distanceToSegment(p: Vec2, [a, b]: [Vec2, Vec2]): number {
  const q = nearestOn([a, b], p);
  return Math.hypot(p[0] - q[0], p[1] - q[1]);
}

function distanceToArc(p: Vec2, arc: DimensionArc): number {
  const v = sub(p, arc.center);
  // Whether p's angle lies within the sweep, measured from the start in the sweep's direction.
  const turn = Math.sign(arc.sweep) || 1;
  let within = (Math.atan2(v[1], v[0]) - arc.start) * turn;
  within = ((within % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  if (within <= Math.abs(arc.sweep)) return Math.abs(Math.hypot(v[0], v[1]) - arc.radius);
  const ends = [arc.start, arc.start + arc.sweep].map((a) => add(arc.center, dir(a), arc.radius));
  return Math.min(...ends.map((e) => Math.hypot(p[0] - e[0], p[1] - e[1])));
}

/** How far p is from the drawn dimension: 0 on its text, else the nearest line, arc or arrow. */
export function distanceToDimension(layout: DimensionLayout, p: Vec2): number {
  const dx = Math.abs(p[0] - layout.at[0]) - layout.half[0];
  const dy = Math.abs(p[1] - layout.at[1]) - layout.half[1];
  let best = Math.hypot(Math.max(dx, 0), Math.max(dy, 0));
  for (const line of layout.lines) best = Math.min(best, distanceToSegment(p, line));
  for (const arc of layout.arcs) best = Math.min(best, distanceToArc(p, arc));
  for (const [tip, b1, b2] of layout.arrows)
    best = Math.min(best, distanceToSegment(p, [tip, b1]), distanceToSegment(p, [tip, b2]));
  return best;
}
