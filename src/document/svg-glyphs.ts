// The construction layer of the SVG export: pins, attachments, beads, distances, motors and springs drawn as the
// canvas draws them (src/renderer/view/glyph-painter.ts), sizes from src/shared/style.ts converted from screen
// pixels to mm, each glyph at its connector's position in the drawing; then the sketcher's (svg-sketch-glyphs.ts).

import { connectorPoint } from '../engine';
import { assertNever } from '../shared/assert-never';
import type { Connector, Constraint, Drawing, Vec2 } from '../shared/drawing';
import { GLYPH_STYLE, PAPER_COLOR } from '../shared/style';
import { svgNumber } from './svg-path';
import { addPoint, type Bounds } from '../shared/bounds';
import { sketchGlyphElements } from './svg-sketch-glyphs';
import { escapeXml } from '../shared/xml-text';

/** The construction glyphs as SVG elements in drawing mm, widening `bounds` to hold them. */
export function constructionGlyphs(drawing: Drawing, mmPerPx: number, bounds: Bounds): string[] {
  const at = (c: Connector): Vec2 => connectorPoint(c, drawing);
  const xy = (p: Vec2) => `${svgNumber(p[0])} ${svgNumber(p[1])}`;
  const px = (n: number) => n * mmPerPx;
  const out: string[] = [];
  const color = GLYPH_STYLE.color;
  const mark = (p: Vec2, radiusPx: number) => addPoint(bounds, p[0], p[1], px(radiusPx));

  const glyph = (k: Constraint) => {
    switch (k.kind) {
      case 'pin': {
        const p = at(k.point);
        const { halfWidth: w, height: h, lineWidth, dotRadius } = GLYPH_STYLE.pin;
        const hatch: string[] = [];
        for (let i = -8; i <= 4; i += 4)
          hatch.push(`M ${xy([p[0] + px(i), p[1] + px(h + 4)])} L ${xy([p[0] + px(i + 4), p[1] + px(h)])}`);
        out.push(
          `<g class="pin" data-constraint="${escapeXml(k.id)}" stroke="${color}" stroke-width="${svgNumber(px(lineWidth))}">` +
            `<path fill="none" d="M ${xy(p)} L ${xy([p[0] - px(w), p[1] + px(h)])} L ${xy([p[0] + px(w), p[1] + px(h)])} Z ` +
            `M ${xy([p[0] - px(w + 3), p[1] + px(h)])} L ${xy([p[0] + px(w + 3), p[1] + px(h)])} ${hatch.join(' ')}"/>` +
            `<circle cx="${svgNumber(p[0])}" cy="${svgNumber(p[1])}" r="${svgNumber(px(dotRadius))}" fill="${color}" stroke="none"/></g>`,
        );
        mark(p, w + 4 + h);
        break;
      }
      case 'attach': {
        const p = at(k.a);
        const r = GLYPH_STYLE.attach.radius;
        out.push(
          `<circle class="attach" data-constraint="${escapeXml(k.id)}" cx="${svgNumber(p[0])}" cy="${svgNumber(p[1])}" r="${svgNumber(px(r))}" fill="${color}"/>`,
        );
        mark(p, r);
        break;
      }
      case 'on-curve': {
        const p = at(k.point);
        const { color: bead, radius, lineWidth } = GLYPH_STYLE.bead;
        out.push(
          `<circle class="bead" data-constraint="${escapeXml(k.id)}" cx="${svgNumber(p[0])}" cy="${svgNumber(p[1])}" r="${svgNumber(px(radius))}" fill="${PAPER_COLOR}" stroke="${bead}" stroke-width="${svgNumber(px(lineWidth))}"/>`,
        );
        mark(p, radius + lineWidth);
        break;
      }
      case 'distance': {
        const a = at(k.a);
        const b = at(k.b);
        const { lineWidth, dash } = GLYPH_STYLE.distance;
        out.push(
          `<path class="distance" data-constraint="${escapeXml(k.id)}" d="M ${xy(a)} L ${xy(b)}" fill="none" stroke="${color}" stroke-width="${svgNumber(px(lineWidth))}" stroke-dasharray="${dash.map((d) => svgNumber(px(d))).join(' ')}"/>`,
        );
        mark(a, lineWidth);
        mark(b, lineWidth);
        break;
      }
      case 'motor': {
        // At the centre of the curve it turns (as the canvas draws it), or at its pivot.
        const p: Vec2 = at(k.bar !== undefined ? { curve: k.bar, anchor: 'center' } : k.pivot!);
        const { color: motor, radius, lineWidth } = GLYPH_STYLE.motor;
        const r = px(radius);
        const from: Vec2 = [p[0] + r * Math.cos(-0.3), p[1] + r * Math.sin(-0.3)];
        const end = 1.6 * Math.PI;
        const tip: Vec2 = [p[0] + r * Math.cos(end), p[1] + r * Math.sin(end)];
        out.push(
          `<g class="motor" data-constraint="${escapeXml(k.id)}"><path d="M ${xy(from)} A ${svgNumber(r)} ${svgNumber(r)} 0 1 1 ${xy(tip)}" fill="none" stroke="${motor}" stroke-width="${svgNumber(px(lineWidth))}"/>` +
            `<path d="M ${xy([tip[0] + px(5), tip[1]])} L ${xy([tip[0] - px(2), tip[1] - px(4)])} L ${xy([tip[0] - px(2), tip[1] + px(4)])} Z" fill="${motor}"/></g>`,
        );
        mark(p, radius + 5);
        break;
      }
      case 'horizontal':
      case 'vertical':
      case 'parallel':
      case 'perpendicular':
      case 'tangent':
      case 'equal':
      case 'symmetric':
      case 'midpoint':
      case 'concentric':
        break; // sketchGlyphElements, below
      case 'angle':
      case 'point-line-distance':
      case 'radius':
      case 'length':
        break; // dimensions: svg-dimensions.ts, with the export's includeDimensions
      default:
        assertNever(k);
    }
  };
  for (const k of drawing.constraints) glyph(k);

  for (const sp of drawing.springs) {
    const a = at(sp.a);
    // Anchored to the paper: its other end is the fixed point.
    const b = sp.b ? at(sp.b) : sp.at!;
    const { color: springColor, lineWidth, turns, amplitude } = GLYPH_STYLE.spring;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy);
    const pts: Vec2[] = [a];
    if (len > px(1)) {
      const nx = -dy / len;
      const ny = dx / len;
      for (let i = 1; i < turns; i++) {
        const side = px(i % 2 === 0 ? -amplitude : amplitude);
        pts.push([a[0] + (dx * i) / turns + nx * side, a[1] + (dy * i) / turns + ny * side]);
      }
    }
    pts.push(b);
    out.push(
      `<path class="spring" data-spring="${escapeXml(sp.id)}" d="M ${pts.map(xy).join(' L ')}" fill="none" stroke="${springColor}" stroke-width="${svgNumber(px(lineWidth))}" stroke-linejoin="round"/>`,
    );
    for (const q of pts) mark(q, amplitude);
  }
  out.push(...sketchGlyphElements(drawing, mmPerPx, bounds));
  return out;
}
