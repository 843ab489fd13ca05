// The construction layer of the DXF export: what the SVG export draws as glyphs (svg-glyphs.ts), as plain CAD
// geometry a CAD program shows and a cutter can ignore by layer — pins, attachments and beads as POINTs where they
// hold, a distance and a spring as the LINE between its ends, a motor as a POINT where it turns (the centre of the
// curve it turns, or its pivot). The sketcher's glyphs (horizontal, parallel, …) are symbols, not geometry, and are
// left out; dimensions are the dimensions layer's (dxf-dimensions.ts). A connector that cannot be located leaves
// out its own mark and no other, as in the SVG export.

import { assertNever } from '../shared/assert-never';
import type { Connector, Constraint, Drawing, Vec2 } from '../shared/drawing';
import { toDxf, type DxfCurveEntity } from './dxf-curves';
import { drawingLocator } from './drawing-locator';
import { isSketchGlyph } from '../shared/sketch-glyph-layout';

const finite = (p: Vec2) => Number.isFinite(p[0]) && Number.isFinite(p[1]);

/** The construction marks as DXF points and lines (see the header); marks that are not finite are left out. */
export function dxfConstruction(drawing: Drawing): DxfCurveEntity[] {
  const { locate } = drawingLocator(drawing);
  const out: DxfCurveEntity[] = [];
  const point = (c: Connector) => {
    const p = locate(c);
    if (p && finite(p)) out.push({ type: 'POINT', at: toDxf(p) });
  };
  const line = (a: Vec2 | null, b: Vec2 | null) => {
    if (a && b && finite(a) && finite(b)) out.push({ type: 'LINE', start: toDxf(a), end: toDxf(b) });
  };
  const mark = (k: Constraint) => {
    // The sketcher's glyphs (horizontal, parallel, …) are symbols, not geometry.
    if (isSketchGlyph(k)) return;
    switch (k.kind) {
      case 'pin':
      case 'on-curve':
        point(k.point);
        break;
      case 'attach':
        point(k.a);
        break;
      case 'distance':
        line(locate(k.a), locate(k.b));
        break;
      case 'motor':
        if (k.bar !== undefined) point({ curve: k.bar, anchor: 'center' });
        else if (k.pivot) point(k.pivot);
        break;
      case 'angle':
      case 'point-line-distance':
      case 'radius':
      case 'length':
        break; // dimensions: dxf-dimensions.ts
      default:
        assertNever(k);
    }
  };
  for (const k of drawing.constraints) mark(k);
  for (const sp of drawing.springs) line(locate(sp.a), sp.b ? locate(sp.b) : (sp.at ?? null));
  return out;
}
