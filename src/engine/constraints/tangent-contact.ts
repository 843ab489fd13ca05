// Tangent contact: the (infinite) line of a segment or bar touches a curve at the curve's parameter s, a sliding
// state like a bead's. With A the line's start, d its direction (∂p/∂u of the line, constant along it), p(s) and
// t(s) = ∂p/∂u the curve's point and direction at s:
//   C₀ = (p(s) − A) × d / |d|      the contact point is on the line (a signed distance, mm)
//   C₁ = t(s) × d / (|t| |d|)      the curve runs along the line there (the sine of the angle between them)
// A line tangent to a circle, arc or ellipse, and a flat-faced cam follower on any cam curve. Either side of the
// line and either sense of t satisfy it: nothing to choose at build. ∂C/∂s needs ∂²p/∂u² (secondDerivative), ∂C/∂q
// of the curve and of the line needs ∂²p/∂u∂q (tangentJacobian).
import { jacobianScratch, type CurveModel } from '../curves/curve';
import { blockIndex, type ConstraintTerm } from './constraint';
import { addThrough, distanceFromLine, sineBetween } from './cross';

export class TangentContactTerm implements ConstraintTerm {
  readonly rows = 2;
  readonly blocks: number[] = [];
  private readonly il: number;
  private readonly ic: number;
  private readonly is: number;
  private readonly a = new Float64Array(2);
  private readonly d = new Float64Array(2);
  private readonly w = new Float64Array(2);
  private readonly t = new Float64Array(2);
  private readonly tt = new Float64Array(2);
  private readonly gw = new Float64Array(2);
  private readonly gd = new Float64Array(2);
  private readonly gt = new Float64Array(2);
  private readonly gd1 = new Float64Array(2);
  private readonly minusGw = new Float64Array(2);
  private readonly box = new Float64Array(4);
  /** The line's ∂A/∂q and ∂d/∂q, the curve's ∂p/∂q and ∂t/∂q at s (2 × size each). */

  constructor(
    readonly id: string,
    private readonly line: CurveModel,
    lineBlock: number,
    private readonly lineOff: number,
    private readonly curve: CurveModel,
    curveBlock: number,
    private readonly curveOff: number,
    beadBlock: number,
    /** Offset of s in q. */
    readonly sOff: number,
  ) {
    this.il = blockIndex(this.blocks, lineBlock);
    this.ic = blockIndex(this.blocks, curveBlock);
    this.is = blockIndex(this.blocks, beadBlock);
  }

  /** Evaluates both rows and their gradients in w = p − A, d and t; returns C₀, C₁ in `out`. */
  private measure(q: Float64Array, out: Float64Array, cOff: number): void {
    const s = q[this.sOff];
    this.line.position(this.a, q, this.lineOff, 0);
    this.line.tangent(this.d, q, this.lineOff, 0);
    this.curve.position(this.w, q, this.curveOff, s);
    this.curve.tangent(this.t, q, this.curveOff, s);
    this.w[0] -= this.a[0];
    this.w[1] -= this.a[1];
    out[cOff] = distanceFromLine(this.gw, this.gd, this.w, this.d);
    out[cOff + 1] = sineBetween(this.gt, this.gd1, this.t, this.d);
  }

  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    this.measure(q, c, cOff);
  }

  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    this.measure(q, this.tt, 0);
    const s = q[this.sOff];
    const kl = this.line.size;
    const kc = this.curve.size;
    // The line: C₀ through A (w = p − A) and d, C₁ through d.
    const ja = jacobianScratch(0, kl);
    const jd = jacobianScratch(1, kl);
    this.line.jacobian(ja, q, this.lineOff, 0);
    this.line.tangentJacobian(jd, q, this.lineOff, 0);
    const ol = jOff[jBase + this.il];
    this.minusGw[0] = -this.gw[0];
    this.minusGw[1] = -this.gw[1];
    addThrough(J, ol, this.minusGw, ja, kl);
    addThrough(J, ol, this.gd, jd, kl);
    addThrough(J, ol + kl, this.gd1, jd, kl);
    // The curve: C₀ through p, C₁ through t.
    const jp = jacobianScratch(2, kc);
    const jt = jacobianScratch(3, kc);
    this.curve.jacobian(jp, q, this.curveOff, s);
    this.curve.tangentJacobian(jt, q, this.curveOff, s);
    const oc = jOff[jBase + this.ic];
    addThrough(J, oc, this.gw, jp, kc);
    addThrough(J, oc + kc, this.gt, jt, kc);
    // s: ∂p/∂s = t, ∂t/∂s = ∂²p/∂u².
    this.curve.secondDerivative(this.tt, q, this.curveOff, s);
    const os = jOff[jBase + this.is];
    J[os] += this.gw[0] * this.t[0] + this.gw[1] * this.t[1];
    J[os + 1] += this.gt[0] * this.tt[0] + this.gt[1] * this.tt[1];
  }

  /**
   * How far the contact is from met with s at `s` instead of where it is (q unchanged): C₀² + (ℓ·C₁)², ℓ the
   * curve's size, so a wrong direction weighs as a miss across the curve would (contact-seats.ts).
   */
  misfitAt(q: Float64Array, s: number): number {
    const kept = q[this.sOff];
    q[this.sOff] = s;
    this.measure(q, this.tt, 0);
    q[this.sOff] = kept;
    this.curve.bounds(this.box, q, this.curveOff);
    const size = Math.hypot(this.box[2] - this.box[0], this.box[3] - this.box[1]);
    const turn = size * this.tt[1];
    return this.tt[0] * this.tt[0] + turn * turn;
  }

  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
    out[cOff + 1] = 0;
  }
}
