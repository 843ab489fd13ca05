// A connector resolved against the engine's state layout: a material point of a curve at fixed u, or the
// geometric centre of a circle, arc or ellipse (the 'center' anchor of a curve whose centre is off the curve), or a
// point that is two of the curve's state entries (a Bézier's control point, a spline's knot: what a drag of its
// handle grabs).
import type { CurveModel } from '../curves/curve';

/**
 * What a point keeps for evaluation, apart from the point itself: made with it for a point linear in the state,
 * else at its first jacobian() (one field in the point instead of five: 200,000 connectors of a 100,000-bar chain
 * were 6 MB of nulls for the GC to copy, and the bar-point kernel evaluates them itself).
 */
interface PointData {
  /**
   * ∂p/∂q_c (2×k), owned so evaluation never allocates; made at the first call of jacobian(), not before: a long
   * spline's 2×k per connector made a build O(connectors × n), and the bar-point kernel evaluates a chain's
   * connectors itself, so 100,000 bars' 200,000 never-used rows were a quarter of the engine's small objects.
   */
  jac: Float64Array | null;
  /**
   * For a material point of a curve that is linear in its state (point, Bézier, spline: linearTerms), ∂p/∂q_c is a
   * constant: ∂p_x/∂q_i = ∂p_y/∂q_(i+1) = w for each of its knots' x column i and weight w, from construction, so
   * the Jacobian's hot path neither re-evaluates the basis nor sweeps the zeros of a long spline's row (a cam's
   * 2 × 28 for 4 weights). Null otherwise.
   */
  readonly knotColumn: Int32Array | null;
  readonly knotWeight: Float64Array | null;
  /**
   * The same point's position as its terms (linearTerms: state index and weight, in the order the curve's position()
   * sums them, so the sum rounds as it does): no basis evaluation per call. Null for other points.
   */
  readonly termIndex: Int32Array | null;
  readonly termWeight: Float64Array | null;
}

export class ConnectorPoint {
  private data: PointData | null = null;

  constructor(
    readonly model: CurveModel,
    /** Index of the curve's state block. */
    readonly block: number,
    /** Offset of the curve's parameters in q. */
    readonly qOff: number,
    /** Material parameter (ignored for a centre). */
    readonly u: number,
    /** True: the point is the centre (state entries centerIndex, centerIndex + 1). */
    readonly center: boolean,
    /** ≥ 0: the point is the state entries (pair, pair + 1) of the curve; overrides u and center. */
    pair = -1,
  ) {
    // A point curve's every point is its state pair (x, y): no weights to keep (100,000 pins of points made 400,000
    // small typed arrays of weights 1 for the GC to copy).
    this.stateIndex = pair >= 0 ? pair : center ? model.centerIndex : model.kind === 'point' ? 0 : -1;
    if (this.stateIndex < 0 && model.linearTerms) {
      // ∂p/∂q from the weights (p = Σ w_t (q[i_t], q[i_t + 1])), each column's weights summed in the curve's order,
      // as its jacobian() sums them: the same values, without a 2×k row.
      const terms = model.linearTerms(u);
      const weight = new Map<number, number>();
      terms.index.forEach((i, t) => weight.set(i, (weight.get(i) ?? 0) + terms.weight[t]));
      const x = [...weight].filter(([, w]) => w !== 0).sort(([a], [b]) => a - b);
      this.data = {
        jac: null,
        knotColumn: Int32Array.from(x, ([i]) => i),
        knotWeight: Float64Array.from(x, ([, w]) => w),
        termIndex: Int32Array.from(terms.index, (i) => qOff + i),
        termWeight: Float64Array.from(terms.weight),
      };
    }
  }

  /** The first of the two state entries the point is (a centre's, a control point's), or -1 for a material point. */
  readonly stateIndex: number;

  /**
   * Which point this is, as a string equal for every connector resolved to the same point (stacking.ts): its
   * curve's block and its u, or the state pair it is (a point curve's one point, whatever the u).
   */
  get key(): string {
    return this.stateIndex >= 0 ? `${this.block}s${this.stateIndex}` : `${this.block}@${this.u}`;
  }

  position(out: Float64Array, q: Float64Array): void {
    const index = this.data?.termIndex;
    if (this.stateIndex >= 0) {
      out[0] = q[this.qOff + this.stateIndex];
      out[1] = q[this.qOff + this.stateIndex + 1];
    } else if (index) {
      const weight = this.data!.termWeight!;
      let x = 0;
      let y = 0;
      for (let t = 0; t < index.length; t++) {
        x += weight[t] * q[index[t]];
        y += weight[t] * q[index[t] + 1];
      }
      out[0] = x;
      out[1] = y;
    } else this.model.position(out, q, this.qOff, this.u);
  }

  /** ∂p/∂q_c as a 2×k row-major matrix (valid until the next call). */
  jacobian(q: Float64Array): Float64Array {
    const k = this.model.size;
    const data = (this.data ??= {
      jac: null,
      knotColumn: null,
      knotWeight: null,
      termIndex: null,
      termWeight: null,
    });
    const { knotColumn, knotWeight } = data;
    if (knotColumn && knotWeight) {
      if (data.jac) return data.jac;
      const J = new Float64Array(2 * k);
      for (let c = 0; c < knotColumn.length; c++) {
        J[knotColumn[c]] = knotWeight[c];
        J[k + knotColumn[c] + 1] = knotWeight[c];
      }
      data.jac = J;
      return J;
    }
    const J = (data.jac ??= new Float64Array(2 * k));
    if (this.stateIndex >= 0) {
      J.fill(0);
      J[this.stateIndex] = 1;
      J[k + this.stateIndex + 1] = 1;
    } else this.model.jacobian(J, q, this.qOff, this.u);
    return J;
  }

  /** J[jo + d·k + j] += sign · ∂p_d/∂q_j (d = x, y): the rows ±p of a constraint (attach, pin). */
  addPosition(J: Float64Array, jo: number, sign: number, q: Float64Array): void {
    const k = this.model.size;
    const knotColumn = this.data?.knotColumn;
    const knotWeight = this.data?.knotWeight;
    if (knotColumn && knotWeight) {
      for (let c = 0; c < knotColumn.length; c++) {
        const j = knotColumn[c];
        const w = sign * knotWeight[c];
        J[jo + j] += w;
        J[jo + k + j + 1] += w;
      }
      return;
    }
    const P = this.jacobian(q);
    for (let j = 0; j < k; j++) {
      J[jo + j] += sign * P[j];
      J[jo + k + j] += sign * P[k + j];
    }
  }

  /**
   * J[jo + r·k + j] += Σ_d A[r·2 + d] · ∂p_d/∂q_j for r < rows: the rows of a constraint that are a linear map A
   * (rows × 2) of this point's position.
   */
  addJacobian(J: Float64Array, jo: number, rows: number, A: Float64Array, q: Float64Array): void {
    const k = this.model.size;
    const knotColumn = this.data?.knotColumn;
    const knotWeight = this.data?.knotWeight;
    const P = knotColumn ? null : this.jacobian(q);
    for (let r = 0; r < rows; r++) {
      const ax = A[2 * r];
      const ay = A[2 * r + 1];
      if (ax === 0 && ay === 0) continue;
      const base = jo + r * k;
      if (knotColumn && knotWeight) {
        for (let c = 0; c < knotColumn.length; c++) {
          const j = base + knotColumn[c];
          J[j] += ax * knotWeight[c];
          J[j + 1] += ay * knotWeight[c];
        }
      } else if (P) for (let j = 0; j < k; j++) J[base + j] += ax * P[j] + ay * P[k + j];
    }
  }
}

// (addPosition is the common case A = ±I, attach and pin: written out, it skips the 2×2 product.)
/** Row maps used by the constraints: +I, −I (2 rows). */
export const IDENTITY_2 = new Float64Array([1, 0, 0, 1]);
export const MINUS_IDENTITY_2 = new Float64Array([-1, 0, 0, -1]);
