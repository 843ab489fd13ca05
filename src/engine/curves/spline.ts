// A smooth interpolating spline through n ≥ 2 points: uniform Catmull–Rom, one cubic piece per gap (n − 1 open,
// n closed), u spread evenly over the pieces. Open ends use reflected phantom points (P₋₁ = 2P₀ − P₁,
// Pₙ = 2Pₙ₋₁ − Pₙ₋₂), closed splines wrap. p is linear in the points, so ∂p/∂q is the basis weights, and each piece
// is exactly the cubic Bézier (Pᵢ, Pᵢ + (Pᵢ₊₁ − Pᵢ₋₁)/6, Pᵢ₊₁ − (Pᵢ₊₂ − Pᵢ)/6, Pᵢ₊₁).
import type { Anchor, Curve, SplineCurve, Vec2 } from '../../shared/drawing';
import type { CubicSegment, Path } from '../../shared/primitives';
import {
  centerIndexOf,
  DRAG_LENGTH_FLOOR,
  DRAG_REGULARISER,
  closestUBySampling,
  type CurveModel,
  type DragBand,
} from './curve';

// 2-point Gauss–Legendre per piece: the drag only has to spread sensibly along the curve (μI keeps it SPD), and
// splines are the costliest drag matrices to build.
const GL_NODES = [-0.5773502691896258, 0.5773502691896258];
const GL_WEIGHTS = [1, 1];
/**
 * λ of the drag's Sobolev term, in pieces (λ = SPLINE_DRAG_SPREAD / pieces in u): each knot's cardinal function
 * dips below zero beside it, so the L² drag alone threw the neighbouring knots against a pull by a quarter of it.
 * Per piece, not per curve, so a long spline still bends locally; 0.6 was the least that left no lobe on the
 * splines of the drag-metric test, uneven spacing included (docs/engine.md, "Drag matrices").
 */
export const SPLINE_DRAG_SPREAD = 0.7;

/**
 * The (up to 6) real point indices and coefficients that make up the 4 Catmull–Rom neighbours at the last u (basis()),
 * shared by every spline: each call fills them and reads them before it returns (nothing re-enters), and four typed
 * arrays per spline were a third of a free spline's memory in a drawing of 100,000 (issue 26).
 */
const basis = {
  idx: new Int32Array(8),
  coef: new Float64Array(8),
  dcoef: new Float64Array(8),
  d2coef: new Float64Array(8),
  terms: 0,
};
/** An interior piece's four knots (dragMatrixBand's). */
const interiorKnots = new Int32Array(4);

export class SplineModel implements CurveModel {
  readonly kind = 'spline' as const;
  readonly size: number;
  readonly closed: boolean;
  readonly centerIndex = centerIndexOf('spline');
  readonly constantDrag = false;
  readonly count: number;
  private readonly pieces: number;

  constructor(private readonly curve: SplineCurve) {
    this.count = curve.points.length;
    this.closed = curve.closed;
    this.size = 2 * this.count;
    this.pieces = this.closed ? this.count : this.count - 1;
  }

  initialState(out: Float64Array, off: number): void {
    this.curve.points.forEach((p, i) => {
      out[off + 2 * i] = p[0];
      out[off + 2 * i + 1] = p[1];
    });
  }
  writeState(curve: Curve, q: ArrayLike<number>, off: number): void {
    const pts: Vec2[] = [];
    for (let i = 0; i < this.count; i++) pts.push([q[off + 2 * i], q[off + 2 * i + 1]]);
    (curve as SplineCurve).points = pts;
  }

  /**
   * Fills idx/coef/dcoef/d2coef: p(u) = Σ coef[k]·P[idx[k]], ∂p/∂u = Σ dcoef[k]·P[idx[k]], ∂²p/∂u² likewise with
   * d2coef (a piece's own; Catmull–Rom is C¹, so at a joint it is the later piece's).
   */
  private basis(u: number): void {
    const m = this.pieces;
    const x = Math.min(Math.max(u, 0), 1) * m;
    const i = Math.min(Math.floor(x), m - 1);
    const t = x - i;
    const t2 = t * t;
    const t3 = t2 * t;
    basis.terms = 0;
    const m2 = 0.5 * m * m;
    this.add(i - 1, 0.5 * (-t + 2 * t2 - t3), 0.5 * m * (-1 + 4 * t - 3 * t2), m2 * (4 - 6 * t));
    this.add(i, 0.5 * (2 - 5 * t2 + 3 * t3), 0.5 * m * (-10 * t + 9 * t2), m2 * (-10 + 18 * t));
    this.add(i + 1, 0.5 * (t + 4 * t2 - 3 * t3), 0.5 * m * (1 + 8 * t - 9 * t2), m2 * (8 - 18 * t));
    this.add(i + 2, 0.5 * (-t2 + t3), 0.5 * m * (-2 * t + 3 * t2), m2 * (-2 + 6 * t));
  }
  private add(j: number, c: number, d: number, d2: number): void {
    const n = this.count;
    if (this.closed) this.push(((j % n) + n) % n, c, d, d2);
    else if (j < 0) {
      this.push(0, 2 * c, 2 * d, 2 * d2);
      this.push(1, -c, -d, -d2);
    } else if (j >= n) {
      this.push(n - 1, 2 * c, 2 * d, 2 * d2);
      this.push(n - 2, -c, -d, -d2);
    } else this.push(j, c, d, d2);
  }
  private push(j: number, c: number, d: number, d2: number): void {
    basis.idx[basis.terms] = j;
    basis.coef[basis.terms] = c;
    basis.dcoef[basis.terms] = d;
    basis.d2coef[basis.terms] = d2;
    basis.terms++;
  }

  position(out: Float64Array, q: Float64Array, off: number, u: number): void {
    this.basis(u);
    let x = 0;
    let y = 0;
    for (let k = 0; k < basis.terms; k++) {
      x += basis.coef[k] * q[off + 2 * basis.idx[k]];
      y += basis.coef[k] * q[off + 2 * basis.idx[k] + 1];
    }
    out[0] = x;
    out[1] = y;
  }
  tangent(out: Float64Array, q: Float64Array, off: number, u: number): void {
    this.basis(u);
    let x = 0;
    let y = 0;
    for (let k = 0; k < basis.terms; k++) {
      x += basis.dcoef[k] * q[off + 2 * basis.idx[k]];
      y += basis.dcoef[k] * q[off + 2 * basis.idx[k] + 1];
    }
    out[0] = x;
    out[1] = y;
  }
  jacobian(out: Float64Array, _q: Float64Array, _off: number, u: number): void {
    const k2 = this.size;
    out.fill(0, 0, 2 * k2);
    this.basis(u);
    for (let k = 0; k < basis.terms; k++) {
      out[2 * basis.idx[k]] += basis.coef[k];
      out[k2 + 2 * basis.idx[k] + 1] += basis.coef[k];
    }
  }
  tangentJacobian(out: Float64Array, _q: Float64Array, _off: number, u: number): void {
    const k2 = this.size;
    out.fill(0, 0, 2 * k2);
    this.basis(u);
    for (let k = 0; k < basis.terms; k++) {
      out[2 * basis.idx[k]] += basis.dcoef[k];
      out[k2 + 2 * basis.idx[k] + 1] += basis.dcoef[k];
    }
  }
  secondDerivative(out: Float64Array, q: Float64Array, off: number, u: number): void {
    this.basis(u);
    let x = 0;
    let y = 0;
    for (let k = 0; k < basis.terms; k++) {
      x += basis.d2coef[k] * q[off + 2 * basis.idx[k]];
      y += basis.d2coef[k] * q[off + 2 * basis.idx[k] + 1];
    }
    out[0] = x;
    out[1] = y;
  }
  linearTerms(u: number): { index: number[]; weight: number[] } {
    this.basis(u);
    const index: number[] = [];
    const weight: number[] = [];
    for (let k = 0; k < basis.terms; k++) {
      index.push(2 * basis.idx[k]);
      weight.push(basis.coef[k]);
    }
    return { index, weight };
  }
  /**
   * M = K ⊗ I₂ with K_ab = ∫ (c_a c_b + λ² c′_a c′_b)(|p'| + ℓ₀) du (c′ = ∂c/∂u, exact from the basis): x and y
   * decouple, and only neighbours interact.
   */
  dragMatrix(out: Float64Array, q: Float64Array, off: number): void {
    const k2 = this.size;
    out.fill(0, 0, k2 * k2);
    const spread2 = (SPLINE_DRAG_SPREAD * (1 / this.pieces)) ** 2;
    for (let p = 0; p < this.pieces; p++) {
      for (let g = 0; g < GL_NODES.length; g++) {
        const w = this.dragNode(q, off, p, g);
        for (let a = 0; a < basis.terms; a++) {
          for (let b = 0; b < basis.terms; b++) {
            const v = w * (basis.coef[a] * basis.coef[b] + spread2 * basis.dcoef[a] * basis.dcoef[b]);
            const ia = 2 * basis.idx[a];
            const ib = 2 * basis.idx[b];
            out[ia * k2 + ib] += v;
            out[(ia + 1) * k2 + ib + 1] += v;
          }
        }
      }
    }
    for (let i = 0; i < k2; i++) {
      out[i * k2 + i] += DRAG_REGULARISER;
      // Exactly symmetric (the accumulation order of a pair differs by rounding).
      for (let j = 0; j < i; j++)
        out[j * k2 + i] = out[i * k2 + j] = 0.5 * (out[i * k2 + j] + out[j * k2 + i]);
    }
  }
  /**
   * The same matrix as a band (dragBand's order): a piece's knots are 4 consecutive points, so in the order of
   * the points (open) or folded (closed: 0, n − 1, 1, n − 2, …, which brings the wrap's corner onto the band) every
   * entry sits within a few points of the diagonal. Only the lower band is written: each entry once, from the
   * ordered pairs whose first knot comes later.
   */
  dragMatrixBand(out: Float64Array, q: Float64Array, off: number): void {
    const { bandwidth } = this.dragBand;
    const pos = this.pointPosition as Int32Array;
    const w1 = bandwidth + 1;
    const k2 = this.size;
    const n = this.count;
    out.fill(0, 0, k2 * w1);
    const spread2 = (SPLINE_DRAG_SPREAD * (1 / this.pieces)) ** 2;
    const h = 1 / this.pieces;
    /** Adds v at the entry of knots ka, kb (x with x, y with y), in the lower band. */
    const add = (ka: number, kb: number, v: number): void => {
      const pa = Math.max(pos[ka], pos[kb]);
      const pb = Math.min(pos[ka], pos[kb]);
      const at = 2 * pa * w1 + 2 * (pb - pa) + bandwidth;
      out[at] += v;
      out[at + w1] += v;
    };
    for (let p = 0; p < this.pieces; p++) {
      if (this.closed ? n < 4 : p === 0 || p >= n - 2) {
        // A piece at an open end (reflected phantom knots) or of a closed spline of fewer than 4 points (a knot
        // twice): the basis as it comes, every ordered pair.
        for (let g = 0; g < GL_NODES.length; g++) {
          const w = this.dragNode(q, off, p, g);
          for (let a = 0; a < basis.terms; a++)
            for (let b = 0; b < basis.terms; b++) {
              if (pos[basis.idx[b]] > pos[basis.idx[a]]) continue;
              add(
                basis.idx[a],
                basis.idx[b],
                w * (basis.coef[a] * basis.coef[b] + spread2 * basis.dcoef[a] * basis.dcoef[b]),
              );
            }
        }
        continue;
      }
      // Knots p − 1 … p + 2 (wrapped), with the same basis at the same nodes as every other interior piece: only the
      // speed differs. Each unordered pair once.
      const nodes = this.interiorNodes ?? this.makeInteriorNodes(spread2);
      const knots = interiorKnots;
      for (let a = 0; a < 4; a++) {
        const j = p - 1 + a;
        knots[a] = j < 0 ? j + n : j >= n ? j - n : j;
      }
      let w0 = 0;
      let w1g = 0;
      for (let g = 0; g < 2; g++) {
        let tx = 0;
        let ty = 0;
        for (let a = 0; a < 4; a++) {
          tx += nodes[g * 4 + a] * q[off + 2 * knots[a]];
          ty += nodes[g * 4 + a] * q[off + 2 * knots[a] + 1];
        }
        // sqrt, not hypot: several times faster in V8, and a speed is far from overflowing.
        const w = 0.5 * h * GL_WEIGHTS[g] * (Math.sqrt(tx * tx + ty * ty) + DRAG_LENGTH_FLOOR);
        if (g === 0) w0 = w;
        else w1g = w;
      }
      for (let a = 0; a < 4; a++)
        for (let b = 0; b <= a; b++)
          add(knots[a], knots[b], w0 * nodes[8 + a * 4 + b] + w1g * nodes[24 + a * 4 + b]);
    }
    for (let i = 0; i < k2; i++) out[i * w1 + bandwidth] += DRAG_REGULARISER;
  }
  /**
   * An interior piece's basis at the two Gauss nodes, made once: ∂c_a/∂u at node g from 4g (8 entries), then
   * c_a c_b + λ² c′_a c′_b at node g from 8 + 16g (4 × 4 each).
   */
  private interiorNodes: Float64Array | null = null;
  private makeInteriorNodes(spread2: number): Float64Array {
    const nodes = new Float64Array(40);
    for (let g = 0; g < 2; g++) {
      // Piece 1 is interior whenever this is asked (open: n ≥ 4; closed: any piece): terms are j = 0 … 3 in order.
      this.basis((1.5 + 0.5 * GL_NODES[g]) / this.pieces);
      for (let a = 0; a < 4; a++) {
        nodes[g * 4 + a] = basis.dcoef[a];
        for (let b = 0; b < 4; b++)
          nodes[8 + 16 * g + a * 4 + b] =
            basis.coef[a] * basis.coef[b] + spread2 * basis.dcoef[a] * basis.dcoef[b];
      }
    }
    this.interiorNodes = nodes;
    return nodes;
  }
  /** The basis at Gauss node g of piece p, and that node's weight in the drag's integral: ½h·w_g·(|p′| + ℓ₀). */
  private dragNode(q: Float64Array, off: number, p: number, g: number): number {
    const h = 1 / this.pieces;
    this.basis((p + 0.5 + 0.5 * GL_NODES[g]) * h);
    let tx = 0;
    let ty = 0;
    for (let k = 0; k < basis.terms; k++) {
      tx += basis.dcoef[k] * q[off + 2 * basis.idx[k]];
      ty += basis.dcoef[k] * q[off + 2 * basis.idx[k] + 1];
    }
    return 0.5 * h * GL_WEIGHTS[g] * (Math.hypot(tx, ty) + DRAG_LENGTH_FLOOR);
  }
  /** Each point's position in the band's order (made with it, on first use: a short spline never needs one). */
  private pointPosition: Int32Array | null = null;
  private band: DragBand | null = null;
  get dragBand(): DragBand {
    if (this.band) return this.band;
    const n = this.count;
    const pos = new Int32Array(n);
    for (let t = 0; 2 * t < n; t++) {
      pos[t] = this.closed ? 2 * t : t;
      if (n - 1 - t > t) pos[n - 1 - t] = this.closed ? 2 * t + 1 : n - 1 - t;
    }
    // The widest spread of one piece's knots, in positions: the band's half-width in points.
    let spread = 0;
    for (let i = 0; i < this.pieces; i++) {
      this.basis((i + 0.5) / this.pieces);
      let lo = Infinity;
      let hi = -Infinity;
      for (let k = 0; k < basis.terms; k++) {
        lo = Math.min(lo, pos[basis.idx[k]]);
        hi = Math.max(hi, pos[basis.idx[k]]);
      }
      spread = Math.max(spread, hi - lo);
    }
    const order = new Int32Array(2 * n);
    for (let i = 0; i < n; i++) {
      order[2 * pos[i]] = 2 * i;
      order[2 * pos[i] + 1] = 2 * i + 1;
    }
    this.pointPosition = pos;
    this.band = { order, bandwidth: Math.min(2 * spread + 1, 2 * n - 1) };
    return this.band;
  }
  displacementBound(_q: Float64Array, _off: number, dq: Float64Array, dOff: number): number {
    // Catmull–Rom weights (with reflected ends) sum in absolute value to less than 2.
    let worst2 = 0;
    for (let i = 0; i < this.count; i++)
      worst2 = Math.max(
        worst2,
        dq[dOff + 2 * i] * dq[dOff + 2 * i] + dq[dOff + 2 * i + 1] * dq[dOff + 2 * i + 1],
      );
    return 2 * Math.sqrt(worst2);
  }
  bounds(out: Float64Array, q: Float64Array, off: number): void {
    // The Bézier control points of every piece enclose it (computed in place: this runs once per frame).
    out[0] = out[1] = Infinity;
    out[2] = out[3] = -Infinity;
    for (let i = 0; i < this.pieces; i++) {
      for (let d = 0; d < 2; d++) {
        const p0 = this.coordinate(q, off, i - 1, d);
        const p1 = this.coordinate(q, off, i, d);
        const p2 = this.coordinate(q, off, i + 1, d);
        const p3 = this.coordinate(q, off, i + 2, d);
        const c1 = p1 + (p2 - p0) / 6;
        const c2 = p2 - (p3 - p1) / 6;
        out[d] = Math.min(out[d], p1, c1, c2, p2);
        out[2 + d] = Math.max(out[2 + d], p1, c1, c2, p2);
      }
    }
  }
  /** Coordinate d of extended point j (phantom points at open ends, wrapped indices on closed splines). */
  private coordinate(q: Float64Array, off: number, j: number, d: number): number {
    const n = this.count;
    if (this.closed) return q[off + 2 * (((j % n) + n) % n) + d];
    if (j < 0) return 2 * q[off + d] - q[off + 2 + d];
    if (j >= n) return 2 * q[off + 2 * (n - 1) + d] - q[off + 2 * (n - 2) + d];
    return q[off + 2 * j + d];
  }
  closestU(q: Float64Array, off: number, x: number, y: number): number {
    return closestUBySampling(this, q, off, x, y, 32 * this.pieces);
  }
  private extended(q: Float64Array, off: number, j: number): Vec2 {
    return [this.coordinate(q, off, j, 0), this.coordinate(q, off, j, 1)];
  }
  path(q: Float64Array, off: number): Path {
    // Each piece's end is read as the next one's start: one array per knot, not four per piece (a long spline's
    // path is rebuilt every frame it moves).
    const segments: CubicSegment[] = new Array(this.pieces);
    let p1 = this.extended(q, off, 0);
    const start = p1;
    for (let i = 0; i < this.pieces; i++) {
      const p2 = this.extended(q, off, i + 1);
      const x0 = this.coordinate(q, off, i - 1, 0);
      const y0 = this.coordinate(q, off, i - 1, 1);
      const x3 = this.coordinate(q, off, i + 2, 0);
      const y3 = this.coordinate(q, off, i + 2, 1);
      segments[i] = {
        type: 'cubic',
        c1: [p1[0] + (p2[0] - x0) / 6, p1[1] + (p2[1] - y0) / 6],
        c2: [p2[0] - (x3 - p1[0]) / 6, p2[1] - (y3 - p1[1]) / 6],
        to: p2,
      };
      p1 = p2;
    }
    return { start, segments, closed: this.closed };
  }
  anchorU(anchor: Anchor): number {
    return anchor === 'start' ? 0 : anchor === 'end' ? 1 : 0.5;
  }
}
