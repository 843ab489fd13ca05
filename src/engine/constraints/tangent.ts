// The tangent record to its term, by form (src/shared/drawing.ts, TangentConstraint): a line touching a curve at a
// sliding contact s, two circles or arcs touching, or G1 at two connectors. Which curve kinds each form takes was
// checked before the build (src/shared/constraint-targets.ts); what is left to refuse here is a G1 connector
// without a direction (a point, or the off-curve centre of a circle, arc or ellipse).
import { withArticle } from '../../shared/article';
import type { TangentConstraint } from '../../shared/drawing';
import { EngineError } from '../errors';
import type { ConnectorPoint } from '../model/connector';
import type { ConstraintTerm } from './constraint';
import type { SketchContext } from './sketch';
import { TangentCirclesTerm } from './tangent-circles';
import { TangentContactTerm } from './tangent-contact';
import { TangentG1Term } from './tangent-g1';

/** The term of constraints[i], a tangent record that passed its schema and reference checks. */
export function tangentTerm(k: TangentConstraint, i: number, ctx: SketchContext): ConstraintTerm {
  const path = `constraints[${i}]`;
  if (k.curves === undefined) {
    const a = directed(ctx.resolve(k.a!, `${path}.a`), `${path}.a`);
    const b = directed(ctx.resolve(k.b!, `${path}.b`), `${path}.b`);
    return new TangentG1Term(k.id, a, b);
  }
  const i1 = ctx.curveAt(k.curves[0]);
  const i2 = ctx.curveAt(k.curves[1]);
  const { curves, curveOff } = ctx;
  if (k.internal !== undefined) {
    return new TangentCirclesTerm(
      k.id,
      curves[i1],
      i1,
      curveOff[i1],
      curves[i2],
      i2,
      curveOff[i2],
      k.internal,
      ctx.q,
    );
  }
  const { block, sOff } = ctx.addBead(i2, k.s!, i);
  return new TangentContactTerm(
    k.id,
    curves[i1],
    i1,
    curveOff[i1],
    curves[i2],
    i2,
    curveOff[i2],
    block,
    sOff,
  );
}

/** The connector, if it has a direction (∂p/∂u of its curve there); else an EngineError at `path`. */
export function directed(point: ConnectorPoint, path: string): ConnectorPoint {
  if (point.center)
    throw new EngineError(path, `the centre of ${withArticle(point.model.kind)} has no direction`);
  if (point.model.kind === 'point') throw new EngineError(path, 'a point has no direction');
  return point;
}
