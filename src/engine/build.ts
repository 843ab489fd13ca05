// From a Drawing to the engine's model: curve models and state layout, resolved connectors, constraint terms and
// springs. Errors name the path of the offending value. What a record may hold is src/shared/records.ts's to say
// and which ids it may name src/shared/references.ts's (checkConnections): constraints and springs are
// checked with those schemas here, references with that module. Curves are not parsed by their file schema, because in memory a radius may
// be negative (a circle dragged inside out, see src/document/orientation.ts): their models check what they need,
// and every state entry must be finite.
import {
  centerIsOffCurve,
  type Attractor,
  type Connector,
  type Constraint,
  type Drawing,
  type PointSet,
  type ReferenceImage,
  type Spring,
} from '../shared/drawing';
import { assertNever } from '../shared/assert-never';
import { isDimension } from '../shared/dimensions';
import { curveTurn, TURN_PARAMETERS, type CurveTurn } from '../shared/motor-turn';
import * as records from '../shared/records';
import { checkConnections, checkWholeLists } from '../shared/references';
import { SchemaError, accepts, describeValue, type Schema } from '../shared/schema';
import { AttachTerm } from './constraints/attach';
import type { ConstraintTerm, DimensionTerm } from './constraints/constraint';
import { BarMotorTerm, PointMotorTerm, type AnyMotorTerm } from './constraints/motor';
import { OnCurveTerm } from './constraints/on-curve';
import { PinTerm } from './constraints/pin';
import { dimensionTerm, hasSlidingParameter, sketchTerm, type SketchContext } from './constraints/sketch';
import type { CurveModel } from './curves/curve';
import { createCurveModel } from './curves/registry';
import { EngineError } from './errors';
import { DataFit, type FittedCurve } from './forces/data-fit';
import type { EdgeField } from './forces/edge-field';
import { EdgeFit } from './forces/edge-fit';
import type { ForceTerm } from './forces/force';
import { UserSpring } from './forces/user-spring';
import { ConnectorPoint } from './model/connector';
import { StackedRows } from './stacked-rows';
import { stackTerms } from './stacking';
import { ConstraintSystem, type BeadBlock } from './system/system';
import type { DrawingPart } from './parts';

export interface BeadInfo extends BeadBlock {
  wireClosed: boolean;
  block: number;
  sOff: number;
  /** Index of its on-curve constraint in drawing.constraints. */
  constraint: number;
}

/** An attractor as the engine runs it: its force, and the index of its record in drawing.attractors. */
export interface Pull {
  readonly term: ForceTerm;
  readonly attractor: number;
}

/**
 * A reference image's edge field at a capture range (mm), or null while there is none: the snakes' source, which
 * the caller provides (the document layer makes edge maps: src/document/edge-maps.ts). Without one a snake pulls
 * nothing.
 */
export type EdgeFieldSource = (image: ReferenceImage, rangeMm: number) => EdgeField | null;

/** How many samples a snake spreads over its curves (at least MIN_SNAKE_SAMPLES on each). */
export const SNAKE_SAMPLES = 200;
const MIN_SNAKE_SAMPLES = 16;

export interface EngineModel {
  curves: CurveModel[];
  /** Each curve's index in drawing.curves (a part's curves are a subset of the drawing's: parts.ts). */
  curveGlobal: Int32Array;
  curveIndex: ReadonlyMap<string, number>;
  curveOff: Int32Array;
  beads: BeadInfo[];
  /** Per term as built (declared order; stacked.declared): the index of its constraint in drawing.constraints. */
  termConstraint: Int32Array;
  /**
   * The system's terms, in declared order: the constraints' as built, less the duplicates of earlier ones, with
   * stars' attachments re-expressed as chains (stacking.ts). `stacked` reads them back as declared.
   */
  terms: ConstraintTerm[];
  stacked: StackedRows;
  motors: { term: AnyMotorTerm; constraint: number }[];
  /** The reference dimensions' terms (no rows: they measure what writeBack stores in their records). */
  references: { term: DimensionTerm; constraint: number }[];
  springs: UserSpring[];
  /**
   * The attractors that are on (drawing.ts, Attractor), as forces: data fits (forces/data-fit.ts) and targets
   * (springs to the paper). They act only while the engine relaxes (Engine.relax), not in a drag or a settle.
   */
  fits: Pull[];
  q: Float64Array;
  system: ConstraintSystem;
  resolve(c: Connector, path: string): ConnectorPoint;
  /** What the sketch terms are built from (Engine.measure builds a dimension's term from it). */
  sketch: SketchContext;
}

/** Runs a shared check; its SchemaError becomes an EngineError at the same path. */
function asEngineErrors(run: () => void): void {
  try {
    run();
  } catch (error) {
    if (error instanceof SchemaError) throw new EngineError(error.path, error.detail);
    throw error;
  }
}

/** A record checked by its shared schema, the path spelled only once a problem is found. */
function checked<T>(schema: Schema<T>, value: unknown, list: string, index: number): void {
  if (!accepts(schema, value)) asEngineErrors(() => schema.parse(value, `${list}[${index}]`));
}

/**
 * Checks what every part of a drawing relies on (record shapes, ids, references), naming the path of the first
 * problem; buildModel(drawing, part) then builds a part without checking again.
 */
export function checkEngineDrawing(drawing: Drawing): void {
  if (!drawing || !Array.isArray(drawing.curves)) throw new EngineError('curves', 'expected an array');
  const constraints = Array.isArray(drawing.constraints) ? drawing.constraints : [];
  const springsData = Array.isArray(drawing.springs) ? drawing.springs : [];
  constraints.forEach((k, i) => checked(records.constraint, k, 'constraints', i));
  springsData.forEach((sp, i) => checked(records.spring, sp, 'springs', i));
  drawing.curves.forEach((curve, i) => {
    if (!curve || typeof curve.id !== 'string' || curve.id === '')
      throw new EngineError(`curves[${i}].id`, 'missing id');
  });
  // Ids unique across every list and every curve named present: the one reference check (src/shared/references.ts).
  asEngineErrors(() =>
    checkConnections({
      curves: drawing.curves,
      constraints,
      springs: springsData,
      traces: Array.isArray(drawing.traces) ? drawing.traces : [],
      equations: Array.isArray(drawing.equations) ? drawing.equations : [],
      view: drawing.view,
      meta: drawing.meta,
    }),
  );
  if (drawing.attractors?.length || drawing.pointSets?.length) {
    drawing.pointSets?.forEach((set, i) => checked(records.pointSet, set, 'pointSets', i));
    drawing.attractors?.forEach((a, i) => checked(records.attractor, a, 'attractors', i));
    asEngineErrors(() => checkWholeLists(drawing));
  }
}

/**
 * Where a model's records come from (buildPartModel): the drawing, or — a quiet part made a part of its own after
 * the build (quiet-parts.ts) — the engine's copies of its records, the curve models it made at the build and the
 * state it holds. Indices are the drawing's.
 */
export interface ModelSource {
  readonly curveCount: number;
  curveId(i: number): string;
  /** Curve i's model (throws on a bad record). */
  curveModel(i: number): CurveModel;
  /** Curve i's state into q at `off`. */
  initialState(model: CurveModel, q: Float64Array, off: number, i: number): void;
  constraint(i: number): Constraint;
  spring(i: number): Spring;
  attractor(i: number): Attractor;
  /** A point set by id (an attractor's data). */
  pointSet(id: string): PointSet | undefined;
  /** A reference image's edge field at a capture range (a snake's), or null. */
  edgeField(imageId: string, rangeMm: number): EdgeField | null;
  /** What a motor turns of curve i (motor-turn.ts), or null. */
  curveTurn(i: number): CurveTurn | null;
}

/** The drawing as a model's source: each curve's model made from its record, its state read from it. */
export function drawingSource(drawing: Drawing, edges?: EdgeFieldSource): ModelSource {
  const constraints = Array.isArray(drawing.constraints) ? drawing.constraints : [];
  const springs = Array.isArray(drawing.springs) ? drawing.springs : [];
  const attractors = drawing.attractors ?? [];
  let sets: Map<string, PointSet> | null = null;
  return {
    curveCount: drawing.curves.length,
    curveId: (i) => drawing.curves[i].id,
    curveModel: (i) => createCurveModel(drawing.curves[i], drawing),
    initialState: (model, q, off) => model.initialState(q, off),
    constraint: (i) => constraints[i],
    spring: (i) => springs[i],
    attractor: (i) => attractors[i],
    pointSet: (id) => (sets ??= new Map((drawing.pointSets ?? []).map((set) => [set.id, set]))).get(id),
    edgeField: (id, range) => {
      const image = drawing.images?.find((one) => one.id === id);
      return image && edges ? edges(image, range) : null;
    },
    curveTurn: (i) => curveTurn(drawing.curves[i], Array.isArray(drawing.equations) ? drawing.equations : []),
  };
}

export interface ModelOptions {
  /**
   * False for a model never stepped, only evaluated and diagnosed (quiet-parts.ts): its system plans no solver and
   * keeps drag matrices only where rows touch (ConstraintSystem). Default true.
   */
  stepped?: boolean;
  /** Where snakes get their images' edge fields (EngineOptions.edgeField). */
  edgeField?: EdgeFieldSource;
}

/**
 * The model of a whole drawing (checked first), or of one part of a checked drawing: the curves, constraints and
 * springs at those indices (parts.ts), every path and index still the drawing's. `drawingIndex`: each curve id's
 * index in the drawing (the engine's), which a part holding every curve shares as its own instead of a second Map
 * (100,000 entries on a big drawing's open).
 */
export function buildModel(
  drawing: Drawing,
  part?: DrawingPart,
  drawingIndex?: ReadonlyMap<string, number>,
  options: ModelOptions = {},
): EngineModel {
  if (!part) checkEngineDrawing(drawing);
  const whole: DrawingPart = part ?? {
    curves: drawing.curves.map((_, i) => i),
    constraints: (Array.isArray(drawing.constraints) ? drawing.constraints : []).map((_, i) => i),
    springs: (Array.isArray(drawing.springs) ? drawing.springs : []).map((_, i) => i),
    attractors: (drawing.attractors ?? []).map((_, i) => i),
  };
  return buildPartModel(drawingSource(drawing, options.edgeField), whole, drawingIndex, options);
}

/** The model of one part of a checked drawing, its records from `source` (buildModel). */
export function buildPartModel(
  source: ModelSource,
  part: DrawingPart,
  drawingIndex?: ReadonlyMap<string, number>,
  options: ModelOptions = {},
): EngineModel {
  const curveIndices = part.curves;
  const constraintIndices = part.constraints;
  const springIndices = part.springs;

  const curves: CurveModel[] = [];
  // A part's curves are ascending: holding as many as the drawing, it holds each at its own index.
  const shared = drawingIndex !== undefined && curveIndices.length === source.curveCount;
  const own = new Map<string, number>();
  const curveIndex: ReadonlyMap<string, number> = shared ? drawingIndex : own;
  const curveGlobal = Int32Array.from(curveIndices);
  curveIndices.forEach((i, local) => {
    try {
      curves.push(source.curveModel(i));
    } catch (e) {
      if (e instanceof EngineError) throw e;
      throw new EngineError(`curves[${i}]`, (e as Error).message);
    }
    if (!shared) own.set(source.curveId(i), local);
  });

  const curveOff = new Int32Array(curves.length);
  let n = 0;
  curves.forEach((c, i) => {
    curveOff[i] = n;
    n += c.size;
  });
  let beadCount = 0;
  for (const i of constraintIndices) if (hasSlidingParameter(source.constraint(i))) beadCount++;
  const q = new Float64Array(n + beadCount);
  curves.forEach((c, i) => {
    source.initialState(c, q, curveOff[i], curveGlobal[i]);
    for (let j = 0; j < c.size; j++)
      if (!Number.isFinite(q[curveOff[i] + j]))
        throw new EngineError(`curves[${curveGlobal[i]}]`, 'a parameter is not finite');
  });

  // References were checked above: every id named here exists and is of the right kind.
  const curveAt = (id: string): number => curveIndex.get(id)!;
  const resolve = (c: Connector, path: string): ConnectorPoint => {
    const ci = curveIndex.get(c.curve);
    if (ci === undefined) throw new EngineError(`${path}.curve`, `unknown curve '${c.curve}'`);
    const model = curves[ci];
    if (c.anchor === undefined) return new ConnectorPoint(model, ci, curveOff[ci], c.u ?? 0, false);
    if (c.anchor === 'center' && centerIsOffCurve(model.kind))
      return new ConnectorPoint(model, ci, curveOff[ci], 0, true);
    return new ConnectorPoint(model, ci, curveOff[ci], model.anchorU(c.anchor), false);
  };

  const terms: ConstraintTerm[] = [];
  const beads: BeadInfo[] = [];
  /**
   * A sliding parameter s on curve `wi` (a bead's, a tangent contact's): one more state entry, its own block, kept
   * on the curve by the stops (integrator/stops.ts) and written back to constraint `i`'s `s`.
   */
  const addBead = (wi: number, s: number, i: number): { block: number; sOff: number } => {
    const wire = curves[wi];
    const block = curves.length + beads.length;
    const sOff = n + beads.length;
    q[sOff] = wire.closed ? s - Math.floor(s) : Math.min(1, Math.max(0, s));
    beads.push({ wire, wireOff: curveOff[wi], wireClosed: wire.closed, block, sOff, constraint: i });
    return { block, sOff };
  };
  const sketch: SketchContext = { curves, curveOff, q, resolve, curveAt, addBead };
  const motors: { term: AnyMotorTerm; constraint: number }[] = [];
  const references: { term: DimensionTerm; constraint: number }[] = [];
  const termConstraint: number[] = [];
  for (const i of constraintIndices) {
    const k = source.constraint(i);
    const path = `constraints[${i}]`;
    switch (k.kind) {
      case 'attach':
        terms.push(new AttachTerm(k.id, resolve(k.a, `${path}.a`), resolve(k.b, `${path}.b`)));
        break;
      case 'pin':
        terms.push(new PinTerm(k.id, resolve(k.point, `${path}.point`), k.at[0], k.at[1]));
        break;
      case 'on-curve': {
        const point = resolve(k.point, `${path}.point`);
        const wi = curveAt(k.curve);
        const { block, sOff } = addBead(wi, k.s, i);
        terms.push(new OnCurveTerm(k.id, point, curves[wi], wi, curveOff[wi], block, sOff));
        break;
      }
      case 'motor': {
        const running = k.running === true;
        let term: AnyMotorTerm;
        if (k.bar !== undefined) {
          const bi = curveAt(k.bar);
          const turn = source.curveTurn(curveGlobal[bi]);
          if (!turn)
            throw new EngineError(
              `${path}.bar`,
              `a motor cannot turn ${describeValue(k.bar)}: it has no free turn (${TURN_PARAMETERS.join(' or ')})`,
            );
          const at = curveOff[bi] + turn.stateIndex;
          term = new BarMotorTerm(k.id, k.angle, k.rpm, running, bi, curveOff[bi], turn.stateIndex, q[at]);
        } else {
          term = new PointMotorTerm(
            k.id,
            k.angle,
            k.rpm,
            running,
            resolve(k.point!, `${path}.point`),
            resolve(k.pivot!, `${path}.pivot`),
          );
        }
        // A motor that is not running holds nothing (motor.ts): no rows, only its angle to keep.
        if (running) terms.push(term);
        motors.push({ term, constraint: i });
        break;
      }
      default: {
        // Every other kind is the sketcher's (sketch.ts, whose switch lists them all). A reference dimension
        // measures and does not drive: its term is kept to measure with, not as rows.
        if (isDimension(k) && k.reference === true) {
          references.push({ term: dimensionTerm(k, sketch, path), constraint: i });
          break;
        }
        const term = sketchTerm(k, i, sketch);
        if (term) terms.push(term);
      }
    }
    while (termConstraint.length < terms.length) termConstraint.push(i);
  }

  const springs = springIndices.map((i) => {
    const s = source.spring(i);
    return new UserSpring(
      s.id,
      resolve(s.a, `springs[${i}].a`),
      s.b ? resolve(s.b, `springs[${i}].b`) : s.at!,
      s.stiffness,
      s.rest,
    );
  });

  const fits: Pull[] = [];
  for (const i of part.attractors) {
    const a = source.attractor(i);
    if (!a.on) continue;
    const term = pullTerm(a, i, source, curves, curveIndex, curveOff, resolve);
    if (term) fits.push({ term, attractor: i });
  }

  const stacking = stackTerms(terms);
  const system = new ConstraintSystem(curves, curveOff, beads, stacking.terms, options.stepped ?? true);
  return {
    curves,
    curveGlobal,
    curveIndex,
    curveOff,
    beads,
    termConstraint: Int32Array.from(termConstraint),
    terms: stacking.terms,
    stacked: new StackedRows(system, stacking),
    motors,
    references,
    springs,
    fits,
    q,
    system,
    resolve,
    sketch,
  };
}

/**
 * An attractor's force: a fit's points (each pulling with strength/n, so the whole data pulls as one spring of
 * that stiffness whatever its size) or a target's spring to the paper. Null for a pull with nothing to build from.
 */
function pullTerm(
  a: Attractor,
  i: number,
  source: ModelSource,
  curves: readonly CurveModel[],
  curveIndex: ReadonlyMap<string, number>,
  curveOff: Int32Array,
  resolve: (c: Connector, path: string) => ConnectorPoint,
): ForceTerm | null {
  const fitted = (ids: readonly string[]): FittedCurve[] =>
    ids.map((id) => {
      const block = curveIndex.get(id)!;
      return { model: curves[block], block, qOff: curveOff[block] };
    });
  switch (a.kind) {
    case 'points': {
      const set = source.pointSet(a.data);
      if (!set || set.points.length === 0) return null;
      const xy = new Float64Array(2 * set.points.length);
      set.points.forEach(([x, y], k) => {
        xy[2 * k] = x;
        xy[2 * k + 1] = y;
      });
      return new DataFit(fitted(a.curves), xy, null, a.strength / set.points.length, a.loss);
    }
    case 'edges': {
      const field = source.edgeField(a.image, a.range);
      if (!field) return null;
      const perCurve = Math.max(MIN_SNAKE_SAMPLES, Math.round(SNAKE_SAMPLES / a.curves.length));
      return new EdgeFit(fitted(a.curves), field, perCurve, a.strength);
    }
    case 'target':
      return new UserSpring(a.id, resolve(a.point, `attractors[${i}].point`), a.at, a.strength, 0);
    default:
      return assertNever(a);
  }
}
