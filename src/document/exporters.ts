// A drawing written in an export format (File ▸ Export…, `curvewright export`): one switch over the formats
// (shared/export-formats.ts), each reading its own options from the export choices (shared/export-choices.ts).
import { assertNever } from '../shared/assert-never';
import type { Drawing } from '../shared/drawing';
import type { ExportChoices } from '../shared/export-choices';
import { exportDxf } from './dxf-export';
import { exportPdf } from './pdf-export';
import { exportPng } from './png-export';
import { exportSvg, svgExportOptions } from './svg-export';

/**
 * The file's contents: text (SVG, DXF) or bytes (PDF, PNG). Reads the drawing before it first awaits. Throws one
 * line if the drawing cannot be written so (a page too small, a curve that cannot be evaluated…).
 */
export async function exportDrawing(drawing: Drawing, choices: ExportChoices): Promise<string | Uint8Array> {
  const { format, dimensions, construction } = choices;
  switch (format) {
    case 'svg':
      return exportSvg(drawing, svgExportOptions(choices));
    case 'dxf':
      return exportDxf(drawing, { dimensions, construction });
    case 'pdf':
      return exportPdf(drawing, choices);
    case 'png':
      return exportPng(drawing, choices);
    default:
      return assertNever(format);
  }
}
