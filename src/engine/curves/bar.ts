// A rigid link: p(u) = c + (u − ½) L (cos θ, sin θ). State (cx, cy, θ); the length L is a shape constant.
// Its drag matrix is constant (it depends on L only): (L + ℓ₀)·diag(1, 1, L²/12) + μI, the exact integral.
import type { Anchor, BarCurve, Curve } from '../../shared/drawing';
import type { Path } from '../../shared/primitives';
import {
  centerIndexOf,
  DRAG_LENGTH_FLOOR,
  DRAG_REGULARISER,
  type CurveModel,
  readRecordState,
  writeRecordState,
} from './curve';

export class BarModel implements CurveModel {
  readonly kind = 'bar' as const;
  readonly size = 3;
  readonly closed = false;
  readonly centerIndex = centerIndexOf('bar');
  readonly constantDrag = true;
  readonly length: number;
  // cos/sin of the last angle seen: residuals and Jacobians ask for the same bar's ends many times per state. Never
  // read before trig() sets them (NaN ≠ any angle). They start as NaN, a double: starting as 1 and 0 (small
  // integers) made V8 change every bar's layout at its first trig(), 0.1 s over a 100,000-bar drawing's first build.
  private lastAngle = NaN;
  private cos = NaN;
  private sin = NaN;
  constructor(private readonly curve: BarCurve) {
    this.length = curve.length;
  }
  private trig(angle: number): void {
    if (angle !== this.lastAngle) {
      this.lastAngle = angle;
      this.cos = Math.cos(angle);
      this.sin = Math.sin(angle);
    }
  }

  initialState(out: Float64Array, off: number): void {
    readRecordState(out, off, this.curve, 'bar');
  }
  writeState(curve: Curve, q: ArrayLike<number>, off: number): void {
    writeRecordState(curve, q, off, 'bar');
  }
  position(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const r = (u - 0.5) * this.length;
    this.trig(q[off + 2]);
    out[0] = q[off] + r * this.cos;
    out[1] = q[off + 1] + r * this.sin;
  }
  tangent(out: Float64Array, q: Float64Array, off: number): void {
    this.trig(q[off + 2]);
    out[0] = this.length * this.cos;
    out[1] = this.length * this.sin;
  }
  jacobian(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const r = (u - 0.5) * this.length;
    this.trig(q[off + 2]);
    out[0] = 1;
    out[1] = 0;
    out[2] = -r * this.sin;
    out[3] = 0;
    out[4] = 1;
    out[5] = r * this.cos;
  }
  /** ∂p/∂u = L (cos θ, sin θ): only θ turns it. */
  tangentJacobian(out: Float64Array, q: Float64Array, off: number): void {
    this.trig(q[off + 2]);
    out[0] = 0;
    out[1] = 0;
    out[2] = -this.length * this.sin;
    out[3] = 0;
    out[4] = 0;
    out[5] = this.length * this.cos;
  }
  secondDerivative(out: Float64Array): void {
    out[0] = 0;
    out[1] = 0;
  }
  dragMatrix(out: Float64Array): void {
    const L = this.length;
    const w = Math.abs(L) + DRAG_LENGTH_FLOOR;
    out.fill(0, 0, 9);
    out[0] = w + DRAG_REGULARISER;
    out[4] = w + DRAG_REGULARISER;
    out[8] = (w * L * L) / 12 + DRAG_REGULARISER;
  }
  displacementBound(_q: Float64Array, _off: number, dq: Float64Array, dOff: number): number {
    return (
      Math.sqrt(dq[dOff] * dq[dOff] + dq[dOff + 1] * dq[dOff + 1]) +
      0.5 * Math.abs(this.length * dq[dOff + 2])
    );
  }
  bounds(out: Float64Array, q: Float64Array, off: number): void {
    this.trig(q[off + 2]);
    const hx = 0.5 * Math.abs(this.length * this.cos);
    const hy = 0.5 * Math.abs(this.length * this.sin);
    out[0] = q[off] - hx;
    out[1] = q[off + 1] - hy;
    out[2] = q[off] + hx;
    out[3] = q[off + 1] + hy;
  }
  closestU(q: Float64Array, off: number, x: number, y: number): number {
    if (this.length === 0) return 0.5;
    const t = (x - q[off]) * Math.cos(q[off + 2]) + (y - q[off + 1]) * Math.sin(q[off + 2]);
    return Math.min(1, Math.max(0, 0.5 + t / this.length));
  }
  path(q: Float64Array, off: number): Path {
    const a = new Float64Array(2);
    const b = new Float64Array(2);
    this.position(a, q, off, 0);
    this.position(b, q, off, 1);
    return { start: [a[0], a[1]], segments: [{ type: 'line', to: [b[0], b[1]] }], closed: false };
  }
  anchorU(anchor: Anchor): number {
    return anchor === 'start' ? 0 : anchor === 'end' ? 1 : 0.5;
  }
}
