// A stretchy segment: p(u) = a + u (b − a); both endpoints are state.
import type { Anchor, Curve, SegmentCurve } from '../../shared/drawing';
import type { Path } from '../../shared/primitives';
import {
  centerIndexOf,
  DRAG_LENGTH_FLOOR,
  DRAG_REGULARISER,
  type CurveModel,
  readRecordState,
  writeRecordState,
} from './curve';

export class SegmentModel implements CurveModel {
  readonly kind = 'segment' as const;
  readonly size = 4;
  readonly closed = false;
  readonly centerIndex = centerIndexOf('segment');
  readonly constantDrag = false;
  constructor(private readonly curve: SegmentCurve) {}

  initialState(out: Float64Array, off: number): void {
    readRecordState(out, off, this.curve, 'segment');
  }
  writeState(curve: Curve, q: ArrayLike<number>, off: number): void {
    writeRecordState(curve, q, off, 'segment');
  }
  position(out: Float64Array, q: Float64Array, off: number, u: number): void {
    out[0] = q[off] + u * (q[off + 2] - q[off]);
    out[1] = q[off + 1] + u * (q[off + 3] - q[off + 1]);
  }
  tangent(out: Float64Array, q: Float64Array, off: number): void {
    out[0] = q[off + 2] - q[off];
    out[1] = q[off + 3] - q[off + 1];
  }
  jacobian(out: Float64Array, _q: Float64Array, _off: number, u: number): void {
    out[0] = 1 - u;
    out[1] = 0;
    out[2] = u;
    out[3] = 0;
    out[4] = 0;
    out[5] = 1 - u;
    out[6] = 0;
    out[7] = u;
  }
  /** ∂p/∂u = b − a: −1 on a, +1 on b. */
  tangentJacobian(out: Float64Array): void {
    out[0] = -1;
    out[1] = 0;
    out[2] = 1;
    out[3] = 0;
    out[4] = 0;
    out[5] = -1;
    out[6] = 0;
    out[7] = 1;
  }
  secondDerivative(out: Float64Array): void {
    out[0] = 0;
    out[1] = 0;
  }
  /**
   * ∫ (JᵀJ + λ²J_uᵀJ_u)(L + ℓ₀) du + μI with λ² = 1/6 (SEGMENT_DRAG_SPREAD2), in closed form: (L + ℓ₀)/2·I + μI.
   * The ends decouple: pulled by one end, the other stays where it is (with the L² term alone it went back by half
   * the pull); pulled at u, the ends move in the shares 1 − u and u.
   */
  dragMatrix(out: Float64Array, q: Float64Array, off: number): void {
    const d =
      0.5 * (Math.hypot(q[off + 2] - q[off], q[off + 3] - q[off + 1]) + DRAG_LENGTH_FLOOR) + DRAG_REGULARISER;
    out.fill(0, 0, 16);
    out[0] = out[5] = out[10] = out[15] = d;
  }
  /**
   * With M = dI: a segment's length changes along n = (−e, e)/√2 and its direction along m = (−e⊥, e⊥)/√2 (e the
   * unit direction; both M-orthogonal to a move), so out += d·(shape·n nᵀ + turn·m mᵀ) = d/2·[[G, −G], [−G, G]],
   * G = shape·e eᵀ + turn·e⊥e⊥ᵀ. A segment of zero length has no direction to turn: any change of b − a is one of
   * shape (G = shape·I).
   */
  addSettleDrag(out: Float64Array, q: Float64Array, off: number, turn: number, shape: number): void {
    const dx = q[off + 2] - q[off];
    const dy = q[off + 3] - q[off + 1];
    const length = Math.hypot(dx, dy);
    const ex = length > 0 ? dx / length : 0;
    const ey = length > 0 ? dy / length : 0;
    const h = 0.5 * out[0];
    const gxx = length > 0 ? shape * ex * ex + turn * ey * ey : shape;
    const gyy = length > 0 ? shape * ey * ey + turn * ex * ex : shape;
    const gxy = (shape - turn) * ex * ey;
    for (let a = 0; a < 2; a++)
      for (let b = 0; b < 2; b++) {
        const w = a === b ? h : -h;
        const r = 2 * a;
        const c = 2 * b;
        out[r * 4 + c] += w * gxx;
        out[r * 4 + c + 1] += w * gxy;
        out[(r + 1) * 4 + c] += w * gxy;
        out[(r + 1) * 4 + c + 1] += w * gyy;
      }
  }
  displacementBound(_q: Float64Array, _off: number, dq: Float64Array, dOff: number): number {
    return Math.max(
      Math.sqrt(dq[dOff] * dq[dOff] + dq[dOff + 1] * dq[dOff + 1]),
      Math.sqrt(dq[dOff + 2] * dq[dOff + 2] + dq[dOff + 3] * dq[dOff + 3]),
    );
  }
  bounds(out: Float64Array, q: Float64Array, off: number): void {
    out[0] = Math.min(q[off], q[off + 2]);
    out[1] = Math.min(q[off + 1], q[off + 3]);
    out[2] = Math.max(q[off], q[off + 2]);
    out[3] = Math.max(q[off + 1], q[off + 3]);
  }
  closestU(q: Float64Array, off: number, x: number, y: number): number {
    const dx = q[off + 2] - q[off];
    const dy = q[off + 3] - q[off + 1];
    const l2 = dx * dx + dy * dy;
    if (l2 === 0) return 0;
    return Math.min(1, Math.max(0, ((x - q[off]) * dx + (y - q[off + 1]) * dy) / l2));
  }
  path(q: Float64Array, off: number): Path {
    return {
      start: [q[off], q[off + 1]],
      segments: [{ type: 'line', to: [q[off + 2], q[off + 3]] }],
      closed: false,
    };
  }
  anchorU(anchor: Anchor): number {
    return anchor === 'start' ? 0 : anchor === 'end' ? 1 : 0.5;
  }
}
