// The sketcher's constraint glyphs in the SVG export's construction layer: each a symbol in a small paper-filled
// box, from the same layout as the canvas (src/shared/sketch-glyph-layout.ts) at the export's zoom, so they stand
// where the screen shows them. An export has no diagnosis: every glyph is in the glyphs' plain colour.

import type { Drawing, Vec2 } from '../shared/drawing';
import { layoutSketchGlyphs } from '../shared/sketch-glyph-layout';
import { GLYPH_STYLE, PAPER_COLOR } from '../shared/style';
import { drawingLocator } from './drawing-locator';
import { svgNumber } from './svg-path';
import { addPoint, type Bounds } from '../shared/bounds';
import { escapeXml } from '../shared/xml-text';

const S = GLYPH_STYLE.sketch;

/** One <g class="sketch-glyph"> per glyph (a constraint may have several), widening `bounds` to hold them. */
export function sketchGlyphElements(drawing: Drawing, mmPerPx: number, bounds: Bounds): string[] {
  const { locate, kindOf } = drawingLocator(drawing);
  const glyphs = layoutSketchGlyphs(drawing.constraints, { locate, kindOf }, mmPerPx);
  const xy = (p: Vec2) => `${svgNumber(p[0])} ${svgNumber(p[1])}`;
  const stroke = `stroke="${S.color}" stroke-width="${svgNumber(S.lineWidth * mmPerPx)}"`;
  return glyphs.map((glyph) => {
    const { at, half } = glyph;
    addPoint(bounds, at[0] - half[0], at[1] - half[1]);
    addPoint(bounds, at[0] + half[0], at[1] + half[1]);
    const ticks = glyph.ticks.length
      ? `<path d="${glyph.ticks.map(([a, b]) => `M ${xy(a)} L ${xy(b)}`).join(' ')}" fill="none" ${stroke}/>`
      : '';
    for (const tick of glyph.ticks) for (const p of tick) addPoint(bounds, p[0], p[1]);
    return (
      `<g class="sketch-glyph" data-constraint="${escapeXml(glyph.id)}" data-kind="${glyph.kind}">` +
      `<rect x="${svgNumber(at[0] - half[0])}" y="${svgNumber(at[1] - half[1])}" width="${svgNumber(2 * half[0])}" height="${svgNumber(2 * half[1])}" fill="${PAPER_COLOR}" ${stroke}/>` +
      ticks +
      `<text x="${svgNumber(at[0])}" y="${svgNumber(at[1])}" fill="${S.color}" font-family="${S.font}" font-size="${svgNumber(S.fontSize * mmPerPx)}" text-anchor="middle" dominant-baseline="central">${escapeXml(glyph.text)}</text></g>`
    );
  });
}
