// A drawing as a PNG at a chosen resolution: what the SVG export draws (svg-export.ts, the one truth of what a
// drawing looks like on paper), rasterised by resvg (@resvg/resvg-js: a maintained, dependency-free SVG renderer
// with anti-aliasing, MPL-2.0) at `dpi` dots per inch of the drawing's true size, on white or transparent. The
// image's size is the SVG page's in mm times dpi / 25.4, rounded to whole pixels as resvg does (the scale stays
// exact; the page's margin takes the rounding); one that would exceed
// MAX_PNG_PIXELS is refused in one line before anything is drawn.

import type { Drawing } from '../shared/drawing';
import { MAX_PNG_PIXELS, pxPerMm, type PngOptions } from '../shared/page-options';
import { formatShown } from '../shared/units';
import { svgExportOptions, svgPage } from './svg-export';

/** The SVG's own unit: resvg reads a length in mm at 96 px to the inch. */
const SVG_PX_PER_MM = 96 / 25.4;

/** The PNG's size in pixels for a page of `width` × `height` mm at `dpi`. */
export function pngSize(width: number, height: number, dpi: number): { width: number; height: number } {
  const scale = pxPerMm(dpi);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The drawing as a PNG file's bytes. Rejects with one line if the image would be too large. */
export async function exportPng(drawing: Drawing, options: PngOptions): Promise<Uint8Array> {
  const { svg, width, height } = svgPage(drawing, svgExportOptions(options));
  const size = pngSize(width, height, options.dpi);
  if (size.width * size.height > MAX_PNG_PIXELS) {
    const megapixels = formatShown((size.width * size.height) / 1e6, 0);
    throw new Error(
      `a PNG of the drawing at ${formatShown(options.dpi, 0)} dpi would be ${size.width} × ${size.height} pixels ` +
        `(${megapixels} megapixels, at most ${MAX_PNG_PIXELS / 1e6}): choose a lower resolution`,
    );
  }
  // Loaded at the first PNG, not when the session starts (the drawing is read above, before this first await).
  const { Resvg } = await import('@resvg/resvg-js');
  const renderer = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: pxPerMm(options.dpi) / SVG_PX_PER_MM },
    background: options.background === 'white' ? '#ffffff' : undefined,
    font: { loadSystemFonts: true },
  });
  return new Uint8Array(renderer.render().asPng());
}
