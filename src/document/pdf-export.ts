// A drawing as a vector PDF at true size: what the SVG export draws (svg-export.ts, the one truth of what a
// drawing looks like on paper: curves as their exact primitives, traces, and the dimensions and glyphs on request),
// laid into a PDF by PDFKit with SVG-to-PDFKit, so curves stay curves (arcs and Béziers as PDF curves, never
// pixels). The page is the drawing's own size (with the SVG's margin), or a chosen paper with the drawing at 1:1 in
// its middle, turned to landscape when only that fits; a drawing larger than the paper is refused in one line.
//
// Why SVG-to-PDFKit rather than our own PDF writer: the SVG export already lays out every curve, dimension and
// glyph; drawing those again with PDFKit's calls would be a second copy of that layout to keep in step.

import type { Drawing } from '../shared/drawing';
import { formatValue } from '../shared/units';
import { PAPERS, type PdfOptions } from '../shared/page-options';
import { svgExportOptions, svgPage } from './svg-export';

/** PDF points per millimetre (72 points to the inch). */
export const PT_PER_MM = 72 / 25.4;

/** Where the drawing's page goes on the PDF's page, mm. */
export interface PdfLayout {
  /** The PDF page's size. */
  width: number;
  height: number;
  /** The drawing's page's top-left corner on it, and its size. */
  x: number;
  y: number;
  drawingWidth: number;
  drawingHeight: number;
}

/**
 * The PDF page for a drawing page of `width` × `height` mm: that size, or the paper (portrait, else landscape) with
 * the drawing centred. Throws one line when the drawing does not fit the paper at 1:1.
 */
export function pdfLayout(width: number, height: number, page: PdfOptions['page']): PdfLayout {
  if (page === 'drawing') return { width, height, x: 0, y: 0, drawingWidth: width, drawingHeight: height };
  const paper = PAPERS[page];
  const fits = (w: number, h: number) => width <= w && height <= h;
  const [w, h] = fits(paper.width, paper.height)
    ? [paper.width, paper.height]
    : fits(paper.height, paper.width)
      ? [paper.height, paper.width]
      : [0, 0];
  if (w === 0) {
    const size = (a: number, b: number) => `${formatValue('mm', a)} × ${formatValue('mm', b)} mm`;
    throw new Error(
      `the drawing is ${size(width, height)}: it does not fit on ${paper.label} (${size(paper.width, paper.height)}) at 1:1`,
    );
  }
  return {
    width: w,
    height: h,
    x: (w - width) / 2,
    y: (h - height) / 2,
    drawingWidth: width,
    drawingHeight: height,
  };
}

/** The drawing as a PDF file's bytes. Throws one line if the drawing does not fit the chosen paper. */
export async function exportPdf(drawing: Drawing, options: PdfOptions): Promise<Uint8Array> {
  const { svg, width, height } = svgPage(drawing, svgExportOptions(options));
  const layout = pdfLayout(width, height, options.page);
  // Loaded at the first PDF, not when the session starts (the drawing is read above, before this first await).
  const [{ default: PDFDocument }, { default: SVGtoPDF }] = await Promise.all([
    import('pdfkit'),
    import('svg-to-pdfkit'),
  ]);
  const doc = new PDFDocument({
    size: [layout.width * PT_PER_MM, layout.height * PT_PER_MM],
    margin: 0,
    info: { Title: drawing.meta.title, Creator: 'Curvewright' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  SVGtoPDF(doc, svg, layout.x * PT_PER_MM, layout.y * PT_PER_MM, {
    width: layout.drawingWidth * PT_PER_MM,
    height: layout.drawingHeight * PT_PER_MM,
    preserveAspectRatio: 'xMidYMid meet',
  });
  doc.end();
  return await done;
}
