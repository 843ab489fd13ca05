// A drawing written in an export format (File ▸ Export…, `curvewright export`): one switch over the formats
// (shared/export-formats.ts), each reading its own options from the export choices.
import { assertNever } from '../shared/assert-never';
import type { Drawing } from '../shared/drawing';
import type { ExportChoices } from '../shared/export-choices';
import { exportPdf } from './pdf-export';
import { exportPng } from './png-export';
import { exportSvg } from './svg-export';

/** The file's contents: text or bytes. Throws one line if the drawing cannot be written so (too big a page…). */
export async function exportDrawing(drawing: Drawing, choices: ExportChoices): Promise<string | Uint8Array> {
  const { format } = choices;
  switch (format) {
    case 'svg':
      return exportSvg(drawing, {
        strokeWidth: choices.strokeWidth,
        includeDimensions: choices.dimensions,
        includeConstruction: choices.construction,
      });
    case 'pdf':
      return exportPdf(drawing, choices);
    case 'png':
      return exportPng(drawing, choices);
    default:
      return assertNever(format);
  }
}
