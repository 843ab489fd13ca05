// Points against the line of a line-like curve (line.ts), in mm. With d the line's direction (end − start) and p₀
// its start, the measures of cross.ts:
//   point-line distance: C = side · dist(p − p₀, d) − distance, dist the signed distance from the line and side its
//                        sign at build (+1 on the line): the point stays on the side it was drawn on, and the row is
//                        smooth through the line;
//   symmetric (a, b about the line), 2 rows: C₀ = dist(m − p₀, d), m = (a + b)/2 (the midpoint on the line), and
//                        C₁ = along(a − b, d) (a − b across the line), both distances, so both rows scale alike.
// A zero-length line has no direction: the measures read 0 with no gradient, never NaN.
import type { ConnectorPoint } from '../model/connector';
import { blockIndex, type ConstraintTerm, type DimensionTerm, type StackKey } from './constraint';
import { alongLine, distanceFromLine } from './cross';
import type { LineEnds } from './line';

export class PointLineDistanceTerm implements DimensionTerm {
  readonly rows = 1;
  readonly blocks: number[] = [];
  private readonly ip: number;
  private readonly il: number;
  /** +1 or −1: the side of the line the point was on at build. */
  private readonly side: number;
  /** p − p₀, and the distance's gradients in it and in d. */
  private readonly w = new Float64Array(2);
  private readonly gw = new Float64Array(2);
  private readonly gd = new Float64Array(2);
  private readonly gStart = new Float64Array(2);

  constructor(
    readonly id: string,
    private readonly point: ConnectorPoint,
    private readonly line: LineEnds,
    private readonly distance: number,
    built: Float64Array,
  ) {
    this.ip = blockIndex(this.blocks, point.block);
    this.il = blockIndex(this.blocks, line.block);
    this.side = this.signed(built) < 0 ? -1 : 1;
  }
  /** The signed distance of the point from the line, its gradients in gw (w = p − p₀) and gd. */
  private signed(q: Float64Array): number {
    this.line.direction(q);
    this.point.position(this.w, q);
    this.w[0] -= this.line.origin[0];
    this.w[1] -= this.line.origin[1];
    return distanceFromLine(this.gw, this.gd, this.w, this.line.d);
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    c[cOff] = this.side * this.signed(q) - this.distance;
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    this.signed(q);
    const { gw, gd, gStart, side } = this;
    for (let i = 0; i < 2; i++) {
      gw[i] *= side;
      gd[i] *= side;
      gStart[i] = -gw[i];
    }
    this.point.addJacobian(J, jOff[jBase + this.ip], 1, gw, q);
    const jl = jOff[jBase + this.il];
    this.line.addJacobian(J, jl, 1, gd, q);
    this.line.start.addJacobian(J, jl, 1, gStart, q);
  }
  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
  }
  /** The unsigned distance. */
  measure(q: Float64Array): number {
    return Math.abs(this.signed(q));
  }
  /** side · dist − distance: distances of one point from one line, on the same side, differ by their values only. */
  stackKey(): StackKey {
    return { key: `point-line|${this.point.key}|${this.line.key}|${this.side}`, sign: 1 };
  }
}

export class SymmetricTerm implements ConstraintTerm {
  readonly rows = 2;
  readonly blocks: number[] = [];
  private readonly ia: number;
  private readonly ib: number;
  private readonly il: number;
  private readonly pa = new Float64Array(2);
  private readonly pb = new Float64Array(2);
  /** m − p₀ and a − b, and each row's gradients in them and in d. */
  private readonly w = new Float64Array(2);
  private readonly v = new Float64Array(2);
  private readonly gw = new Float64Array(2);
  private readonly gv = new Float64Array(2);
  private readonly gd0 = new Float64Array(2);
  private readonly gd1 = new Float64Array(2);
  /** Row maps (2 × 2, row-major): on a, on b, on d, and on the line's start (through m − p₀). */
  private readonly byA = new Float64Array(4);
  private readonly byB = new Float64Array(4);
  private readonly byD = new Float64Array(4);
  private readonly byStart = new Float64Array(4);
  /** The rows' values while the Jacobian is made (it needs only their gradients). */
  private readonly rows2 = new Float64Array(2);

  constructor(
    readonly id: string,
    private readonly a: ConnectorPoint,
    private readonly b: ConnectorPoint,
    private readonly line: LineEnds,
  ) {
    this.ia = blockIndex(this.blocks, a.block);
    this.ib = blockIndex(this.blocks, b.block);
    this.il = blockIndex(this.blocks, line.block);
  }
  /** Both rows at q, into c[cOff], c[cOff + 1], with their gradients. */
  private measure(c: Float64Array, cOff: number, q: Float64Array): void {
    const { line, pa, pb, w, v } = this;
    line.direction(q);
    this.a.position(pa, q);
    this.b.position(pb, q);
    w[0] = 0.5 * (pa[0] + pb[0]) - line.origin[0];
    w[1] = 0.5 * (pa[1] + pb[1]) - line.origin[1];
    v[0] = pa[0] - pb[0];
    v[1] = pa[1] - pb[1];
    c[cOff] = distanceFromLine(this.gw, this.gd0, w, line.d);
    c[cOff + 1] = alongLine(this.gv, this.gd1, v, line.d);
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    this.measure(c, cOff, q);
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    this.measure(this.rows2, 0, q);
    const { gw, gv, gd0, gd1, byA, byB, byD, byStart } = this;
    // Row 0 through m = (a + b)/2 − p₀: ½ gw on each of a and b, −gw on the start; row 1 through a − b: ±gv.
    byA[0] = byB[0] = 0.5 * gw[0];
    byA[1] = byB[1] = 0.5 * gw[1];
    byA[2] = gv[0];
    byA[3] = gv[1];
    byB[2] = -gv[0];
    byB[3] = -gv[1];
    byD[0] = gd0[0];
    byD[1] = gd0[1];
    byD[2] = gd1[0];
    byD[3] = gd1[1];
    byStart[0] = -gw[0];
    byStart[1] = -gw[1];
    this.a.addJacobian(J, jOff[jBase + this.ia], 2, byA, q);
    this.b.addJacobian(J, jOff[jBase + this.ib], 2, byB, q);
    const jl = jOff[jBase + this.il];
    this.line.addJacobian(J, jl, 2, byD, q);
    this.line.start.addJacobian(J, jl, 1, byStart, q);
  }
  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
    out[cOff + 1] = 0;
  }
}
