// What a PDF or PNG export draws and on what, written once: the export dialog offers these, the contract checks
// them, the exporters (src/document/pdf-export.ts, png-export.ts) draw by them and the CLI's flags set them. Both
// draw what the SVG export draws (its options: stroke width, dimensions, glyphs), at true size: a PDF on a page the
// drawing's size or on a chosen paper at 1:1, a PNG at a chosen resolution.
import * as s from './schema';
import { DEFAULT_SVG_OPTIONS, svgOptionsShape, type SvgOptions } from './svg-options';

/** Paper sizes, portrait, mm (ISO 216 and the US sizes). */
export const PAPERS = {
  A5: { label: 'A5', width: 148, height: 210 },
  A4: { label: 'A4', width: 210, height: 297 },
  A3: { label: 'A3', width: 297, height: 420 },
  letter: { label: 'US Letter', width: 215.9, height: 279.4 },
  legal: { label: 'US Legal', width: 215.9, height: 355.6 },
} as const;
export type PaperName = keyof typeof PAPERS;
/** `drawing`: a page the drawing's own size (with the SVG export's margin); else a paper, the drawing at 1:1. */
export type PageChoice = 'drawing' | PaperName;
export const PAGE_CHOICES: readonly PageChoice[] = ['drawing', ...(Object.keys(PAPERS) as PaperName[])];

export interface PdfOptions extends SvgOptions {
  page: PageChoice;
}

export const DEFAULT_PDF_OPTIONS: Readonly<PdfOptions> = { ...DEFAULT_SVG_OPTIONS, page: 'drawing' };

/** The PDF's own field, beside the SVG options'. */
export const pageShape = { page: s.oneOf(PAGE_CHOICES) };

export const pdfOptionsSchema: s.Schema<PdfOptions> = s.object({ ...svgOptionsShape, ...pageShape });

/** A PNG's resolution, dots per inch (25.4 mm): from a screen's 96 to a print's 1200 and beyond. */
export const DPI = { min: 10, max: 2400 } as const;
/** The most pixels a PNG may have (width × height): 100 megapixels, about 400 MB while it is drawn. */
export const MAX_PNG_PIXELS = 100_000_000;
export type PngBackground = 'white' | 'transparent';
export const PNG_BACKGROUNDS: readonly PngBackground[] = ['white', 'transparent'];

export interface PngOptions extends SvgOptions {
  dpi: number;
  background: PngBackground;
}

export const DEFAULT_PNG_OPTIONS: Readonly<PngOptions> = {
  ...DEFAULT_SVG_OPTIONS,
  dpi: 300,
  background: 'white',
};

export const dpiSchema = s.number({
  min: DPI.min,
  max: DPI.max,
  describe: `a resolution from ${DPI.min} to ${DPI.max} dpi`,
});

/** The PNG's own fields, beside the SVG options'. */
export const rasterShape = { dpi: dpiSchema, background: s.oneOf(PNG_BACKGROUNDS) };

export const pngOptionsSchema: s.Schema<PngOptions> = s.object({ ...svgOptionsShape, ...rasterShape });

/** Pixels per millimetre at `dpi`. */
export function pxPerMm(dpi: number): number {
  return dpi / 25.4;
}
