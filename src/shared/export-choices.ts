// What File ▸ Export… asks, written once: the format and every format's options together (each format reads its
// own: the stroke width, dimensions and glyphs for SVG, PDF and PNG; the page for PDF; the resolution and the
// background for PNG). The dialog offers them and remembers the last ones, the contract checks them, the session
// writes the file by them.
import { EXPORT_FORMAT_NAMES, type ExportFormat } from './export-formats';
import {
  DEFAULT_PDF_OPTIONS,
  DEFAULT_PNG_OPTIONS,
  pageShape,
  rasterShape,
  type PdfOptions,
  type PngOptions,
} from './page-options';
import * as s from './schema';
import { svgOptionsShape } from './svg-options';

export interface ExportChoices extends PdfOptions, PngOptions {
  format: ExportFormat;
}

export const DEFAULT_EXPORT_CHOICES: Readonly<ExportChoices> = {
  ...DEFAULT_PDF_OPTIONS,
  ...DEFAULT_PNG_OPTIONS,
  format: 'svg',
};

export const exportChoicesSchema: s.Schema<ExportChoices> = s.object({
  format: s.oneOf(EXPORT_FORMAT_NAMES),
  ...svgOptionsShape,
  ...pageShape,
  ...rasterShape,
});
