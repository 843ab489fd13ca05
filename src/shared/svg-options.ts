// What an SVG export draws, written once: the app's Export SVG dialog offers these, the contract checks them, the
// exporter draws by them and the CLI's flags set them. The stroke width is in millimetres on the page, whatever the
// zoom was at export time (the canvas's pixel widths scaled to it: every other line and glyph keeps its proportion
// to the curves' stroke).
import * as s from './schema';

export interface SvgOptions {
  /** The curves' stroke width, mm. */
  strokeWidth: number;
  /** The dimensions (distances, lengths, radii, angles) as annotations. */
  dimensions: boolean;
  /** The constraint glyphs: pins, attachments, beads, distances, springs and motors. */
  construction: boolean;
  /** The reference images, under the curves (absent: not drawn). DXF never draws them. */
  images?: boolean;
}

/** A hairline a plotter and a laser cutter take as a cut, and that prints legibly. */
export const DEFAULT_STROKE_MM = 0.25;
export const STROKE_MM = { min: 0.01, max: 10 } as const;

export const DEFAULT_SVG_OPTIONS: Readonly<SvgOptions> = {
  strokeWidth: DEFAULT_STROKE_MM,
  dimensions: false,
  construction: false,
};

export const strokeWidthSchema = s.number({
  min: STROKE_MM.min,
  max: STROKE_MM.max,
  describe: `a stroke width from ${STROKE_MM.min} to ${STROKE_MM.max} mm`,
});

/** The SVG options' fields, which the PDF and PNG options share (page-options.ts). */
export const svgOptionsShape = {
  strokeWidth: strokeWidthSchema,
  dimensions: s.boolean(),
  construction: s.boolean(),
  images: s.optional(s.boolean()),
};

export const svgOptionsSchema: s.Schema<SvgOptions> = s.object(svgOptionsShape);
