// One CurveModel per curve of a drawing, by kind.
import { assertNever } from '../../shared/assert-never';
import type { Curve, Drawing } from '../../shared/drawing';
import { ArcModel } from './arc';
import { BarModel } from './bar';
import { BezierModel } from './bezier';
import { CircleModel } from './circle';
import type { CurveModel } from './curve';
import { EllipseModel } from './ellipse';
import { PointModel } from './point';
import { SegmentModel } from './segment';
import { SplineModel } from './spline';
import { createEquationCurve } from '../expr/equation-curve';

/** Builds the model of one curve; throws a plain message (the caller prefixes the path) on bad shape data. */
export function createCurveModel(curve: Curve, drawing: Drawing): CurveModel {
  switch (curve.kind) {
    case 'point':
      return new PointModel(curve);
    case 'segment':
      return new SegmentModel(curve);
    case 'bar':
      if (!Number.isFinite(curve.length)) throw new Error(`length: not a finite number`);
      return new BarModel(curve);
    case 'circle':
      return new CircleModel(curve);
    case 'arc':
      return new ArcModel(curve);
    case 'ellipse':
      return new EllipseModel(curve);
    case 'bezier':
      if (!Array.isArray(curve.points) || curve.points.length !== 4)
        throw new Error(`points: a Bézier needs 4`);
      return new BezierModel(curve);
    case 'spline':
      if (!Array.isArray(curve.points) || curve.points.length < 2)
        throw new Error(`points: a spline needs at least 2`);
      return new SplineModel(curve);
    case 'equation':
      return createEquationCurve(curve, drawing);
    default:
      return assertNever(curve, `kind: unknown curve kind '${(curve as { kind: unknown }).kind}'`);
  }
}
