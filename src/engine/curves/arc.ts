// A circular arc: p(u) = c + r (cos φ, sin φ), φ = start + u·sweep. State (cx, cy, r, start, sweep).
// The 'center' anchor is the centre (off the curve).
import { centerIsOffCurve, type Anchor, type ArcCurve, type Curve } from '../../shared/drawing';
import type { Path } from '../../shared/primitives';
import { addSettleDiagonal } from './shape-drag';
import {
  centerIndexOf,
  closestUBySampling,
  dragMatrixByQuadrature,
  offCurveCenter,
  ROUND_DRAG_SPREAD,
  type CurveModel,
  readRecordState,
  writeRecordState,
} from './curve';

/** The state entries that turn the curve about its centre, and those of its shape and size (shape-drag.ts). */
const ARC_TURN = [3];
const ARC_SHAPE = [2, 4];

export class ArcModel implements CurveModel {
  readonly kind = 'arc' as const;
  readonly size = 5;
  readonly closed = false;
  readonly centerIndex = centerIndexOf('arc');
  readonly constantDrag = false;
  readonly radii = [2];
  constructor(private readonly curve: ArcCurve) {}

  initialState(out: Float64Array, off: number): void {
    readRecordState(out, off, this.curve, 'arc');
  }
  writeState(curve: Curve, q: ArrayLike<number>, off: number): void {
    writeRecordState(curve, q, off, 'arc');
  }
  position(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const phi = q[off + 3] + u * q[off + 4];
    out[0] = q[off] + q[off + 2] * Math.cos(phi);
    out[1] = q[off + 1] + q[off + 2] * Math.sin(phi);
  }
  tangent(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const phi = q[off + 3] + u * q[off + 4];
    const rs = q[off + 2] * q[off + 4];
    out[0] = -rs * Math.sin(phi);
    out[1] = rs * Math.cos(phi);
  }
  jacobian(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const phi = q[off + 3] + u * q[off + 4];
    const c = Math.cos(phi);
    const s = Math.sin(phi);
    const r = q[off + 2];
    out[0] = 1;
    out[1] = 0;
    out[2] = c;
    out[3] = -r * s;
    out[4] = -r * s * u;
    out[5] = 0;
    out[6] = 1;
    out[7] = s;
    out[8] = r * c;
    out[9] = r * c * u;
  }
  /** ∂p/∂u = r·sweep (−sin φ, cos φ), φ = start + u·sweep. */
  tangentJacobian(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const phi = q[off + 3] + u * q[off + 4];
    const c = Math.cos(phi);
    const s = Math.sin(phi);
    const r = q[off + 2];
    const sw = q[off + 4];
    out[0] = 0;
    out[1] = 0;
    out[2] = -sw * s;
    out[3] = -r * sw * c;
    out[4] = -r * s - r * sw * u * c;
    out[5] = 0;
    out[6] = 0;
    out[7] = sw * c;
    out[8] = -r * sw * s;
    out[9] = r * c - r * sw * u * s;
  }
  secondDerivative(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const phi = q[off + 3] + u * q[off + 4];
    const w = -q[off + 2] * q[off + 4] * q[off + 4];
    out[0] = w * Math.cos(phi);
    out[1] = w * Math.sin(phi);
  }
  /** With the Sobolev term (J_u exact): with the L² term alone, a pull at one point threw others back. */
  dragMatrix(out: Float64Array, q: Float64Array, off: number): void {
    dragMatrixByQuadrature(this, out, q, off, 4, ROUND_DRAG_SPREAD, 'exact');
  }
  /** Turn: the start; shape: the radius and the sweep (shape-drag.ts). */
  addSettleDrag(out: Float64Array, _q: Float64Array, _off: number, turn: number, shape: number): void {
    addSettleDiagonal(out, 5, ARC_TURN, turn);
    addSettleDiagonal(out, 5, ARC_SHAPE, shape);
  }
  displacementBound(q: Float64Array, off: number, dq: Float64Array, dOff: number): number {
    const turn = Math.abs(dq[dOff + 3]) + Math.abs(dq[dOff + 4]);
    return (
      Math.sqrt(dq[dOff] * dq[dOff] + dq[dOff + 1] * dq[dOff + 1]) +
      Math.abs(dq[dOff + 2]) +
      Math.abs(q[off + 2]) * turn
    );
  }
  bounds(out: Float64Array, q: Float64Array, off: number): void {
    const p = new Float64Array(2);
    out[0] = out[1] = Infinity;
    out[2] = out[3] = -Infinity;
    const include = (u: number): void => {
      this.position(p, q, off, u);
      out[0] = Math.min(out[0], p[0]);
      out[1] = Math.min(out[1], p[1]);
      out[2] = Math.max(out[2], p[0]);
      out[3] = Math.max(out[3], p[1]);
    };
    include(0);
    include(1);
    // The axis extremes φ = kπ/2 that fall inside the sweep.
    const a0 = q[off + 3];
    const sw = q[off + 4];
    if (sw !== 0) {
      const lo = Math.min(a0, a0 + sw);
      const hi = Math.max(a0, a0 + sw);
      const turns = Math.min(Math.ceil((hi - lo) / (Math.PI / 2)), 4);
      let k = Math.ceil(lo / (Math.PI / 2));
      for (let i = 0; i <= turns && k * (Math.PI / 2) <= hi; i++, k++) include((k * (Math.PI / 2) - a0) / sw);
    }
  }
  closestU(q: Float64Array, off: number, x: number, y: number): number {
    return closestUBySampling(this, q, off, x, y, 64);
  }
  path(q: Float64Array, off: number): Path {
    const p = new Float64Array(2);
    this.position(p, q, off, 0);
    const r = q[off + 2];
    return {
      start: [p[0], p[1]],
      segments: [
        {
          type: 'arc',
          center: [q[off], q[off + 1]],
          rx: r,
          ry: r,
          rotation: 0,
          start: q[off + 3],
          sweep: q[off + 4],
        },
      ],
      closed: false,
    };
  }
  anchorU(anchor: Anchor): number {
    if (anchor === 'center' && centerIsOffCurve(this.kind)) offCurveCenter(this.kind);
    return anchor === 'end' ? 1 : 0;
  }
}
