// Our DXF entities (dxf-curves.ts: plain data in DXF coordinates) written through @tarikjabiri/dxf, into the model
// space or a block (a dimension's picture) alike.

import {
  LWPolylineFlags,
  SplineFlags,
  point3d,
  type CommonEntityOptions,
  type DxfBlock,
} from '@tarikjabiri/dxf';
import { assertNever } from '../shared/assert-never';
import type { Vec2 } from '../shared/drawing';
import type { DxfCurveEntity } from './dxf-curves';

/** What entities are added to: the writer (its model space) or a block. */
export type DxfSink = Pick<
  DxfBlock,
  'addPoint' | 'addLine' | 'addCircle' | 'addArc' | 'addEllipse' | 'addSpline' | 'addLWPolyline'
>;

const v3 = (p: Vec2) => point3d(p[0], p[1], 0);

function addEntity(dxf: DxfSink, e: DxfCurveEntity, options: CommonEntityOptions): void {
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

/** Writes the entities into `dxf` with the same options (their layer, colour). */
export function addDxfEntities(dxf: DxfSink, entities: DxfCurveEntity[], options: CommonEntityOptions): void {
  for (const e of entities) addEntity(dxf, e, options);
}
