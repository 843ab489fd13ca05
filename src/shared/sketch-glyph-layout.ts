// Where the sketcher's non-dimensional constraints are drawn, as plain geometry in drawing mm: each a symbol in a
// small box (GLYPH_STYLE.sketch), standing off what it constrains so it does not cover it. The canvas
// (src/renderer/view/sketch-glyph-painter.ts), picking (src/renderer/editor/picking.ts) and the SVG export
// (src/document/svg-glyphs.ts) all use this one layout.
//
// Two stages. Anchors (pure geometry, no zoom): the point a glyph belongs to and the unit direction it stands off
// in — H and V at the middle of their two connectors, across that line; parallel at each line's middle, across it;
// perpendicular at the lines' crossing (outside the corner) when the two segments meet, else at each middle; tangent
// at the contact point (line to curve: the curve's point at s; circle to circle: on the line of centres) or the G1
// joint, along the curve's normal; equal on each curve's middle (one per curve, numbered); symmetric on the mirror
// line where the chord of its points crosses it, with a tick on each point; midpoint at the point; concentric at
// the shared centre, down and right. Across a line the glyph goes up (or right, for a vertical line); off a circle,
// arc or ellipse, outward.
//
// Then placement at a zoom: each box is `gap` px from its anchor along its direction (its near edge, not its
// centre), and a box that would overlap one placed before it (drawing order) slides further out along its own
// direction, one box at a time, at most MAX_SLIDES times: glyphs on one spot form a column away from the geometry.

import type { Locate } from './dimension-layout';
import { assertNever } from './assert-never';
import type { Connector, Constraint, CurveKind, Vec2 } from './drawing';
import { CENTRED_KINDS, LINE_KINDS } from './constraint-targets';
import { GLYPH_STYLE } from './style';

const S = GLYPH_STYLE.sketch;

export type SketchGlyphKind = keyof typeof S.symbols;
export type SketchGlyphConstraint = Extract<Constraint, { kind: SketchGlyphKind }>;

/** Whether a constraint is drawn as a sketch glyph (the dimensional ones are dimensions). */
export function isSketchGlyph(k: Constraint): k is SketchGlyphConstraint {
  return k.kind in S.symbols;
}

/** What the layout reads of a drawing: where connectors are now, and each curve's kind. */
export interface GlyphGeometry {
  locate: Locate;
  kindOf: (curve: string) => CurveKind | undefined;
}

/** Where one glyph belongs, and which way (unit vector, y down) it stands off. */
export interface GlyphAnchor {
  at: Vec2;
  away: Vec2;
  /** Marks on the geometry itself (symmetric's two points). */
  ticks?: [Vec2, Vec2][];
}

export interface SketchGlyph {
  /** The constraint's id. */
  id: string;
  kind: SketchGlyphKind;
  text: string;
  anchor: Vec2;
  /** The box's centre and half size (mm). */
  at: Vec2;
  half: Vec2;
  /** Marks on the geometry besides the box (symmetric's two points), in mm. */
  ticks: [Vec2, Vec2][];
}

const add = (p: Vec2, v: Vec2, k = 1): Vec2 => [p[0] + v[0] * k, p[1] + v[1] * k];
const sub = (p: Vec2, q: Vec2): Vec2 => [p[0] - q[0], p[1] - q[1]];
const mid = (p: Vec2, q: Vec2): Vec2 => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
const dot = (p: Vec2, q: Vec2) => p[0] * q[0] + p[1] * q[1];
const unit = (v: Vec2): Vec2 | null => {
  const n = Math.hypot(v[0], v[1]);
  return n > 1e-12 ? [v[0] / n, v[1] / n] : null;
};
/** Glyphs off nothing in particular (a centre, a degenerate line). */
const UP: Vec2 = [0, -1];
const DOWN_RIGHT: Vec2 = [Math.SQRT1_2, Math.SQRT1_2];

/** Across a direction: the normal pointing up on screen (y down), or right for a vertical direction. */
function across(d: Vec2): Vec2 {
  const n = unit([-d[1], d[0]]);
  if (!n) return UP;
  return n[1] > 1e-9 || (Math.abs(n[1]) <= 1e-9 && n[0] < 0) ? [-n[0], -n[1]] : n;
}

/** The material u a connector names (an anchor's usual u: start 0, end 1, centre ½). */
const uOf = (c: Connector) => c.u ?? (c.anchor === 'end' ? 1 : c.anchor === 'center' ? 0.5 : 0);

/** How a glyph stands off curve `id` at u (where it is `p`): outward from a centre, else across its tangent. */
function normalOf(g: GlyphGeometry, id: string, u: number, p: Vec2): Vec2 {
  const kind = g.kindOf(id);
  if (kind && CENTRED_KINDS.includes(kind)) {
    const c = g.locate({ curve: id, anchor: 'center' });
    const out = c && unit(sub(p, c));
    if (out) return out;
  }
  const h = 1e-4;
  const a = g.locate({ curve: id, u: Math.max(0, u - h) });
  const b = g.locate({ curve: id, u: Math.min(1, u + h) });
  return a && b ? across(sub(b, a)) : UP;
}

function lineEnds(g: GlyphGeometry, id: string): [Vec2, Vec2] | null {
  const kind = g.kindOf(id);
  if (!kind || !LINE_KINDS.includes(kind)) return null;
  const a = g.locate({ curve: id, anchor: 'start' });
  const b = g.locate({ curve: id, anchor: 'end' });
  return a && b ? [a, b] : null;
}

/** A curve's middle, off it: a line's across it, a curve's along its normal there. */
function middleOf(g: GlyphGeometry, id: string): GlyphAnchor | null {
  const ends = lineEnds(g, id);
  if (ends) return { at: mid(ends[0], ends[1]), away: across(sub(ends[1], ends[0])) };
  const at = g.locate({ curve: id, u: 0.5 });
  return at && { at, away: normalOf(g, id, 0.5, at) };
}

/** Where the segments p and q cross (each within its ends, with a little slack for joints), or null. */
function crossing(p: [Vec2, Vec2], q: [Vec2, Vec2]): Vec2 | null {
  const r = sub(p[1], p[0]);
  const s = sub(q[1], q[0]);
  const denom = r[0] * s[1] - r[1] * s[0];
  if (Math.abs(denom) < 1e-12 * (dot(r, r) + dot(s, s))) return null;
  const w = sub(q[0], p[0]);
  const t = (w[0] * s[1] - w[1] * s[0]) / denom;
  const v = (w[0] * r[1] - w[1] * r[0]) / denom;
  const slack = 1e-6;
  return t >= -slack && t <= 1 + slack && v >= -slack && v <= 1 + slack ? add(p[0], r, t) : null;
}

function perpendicularAnchors(g: GlyphGeometry, lines: [string, string]): GlyphAnchor[] {
  const p = lineEnds(g, lines[0]);
  const q = lineEnds(g, lines[1]);
  const x = p && q ? crossing(p, q) : null;
  if (p && q && x) {
    // Outside the corner: away from both lines' middles (a T's stem is one of them, a cross's are the crossing).
    const toP = unit(sub(mid(p[0], p[1]), x)) ?? [0, 0];
    const toQ = unit(sub(mid(q[0], q[1]), x)) ?? [0, 0];
    const away = unit([-(toP[0] + toQ[0]), -(toP[1] + toQ[1])]);
    const diagonal = unit(add(unit(sub(p[1], p[0])) ?? UP, unit(sub(q[1], q[0])) ?? UP));
    return [{ at: x, away: away ?? (diagonal ? across([-diagonal[1], diagonal[0]]) : UP) }];
  }
  return lines.flatMap((id) => middleOf(g, id) ?? []);
}

function tangentAnchors(g: GlyphGeometry, k: Extract<Constraint, { kind: 'tangent' }>): GlyphAnchor[] {
  if (k.a) {
    const at = g.locate(k.a);
    return at ? [{ at, away: normalOf(g, k.a.curve, uOf(k.a), at) }] : [];
  }
  if (!k.curves) return [];
  const [first, second] = k.curves;
  if (k.s !== undefined) {
    const at = g.locate({ curve: second, u: k.s });
    return at ? [{ at, away: normalOf(g, second, k.s, at) }] : [];
  }
  // Two circles or arcs: the contact is on the line of centres, `r` from a centre.
  const round = (id: string) => {
    const c = g.locate({ curve: id, anchor: 'center' });
    const p = g.locate({ curve: id, u: 0 });
    return c && p ? { c, r: Math.hypot(p[0] - c[0], p[1] - c[1]) } : null;
  };
  const a = round(first);
  const b = round(second);
  if (!a || !b) return [];
  const [big, small] = a.r >= b.r ? [a, b] : [b, a];
  const line = unit(sub(small.c, big.c)) ?? UP;
  const at = add(big.c, line, big.r);
  // Inside: outward from the big one (outside both); outside: into the big one (the side with more room).
  return [{ at, away: k.internal ? line : [-line[0], -line[1]] }];
}

function symmetricAnchors(
  g: GlyphGeometry,
  k: Extract<Constraint, { kind: 'symmetric' }>,
  tickMm: number,
): GlyphAnchor[] {
  const ends = lineEnds(g, k.line);
  const a = g.locate(k.a);
  const b = g.locate(k.b);
  if (!ends || !a || !b) return [];
  const d = unit(sub(ends[1], ends[0])) ?? [1, 0];
  const m = mid(a, b);
  const foot = add(ends[0], d, dot(sub(m, ends[0]), d));
  // Each point's tick runs along the mirror line's direction, across the chord to its twin.
  const tick = (p: Vec2): [Vec2, Vec2] => [add(p, d, -tickMm), add(p, d, tickMm)];
  return [{ at: foot, away: across(d), ticks: [tick(a), tick(b)] }];
}

/** Where a constraint's glyphs belong, in drawing order (`tickMm`: half a symmetric tick's length, in mm). */
export function sketchGlyphAnchors(k: SketchGlyphConstraint, g: GlyphGeometry, tickMm = 0): GlyphAnchor[] {
  switch (k.kind) {
    case 'horizontal':
    case 'vertical': {
      const a = g.locate(k.a);
      const b = g.locate(k.b);
      return a && b ? [{ at: mid(a, b), away: across(sub(b, a)) }] : [];
    }
    case 'parallel':
    case 'equal':
      return (k.kind === 'parallel' ? k.lines : k.curves).flatMap((id) => middleOf(g, id) ?? []);
    case 'perpendicular':
      return perpendicularAnchors(g, k.lines);
    case 'tangent':
      return tangentAnchors(g, k);
    case 'symmetric':
      return symmetricAnchors(g, k, tickMm);
    case 'midpoint': {
      const at = g.locate(k.point);
      const ends = lineEnds(g, k.line);
      return at ? [{ at, away: ends ? across(sub(ends[1], ends[0])) : UP }] : [];
    }
    case 'concentric': {
      const at = g.locate({ curve: k.curves[0], anchor: 'center' });
      return at ? [{ at, away: DOWN_RIGHT }] : [];
    }
    default:
      return assertNever(k);
  }
}

/** How many boxes a glyph may slide out to clear those placed before it. */
export const MAX_SLIDES = 6;

/** Buckets of placed boxes, by grid cell: a new box is tested only against those in the cells it covers. */
class BoxGrid {
  private cells = new Map<number, number[]>();
  constructor(
    private readonly size: number,
    private readonly boxes: SketchGlyph[],
  ) {}
  private range(g: SketchGlyph): [number, number, number, number] {
    const s = this.size;
    return [
      Math.floor((g.at[0] - g.half[0]) / s),
      Math.floor((g.at[0] + g.half[0]) / s),
      Math.floor((g.at[1] - g.half[1]) / s),
      Math.floor((g.at[1] + g.half[1]) / s),
    ];
  }
  // Keys may collide (far cells sharing one): that only costs a box test, never a wrong answer.
  private key = (i: number, j: number) => i * 4194304 + j;
  overlaps(g: SketchGlyph, spacing: number): boolean {
    const [i0, i1, j0, j1] = this.range(g);
    for (let i = i0 - 1; i <= i1 + 1; i++)
      for (let j = j0 - 1; j <= j1 + 1; j++)
        for (const n of this.cells.get(this.key(i, j)) ?? []) {
          const o = this.boxes[n];
          if (
            Math.abs(o.at[0] - g.at[0]) < o.half[0] + g.half[0] + spacing &&
            Math.abs(o.at[1] - g.at[1]) < o.half[1] + g.half[1] + spacing
          )
            return true;
        }
    return false;
  }
  add(g: SketchGlyph): void {
    const n = this.boxes.push(g) - 1;
    const [i0, i1, j0, j1] = this.range(g);
    for (let i = i0; i <= i1; i++)
      for (let j = j0; j <= j1; j++) {
        const list = this.cells.get(this.key(i, j));
        if (list) list.push(n);
        else this.cells.set(this.key(i, j), [n]);
      }
  }
}

/**
 * Every sketch glyph of `constraints` placed at a zoom (`mmPerPx`: mm per screen pixel), in drawing order, spread
 * so that no two boxes overlap where MAX_SLIDES slides suffice. Equal glyphs read "=1", "=2", … by the equal
 * constraint's place among the equals, the same on both its curves.
 */
export function layoutSketchGlyphs(
  constraints: readonly Constraint[],
  g: GlyphGeometry,
  mmPerPx: number,
): SketchGlyph[] {
  const placed: SketchGlyph[] = [];
  const cell = 4 * (S.fontSize + 2 * S.padding) * mmPerPx;
  const grid = new BoxGrid(cell, placed);
  const gap = S.gap * mmPerPx;
  let equals = 0;
  for (const k of constraints) {
    if (!isSketchGlyph(k)) continue;
    const text = k.kind === 'equal' ? `${S.symbols.equal}${++equals}` : S.symbols[k.kind];
    const half: Vec2 = [
      ((S.charWidth * text.length) / 2 + S.padding) * mmPerPx,
      (S.fontSize / 2 + S.padding) * mmPerPx,
    ];
    for (const anchor of sketchGlyphAnchors(k, g, S.tick * mmPerPx)) {
      const { away } = anchor;
      // The box's extent along `away`: its centre stands that far plus the gap off the anchor.
      const reach = Math.abs(away[0]) * half[0] + Math.abs(away[1]) * half[1];
      const glyph: SketchGlyph = {
        id: k.id,
        kind: k.kind,
        text,
        anchor: anchor.at,
        at: add(anchor.at, away, gap + reach),
        half,
        ticks: anchor.ticks ?? [],
      };
      for (let slide = 0; slide < MAX_SLIDES && grid.overlaps(glyph, gap / 2); slide++)
        glyph.at = add(glyph.at, away, 2 * reach + gap);
      grid.add(glyph);
    }
  }
  return placed;
}

/** How far p is from a glyph's box (0 inside), in mm. */
export function distanceToGlyph(glyph: SketchGlyph, p: Vec2): number {
  const dx = Math.max(0, Math.abs(p[0] - glyph.at[0]) - glyph.half[0]);
  const dy = Math.max(0, Math.abs(p[1] - glyph.at[1]) - glyph.half[1]);
  return Math.hypot(dx, dy);
}
