// What a DXF export writes, written once: the export dialog offers these (the lead's, to come), the CLI's flags set
// them and the exporter (src/document/dxf-export.ts) writes by them. The same two choices as the SVG export's
// (svg-options.ts) less the stroke: a DXF has no stroke widths, its lines are the geometry.
import * as s from './schema';

export interface DxfOptions {
  /** The dimensions (distances, lengths, radii, angles) as DIMENSION entities on the layer `dimensions`. */
  dimensions: boolean;
  /** Pins, attachments, beads, distances, springs and motors as points and lines on the layer `construction`. */
  construction: boolean;
}

export const DEFAULT_DXF_OPTIONS: Readonly<DxfOptions> = { dimensions: false, construction: false };

export const dxfOptionsSchema: s.Schema<DxfOptions> = s.object({
  dimensions: s.boolean(),
  construction: s.boolean(),
});

/** The DXF file's layers, by what they hold. */
export const DXF_LAYERS = {
  geometry: 'geometry',
  construction: 'construction',
  dimensions: 'dimensions',
  traces: 'traces',
} as const;

/**
 * How far an equation curve's LWPOLYLINE may stray from the curve, mm: its vertices are points of the curve, and
 * each chord is refined until the curve's points at its quarter, half and three quarters lie within this of it.
 */
export const DXF_EQUATION_TOLERANCE_MM = 1e-3;
