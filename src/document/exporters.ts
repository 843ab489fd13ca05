// The writer of each export format (src/shared/export-formats.ts names them): a Record over the formats, so a format
// added there does not compile until it is written here. Each takes the drawing and the choices every export
// offers (dimensions, construction) and gives the file's text; the CLI's `export` (and, to come, the export
// dialog) go through this table.

import type { Drawing } from '../shared/drawing';
import type { ExportFormat } from '../shared/export-formats';
import { exportDxf } from './dxf-export';
import { exportSvg } from './svg-export';

/** What every export format offers. */
export interface ExportChoices {
  /** The dimensions (distances, lengths, radii, angles). */
  dimensions: boolean;
  /** The construction: pins, attachments, beads, distances, springs, motors. */
  construction: boolean;
}

export const EXPORTERS: Record<ExportFormat, (drawing: Drawing, choices: ExportChoices) => string> = {
  svg: (drawing, { dimensions, construction }) =>
    exportSvg(drawing, { includeDimensions: dimensions, includeConstruction: construction }),
  dxf: (drawing, choices) => exportDxf(drawing, choices),
};
