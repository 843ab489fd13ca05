// Points against the line of a line-like curve (line.ts), in mm. With e = d/|d| the line's unit direction and p₀ its
// start:
//   point-line distance: C = side · (e × (p − p₀)) − distance, side = the sign of e × (p − p₀) at build (+1 on the
//                        line): the point stays on the side it was drawn on, and the row is smooth through the line;
//   symmetric (a, b about the line), 2 rows: C₀ = e × (m − p₀), m = (a + b)/2 (the midpoint on the line), and
//                        C₁ = e · (a − b) (a − b across the line), both distances, so both rows scale alike.
// A zero-length line takes e = +x with no gradient through its direction, never NaN.
import type { ConnectorPoint } from '../model/connector';
import { blockIndex, type ConstraintTerm, type DimensionTerm } from './constraint';
import type { LineEnds } from './line';

/**
 * A line's unit direction and the derivatives of f = e × w (w a vector from the line's start) at one state:
 * f's gradient in w is (−e_y, e_x); in d it is ((w_y, −w_x) − f e)/|d|, the chain through e = d/|d|.
 */
class LineFrame {
  readonly e = new Float64Array(2);
  n = 0;
  constructor(readonly line: LineEnds) {}
  /** Reads the line at q: e, n, the start in line.origin. */
  read(q: Float64Array): void {
    const n = this.line.direction(q);
    this.n = n;
    if (n > 0) {
      this.e[0] = this.line.d[0] / n;
      this.e[1] = this.line.d[1] / n;
    } else {
      this.e[0] = 1;
      this.e[1] = 0;
    }
  }
  /** e × (x, y). */
  cross(x: number, y: number): number {
    return this.e[0] * y - this.e[1] * x;
  }
  /** out[o], out[o+1] = ∂(e × w)/∂d, f = e × w given. */
  crossByD(out: Float64Array, o: number, wx: number, wy: number, f: number): void {
    if (this.n === 0) {
      out[o] = 0;
      out[o + 1] = 0;
      return;
    }
    out[o] = (wy - f * this.e[0]) / this.n;
    out[o + 1] = (-wx - f * this.e[1]) / this.n;
  }
  /** out[o], out[o+1] = ∂(e · v)/∂d, g = e · v given: (v − g e)/|d|. */
  dotByD(out: Float64Array, o: number, vx: number, vy: number, g: number): void {
    if (this.n === 0) {
      out[o] = 0;
      out[o + 1] = 0;
      return;
    }
    out[o] = (vx - g * this.e[0]) / this.n;
    out[o + 1] = (vy - g * this.e[1]) / this.n;
  }
}

export class PointLineDistanceTerm implements DimensionTerm {
  readonly rows = 1;
  readonly blocks: number[] = [];
  private readonly ip: number;
  private readonly il: number;
  private readonly frame: LineFrame;
  /** +1 or −1: the side of the line the point was on at build. */
  private readonly side: number;
  private readonly p = new Float64Array(2);
  private readonly byP = new Float64Array(2);
  private readonly byD = new Float64Array(2);
  private readonly byStart = new Float64Array(2);

  constructor(
    readonly id: string,
    private readonly point: ConnectorPoint,
    line: LineEnds,
    private readonly distance: number,
    built: Float64Array,
  ) {
    this.ip = blockIndex(this.blocks, point.block);
    this.il = blockIndex(this.blocks, line.block);
    this.frame = new LineFrame(line);
    this.side = this.signed(built) < 0 ? -1 : 1;
  }
  /** e × (p − p₀). */
  private signed(q: Float64Array): number {
    this.frame.read(q);
    this.point.position(this.p, q);
    const o = this.frame.line.origin;
    return this.frame.cross(this.p[0] - o[0], this.p[1] - o[1]);
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    c[cOff] = this.side * this.signed(q) - this.distance;
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    const f = this.signed(q);
    const { e, line } = this.frame;
    const s = this.side;
    this.byP[0] = -s * e[1];
    this.byP[1] = s * e[0];
    this.byStart[0] = -this.byP[0];
    this.byStart[1] = -this.byP[1];
    this.frame.crossByD(this.byD, 0, this.p[0] - line.origin[0], this.p[1] - line.origin[1], f);
    this.byD[0] *= s;
    this.byD[1] *= s;
    this.point.addJacobian(J, jOff[jBase + this.ip], 1, this.byP, q);
    const jl = jOff[jBase + this.il];
    line.addJacobian(J, jl, 1, this.byD, q);
    line.start.addJacobian(J, jl, 1, this.byStart, q);
  }
  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
  }
  /** The unsigned distance. */
  measure(q: Float64Array): number {
    return Math.abs(this.signed(q));
  }
}

export class SymmetricTerm implements ConstraintTerm {
  readonly rows = 2;
  readonly blocks: number[] = [];
  private readonly ia: number;
  private readonly ib: number;
  private readonly il: number;
  private readonly frame: LineFrame;
  private readonly pa = new Float64Array(2);
  private readonly pb = new Float64Array(2);
  /** Row maps (2 × 2, row-major): on a, on b, on d, and the extra on the line's start (through m − p₀). */
  private readonly byA = new Float64Array(4);
  private readonly byB = new Float64Array(4);
  private readonly byD = new Float64Array(4);
  private readonly byStart = new Float64Array(4);

  constructor(
    readonly id: string,
    private readonly a: ConnectorPoint,
    private readonly b: ConnectorPoint,
    line: LineEnds,
  ) {
    this.ia = blockIndex(this.blocks, a.block);
    this.ib = blockIndex(this.blocks, b.block);
    this.il = blockIndex(this.blocks, line.block);
    this.frame = new LineFrame(line);
  }
  private read(q: Float64Array): void {
    this.frame.read(q);
    this.a.position(this.pa, q);
    this.b.position(this.pb, q);
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    this.read(q);
    const o = this.frame.line.origin;
    const { pa, pb } = this;
    c[cOff] = this.frame.cross(0.5 * (pa[0] + pb[0]) - o[0], 0.5 * (pa[1] + pb[1]) - o[1]);
    c[cOff + 1] = this.frame.e[0] * (pa[0] - pb[0]) + this.frame.e[1] * (pa[1] - pb[1]);
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    this.read(q);
    const { e, line } = this.frame;
    const o = line.origin;
    const { pa, pb, byA, byB, byD, byStart } = this;
    const wx = 0.5 * (pa[0] + pb[0]) - o[0];
    const wy = 0.5 * (pa[1] + pb[1]) - o[1];
    const vx = pa[0] - pb[0];
    const vy = pa[1] - pb[1];
    const f = this.frame.cross(wx, wy);
    const g = e[0] * vx + e[1] * vy;
    // Row 0 through m: ½ (−e_y, e_x) on each of a and b; −(−e_y, e_x) on the start. Row 1: ±e on a and b.
    byA[0] = byB[0] = -0.5 * e[1];
    byA[1] = byB[1] = 0.5 * e[0];
    byA[2] = e[0];
    byA[3] = e[1];
    byB[2] = -e[0];
    byB[3] = -e[1];
    byStart[0] = e[1];
    byStart[1] = -e[0];
    byStart[2] = 0;
    byStart[3] = 0;
    this.frame.crossByD(byD, 0, wx, wy, f);
    this.frame.dotByD(byD, 2, vx, vy, g);
    this.a.addJacobian(J, jOff[jBase + this.ia], 2, byA, q);
    this.b.addJacobian(J, jOff[jBase + this.ib], 2, byB, q);
    const jl = jOff[jBase + this.il];
    line.addJacobian(J, jl, 2, byD, q);
    line.start.addJacobian(J, jl, 1, byStart, q);
  }
  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
    out[cOff + 1] = 0;
  }
}
