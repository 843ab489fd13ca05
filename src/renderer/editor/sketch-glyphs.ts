// The mirror's sketch glyphs at the view's zoom (src/shared/sketch-glyph-layout.ts): what the painter draws and
// what picking hits are this one list, taken from where the mirror's curves are now (a drag frame moves them).

import {
  layoutSketchGlyphs,
  sketchGlyphAnchors,
  type GlyphGeometry,
  type SketchGlyph,
  type SketchGlyphConstraint,
} from '../../shared/sketch-glyph-layout';
import type { Vec2 } from '../../shared/drawing';
import type { Mirror } from './mirror';

function geometryOf(mirror: Mirror): GlyphGeometry {
  return { locate: (c) => mirror.connectorPosition(c), kindOf: (id) => mirror.curve(id)?.kind };
}

/** The last layout of each mirror: the painter, the highlight and picking ask for it several times a frame. */
const laidOut = new WeakMap<Mirror, { applied: number; mmPerPx: number; glyphs: SketchGlyph[] }>();

/** Every sketch glyph as drawn at `mmPerPx` (mm per screen pixel, 1 / zoom), laid out once per snapshot and zoom. */
export function sketchGlyphs(mirror: Mirror, mmPerPx: number): SketchGlyph[] {
  const last = laidOut.get(mirror);
  if (last && last.applied === mirror.applied && last.mmPerPx === mmPerPx) return last.glyphs;
  const glyphs = layoutSketchGlyphs(mirror.drawing.constraints, geometryOf(mirror), mmPerPx);
  laidOut.set(mirror, { applied: mirror.applied, mmPerPx, glyphs });
  return glyphs;
}

/** Where a sketch constraint's first glyph belongs on the geometry (its rings and tooltip go there). */
export function sketchGlyphAnchor(mirror: Mirror, k: SketchGlyphConstraint): Vec2 | null {
  return sketchGlyphAnchors(k, geometryOf(mirror))[0]?.at ?? null;
}
