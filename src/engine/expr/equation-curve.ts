// The equation curve model: a CurveModel (src/engine/curves/curve.ts) over a compiled definition.
//
// State q_c: the definition's free parameters in declared order; fixed parameters are shape constants taken from
// the curve's `params` (or the definition's values where the curve does not set them). The engine's u ∈ [0, 1] maps
// linearly to the definition's t = u0 + (u1 − u0)·u, so ∂p/∂u = (u1 − u0)·∂p/∂t.
//
// The engine asks for position, tangent and jacobian at the same u one after another: the evaluator keeps the
// levels of its tape that are valid for the current u and parameters, so each instruction runs once for all three.

import type { Anchor, Curve, Drawing, EquationCurve } from '../../shared/drawing';
import type { Path } from '../../shared/primitives';
import {
  centerIndexOf,
  boundsBySampling,
  displacementBySampling,
  DRAG_SPREAD,
  dragMatrixByQuadrature,
  type CurveModel,
} from '../curves/curve';
import {
  LEVEL_FIRST as IMPORTED_LEVEL_FIRST,
  LEVEL_POSITION as IMPORTED_LEVEL_POSITION,
  LEVEL_SECOND as IMPORTED_LEVEL_SECOND,
  LEVEL_TANGENT_JACOBIAN as IMPORTED_LEVEL_TANGENT_JACOBIAN,
  compileDefinition,
  type CompiledDefinition,
  type DefinitionEvaluator,
} from './definition';
import { formatDefinitionError } from './errors';
import { closestParameter, samplePolyline } from './sampling';
import { findNonFinite } from './validate';

// Bound locally: under a CommonJS transform (tsx, vitest) each use of an imported binding is a getter call.
const LEVEL_POSITION = IMPORTED_LEVEL_POSITION;
const LEVEL_FIRST = IMPORTED_LEVEL_FIRST;
const LEVEL_SECOND = IMPORTED_LEVEL_SECOND;
const LEVEL_TANGENT_JACOBIAN = IMPORTED_LEVEL_TANGENT_JACOBIAN;

/** Quadrature pieces for the drag matrix: user curves can wiggle more than a circle (4 Gauss points each). */
const DRAG_PIECES = 8;

export class EquationCurveModel implements CurveModel {
  readonly kind = 'equation' as const;
  readonly size: number;
  readonly closed: boolean;
  readonly centerIndex = centerIndexOf('equation');
  readonly constantDrag = false;

  private readonly evaluator: DefinitionEvaluator;
  private readonly free: Int32Array;
  private readonly t0: number;
  private readonly scale: number;
  /** Registers of x, y, ∂x/∂t, ∂y/∂t. */
  private readonly rx: number;
  private readonly ry: number;
  private readonly rdx: number;
  private readonly rdy: number;
  /**
   * Register of each Jacobian entry in the Jacobian's own layout (∂x/∂q_0 … ∂x/∂q_k−1, then ∂y/∂q_0 …): a plain
   * array like the evaluator's registers (see DefinitionEvaluator), read on every call. Constant entries (∂x/∂cx
   * = 1, the structural zeros, half of a Bézier's) are constant registers of the tape.
   */
  private readonly jacobianSource: number[];
  /** Register of each entry of ∂(∂p/∂t)/∂q in the same layout (tape level 3). */
  private readonly tangentJacobianSource: number[];
  /** Registers of ∂²x/∂t², ∂²y/∂t² (tape level 2). */
  private readonly rdxx: number;
  private readonly rdyy: number;
  private readonly scratch = new Float64Array(6);
  /**
   * The free parameters the Jacobian depends on (state positions; a plain array like the registers): none for
   * curves linear in their free parameters, whose Jacobian depends on u only.
   */
  private readonly jacobianParams: number[];
  /** The free parameters ∂p/∂u depends on. */
  private readonly tangentParams: number[];

  constructor(
    readonly compiled: CompiledDefinition,
    /** Every parameter's value, declared order (free ones are the initial state). */
    private readonly values: Float64Array,
  ) {
    this.free = compiled.freeParams;
    this.size = this.free.length;
    this.closed = compiled.definition.closed;
    this.t0 = compiled.definition.u0;
    this.scale = compiled.definition.u1 - compiled.definition.u0;
    this.evaluator = compiled.createEvaluator();
    this.jacobianParams = Array.from(compiled.jacobianParams);
    this.tangentParams = Array.from(compiled.tangentParams);
    this.evaluator.setParams(values);
    const out = compiled.outputs[LEVEL_FIRST];
    this.rx = out[0];
    this.ry = out[1];
    this.rdx = out[2];
    this.rdy = out[3];
    const k = this.size;
    this.jacobianSource = Array.from({ length: 2 * k }, (_, j) =>
      j < k ? out[4 + 2 * j] : out[5 + 2 * (j - k)],
    );
    const mixed = compiled.outputs[LEVEL_TANGENT_JACOBIAN];
    this.tangentJacobianSource = Array.from({ length: 2 * k }, (_, j) =>
      j < k ? mixed[2 * j] : mixed[1 + 2 * (j - k)],
    );
    this.rdxx = compiled.outputs[LEVEL_SECOND][4];
    this.rdyy = compiled.outputs[LEVEL_SECOND][5];
  }

  /** Loads q's free parameters into the evaluator (it notices which changed and what that invalidates). */
  private load(q: Float64Array, off: number): void {
    this.evaluator.setFree(q, off);
  }

  initialState(out: Float64Array, off: number): void {
    for (let j = 0; j < this.size; j++) out[off + j] = this.values[this.free[j]];
  }

  /** Writes every parameter, free (from q) and fixed, by name: the curve then carries its whole shape. */
  writeState(curve: Curve, q: ArrayLike<number>, off: number): void {
    const params: Record<string, number> = {};
    const names = this.compiled.paramNames;
    for (let i = 0; i < names.length; i++) params[names[i]] = this.values[i];
    for (let j = 0; j < this.size; j++) params[names[this.free[j]]] = q[off + j];
    (curve as EquationCurve).params = params;
  }

  position(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const r = this.evaluator.evaluateFree(LEVEL_POSITION, this.t0 + this.scale * u, q, off);
    out[0] = r[this.rx];
    out[1] = r[this.ry];
  }

  // Derivatives: a non-finite value (a cusp like sqrt at 0, reached only after the parameters moved: validation
  // rejects it at the drawing's own values) is written as 0 so the solver never sees NaN; the position stays
  // honest, so a step into such a region is still rejected by the integrator's finiteness check.
  tangent(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const t = this.t0 + this.scale * u;
    // Like the Jacobian, ∂p/∂u depends on some free parameters only (a circle's on r, not on cx, cy).
    const r = this.evaluator.evaluateSome(LEVEL_FIRST, t, q, off, this.tangentParams);
    const dx = this.scale * r[this.rdx];
    const dy = this.scale * r[this.rdy];
    out[0] = Number.isFinite(dx) ? dx : 0;
    out[1] = Number.isFinite(dy) ? dy : 0;
  }

  jacobian(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const t = this.t0 + this.scale * u;
    // The Jacobian depends on some of the free parameters only (never on a centre's cx, cy), on none for a curve
    // linear in them (a Bézier, a circle): at a u already computed, only those are compared with q.
    const r = this.evaluator.evaluateSome(LEVEL_FIRST, t, q, off, this.jacobianParams);
    const source = this.jacobianSource;
    // v·0 is 0 for every finite v and NaN otherwise: one sum tells whether any entry needs replacing, without a
    // branch per entry. Two sums, as their additions wait on each other (the Jacobian has an even length).
    let zero = 0;
    let zero2 = 0;
    for (let j = 0; j < source.length; j += 2) {
      const v = r[source[j]];
      const w = r[source[j + 1]];
      out[j] = v;
      out[j + 1] = w;
      zero += v * 0;
      zero2 += w * 0;
    }
    if (zero + zero2 !== 0) {
      for (let j = 0; j < source.length; j++) if (!Number.isFinite(out[j])) out[j] = 0;
    }
  }

  /** ∂²p/∂u∂q = (u1 − u0)·∂²p/∂t∂q, from the tape's level 3 (derived symbolically once, at compile time). */
  tangentJacobian(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const r = this.evaluator.evaluateFree(LEVEL_TANGENT_JACOBIAN, this.t0 + this.scale * u, q, off);
    const source = this.tangentJacobianSource;
    for (let j = 0; j < source.length; j++) {
      const v = this.scale * r[source[j]];
      out[j] = Number.isFinite(v) ? v : 0;
    }
  }

  /** ∂²p/∂u² = (u1 − u0)²·∂²p/∂t², from the tape's level 2. */
  secondDerivative(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const r = this.evaluator.evaluateFree(LEVEL_SECOND, this.t0 + this.scale * u, q, off);
    const s2 = this.scale * this.scale;
    const x = s2 * r[this.rdxx];
    const y = s2 * r[this.rdyy];
    out[0] = Number.isFinite(x) ? x : 0;
    out[1] = Number.isFinite(y) ? y : 0;
  }

  /** With the Sobolev term: a global shape parameter (an amplitude, a radius) is not thrown against a pull. */
  dragMatrix(out: Float64Array, q: Float64Array, off: number): void {
    dragMatrixByQuadrature(this, out, q, off, DRAG_PIECES, DRAG_SPREAD);
  }

  displacementBound(q: Float64Array, off: number, dq: Float64Array, dOff: number): number {
    return displacementBySampling(this, q, off, dq, dOff, 16);
  }

  bounds(out: Float64Array, q: Float64Array, off: number): void {
    boundsBySampling(this, out, q, off, 256);
  }

  closestU(q: Float64Array, off: number, x: number, y: number): number {
    this.load(q, off);
    const s = this.scratch;
    return closestParameter(
      (out, u) => this.evaluator.position(out, this.t0 + this.scale * u),
      (out, u) => {
        this.evaluator.second(s, this.t0 + this.scale * u);
        out[0] = s[0];
        out[1] = s[1];
        out[2] = this.scale * s[2];
        out[3] = this.scale * s[3];
        out[4] = this.scale * this.scale * s[4];
        out[5] = this.scale * this.scale * s[5];
      },
      x,
      y,
    );
  }

  path(q: Float64Array, off: number, tolerance: number): Path {
    this.load(q, off);
    const points = samplePolyline(
      (out, u) => this.evaluator.position(out, this.t0 + this.scale * u),
      tolerance,
    );
    if (points.length === 0) return { start: [0, 0], segments: [], closed: false };
    const [start, ...rest] = points;
    // A closed curve ends where it starts: the Z of the path draws the last piece.
    if (this.closed && rest.length > 0) rest.pop();
    return {
      start,
      segments: rest.length > 0 ? [{ type: 'polyline', points: rest }] : [],
      closed: this.closed,
    };
  }

  anchorU(anchor: Anchor): number {
    // 'center' is the material point halfway along u: an equation curve has no geometric centre of its own.
    return anchor === 'start' ? 0 : anchor === 'end' ? 1 : 0.5;
  }
}

/**
 * The parameter values of `curve`, declared order: its own values, else the definition's. Throws a plain
 * message naming the field (the engine prefixes the curve's path) on unknown or non-finite values.
 */
export function equationParamValues(curve: EquationCurve, compiled: CompiledDefinition): Float64Array {
  const values = Float64Array.from(compiled.defaults);
  const own = curve.params ?? {};
  if (typeof own !== 'object') throw new Error('params: must be an object of numbers by name');
  for (const [name, value] of Object.entries(own)) {
    const i = compiled.paramNames.indexOf(name);
    if (i < 0) {
      throw new Error(`params.${name}: '${compiled.definition.id}' has no parameter '${name}'`);
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new Error(`params.${name}: not a finite number`);
    }
    values[i] = value;
  }
  return values;
}

/**
 * The engine's factory for kind 'equation': finds the curve's definition in drawing.equations, compiles it
 * (cached) and builds the model. Throws a plain message naming the field ("definition: …", "params.r: …");
 * the engine prefixes the curve's path.
 */
export function createEquationCurve(curve: EquationCurve, drawing: Drawing): EquationCurveModel {
  const index = (drawing.equations ?? []).findIndex((d) => d.id === curve.definition);
  if (index < 0) throw new Error(`definition: no equation definition '${curve.definition}' in the drawing`);
  const result = compileDefinition(drawing.equations[index]);
  if (!result.ok) {
    throw new Error(`definition: equations[${index}].${formatDefinitionError(result.errors[0])}`);
  }
  const values = equationParamValues(curve, result.compiled);
  // Only positions must be finite to build: a kink in a derivative (sqrt at 0) the model writes as 0.
  const problem = findNonFinite(result.compiled, values, true);
  if (problem) throw new Error(`params: ${problem.message}`);
  return new EquationCurveModel(result.compiled, values);
}
