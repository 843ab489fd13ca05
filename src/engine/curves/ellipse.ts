// An ellipse: p(u) = c + R(ρ) (rx cos 2πu, ry sin 2πu). State (cx, cy, rx, ry, ρ). Closed; 'center' is the centre.
import { centerIsOffCurve, type Anchor, type Curve, type EllipseCurve } from '../../shared/drawing';
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

const TAU = 2 * Math.PI;

/** The state entries that turn the curve about its centre, and those of its shape and size (shape-drag.ts). */
const ELLIPSE_TURN = [4];
const ELLIPSE_SHAPE = [2, 3];

export class EllipseModel implements CurveModel {
  readonly kind = 'ellipse' as const;
  readonly size = 5;
  readonly closed = true;
  readonly centerIndex = centerIndexOf('ellipse');
  readonly constantDrag = false;
  readonly radii = [2, 3];
  constructor(private readonly curve: EllipseCurve) {}

  initialState(out: Float64Array, off: number): void {
    readRecordState(out, off, this.curve, 'ellipse');
  }
  writeState(curve: Curve, q: ArrayLike<number>, off: number): void {
    writeRecordState(curve, q, off, 'ellipse');
  }
  position(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const a = q[off + 2] * Math.cos(TAU * u);
    const b = q[off + 3] * Math.sin(TAU * u);
    const cr = Math.cos(q[off + 4]);
    const sr = Math.sin(q[off + 4]);
    out[0] = q[off] + a * cr - b * sr;
    out[1] = q[off + 1] + a * sr + b * cr;
  }
  tangent(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const a = -TAU * q[off + 2] * Math.sin(TAU * u);
    const b = TAU * q[off + 3] * Math.cos(TAU * u);
    const cr = Math.cos(q[off + 4]);
    const sr = Math.sin(q[off + 4]);
    out[0] = a * cr - b * sr;
    out[1] = a * sr + b * cr;
  }
  jacobian(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const cu = Math.cos(TAU * u);
    const su = Math.sin(TAU * u);
    const a = q[off + 2] * cu;
    const b = q[off + 3] * su;
    const cr = Math.cos(q[off + 4]);
    const sr = Math.sin(q[off + 4]);
    out[0] = 1;
    out[1] = 0;
    out[2] = cu * cr;
    out[3] = -su * sr;
    out[4] = -a * sr - b * cr;
    out[5] = 0;
    out[6] = 1;
    out[7] = cu * sr;
    out[8] = su * cr;
    out[9] = a * cr - b * sr;
  }
  /** ∂p/∂u = R(ρ) (−2π rx sin 2πu, 2π ry cos 2πu). */
  tangentJacobian(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const cu = Math.cos(TAU * u);
    const su = Math.sin(TAU * u);
    const a = -TAU * q[off + 2] * su;
    const b = TAU * q[off + 3] * cu;
    const cr = Math.cos(q[off + 4]);
    const sr = Math.sin(q[off + 4]);
    out[0] = 0;
    out[1] = 0;
    out[2] = -TAU * su * cr;
    out[3] = -TAU * cu * sr;
    out[4] = -a * sr - b * cr;
    out[5] = 0;
    out[6] = 0;
    out[7] = -TAU * su * sr;
    out[8] = TAU * cu * cr;
    out[9] = a * cr - b * sr;
  }
  secondDerivative(out: Float64Array, q: Float64Array, off: number, u: number): void {
    const a = -TAU * TAU * q[off + 2] * Math.cos(TAU * u);
    const b = -TAU * TAU * q[off + 3] * Math.sin(TAU * u);
    const cr = Math.cos(q[off + 4]);
    const sr = Math.sin(q[off + 4]);
    out[0] = a * cr - b * sr;
    out[1] = a * sr + b * cr;
  }
  /** With the Sobolev term (J_u exact): with the L² term alone, a pull at one point threw others back. */
  dragMatrix(out: Float64Array, q: Float64Array, off: number): void {
    dragMatrixByQuadrature(this, out, q, off, 4, ROUND_DRAG_SPREAD, 'exact');
  }
  /** Turn: ρ; shape: the radii (shape-drag.ts). */
  addSettleDrag(out: Float64Array, _q: Float64Array, _off: number, turn: number, shape: number): void {
    addSettleDiagonal(out, 5, ELLIPSE_TURN, turn);
    addSettleDiagonal(out, 5, ELLIPSE_SHAPE, shape);
  }
  displacementBound(q: Float64Array, off: number, dq: Float64Array, dOff: number): number {
    const r = Math.max(Math.abs(q[off + 2]), Math.abs(q[off + 3]));
    return (
      Math.sqrt(dq[dOff] * dq[dOff] + dq[dOff + 1] * dq[dOff + 1]) +
      Math.abs(dq[dOff + 2]) +
      Math.abs(dq[dOff + 3]) +
      r * Math.abs(dq[dOff + 4])
    );
  }
  bounds(out: Float64Array, q: Float64Array, off: number): void {
    const cr = Math.cos(q[off + 4]);
    const sr = Math.sin(q[off + 4]);
    const rx = q[off + 2];
    const ry = q[off + 3];
    const hx = Math.sqrt(rx * rx * cr * cr + ry * ry * sr * sr);
    const hy = Math.sqrt(rx * rx * sr * sr + ry * ry * cr * cr);
    out[0] = q[off] - hx;
    out[1] = q[off + 1] - hy;
    out[2] = q[off] + hx;
    out[3] = q[off + 1] + hy;
  }
  closestU(q: Float64Array, off: number, x: number, y: number): number {
    return closestUBySampling(this, q, off, x, y, 128);
  }
  path(q: Float64Array, off: number): Path {
    const p = new Float64Array(2);
    this.position(p, q, off, 0);
    return {
      start: [p[0], p[1]],
      segments: [
        {
          type: 'arc',
          center: [q[off], q[off + 1]],
          rx: q[off + 2],
          ry: q[off + 3],
          rotation: q[off + 4],
          start: 0,
          sweep: TAU,
        },
      ],
      closed: true,
    };
  }
  anchorU(anchor: Anchor): number {
    if (anchor === 'center' && centerIsOffCurve(this.kind)) offCurveCenter(this.kind);
    return anchor === 'end' ? 1 : 0;
  }
}
