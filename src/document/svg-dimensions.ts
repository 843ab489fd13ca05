// The dimensions layer of the SVG export: each dimensional constraint as the canvas draws it
// (src/renderer/view/dimension-painter.ts), from the same layout (src/shared/dimension-layout.ts) at the export's
// scale — one <g class="dimension"> per constraint holding its lines and arc (one stroked path), its arrowheads
// (one filled path) and its value (a <text>). A reference dimension is greyed and reads what the drawing measures.

import { dimensionGeometry, layoutDimension, type DimensionLayout } from '../shared/dimension-layout';
import { isDimension } from '../shared/dimension-value';
import type { Drawing, Vec2 } from '../shared/drawing';
import { DIMENSION_STYLE } from '../shared/style';
import { drawingLocator } from './drawing-locator';
import { pathToSvgD, svgNumber } from './svg-path';
import { addPoint, type Bounds } from '../shared/bounds';
import { escapeXml } from '../shared/xml-text';

function strokeData(layout: DimensionLayout): string {
  const xy = (p: Vec2) => `${svgNumber(p[0])} ${svgNumber(p[1])}`;
  const parts = layout.lines.map(([p, q]) => `M ${xy(p)} L ${xy(q)}`);
  for (const arc of layout.arcs) {
    const start: Vec2 = [
      arc.center[0] + arc.radius * Math.cos(arc.start),
      arc.center[1] + arc.radius * Math.sin(arc.start),
    ];
    const segment = { type: 'arc' as const, center: arc.center, rx: arc.radius, ry: arc.radius, rotation: 0 };
    parts.push(
      pathToSvgD({ start, segments: [{ ...segment, start: arc.start, sweep: arc.sweep }], closed: false }),
    );
  }
  return parts.join(' ');
}

/**
 * The dimensions as SVG elements in drawing mm, kept away from `away` (the drawing's centre) as on screen, widening
 * `bounds` to hold them.
 */
export function dimensionElements(
  drawing: Drawing,
  mmPerPx: number,
  away: Vec2 | null,
  bounds: Bounds,
): string[] {
  const { locate, orient } = drawingLocator(drawing);
  const xy = (p: Vec2) => `${svgNumber(p[0])} ${svgNumber(p[1])}`;
  const out: string[] = [];
  for (const k of drawing.constraints) {
    if (!isDimension(k)) continue;
    const g = dimensionGeometry(k, locate, orient);
    if (!g) continue;
    const layout = layoutDimension(k, g, { mmPerPx, away });
    const color = k.reference ? DIMENSION_STYLE.referenceColor : DIMENSION_STYLE.color;
    const arrows = layout.arrows.map(([tip, b1, b2]) => `M ${xy(tip)} L ${xy(b1)} L ${xy(b2)} Z`).join(' ');
    out.push(
      `<g class="dimension" data-constraint="${escapeXml(k.id)}" data-kind="${k.kind}"${k.reference ? ' data-reference="true"' : ''}>` +
        `<path d="${strokeData(layout)}" fill="none" stroke="${color}" stroke-width="${svgNumber(DIMENSION_STYLE.lineWidth * mmPerPx)}"/>` +
        `<path d="${arrows}" fill="${color}"/>` +
        `<text x="${svgNumber(layout.at[0])}" y="${svgNumber(layout.at[1])}" fill="${color}" font-family="${DIMENSION_STYLE.font}" font-size="${svgNumber(DIMENSION_STYLE.fontSize * mmPerPx)}" text-anchor="middle" dominant-baseline="central">${escapeXml(layout.text)}</text></g>`,
    );
    for (const [p, q] of layout.lines) {
      addPoint(bounds, p[0], p[1]);
      addPoint(bounds, q[0], q[1]);
    }
    for (const arc of layout.arcs) addPoint(bounds, arc.center[0], arc.center[1], arc.radius);
    for (const triangle of layout.arrows) for (const p of triangle) addPoint(bounds, p[0], p[1]);
    addPoint(bounds, layout.at[0] - layout.half[0], layout.at[1] - layout.half[1]);
    addPoint(bounds, layout.at[0] + layout.half[0], layout.at[1] + layout.half[1]);
  }
  return out;
}
