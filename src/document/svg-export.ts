// A drawing as a standalone SVG document at true size: width and height in mm, one user unit = 1 mm, y down (as
// the drawing). Every curve is its exact primitives from the engine's curvePath (arcs as A, Béziers and splines as
// C; only equation curves are sampled, within 0.1 screen pixel at the export's scale), in one <g id="curve id"> per
// curve; closed paths end with Z; a point curve is a filled dot, as on the canvas. Traces are paths. Construction
// glyphs (pins, attachments, beads, distances, springs, motors) are off by default, and so are dimensions
// (annotations: lines, arrows and values). The curves' stroke is `strokeWidth` mm (0.25 by default), whatever the
// view's zoom: the screen's styles (src/shared/style.ts, in pixels) are scaled so that the curves' stroke is that
// width, so every line and glyph keeps its proportion to the curves as on the canvas.

import { curvePath } from '../engine';
import type { Drawing, Vec2 } from '../shared/drawing';
import type { Path } from '../shared/primitives';
import { CURVE_STROKE, POINT_RADIUS, TRACE_STROKE, type StrokeStyle } from '../shared/style';
import { tracePath } from '../shared/trace-path';
import { dimensionElements } from './svg-dimensions';
import { constructionGlyphs } from './svg-glyphs';
import { addPathBounds, pathToSvgD, svgNumber } from './svg-path';
import { addPoint, emptyBounds, type Bounds } from '../shared/bounds';
import { imageMatrix } from '../shared/image-geometry';
import { DEFAULT_STROKE_MM, type SvgOptions } from '../shared/svg-options';
import { escapeXml } from '../shared/xml-text';

export interface SvgExportOptions {
  /** Draw pins, attachments, beads, distances, springs and motors too. Default false. */
  includeConstruction?: boolean;
  /** Draw the dimensions (distances, lengths, radii, angles) as annotations, as the canvas does. Default false. */
  includeDimensions?: boolean;
  /** Space around the drawing, mm. Default 5. */
  margin?: number;
  /** The curves' stroke width, mm (shared/svg-options.ts). Default 0.25. */
  strokeWidth?: number;
  /** Draw the reference images under the curves (their pixels embedded, at their placement). Default false. */
  includeImages?: boolean;
}

/** The exporter's options for the options a dialog or the CLI chose (shared/svg-options.ts). */
export function svgExportOptions(options: SvgOptions): SvgExportOptions {
  return {
    strokeWidth: options.strokeWidth,
    includeDimensions: options.dimensions,
    includeConstruction: options.construction,
    includeImages: options.images ?? false,
  };
}

export const DEFAULT_MARGIN_MM = 5;
/** How far a sampled (equation) curve may stray from the true curve, in screen pixels at the export's scale. */
const SAMPLING_TOLERANCE_PX = 0.1;

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

/**
 * Each reference image as an <image> of its pixel size, its data embedded, mapped to its placement on the paper by
 * one matrix (image-geometry.ts), at its opacity; the page's bounds take its corners.
 */
function imageElements(drawing: Drawing, bounds: Bounds): string[] {
  return (drawing.images ?? []).map((image) => {
    const m = imageMatrix(image);
    const [w, h] = image.pixels;
    for (const [px, py] of [
      [0, 0],
      [w, 0],
      [w, h],
      [0, h],
    ])
      addPoint(bounds, m[0] * px + m[2] * py + m[4], m[1] * px + m[3] * py + m[5], 0);
    return (
      `    <image id="${escapeXml(image.id)}" width="${w}" height="${h}" preserveAspectRatio="none"` +
      ` transform="matrix(${m.map(svgNumber).join(' ')})" opacity="${svgNumber(image.opacity)}"` +
      ` href="data:${image.media};base64,${image.data}"/>`
    );
  });
}

/** The drawing as an SVG document (a string). Throws if a curve cannot be converted (the engine's error). */
export function exportSvg(drawing: Drawing, options: SvgExportOptions = {}): string {
  return svgPage(drawing, options).svg;
}

/** An SVG document and the size of its page, mm: what the PDF and PNG exports draw (pdf-export.ts, png-export.ts). */
export interface SvgPage {
  svg: string;
  width: number;
  height: number;
}

/** The drawing as an SVG document with its page's size in mm. */
export function svgPage(drawing: Drawing, options: SvgExportOptions = {}): SvgPage {
  const margin = Math.max(0, options.margin ?? DEFAULT_MARGIN_MM);
  // The scale the screen's pixel widths take: the curves' stroke is strokeWidth mm.
  const mmPerPx = (options.strokeWidth ?? DEFAULT_STROKE_MM) / CURVE_STROKE.width;
  const bounds = emptyBounds();

  const curves: string[] = [];
  const curvePad = (CURVE_STROKE.width * mmPerPx) / 2;
  const dotRadius = POINT_RADIUS * mmPerPx;
  for (const curve of drawing.curves) {
    const open = `    <g id="${escapeXml(curve.id)}" data-kind="${curve.kind}">`;
    if (curve.kind === 'point') {
      // A bare "M x y" draws nothing: a dot, as the canvas draws it (a coupler point, a cam follower's tip).
      const [cx, cy] = curve.at;
      addPoint(bounds, cx, cy, dotRadius);
      curves.push(
        `${open}<circle cx="${svgNumber(cx)}" cy="${svgNumber(cy)}" r="${svgNumber(dotRadius)}" fill="${CURVE_STROKE.color}" stroke="none"/></g>`,
      );
      continue;
    }
    const path: Path = curvePath(curve, drawing, SAMPLING_TOLERANCE_PX * mmPerPx);
    addPathBounds(bounds, path, curvePad);
    curves.push(`${open}<path d="${pathToSvgD(path)}"/></g>`);
  }

  const images = options.includeImages ? imageElements(drawing, bounds) : [];

  const traces: string[] = [];
  const tracePad = (TRACE_STROKE.width * mmPerPx) / 2;
  for (const trace of drawing.traces) {
    const path = tracePath(trace);
    if (!path) continue;
    addPathBounds(bounds, path, tracePad);
    // A trace given its own colour overrides the group's stroke (the colour is "#rrggbb": records.ts).
    const stroke = trace.color ? ` stroke="${trace.color}"` : '';
    traces.push(`    <path id="${escapeXml(trace.id)}"${stroke} d="${pathToSvgD(path)}"/>`);
  }

  // Dimensions keep away from the middle of what is drawn, as on screen (before they widen the bounds themselves).
  const away: Vec2 | null =
    bounds[0] <= bounds[2] ? [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2] : null;
  const glyphs = options.includeConstruction ? constructionGlyphs(drawing, mmPerPx, bounds) : [];
  const dimensions = options.includeDimensions ? dimensionElements(drawing, mmPerPx, away, bounds) : [];

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
  if (images.length) lines.push('  <g class="images">', ...images, '  </g>');
  if (traces.length)
    lines.push(`  <g class="traces" ${strokeAttributes(TRACE_STROKE, mmPerPx)}>`, ...traces, '  </g>');
  lines.push(`  <g class="curves" ${strokeAttributes(CURVE_STROKE, mmPerPx)}>`, ...curves, '  </g>');
  if (glyphs.length) lines.push('  <g class="construction">', ...glyphs.map((g) => `    ${g}`), '  </g>');
  if (dimensions.length)
    lines.push('  <g class="dimensions">', ...dimensions.map((g) => `    ${g}`), '  </g>');
  lines.push('</svg>', '');
  return { svg: lines.join('\n'), width, height };
}
