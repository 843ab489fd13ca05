// A drawing as a standalone SVG document at true size: width and height in mm, one user unit = 1 mm, y down (as
// the drawing). Every curve is its exact primitives from the engine's curvePath (arcs as A, Béziers and splines as
// C; only equation curves are sampled, within 0.1 screen pixel at the view's zoom), in one <g id="curve id"> per
// curve; closed paths end with Z. Traces are paths. Construction glyphs (pins, attachments, beads, distances,
// springs, motors) are off by default. Strokes are those of the screen (src/shared/style.ts): the canvas draws them
// in screen pixels, so here they are divided by the view's zoom (pixels per mm), and the export rendered at that
// zoom looks like the canvas.

import { connectorPoint, curvePath } from '../engine';
import type { Connector, Constraint, Drawing, Vec2 } from '../shared/drawing';
import type { Path } from '../shared/primitives';
import { CURVE_STROKE, GLYPH_STYLE, PAPER_COLOR, TRACE_STROKE, type StrokeStyle } from '../shared/style';
import { addPathBounds, addPoint, emptyBounds, pathToSvgD, svgNumber, type Bounds } from './svg-path';

export interface SvgExportOptions {
  /** Draw pins, attachments, beads, distances, springs and motors too. Default false. */
  includeConstruction?: boolean;
  /** Space around the drawing, mm. Default 5. */
  margin?: number;
  /** Pixels per mm that screen stroke widths are converted with. Default: the drawing's view zoom. */
  zoom?: number;
}

export const DEFAULT_MARGIN_MM = 5;
/** How far a sampled (equation) curve may stray from the true curve, in screen pixels at the export's zoom. */
const SAMPLING_TOLERANCE_PX = 0.1;

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '\ufffd'); // characters XML 1.0 cannot hold
}

function strokeAttributes(style: StrokeStyle, mmPerPx: number): string {
  const parts = [
    `fill="none"`,
    `stroke="${style.color}"`,
    `stroke-width="${svgNumber(style.width * mmPerPx)}"`,
    `stroke-linecap="${style.lineCap}"`,
    `stroke-linejoin="${style.lineJoin}"`,
  ];
  if (style.dash.length)
    parts.push(`stroke-dasharray="${style.dash.map((d) => svgNumber(d * mmPerPx)).join(' ')}"`);
  return parts.join(' ');
}

/** Where the glyphs of the construction layer go, in drawing mm (sizes already converted from pixels). */
function constructionGlyphs(drawing: Drawing, mmPerPx: number, bounds: Bounds): string[] {
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
        const bar = k.bar !== undefined ? drawing.curves.find((c) => c.id === k.bar) : undefined;
        const p: Vec2 = bar && bar.kind === 'bar' ? bar.center : at(k.pivot!);
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
    }
  };
  for (const k of drawing.constraints) glyph(k);

  for (const sp of drawing.springs) {
    const a = at(sp.a);
    const b = at(sp.b);
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
  return out;
}

/** The drawing as an SVG document (a string). Throws if a curve cannot be converted (the engine's error). */
export function exportSvg(drawing: Drawing, options: SvgExportOptions = {}): string {
  const margin = Math.max(0, options.margin ?? DEFAULT_MARGIN_MM);
  const zoom = options.zoom ?? drawing.view.zoom;
  const mmPerPx = 1 / zoom;
  const bounds = emptyBounds();

  const curves: string[] = [];
  const curvePad = (CURVE_STROKE.width * mmPerPx) / 2;
  for (const curve of drawing.curves) {
    const path: Path = curvePath(curve, drawing, SAMPLING_TOLERANCE_PX * mmPerPx);
    addPathBounds(bounds, path, curvePad);
    curves.push(
      `    <g id="${escapeXml(curve.id)}" data-kind="${curve.kind}"><path d="${pathToSvgD(path)}"/></g>`,
    );
  }

  const traces: string[] = [];
  const tracePad = (TRACE_STROKE.width * mmPerPx) / 2;
  for (const trace of drawing.traces) {
    if (trace.points.length < 2) continue;
    const [first, ...rest] = trace.points;
    const path: Path = { start: first, segments: [{ type: 'polyline', points: rest }], closed: false };
    addPathBounds(bounds, path, tracePad);
    traces.push(`    <path id="${escapeXml(trace.id)}" d="${pathToSvgD(path)}"/>`);
  }

  const glyphs = options.includeConstruction ? constructionGlyphs(drawing, mmPerPx, bounds) : [];

  if (bounds[0] > bounds[2]) {
    // Nothing drawn: a small empty page around the view's centre.
    addPoint(bounds, drawing.view.center[0], drawing.view.center[1], 0.5);
  }
  const x = bounds[0] - margin;
  const y = bounds[1] - margin;
  const width = bounds[2] - bounds[0] + 2 * margin;
  const height = bounds[3] - bounds[1] + 2 * margin;

  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${svgNumber(width)}mm" height="${svgNumber(height)}mm" viewBox="${svgNumber(x)} ${svgNumber(y)} ${svgNumber(width)} ${svgNumber(height)}">`,
    `  <title>${escapeXml(drawing.meta.title)}</title>`,
  ];
  if (traces.length)
    lines.push(`  <g class="traces" ${strokeAttributes(TRACE_STROKE, mmPerPx)}>`, ...traces, '  </g>');
  lines.push(`  <g class="curves" ${strokeAttributes(CURVE_STROKE, mmPerPx)}>`, ...curves, '  </g>');
  if (glyphs.length) lines.push('  <g class="construction">', ...glyphs.map((g) => `    ${g}`), '  </g>');
  lines.push('</svg>', '');
  return lines.join('\n');
}
