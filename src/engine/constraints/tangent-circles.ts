// Two circles or arcs touching: the distance of their centres is the sum of their radii (outside) or the
// difference (internal). One row:
//   outside:  C = |c₁ − c₂| − (σ₁r₁ + σ₂r₂)
//   internal: C = |c₁ − c₂| − σ(σ₁r₁ − σ₂r₂)
// σᵢ = the sign of rᵢ as built (a radius may be negative in memory: a circle dragged inside out) and σ the sign
// of σ₁r₁ − σ₂r₂ as built (which one is the larger), so the row is smooth where |r| would have a kink and keeps the
// choices the drawing had. Coinciding centres have no direction: the centres' gradient is then 0, never NaN (the
// radii still move the row).
import type { CurveModel } from '../curves/curve';
import { blockIndex, type ConstraintTerm } from './constraint';

/** +1 for x ≥ 0 (a zero radius counts as positive), −1 below. */
const signOf = (x: number): number => (x < 0 ? -1 : 1);

export class TangentCirclesTerm implements ConstraintTerm {
  readonly rows = 1;
  readonly blocks: number[] = [];
  private readonly i1: number;
  private readonly i2: number;
  /** Within each curve's block: the centre's x (y next) and the radius. */
  private readonly cx1: number;
  private readonly cx2: number;
  private readonly r1: number;
  private readonly r2: number;
  /** ∂R/∂r₁ and ∂R/∂r₂ of the target distance R (the signs above, fixed at build). */
  private readonly w1: number;
  private readonly w2: number;

  constructor(
    readonly id: string,
    first: CurveModel,
    block1: number,
    private readonly off1: number,
    second: CurveModel,
    block2: number,
    private readonly off2: number,
    internal: boolean,
    /** The state as built: the signs are read from it. */
    q: Float64Array,
  ) {
    this.i1 = blockIndex(this.blocks, block1);
    this.i2 = blockIndex(this.blocks, block2);
    this.cx1 = first.centerIndex;
    this.cx2 = second.centerIndex;
    this.r1 = first.radii![0];
    this.r2 = second.radii![0];
    const s1 = signOf(q[off1 + this.r1]);
    const s2 = signOf(q[off2 + this.r2]);
    if (internal) {
      const s = signOf(s1 * q[off1 + this.r1] - s2 * q[off2 + this.r2]);
      this.w1 = s * s1;
      this.w2 = -s * s2;
    } else {
      this.w1 = s1;
      this.w2 = s2;
    }
  }

  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    const dx = q[this.off1 + this.cx1] - q[this.off2 + this.cx2];
    const dy = q[this.off1 + this.cx1 + 1] - q[this.off2 + this.cx2 + 1];
    c[cOff] = Math.hypot(dx, dy) - (this.w1 * q[this.off1 + this.r1] + this.w2 * q[this.off2 + this.r2]);
  }

  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    const dx = q[this.off1 + this.cx1] - q[this.off2 + this.cx2];
    const dy = q[this.off1 + this.cx1 + 1] - q[this.off2 + this.cx2 + 1];
    const D = Math.hypot(dx, dy);
    const ux = D > 0 ? dx / D : 0;
    const uy = D > 0 ? dy / D : 0;
    const o1 = jOff[jBase + this.i1];
    const o2 = jOff[jBase + this.i2];
    J[o1 + this.cx1] += ux;
    J[o1 + this.cx1 + 1] += uy;
    J[o1 + this.r1] -= this.w1;
    J[o2 + this.cx2] -= ux;
    J[o2 + this.cx2 + 1] -= uy;
    J[o2 + this.r2] -= this.w2;
  }

  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
  }
}
