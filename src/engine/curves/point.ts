// A point: p(u) = (x, y) for every u. It has no length, so its drag is the ℓ₀ floor: M = (ℓ₀ + μ)·I.
import type { Anchor, Curve, PointCurve } from '../../shared/drawing';
import type { Path } from '../../shared/primitives';
import {
  centerIndexOf,
  DRAG_LENGTH_FLOOR,
  DRAG_REGULARISER,
  type CurveModel,
  readRecordState,
  writeRecordState,
} from './curve';

export class PointModel implements CurveModel {
  readonly kind = 'point' as const;
  readonly size = 2;
  readonly closed = false;
  readonly centerIndex = centerIndexOf('point');
  readonly constantDrag = true;
  constructor(private readonly curve: PointCurve) {}

  initialState(out: Float64Array, off: number): void {
    readRecordState(out, off, this.curve, 'point');
  }
  writeState(curve: Curve, q: ArrayLike<number>, off: number): void {
    writeRecordState(curve, q, off, 'point');
  }
  position(out: Float64Array, q: Float64Array, off: number): void {
    out[0] = q[off];
    out[1] = q[off + 1];
  }
  tangent(out: Float64Array): void {
    out[0] = 0;
    out[1] = 0;
  }
  jacobian(out: Float64Array): void {
    out[0] = 1;
    out[1] = 0;
    out[2] = 0;
    out[3] = 1;
  }
  tangentJacobian(out: Float64Array): void {
    out.fill(0, 0, 4);
  }
  secondDerivative(out: Float64Array): void {
    out[0] = 0;
    out[1] = 0;
  }
  linearTerms(): { index: number[]; weight: number[] } {
    return { index: [0], weight: [1] };
  }
  dragMatrix(out: Float64Array): void {
    const m = DRAG_LENGTH_FLOOR + DRAG_REGULARISER;
    out[0] = m;
    out[1] = 0;
    out[2] = 0;
    out[3] = m;
  }
  displacementBound(_q: Float64Array, _off: number, dq: Float64Array, dOff: number): number {
    return Math.sqrt(dq[dOff] * dq[dOff] + dq[dOff + 1] * dq[dOff + 1]);
  }
  bounds(out: Float64Array, q: Float64Array, off: number): void {
    out[0] = out[2] = q[off];
    out[1] = out[3] = q[off + 1];
  }
  closestU(): number {
    return 0;
  }
  path(q: Float64Array, off: number): Path {
    return { start: [q[off], q[off + 1]], segments: [], closed: false };
  }
  anchorU(_anchor: Anchor): number {
    return 0;
  }
}
