// A drawing as a DXF file (AutoCAD 2007 text DXF, written with @tarikjabiri/dxf), at true size: millimetres
// ($INSUNITS 4, $MEASUREMENT 1, metric), y up as DXF has it (the drawing's y negated, so it looks as on the canvas).
// Layers: `geometry` (every curve, each the one exact entity of dxf-curves.ts), `traces` (each trail an
// LWPOLYLINE, in its own colour if it has one), and when asked `construction` (dxf-construction.ts) and
// `dimensions` (DIMENSION entities, dxf-dimensions.ts). Pure: a drawing in, the file's text out; a curve or a
// trace that cannot be written (a value not finite) throws one line naming it, so nothing is written.

import { DxfWriter, Units } from '@tarikjabiri/dxf';
import { displayName } from '../shared/display-names';
import type { Drawing, Vec2 } from '../shared/drawing';
import { DEFAULT_DXF_OPTIONS, DXF_LAYERS, type DxfOptions } from '../shared/dxf-options';
import { dxfConstruction } from './dxf-construction';
import { dxfCurveEntity, toDxf } from './dxf-curves';
import { addDxfEntities } from './dxf-entities';
import { dxfDimensions } from './dxf-dimensions';

/** Each layer's colour (AutoCAD colour index): geometry white/black, construction grey, dimensions red, traces cyan. */
const LAYER_COLORS: Record<keyof typeof DXF_LAYERS, number> = {
  geometry: 7,
  construction: 8,
  dimensions: 1,
  traces: 4,
};

/** The drawing as DXF text (see the header). Throws one line naming a curve that cannot be written. */
export function exportDxf(drawing: Drawing, options: Partial<DxfOptions> = {}): string {
  const { dimensions, construction } = { ...DEFAULT_DXF_OPTIONS, ...options };
  // Every curve and trace first: a refusal leaves nothing half-made.
  const curves = drawing.curves.map((curve) => dxfCurveEntity(curve, drawing));
  for (const trace of drawing.traces)
    if (!trace.points.xy.subarray(0, 2 * trace.points.length).every(Number.isFinite))
      throw new Error(
        `cannot write ${displayName(drawing, trace.id)} to DXF: a point of it is not a finite number`,
      );

  const dxf = new DxfWriter();
  dxf.setUnits(Units.Millimeters);
  dxf.setVariable('$MEASUREMENT', { 70: 1 });
  for (const layer of Object.keys(DXF_LAYERS) as (keyof typeof DXF_LAYERS)[])
    dxf.addLayer(DXF_LAYERS[layer], LAYER_COLORS[layer], 'CONTINUOUS');
  dxf.setCurrentLayerName(DXF_LAYERS.geometry);

  addDxfEntities(dxf, curves, { layerName: DXF_LAYERS.geometry });

  for (const trace of drawing.traces) {
    const { xy, length } = trace.points;
    if (length < 2) continue;
    const points: Vec2[] = [];
    for (let i = 0; i < length; i++) points.push(toDxf([xy[2 * i], xy[2 * i + 1]]));
    // A trace given its own colour keeps it (a true colour, 0xRRGGBB as a number); else the layer's.
    const trueColor = trace.color ? String(parseInt(trace.color.slice(1), 16)) : undefined;
    addDxfEntities(dxf, [{ type: 'LWPOLYLINE', points, closed: false }], {
      layerName: DXF_LAYERS.traces,
      trueColor,
    });
  }

  if (construction) addDxfEntities(dxf, dxfConstruction(drawing), { layerName: DXF_LAYERS.construction });
  if (dimensions) dxfDimensions(dxf, drawing);
  return dxf.stringify();
}
