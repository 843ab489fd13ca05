// From a Drawing to the engine's model: curve models and state layout, resolved connectors, constraint terms and
// springs, with every reference checked. Errors name the path of the offending value.
import { centerIsOffCurve, type Connector, type Drawing } from '../shared/drawing';
import { AttachTerm } from './constraints/attach';
import type { ConstraintTerm } from './constraints/constraint';
import { DistanceTerm } from './constraints/distance';
import { BarMotorTerm, PointMotorTerm, type AnyMotorTerm } from './constraints/motor';
import { OnCurveTerm } from './constraints/on-curve';
import { PinTerm } from './constraints/pin';
import type { CurveModel } from './curves/curve';
import { createCurveModel } from './curves/registry';
import { EngineError } from './errors';
import { UserSpring } from './forces/user-spring';
import { ConnectorPoint } from './model/connector';
import { ConstraintSystem, type BeadBlock } from './system/system';

export interface BeadInfo extends BeadBlock {
  wireClosed: boolean;
  block: number;
  sOff: number;
  /** Index of its on-curve constraint in drawing.constraints. */
  constraint: number;
}

export interface EngineModel {
  curves: CurveModel[];
  curveIndex: Map<string, number>;
  curveOff: Int32Array;
  beads: BeadInfo[];
  terms: ConstraintTerm[];
  motors: { term: AnyMotorTerm; constraint: number }[];
  springs: UserSpring[];
  q: Float64Array;
  system: ConstraintSystem;
  resolve(c: Connector, path: string): ConnectorPoint;
}

const ANCHORS = new Set(['start', 'end', 'center']);

function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}
function checkVec(v: unknown, path: string): [number, number] {
  if (!Array.isArray(v) || v.length !== 2 || !isFiniteNumber(v[0]) || !isFiniteNumber(v[1]))
    throw new EngineError(path, 'expected a point [x, y] of finite numbers');
  return [v[0], v[1]];
}

export function buildModel(drawing: Drawing): EngineModel {
  if (!drawing || !Array.isArray(drawing.curves)) throw new EngineError('curves', 'expected an array');
  const constraints = Array.isArray(drawing.constraints) ? drawing.constraints : [];
  const springsData = Array.isArray(drawing.springs) ? drawing.springs : [];

  const curves: CurveModel[] = [];
  const curveIndex = new Map<string, number>();
  drawing.curves.forEach((curve, i) => {
    const path = `curves[${i}]`;
    if (!curve || typeof curve.id !== 'string' || curve.id === '')
      throw new EngineError(`${path}.id`, 'missing id');
    if (curveIndex.has(curve.id)) throw new EngineError(`${path}.id`, `duplicate curve id '${curve.id}'`);
    try {
      curves.push(createCurveModel(curve, drawing));
    } catch (e) {
      if (e instanceof EngineError) throw e;
      throw new EngineError(path, (e as Error).message);
    }
    curveIndex.set(curve.id, i);
  });

  const curveOff = new Int32Array(curves.length);
  let n = 0;
  curves.forEach((c, i) => {
    curveOff[i] = n;
    n += c.size;
  });
  const beadCount = constraints.filter((c) => c && c.kind === 'on-curve').length;
  const q = new Float64Array(n + beadCount);
  curves.forEach((c, i) => {
    c.initialState(q, curveOff[i]);
    for (let j = 0; j < c.size; j++)
      if (!Number.isFinite(q[curveOff[i] + j]))
        throw new EngineError(`curves[${i}]`, 'a parameter is not finite');
  });

  const curveAt = (id: unknown, path: string): number => {
    if (typeof id !== 'string') throw new EngineError(path, 'missing curve id');
    const i = curveIndex.get(id);
    if (i === undefined) throw new EngineError(path, `unknown curve '${id}'`);
    return i;
  };
  const resolve = (c: Connector, path: string): ConnectorPoint => {
    if (!c || typeof c !== 'object') throw new EngineError(path, 'missing connector');
    const ci = curveAt(c.curve, `${path}.curve`);
    const model = curves[ci];
    const hasU = c.u !== undefined && c.u !== null;
    const hasAnchor = c.anchor !== undefined && c.anchor !== null;
    if (hasU === hasAnchor) throw new EngineError(path, 'set exactly one of u and anchor');
    if (hasU) {
      if (!isFiniteNumber(c.u) || c.u < 0 || c.u > 1)
        throw new EngineError(`${path}.u`, 'must be a number in [0, 1]');
      return new ConnectorPoint(model, ci, curveOff[ci], c.u, false);
    }
    if (!ANCHORS.has(c.anchor as string))
      throw new EngineError(`${path}.anchor`, `unknown anchor '${c.anchor}'`);
    if (c.anchor === 'center' && centerIsOffCurve(model.kind))
      return new ConnectorPoint(model, ci, curveOff[ci], 0, true);
    return new ConnectorPoint(model, ci, curveOff[ci], model.anchorU(c.anchor!), false);
  };

  const terms: ConstraintTerm[] = [];
  const beads: BeadInfo[] = [];
  const motors: { term: AnyMotorTerm; constraint: number }[] = [];
  const ids = new Set<string>();
  constraints.forEach((k, i) => {
    const path = `constraints[${i}]`;
    if (!k || typeof k.id !== 'string' || k.id === '') throw new EngineError(`${path}.id`, 'missing id');
    if (ids.has(k.id)) throw new EngineError(`${path}.id`, `duplicate constraint id '${k.id}'`);
    ids.add(k.id);
    switch (k.kind) {
      case 'attach':
        terms.push(new AttachTerm(k.id, resolve(k.a, `${path}.a`), resolve(k.b, `${path}.b`)));
        break;
      case 'pin': {
        const at = checkVec(k.at, `${path}.at`);
        terms.push(new PinTerm(k.id, resolve(k.point, `${path}.point`), at[0], at[1]));
        break;
      }
      case 'distance':
        if (!isFiniteNumber(k.length) || k.length < 0)
          throw new EngineError(`${path}.length`, 'must be a finite number ≥ 0');
        terms.push(new DistanceTerm(k.id, resolve(k.a, `${path}.a`), resolve(k.b, `${path}.b`), k.length));
        break;
      case 'on-curve': {
        const point = resolve(k.point, `${path}.point`);
        const wi = curveAt(k.curve, `${path}.curve`);
        if (!isFiniteNumber(k.s)) throw new EngineError(`${path}.s`, 'must be a finite number');
        const wire = curves[wi];
        const block = curves.length + beads.length;
        const sOff = n + beads.length;
        q[sOff] = wire.closed ? k.s - Math.floor(k.s) : Math.min(1, Math.max(0, k.s));
        beads.push({ wire, wireOff: curveOff[wi], wireClosed: wire.closed, block, sOff, constraint: i });
        terms.push(new OnCurveTerm(k.id, point, wire, wi, curveOff[wi], block, sOff));
        break;
      }
      case 'motor': {
        if (!isFiniteNumber(k.rpm)) throw new EngineError(`${path}.rpm`, 'must be a finite number');
        if (!isFiniteNumber(k.angle)) throw new EngineError(`${path}.angle`, 'must be a finite number');
        const running = k.running === true;
        let term: AnyMotorTerm;
        if (k.bar !== undefined && k.bar !== null) {
          const bi = curveAt(k.bar, `${path}.bar`);
          if (curves[bi].kind !== 'bar')
            throw new EngineError(`${path}.bar`, `'${k.bar}' is a ${curves[bi].kind}, not a bar`);
          term = new BarMotorTerm(k.id, k.angle, k.rpm, running, bi, curveOff[bi] + 2, q[curveOff[bi] + 2]);
        } else {
          if (!k.point || !k.pivot)
            throw new EngineError(path, 'a motor needs a bar, or a point and a pivot');
          term = new PointMotorTerm(
            k.id,
            k.angle,
            k.rpm,
            running,
            resolve(k.point, `${path}.point`),
            resolve(k.pivot, `${path}.pivot`),
          );
        }
        terms.push(term);
        motors.push({ term, constraint: i });
        break;
      }
      default:
        throw new EngineError(`${path}.kind`, `unknown constraint kind '${(k as { kind: unknown }).kind}'`);
    }
  });

  const springs = springsData.map((s, i) => {
    const path = `springs[${i}]`;
    if (!s) throw new EngineError(path, 'missing spring');
    if (!isFiniteNumber(s.stiffness) || s.stiffness < 0)
      throw new EngineError(`${path}.stiffness`, 'must be a finite number ≥ 0');
    if (!isFiniteNumber(s.rest) || s.rest < 0)
      throw new EngineError(`${path}.rest`, 'must be a finite number ≥ 0');
    return new UserSpring(s.id, resolve(s.a, `${path}.a`), resolve(s.b, `${path}.b`), s.stiffness, s.rest);
  });

  const system = new ConstraintSystem(curves, curveOff, beads, terms);
  return { curves, curveIndex, curveOff, beads, terms, motors, springs, q, system, resolve };
}
