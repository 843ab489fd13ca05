// A cubic Bézier: p(u) = Σ Bᵢ(u) Pᵢ (Bernstein basis). State: the four control points.
import type { Anchor, BezierCurve, Curve, Vec2 } from '../../shared/drawing';
import type { Path } from '../../shared/primitives';
import {
  centerIndexOf,
  closestUBySampling,
  DRAG_SPREAD,
  dragMatrixByQuadrature,
  type CurveModel,
} from './curve';

/** The cubic Bernstein weights at u, in a scratch array (valid until the next call): one place computes them. */
const basis = new Float64Array(4);
function bernstein(u: number): Float64Array {
  const v = 1 - u;
  basis[0] = v * v * v;
  basis[1] = 3 * v * v * u;
  basis[2] = 3 * v * u * u;
  basis[3] = u * u * u;
  return basis;
}

export class BezierModel implements CurveModel {
  readonly kind = 'bezier' as const;
  readonly size = 8;
  readonly closed = false;
  readonly centerIndex = centerIndexOf('bezier');
  readonly constantDrag = false;
  constructor(private readonly curve: BezierCurve) {}

  initialState(out: Float64Array, off: number): void {
    for (let i = 0; i < 4; i++) {
      out[off + 2 * i] = this.curve.points[i][0];
      out[off + 2 * i + 1] = this.curve.points[i][1];
    }
  }
  writeState(curve: Curve, q: ArrayLike<number>, off: number): void {
    const pts: Vec2[] = [];
    for (let i = 0; i < 4; i++) pts.push([q[off + 2 * i], q[off + 2 * i + 1]]);
    (curve as BezierCurve).points = pts as [Vec2, Vec2, Vec2, Vec2];
  }
  position(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const b = bernstein(u);
    out[0] = b[0] * q[off] + b[1] * q[off + 2] + b[2] * q[off + 4] + b[3] * q[off + 6];
    out[1] = b[0] * q[off + 1] + b[1] * q[off + 3] + b[2] * q[off + 5] + b[3] * q[off + 7];
  }
  tangent(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const v = 1 - u;
    const d0 = 3 * v * v;
    const d1 = 6 * v * u;
    const d2 = 3 * u * u;
    out[0] = d0 * (q[off + 2] - q[off]) + d1 * (q[off + 4] - q[off + 2]) + d2 * (q[off + 6] - q[off + 4]);
    out[1] = d0 * (q[off + 3] - q[off + 1]) + d1 * (q[off + 5] - q[off + 3]) + d2 * (q[off + 7] - q[off + 5]);
  }
  jacobian(out: Float64Array, _q: Float64Array, _off: number, u: number): void {
    const b = bernstein(u);
    out.fill(0, 0, 16);
    for (let i = 0; i < 4; i++) {
      out[2 * i] = b[i];
      out[8 + 2 * i + 1] = b[i];
    }
  }
  /** ∂p/∂u = Σ Bᵢ′(u) Pᵢ: the derivative's weights on each control point. */
  tangentJacobian(out: Float64Array, _q: Float64Array, _off: number, u: number): void {
    const v = 1 - u;
    const w0 = -3 * v * v;
    const w1 = 3 * v * v - 6 * v * u;
    const w2 = 6 * v * u - 3 * u * u;
    const w3 = 3 * u * u;
    out.fill(0, 0, 16);
    out[0] = out[9] = w0;
    out[2] = out[11] = w1;
    out[4] = out[13] = w2;
    out[6] = out[15] = w3;
  }
  secondDerivative(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const a = 6 * (1 - u);
    const b = 6 * u;
    out[0] = a * (q[off + 4] - 2 * q[off + 2] + q[off]) + b * (q[off + 6] - 2 * q[off + 4] + q[off + 2]);
    out[1] = a * (q[off + 5] - 2 * q[off + 3] + q[off + 1]) + b * (q[off + 7] - 2 * q[off + 5] + q[off + 3]);
  }
  linearTerms(u: number): { index: number[]; weight: number[] } {
    return { index: [0, 2, 4, 6], weight: Array.from(bernstein(u)) };
  }
  /** The L² drag alone has lobes against a pull (a pull at the middle threw both ends back): with a Sobolev term. */
  dragMatrix(out: Float64Array, q: Float64Array, off: number): void {
    dragMatrixByQuadrature(this, out, q, off, 2, DRAG_SPREAD);
  }
  displacementBound(_q: Float64Array, _off: number, dq: Float64Array, dOff: number): number {
    // Convex hull property: the curve's motion is bounded by its control points' largest motion.
    let worst2 = 0;
    for (let i = 0; i < 4; i++)
      worst2 = Math.max(
        worst2,
        dq[dOff + 2 * i] * dq[dOff + 2 * i] + dq[dOff + 2 * i + 1] * dq[dOff + 2 * i + 1],
      );
    return Math.sqrt(worst2);
  }
  bounds(out: Float64Array, q: Float64Array, off: number): void {
    out[0] = out[1] = Infinity;
    out[2] = out[3] = -Infinity;
    for (let i = 0; i < 4; i++) {
      out[0] = Math.min(out[0], q[off + 2 * i]);
      out[1] = Math.min(out[1], q[off + 2 * i + 1]);
      out[2] = Math.max(out[2], q[off + 2 * i]);
      out[3] = Math.max(out[3], q[off + 2 * i + 1]);
    }
  }
  closestU(q: Float64Array, off: number, x: number, y: number): number {
    return closestUBySampling(this, q, off, x, y, 64);
  }
  path(q: Float64Array, off: number): Path {
    return {
      start: [q[off], q[off + 1]],
      segments: [
        {
          type: 'cubic',
          c1: [q[off + 2], q[off + 3]],
          c2: [q[off + 4], q[off + 5]],
          to: [q[off + 6], q[off + 7]],
        },
      ],
      closed: false,
    };
  }
  anchorU(anchor: Anchor): number {
    return anchor === 'start' ? 0 : anchor === 'end' ? 1 : 0.5;
  }
}
