// A circle: p(u) = c + r (cos 2πu, sin 2πu). State (cx, cy, r). Closed; the 'center' anchor is the centre.
import { centerIsOffCurve, type Anchor, type CircleCurve, type Curve } from '../../shared/drawing';
import type { Path } from '../../shared/primitives';
import { addSettleDiagonal } from './shape-drag';
import {
  centerIndexOf,
  DRAG_LENGTH_FLOOR,
  DRAG_REGULARISER,
  offCurveCenter,
  ROUND_DRAG_SPREAD,
  type CurveModel,
  readRecordState,
  writeRecordState,
} from './curve';

const TAU = 2 * Math.PI;

/** The state entries that turn the curve about its centre, and those of its shape and size (shape-drag.ts). */
const CIRCLE_SHAPE = [2];

export class CircleModel implements CurveModel {
  readonly kind = 'circle' as const;
  readonly size = 3;
  readonly closed = true;
  readonly centerIndex = centerIndexOf('circle');
  readonly constantDrag = false;
  readonly radii = [2];
  constructor(private readonly curve: CircleCurve) {}

  initialState(out: Float64Array, off: number): void {
    readRecordState(out, off, this.curve, 'circle');
  }
  writeState(curve: Curve, q: ArrayLike<number>, off: number): void {
    writeRecordState(curve, q, off, 'circle');
  }
  position(out: Float64Array, q: Float64Array, off: number, u: number): void {
    out[0] = q[off] + q[off + 2] * Math.cos(TAU * u);
    out[1] = q[off + 1] + q[off + 2] * Math.sin(TAU * u);
  }
  tangent(out: Float64Array, q: Float64Array, off: number, u: number): void {
    out[0] = -TAU * q[off + 2] * Math.sin(TAU * u);
    out[1] = TAU * q[off + 2] * Math.cos(TAU * u);
  }
  jacobian(out: Float64Array, _q: Float64Array, _off: number, u: number): void {
    out[0] = 1;
    out[1] = 0;
    out[2] = Math.cos(TAU * u);
    out[3] = 0;
    out[4] = 1;
    out[5] = Math.sin(TAU * u);
  }
  /** ∂p/∂u = 2πr (−sin 2πu, cos 2πu): only r scales it. */
  tangentJacobian(out: Float64Array, _q: Float64Array, _off: number, u: number): void {
    out[0] = 0;
    out[1] = 0;
    out[2] = -TAU * Math.sin(TAU * u);
    out[3] = 0;
    out[4] = 0;
    out[5] = TAU * Math.cos(TAU * u);
  }
  secondDerivative(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const w = -TAU * TAU * q[off + 2];
    out[0] = w * Math.cos(TAU * u);
    out[1] = w * Math.sin(TAU * u);
  }
  /**
   * ∫ (JᵀJ + λ²J_uᵀJ_u)(2π|r| + ℓ₀) du + μI in closed form: J = [I, (cos 2πu, sin 2πu)], J_u = [0, 2π(−sin, cos)],
   * so m·diag(1, 1, 1 + 4π²λ²) + μI with m = 2π|r| + ℓ₀ (λ = ROUND_DRAG_SPREAD): translation has no Sobolev drag,
   * the radius does.
   */
  dragMatrix(out: Float64Array, q: Float64Array, off: number): void {
    const m = TAU * Math.abs(q[off + 2]) + DRAG_LENGTH_FLOOR;
    out.fill(0, 0, 9);
    out[0] = out[4] = m + DRAG_REGULARISER;
    out[8] = m * (1 + TAU * TAU * ROUND_DRAG_SPREAD * ROUND_DRAG_SPREAD) + DRAG_REGULARISER;
  }
  /** Shape: the radius; a circle has nothing to turn (shape-drag.ts). */
  addSettleDrag(out: Float64Array, _q: Float64Array, _off: number, _turn: number, shape: number): void {
    addSettleDiagonal(out, 3, CIRCLE_SHAPE, shape);
  }
  displacementBound(_q: Float64Array, _off: number, dq: Float64Array, dOff: number): number {
    return Math.sqrt(dq[dOff] * dq[dOff] + dq[dOff + 1] * dq[dOff + 1]) + Math.abs(dq[dOff + 2]);
  }
  bounds(out: Float64Array, q: Float64Array, off: number): void {
    const r = Math.abs(q[off + 2]);
    out[0] = q[off] - r;
    out[1] = q[off + 1] - r;
    out[2] = q[off] + r;
    out[3] = q[off + 1] + r;
  }
  closestU(q: Float64Array, off: number, x: number, y: number): number {
    const dx = x - q[off];
    const dy = y - q[off + 1];
    if (dx === 0 && dy === 0) return 0;
    let a = Math.atan2(dy, dx);
    if (q[off + 2] < 0) a += Math.PI;
    const u = a / TAU;
    return u - Math.floor(u);
  }
  path(q: Float64Array, off: number): Path {
    const r = q[off + 2];
    return {
      start: [q[off] + r, q[off + 1]],
      segments: [
        { type: 'arc', center: [q[off], q[off + 1]], rx: r, ry: r, rotation: 0, start: 0, sweep: TAU },
      ],
      closed: true,
    };
  }
  anchorU(anchor: Anchor): number {
    if (anchor === 'center' && centerIsOffCurve(this.kind)) offCurveCenter(this.kind);
    return anchor === 'end' ? 1 : 0;
  }
}
