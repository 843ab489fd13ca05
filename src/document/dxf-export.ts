// A drawing as a DXF file (AutoCAD 2007 text DXF, written with @tarikjabiri/dxf), at true size: millimetres
// ($INSUNITS 4, $MEASUREMENT 1, metric), y up as DXF has it (the drawing's y negated, so it looks as on the canvas).
// Layers: `geometry` (every curve, each the one exact entity of dxf-curves.ts), `traces` (each trail an
// LWPOLYLINE, in its own colour if it has one), and when asked `construction` (dxf-construction.ts) and
// `dimensions` (DIMENSION entities, dxf-dimensions.ts). Pure: a drawing in, the file's text out; a curve that
// cannot be written (a value not finite) throws one line naming it, so nothing is written.

import {
  DxfWriter,
  LWPolylineFlags,
  SplineFlags,
  Units,
  point3d,
  type CommonEntityOptions,
} from '@tarikjabiri/dxf';
import { assertNever } from '../shared/assert-never';
import type { Drawing, Vec2 } from '../shared/drawing';
import { DEFAULT_DXF_OPTIONS, DXF_LAYERS, type DxfOptions } from '../shared/dxf-options';
import { dxfConstruction } from './dxf-construction';
import { dxfCurveEntity, toDxf, type DxfCurveEntity } from './dxf-curves';
import { dxfDimensions } from './dxf-dimensions';

/** Each layer's colour (AutoCAD colour index): geometry white/black, construction grey, dimensions red, traces cyan. */
const LAYER_COLORS: Record<keyof typeof DXF_LAYERS, number> = {
  geometry: 7,
  construction: 8,
  dimensions: 1,
  traces: 4,
};

const v3 = (p: Vec2) => point3d(p[0], p[1], 0);

/** Writes one curve entity (or a construction line or point) into `dxf` on `layer`. */
export function addDxfEntity(dxf: DxfWriter, e: DxfCurveEntity, options: CommonEntityOptions): void {
  switch (e.type) {
    case 'POINT':
      dxf.addPoint(e.at[0], e.at[1], 0, options);
      return;
    case 'LINE':
      dxf.addLine(v3(e.start), v3(e.end), options);
      return;
    case 'CIRCLE':
      dxf.addCircle(v3(e.center), e.radius, options);
      return;
    case 'ARC':
      dxf.addArc(v3(e.center), e.radius, e.startAngle, e.endAngle, options);
      return;
    case 'ELLIPSE':
      dxf.addEllipse(v3(e.center), v3(e.majorAxis), e.ratio, 0, 2 * Math.PI, options);
      return;
    case 'SPLINE':
      dxf.addSpline(
        {
          controlPoints: e.controlPoints.map(v3),
          knots: e.knots,
          degreeCurve: e.degree,
          flags: SplineFlags.Planar,
        },
        options,
      );
      return;
    case 'LWPOLYLINE':
      dxf.addLWPolyline(
        e.points.map(([x, y]) => ({ point: { x, y } })),
        { ...options, flags: e.closed ? LWPolylineFlags.Closed : LWPolylineFlags.None },
      );
      return;
    default:
      assertNever(e);
  }
}

/** The drawing as DXF text (see the header). Throws one line naming a curve that cannot be written. */
export function exportDxf(drawing: Drawing, options: Partial<DxfOptions> = {}): string {
  const { dimensions, construction } = { ...DEFAULT_DXF_OPTIONS, ...options };
  // Every curve first: a refusal leaves nothing half-made.
  const curves = drawing.curves.map((curve) => dxfCurveEntity(curve, drawing));

  const dxf = new DxfWriter();
  dxf.setUnits(Units.Millimeters);
  dxf.setVariable('$MEASUREMENT', { 70: 1 });
  for (const layer of Object.keys(DXF_LAYERS) as (keyof typeof DXF_LAYERS)[])
    dxf.addLayer(DXF_LAYERS[layer], LAYER_COLORS[layer], 'CONTINUOUS');
  dxf.setCurrentLayerName(DXF_LAYERS.geometry);

  for (const entity of curves) addDxfEntity(dxf, entity, { layerName: DXF_LAYERS.geometry });

  for (const trace of drawing.traces) {
    const { xy, length } = trace.points;
    if (length < 2) continue;
    const points: Vec2[] = [];
    for (let i = 0; i < length; i++) points.push(toDxf([xy[2 * i], xy[2 * i + 1]]));
    // A trace given its own colour keeps it (a true colour, 0xRRGGBB as a number); else the layer's.
    const trueColor = trace.color ? String(parseInt(trace.color.slice(1), 16)) : undefined;
    addDxfEntity(
      dxf,
      { type: 'LWPOLYLINE', points, closed: false },
      { layerName: DXF_LAYERS.traces, trueColor },
    );
  }

  if (construction)
    for (const entity of dxfConstruction(drawing))
      addDxfEntity(dxf, entity, { layerName: DXF_LAYERS.construction });
  if (dimensions) dxfDimensions(dxf, drawing);
  return dxf.stringify();
}
