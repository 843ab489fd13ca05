// The common interface of every curve the engine moves: a position function p(u; q_c) over u ∈ [0, 1] with its
// derivatives, a drag matrix, bounds, picking and an exact conversion to drawing primitives. One instance per curve
// of a drawing: it holds the curve's shape constants (a bar's length, a spline's point count, an equation's compiled
// expressions); the state parameters q_c live in the engine's state vector q at some offset.
//
// Conventions: q is the whole state vector and `off` the index of this curve's first parameter in it; outputs are
// written into caller-owned Float64Arrays (no allocation on the hot paths: position, tangent, jacobian,
// tangentJacobian, secondDerivative, dragMatrix, displacementBound).

import { withArticle } from '../../shared/article';
import { centerIsOffCurve, type Anchor, type Curve, type CurveKind } from '../../shared/drawing';
import type { Path } from '../../shared/primitives';
import { nearestParameter } from './nearest';

export interface CurveModel {
  readonly kind: CurveKind;
  /** Number of state parameters k (the curve's slice of q; order: CURVE_STATE_LAYOUT, or the free params). */
  readonly size: number;
  /** Closed curves wrap: p(0) = p(1); a bead on one wraps instead of stopping at the ends. */
  readonly closed: boolean;
  /**
   * State index (relative to off) of the x of the off-curve geometric centre that the 'center' anchor means, y at
   * +1; -1 when 'center' is a material point at anchorU('center'). Always centerIndexOf(kind).
   */
  readonly centerIndex: number;
  /** True when the drag matrix does not depend on the state (point, bar): the engine inverts it once. */
  readonly constantDrag: boolean;
  /**
   * State indices (relative to off) of the radii (circle, arc, ellipse): sizes the file cannot store as 0, which
   * the engine's steps never make exactly 0 (integrator/stops.ts). Absent: the curve has none.
   */
  readonly radii?: readonly number[];

  /** Writes the curve's current parameters (from the drawing data it was built from) into out[off … off+k). */
  initialState(out: Float64Array, off: number): void;
  /** Copies the state back into the drawing's curve object (mutates it; same kind as built from). */
  writeState(curve: Curve, q: ArrayLike<number>, off: number): void;

  /** out[0], out[1] = p(u). */
  position(out: Float64Array, q: Float64Array, off: number, u: number): void;
  /** out[0], out[1] = ∂p/∂u. */
  tangent(out: Float64Array, q: Float64Array, off: number, u: number): void;
  /** out[r·k + j] = ∂p_r/∂q_j for r ∈ {0 (x), 1 (y)}, j < k (row-major 2×k; every entry written). */
  jacobian(out: Float64Array, q: Float64Array, off: number, u: number): void;
  /**
   * out[r·k + j] = ∂²p_r/∂u∂q_j, how the direction ∂p/∂u moves with the state (row-major 2×k; every entry
   * written): what a constraint on directions (a tangent) needs for its Jacobian. Exact, finite.
   */
  tangentJacobian(out: Float64Array, q: Float64Array, off: number, u: number): void;
  /** out[0], out[1] = ∂²p/∂u² (a sliding contact's direction as its parameter moves). Exact, finite. */
  secondDerivative(out: Float64Array, q: Float64Array, off: number, u: number): void;
  /**
   * Only for curves whose points are fixed linear combinations of their state (point, Bézier, spline): p(u) =
   * Σ weight[t]·(q[off + index[t]], q[off + index[t] + 1]), the terms in the order position() sums them, so a
   * kernel evaluating the sum from flat arrays rounds as position() does. Set-up time (it allocates).
   */
  linearTerms?(u: number): { index: number[]; weight: number[] };
  /**
   * out[i·k + j] = M_ij, the k×k drag matrix ∫₀¹ (JᵀJ + λ² J_uᵀJ_u)(|∂p/∂u| + ℓ₀) du + μI with J = ∂p/∂q (λ:
   * the kind's Sobolev spread, 0 for the kinds without one), symmetric positive definite for every state (see
   * dragMatrixByQuadrature).
   */
  dragMatrix(out: Float64Array, q: Float64Array, off: number): void;
  /**
   * The settle metric (shape-drag.ts): out, holding this curve's dragMatrix at q, += `turn` times its drag on turns
   * about the curve's centre and `shape` times its drag on changes of shape and size — positive semidefinite, zero
   * on a move. Absent: the kind adds none (a point and a bar are rigid; a Bézier, a spline and an equation curve
   * are not split into placement and shape).
   */
  addSettleDrag?(out: Float64Array, q: Float64Array, off: number, turn: number, shape: number): void;
  /**
   * Curves of local support (a spline): with the state entries put in `order` (order[position] = state index,
   * relative to off), the drag matrix is a band of half-bandwidth `bandwidth`, whatever the state. The engine
   * keeps a long one banded (system/drag.ts). Absent: the drag matrix is dense.
   */
  readonly dragBand?: DragBand;
  /** The drag matrix as dragMatrix's, in band storage (system/band.ts) in dragBand's order; only with dragBand. */
  dragMatrixBand?(out: Float64Array, q: Float64Array, off: number): void;
  /**
   * An upper bound (or close estimate) of how far any point of the curve moves when its state changes by
   * dq[dOff … dOff+k) (to first order). Used to limit steps so mechanisms stay on their branch.
   */
  displacementBound(q: Float64Array, off: number, dq: Float64Array, dOff: number): number;
  /** out = [minX, minY, maxX, maxY] enclosing the curve. */
  bounds(out: Float64Array, q: Float64Array, off: number): void;
  /** The u of the point of the curve nearest (x, y) (for picking; allocation allowed). */
  closestU(q: Float64Array, off: number, x: number, y: number): number;
  /** Exact drawing primitives (equation curves: a polyline within `tolerance`). */
  path(q: Float64Array, off: number, tolerance: number): Path;
  /** The u of a named anchor. Throws for 'center' when centerIsOffCurve(kind) (offCurveCenter). */
  anchorU(anchor: Anchor): number;
}

/** A drag matrix's band layout (CurveModel.dragBand). */
export interface DragBand {
  readonly order: Int32Array;
  readonly bandwidth: number;
}

/** ℓ₀: every curve gets drag as if it were ℓ₀ (mm) longer, so a point (no length) drags like a 1 mm stub. */
export const DRAG_LENGTH_FLOOR = 1;
/** μ: the regulariser added to every drag matrix's diagonal, so degenerate curves keep M invertible. */
export const DRAG_REGULARISER = 1e-6;
/**
 * λ (in u) of the Sobolev term of a free-form curve's drag (Bézier, equation curves; a spline's is per piece, see
 * spline.ts): drag on how fast the motion changes along the curve, so a pull spreads over about this much of u
 * instead of throwing the far parts the other way (docs/engine.md, "Drag matrices": 0.25 was the least that left
 * no lobe against the pull; 0.3 keeps a margin for finite pulls).
 */
export const DRAG_SPREAD = 0.3;
/**
 * λ (in u) of the round kinds' Sobolev term (circle, arc, ellipse; their J_u exact from tangentJacobian). An arc of
 * a small sweep is nearly a segment, whose ends stop pulling against each other only from λ² = 1/6 (λ ≈ 0.41: see
 * SEGMENT_DRAG_SPREAD2); 0.45 keeps a margin, and the circle and the ellipse take the same value, so an arc of
 * nearly a whole turn drags as the circle does (docs/engine.md, "Drag matrices").
 */
export const ROUND_DRAG_SPREAD = 0.45;
/**
 * λ² of a segment's Sobolev term: 1/6, exactly where its two ends decouple. J = [(1 − u)I, uI], J_u = [−I, I], so
 * ∫ JᵀJ + λ²J_uᵀJ_u du = [[1/3 + λ², 1/6 − λ²], [1/6 − λ², 1/3 + λ²]] ⊗ I: with λ² = 1/6 that is ½I, and a segment
 * drags like its two ends, each with half its length (segment.ts).
 */
export const SEGMENT_DRAG_SPREAD2 = 1 / 6;

// 4-point Gauss–Legendre on [-1, 1].
const GL_NODES = [-0.8611363115940526, -0.3399810435848563, 0.3399810435848563, 0.8611363115940526];
const GL_WEIGHTS = [0.3478548451374538, 0.6521451548625461, 0.6521451548625461, 0.3478548451374538];

/** Scratch buffers for dragMatrixByQuadrature, grown on demand (never in steady state). */
let scratchJ = new Float64Array(64);
let scratchPrevJ = new Float64Array(64);
let scratchFirstJ = new Float64Array(64);
let scratchDJ = new Float64Array(64);
const scratchT = new Float64Array(2);

/** How dragMatrixByQuadrature takes J_u = ∂J/∂u for its Sobolev term. */
export type DragSlope = 'differences' | 'exact';

/**
 * M = ∫₀¹ (JᵀJ + λ² J_uᵀJ_u)(|∂p/∂u| + ℓ₀) du + μI with J = ∂p/∂q, λ = `spread` (0: the L² metric alone).
 *
 * The L² part by `pieces` equal sub-intervals of [0, 1], 4 Gauss–Legendre nodes each. The Sobolev part (J_u =
 * ∂J/∂u), with `slope` 'differences', by differences of J between consecutive nodes (and, on a closed curve, from
 * the last node round to the first): the H¹ seminorm of the motion interpolated linearly between the nodes, with
 * |∂p/∂u| averaged over each gap. That needs no second derivative from the model and no extra evaluation (the
 * free-form curves: Bézier, equation curves). With 'exact', J_u is the model's tangentJacobian at each node, by
 * the same quadrature as the L² part (the round kinds, whose J_u is cheap and whose differences would miss the
 * ends' share). Each term is a sum of squares, so M stays symmetric positive definite. The ℓ₀ floor keeps drag on
 * curves of zero length (a point: M = (ℓ₀ + μ)·I) and μ keeps parameters that move nothing (the angle of a
 * zero-length bar) invertible.
 */
export function dragMatrixByQuadrature(
  model: CurveModel,
  out: Float64Array,
  q: Float64Array,
  off: number,
  pieces: number,
  spread = 0,
  slope: DragSlope = 'differences',
): void {
  const k = model.size;
  if (scratchJ.length < 2 * k) {
    scratchJ = new Float64Array(2 * k);
    scratchPrevJ = new Float64Array(2 * k);
    scratchFirstJ = new Float64Array(2 * k);
    scratchDJ = new Float64Array(2 * k);
  }
  let J = scratchJ;
  let prevJ = scratchPrevJ;
  const dJ = scratchDJ;
  out.fill(0, 0, k * k);
  const h = 1 / pieces;
  const last = 4 * pieces - 1;
  const spread2 = spread * spread;
  let prevU = 0;
  let prevSpeed = 0;
  let firstU = 0;
  let firstSpeed = 0;
  for (let p = 0; p < pieces; p++) {
    for (let g = 0; g < 4; g++) {
      const u = (p + 0.5 + 0.5 * GL_NODES[g]) * h;
      model.tangent(scratchT, q, off, u);
      model.jacobian(J, q, off, u);
      const speed = Math.hypot(scratchT[0], scratchT[1]);
      const weight = 0.5 * h * GL_WEIGHTS[g] * (speed + DRAG_LENGTH_FLOOR);
      addGram(out, k, J, weight);
      if (spread2 > 0 && slope === 'exact') {
        model.tangentJacobian(dJ, q, off, u);
        addGram(out, k, dJ, weight * spread2);
      } else if (spread2 > 0) {
        const node = 4 * p + g;
        if (node > 0) addDifference(out, k, J, prevJ, dJ, spread2, u - prevU, 0.5 * (speed + prevSpeed));
        else {
          for (let i = 0; i < 2 * k; i++) scratchFirstJ[i] = J[i];
          firstU = u;
          firstSpeed = speed;
        }
        if (node === last && model.closed) {
          addDifference(out, k, scratchFirstJ, J, dJ, spread2, 1 + firstU - u, 0.5 * (speed + firstSpeed));
        }
        const swap = prevJ;
        prevJ = J;
        J = swap;
        prevU = u;
        prevSpeed = speed;
      }
    }
  }
  for (let i = 0; i < k; i++) {
    out[i * k + i] += DRAG_REGULARISER;
    for (let j = 0; j < i; j++) out[j * k + i] = out[i * k + j];
  }
}

/** Lower triangle of out += w·(J_xᵀJ_x + J_yᵀJ_y) for a row-major 2×k J. */
function addGram(out: Float64Array, k: number, J: Float64Array, w: number): void {
  for (let i = 0; i < k; i++) {
    const xi = J[i] * w;
    const yi = J[k + i] * w;
    if (xi === 0 && yi === 0) continue;
    for (let j = 0; j <= i; j++) out[i * k + j] += xi * J[j] + yi * J[k + j];
  }
}

/**
 * One gap of the Sobolev term: (ΔJ/Δu)ᵀ(ΔJ/Δu)·λ²·(speed + ℓ₀)·Δu, i.e. ΔJᵀΔJ·λ²(speed + ℓ₀)/Δu, with ΔJ = b − a
 * (into `dJ`).
 */
function addDifference(
  out: Float64Array,
  k: number,
  b: Float64Array,
  a: Float64Array,
  dJ: Float64Array,
  spread2: number,
  du: number,
  speed: number,
): void {
  for (let i = 0; i < 2 * k; i++) dJ[i] = b[i] - a[i];
  addGram(out, k, dJ, (spread2 * (speed + DRAG_LENGTH_FLOOR)) / du);
}

/** Nearest u by dense sampling, then shrinking brackets around the nearest sampled minima (see nearest.ts). */
export function closestUBySampling(
  model: CurveModel,
  q: Float64Array,
  off: number,
  x: number,
  y: number,
  samples = 128,
): number {
  const p = new Float64Array(2);
  const dist2 = (u: number): number => {
    model.position(p, q, off, u);
    return (p[0] - x) ** 2 + (p[1] - y) ** 2;
  };
  return nearestParameter(dist2, samples, 36);
}

/** Bounds from samples of p (for curves without a closed form), padded by nothing: callers add tolerance. */
export function boundsBySampling(
  model: CurveModel,
  out: Float64Array,
  q: Float64Array,
  off: number,
  samples = 64,
): void {
  const p = new Float64Array(2);
  out[0] = out[1] = Infinity;
  out[2] = out[3] = -Infinity;
  for (let i = 0; i <= samples; i++) {
    model.position(p, q, off, i / samples);
    if (p[0] < out[0]) out[0] = p[0];
    if (p[1] < out[1]) out[1] = p[1];
    if (p[0] > out[2]) out[2] = p[0];
    if (p[1] > out[3]) out[3] = p[1];
  }
}

/**
 * A 2×k scratch for a curve's jacobian() or tangentJacobian() inside one constraint's evaluation (slots 0–3: those
 * it needs at once), shared by every constraint and grown on demand: a row per constraint would make constraints on
 * a long spline cost O(constraints × n) memory. Valid until the next call with the same slot.
 */
const jacobianScratches = [0, 1, 2, 3].map(() => new Float64Array(64));
export function jacobianScratch(slot: number, k: number): Float64Array {
  if (jacobianScratches[slot].length < 2 * k) jacobianScratches[slot] = new Float64Array(2 * k);
  return jacobianScratches[slot];
}

/** Generic displacement bound: the largest |∂p/∂q · dq| over a few sample points of the curve. */
let scratchJd = new Float64Array(64);
export function displacementBySampling(
  model: CurveModel,
  q: Float64Array,
  off: number,
  dq: Float64Array,
  dOff: number,
  samples = 8,
): number {
  const k = model.size;
  if (scratchJd.length < 2 * k) scratchJd = new Float64Array(2 * k);
  const J = scratchJd;
  let worst = 0;
  for (let i = 0; i <= samples; i++) {
    model.jacobian(J, q, off, i / samples);
    let dx = 0;
    let dy = 0;
    for (let j = 0; j < k; j++) {
      dx += J[j] * dq[dOff + j];
      dy += J[k + j] * dq[dOff + j];
    }
    const d = Math.hypot(dx, dy);
    if (d > worst) worst = d;
  }
  return worst;
}

/**
 * CurveModel.centerIndex for a kind: where centerIsOffCurve (src/shared/drawing.ts) says the centre is off the
 * curve, the state's first two entries (cx, cy in CURVE_STATE_LAYOUT); otherwise -1.
 */
export function centerIndexOf(kind: CurveKind): number {
  return centerIsOffCurve(kind) ? 0 : -1;
}

/** anchorU('center') of a curve whose centre is not on it (centerIsOffCurve): a clear error. */
export function offCurveCenter(kind: string): never {
  throw new Error(
    `the centre of ${withArticle(kind)} is not on the curve: it has no u (use the 'center' connector directly)`,
  );
}

/**
 * Where each state entry of the curve kinds with a fixed layout lives in its record: a scalar field (`radius`), or
 * one coordinate of a point field (`center`, 0). Read with CURVE_STATE_LAYOUT's names in the same order; one table
 * instead of a copy of the same reads and writes in each model.
 */
type FieldRef = readonly [field: string, coordinate: -1 | 0 | 1];
const POINT = (field: string): FieldRef[] => [
  [field, 0],
  [field, 1],
];
export const RECORD_STATE_FIELDS = {
  point: POINT('at'),
  segment: [...POINT('a'), ...POINT('b')],
  bar: [...POINT('center'), ['angle', -1]],
  circle: [...POINT('center'), ['radius', -1]],
  arc: [...POINT('center'), ['radius', -1], ['start', -1], ['sweep', -1]],
  ellipse: [...POINT('center'), ['rx', -1], ['ry', -1], ['rotation', -1]],
} as const satisfies Partial<Record<CurveKind, readonly FieldRef[]>>;
export type FixedLayoutKind = keyof typeof RECORD_STATE_FIELDS;

/** Copies a record's state fields into q at `off` (CurveModel.initialState). */
export function readRecordState(out: Float64Array, off: number, record: Curve, kind: FixedLayoutKind): void {
  const fields: readonly FieldRef[] = RECORD_STATE_FIELDS[kind];
  const values = record as unknown as Record<string, number | [number, number]>;
  for (let i = 0; i < fields.length; i++) {
    const [field, k] = fields[i];
    const value = values[field];
    out[off + i] = typeof value === 'number' ? value : value[k as 0 | 1];
  }
}

/** Writes q's entries at `off` back into a record's fields (CurveModel.writeState): new arrays for point fields. */
export function writeRecordState(
  record: Curve,
  q: ArrayLike<number>,
  off: number,
  kind: FixedLayoutKind,
): void {
  const fields: readonly FieldRef[] = RECORD_STATE_FIELDS[kind];
  const values = record as unknown as Record<string, number | [number, number]>;
  for (let i = 0; i < fields.length; i++) {
    const [field, k] = fields[i];
    if (k < 0) values[field] = q[off + i];
    else if (k === 0) values[field] = [q[off + i], q[off + i + 1]];
  }
}
