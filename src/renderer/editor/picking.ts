// Hit testing on the mirror, in drawing coordinates: the nearest curve point (with its material parameter u), the
// nearest connector (a curve's ends and centre), the nearest constraint glyph. Independent of Konva so the tools
// can be driven headless.

import type { Anchor, Connector, Constraint, Curve, PointSet, Vec2 } from '../../shared/drawing';
import { CONSTRAINT_TARGETS, curveIdsOf } from '../../shared/constraint-targets';
import { assertNever } from '../../shared/assert-never';
import { isDimension } from '../../shared/dimensions';
import { curveSampleCount, snapAnchors, type Mirror } from './mirror';
import { refineMinimum } from '../../engine/curves/nearest';
import { distanceToGlyph, isSketchGlyph } from '../../shared/sketch-glyph-layout';
import { sketchGlyphAnchor, sketchGlyphs } from './sketch-glyphs';

export interface CurveHit {
  curve: string;
  u: number;
  point: Vec2;
  distance: number;
}

export interface ConnectorHit {
  connector: Connector;
  point: Vec2;
  distance: number;
}

function segmentParam(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return 0;
  return Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / len2));
}

/** The nearest chord of a curve's samples: the cheap first stage of picking. */
function nearestChord(mirror: Mirror, curve: Curve, p: Vec2): { u: number; distance: number } {
  const s = mirror.curveSamples(curve);
  const count = s.length / 2 - 1;
  let bestU = 0;
  let bestD2 = Infinity;
  for (let i = 0; i < count; i++) {
    const ax = s[2 * i];
    const ay = s[2 * i + 1];
    const bx = s[2 * i + 2];
    const by = s[2 * i + 3];
    const t = segmentParam(p[0], p[1], ax, ay, bx, by);
    const x = ax + t * (bx - ax) - p[0];
    const y = ay + t * (by - ay) - p[1];
    const d2 = x * x + y * y;
    if (d2 < bestD2) {
      bestD2 = d2;
      bestU = (i + t) / count;
    }
  }
  return { u: bestU, distance: Math.sqrt(bestD2) };
}

/** Refines a chord's answer on the true curve: a bracket of one sample spacing, halved 24 times. */
function refine(mirror: Mirror, curve: Curve, p: Vec2, u0: number): CurveHit {
  const dist2 = (u: number) => {
    const q = mirror.point(curve, u);
    return (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2;
  };
  const u = refineMinimum(dist2, u0, 1 / curveSampleCount(curve), 24);
  const point = mirror.point(curve, u);
  return { curve: curve.id, u, point, distance: Math.hypot(point[0] - p[0], point[1] - p[1]) };
}

/** Nearest point of one curve: the nearest chord of its samples, refined on the true curve. */
export function nearestOnCurve(mirror: Mirror, curve: Curve, p: Vec2): CurveHit {
  return refine(mirror, curve, p, nearestChord(mirror, curve, p).u);
}

/** How many chord candidates are refined: chords can misorder curves only by their small chord error. */
const REFINED = 3;

/** The nearest curve point within `tolerance` (mm), skipping `exclude`d curves; null if none. */
export function pickCurve(
  mirror: Mirror,
  p: Vec2,
  tolerance: number,
  exclude?: ReadonlySet<string>,
): CurveHit | null {
  const candidates: { curve: Curve; u: number; distance: number }[] = [];
  for (const curve of mirror.drawing.curves) {
    if (exclude?.has(curve.id)) continue;
    const chord = nearestChord(mirror, curve, p);
    if (chord.distance <= 2 * tolerance) candidates.push({ curve, ...chord });
  }
  candidates.sort((a, b) => a.distance - b.distance);
  let best: CurveHit | null = null;
  for (const c of candidates.slice(0, REFINED)) {
    const hit = refine(mirror, c.curve, p, c.u);
    if (hit.distance <= tolerance && (!best || hit.distance < best.distance)) best = hit;
  }
  return best;
}

/** The nearest connector (ends, centres, points) within `tolerance`, skipping `exclude`d curves. */
export function pickConnector(
  mirror: Mirror,
  p: Vec2,
  tolerance: number,
  exclude?: ReadonlySet<string>,
): ConnectorHit | null {
  let best: ConnectorHit | null = null;
  for (const curve of mirror.drawing.curves) {
    if (exclude?.has(curve.id)) continue;
    for (const anchor of snapAnchors(curve)) {
      const connector: Connector = { curve: curve.id, anchor: anchor as Anchor };
      const point = mirror.connectorPosition(connector);
      if (!point) continue;
      const distance = Math.hypot(point[0] - p[0], point[1] - p[1]);
      if (distance <= tolerance && (!best || distance < best.distance)) best = { connector, point, distance };
    }
  }
  return best;
}

/** Where a constraint's glyph sits (pins, attachments, beads at their point; motors at the bar's centre). */
export function constraintGlyphPosition(mirror: Mirror, k: Constraint): Vec2 | null {
  switch (k.kind) {
    case 'attach':
    case 'distance':
      return mirror.connectorPosition(k.a);
    case 'on-curve':
    case 'pin':
      return mirror.connectorPosition(k.point);
    case 'motor':
      if (k.bar) return mirror.connectorPosition({ curve: k.bar, anchor: 'center' });
      return k.pivot ? mirror.connectorPosition(k.pivot) : null;
    case 'horizontal':
    case 'vertical':
    case 'parallel':
    case 'perpendicular':
    case 'tangent':
    case 'equal':
    case 'symmetric':
    case 'midpoint':
    case 'concentric':
      // The sketcher's glyphs: where the first belongs.
      return sketchGlyphAnchor(mirror, k);
    case 'angle':
    case 'point-line-distance':
    case 'radius':
    case 'length':
      // Dimensions: at their first connector, else their first curve.
      return sketchGlyphPosition(mirror, k);
    default:
      return assertNever(k);
  }
}

function sketchGlyphPosition(mirror: Mirror, k: Constraint): Vec2 | null {
  const targets = CONSTRAINT_TARGETS[k.kind];
  const fields = k as unknown as Record<string, Connector | undefined>;
  for (const field of targets.connectors) {
    const at = fields[field];
    if (at) return mirror.connectorPosition(at);
  }
  for (const { field } of targets.curves) {
    const [first] = curveIdsOf(k, field);
    if (first !== undefined) return mirror.connectorPosition({ curve: first, u: 0.5 });
  }
  return null;
}

/**
 * The constraint or spring whose glyph is nearest within `tolerance`, or the sketch glyph whose box (as drawn at
 * `mmPerPx`, mm per screen pixel) holds p. A dimension has no glyph: it is picked where it is drawn (pickDimension,
 * its value and lines), so the point it names does not take clicks meant for what is drawn there (another
 * dimension's value, the dimension's own value dragged there).
 */
export function pickGlyph(mirror: Mirror, p: Vec2, tolerance: number, mmPerPx: number): string | null {
  let best: string | null = null;
  let bestD = tolerance;
  const consider = (id: string, at: Vec2 | null) => {
    if (!at) return;
    const d = Math.hypot(at[0] - p[0], at[1] - p[1]);
    if (d <= bestD) {
      bestD = d;
      best = id;
    }
  };
  for (const k of mirror.drawing.constraints)
    if (!isSketchGlyph(k) && !isDimension(k)) consider(k.id, constraintGlyphPosition(mirror, k));
  // A sketch glyph stands off its geometry: only its box picks it (the last drawn, on top, of boxes under p), so a
  // click on the line beside it still finds the line.
  for (const glyph of sketchGlyphs(mirror, mmPerPx))
    if (distanceToGlyph(glyph, p) === 0) {
      bestD = 0;
      best = glyph.id;
    }
  for (const sp of mirror.drawing.springs) {
    const ends = mirror.springEnds(sp);
    if (ends) consider(sp.id, [(ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2]);
  }
  return best;
}

/**
 * The point set one of whose points is nearest within `tolerance` (mm), or null: its marks pick it. A scan of every
 * point (100,000 are well under a millisecond), no allocation.
 */
export function pickPointSet(
  sets: readonly PointSet[] | undefined,
  p: Vec2,
  tolerance: number,
): string | null {
  let best: string | null = null;
  let bestD2 = tolerance * tolerance;
  for (const set of sets ?? [])
    for (const q of set.points) {
      const dx = q[0] - p[0];
      const dy = q[1] - p[1];
      const d2 = dx * dx + dy * dy;
      if (d2 <= bestD2) {
        bestD2 = d2;
        best = set.id;
      }
    }
  return best;
}

/** Curves whose samples all lie inside the box (drawing coordinates). */
export function curvesInBox(mirror: Mirror, a: Vec2, b: Vec2): string[] {
  const minX = Math.min(a[0], b[0]);
  const maxX = Math.max(a[0], b[0]);
  const minY = Math.min(a[1], b[1]);
  const maxY = Math.max(a[1], b[1]);
  const out: string[] = [];
  for (const curve of mirror.drawing.curves) {
    const s = mirror.curveSamples(curve);
    let inside = true;
    for (let i = 0; i < s.length && inside; i += 2)
      inside = s[i] >= minX && s[i] <= maxX && s[i + 1] >= minY && s[i + 1] <= maxY;
    if (inside) out.push(curve.id);
  }
  return out;
}
