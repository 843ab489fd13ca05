// The directions of lines (line.ts): parallel, perpendicular and angle. Rows are dimensionless (the sine or cosine of
// the angle between the lines, or an angle in radians), so they do not grow with the lines' lengths.
//   parallel:      C = (d₁ × d₂) / (|d₁| |d₂|)   = sin φ   (either orientation: parallel or opposed)
//   perpendicular: C = (d₁ · d₂) / (|d₁| |d₂|)   = cos φ
//   angle:         C = wrap(θ − angle), θ = atan2(d₁ × d₂, d₁ · d₂) (from d₁ to d₂), or atan2(d_y, d_x) for one
//                  line (from +x); wrap into (−π, π], so a satisfied row sits at 0, as far from the cut as it can be.
// A zero-length line has no direction: parallel and perpendicular read 0, an angle measures it as 0 (atan2(0, 0)),
// with no gradient through it; never NaN. An angle's direction may also be a curve's tangent at a point (line.ts,
// TangentDirection): the angle of an equation curve's tangent, say.
import { blockIndex, pairKey, type DimensionTerm, type ConstraintTerm, type StackKey } from './constraint';
import { cosineBetween, sineBetween } from './cross';
import { wrapAngle } from '../../shared/angles';
import type { Direction, LineEnds } from './line';

export { wrapAngle };

export type Relation = 'parallel' | 'perpendicular';

export class LineRelationTerm implements ConstraintTerm {
  readonly rows = 1;
  readonly blocks: number[] = [];
  private readonly i1: number;
  private readonly i2: number;
  private readonly g1 = new Float64Array(2);
  private readonly g2 = new Float64Array(2);

  constructor(
    readonly id: string,
    private readonly l1: LineEnds,
    private readonly l2: LineEnds,
    private readonly relation: Relation,
  ) {
    this.i1 = blockIndex(this.blocks, l1.block);
    this.i2 = blockIndex(this.blocks, l2.block);
  }
  /** The row's value; its gradients in g1 (∂C/∂d₁) and g2 (∂C/∂d₂) (cross.ts). */
  private evaluate(q: Float64Array): number {
    this.l1.direction(q);
    this.l2.direction(q);
    const measure = this.relation === 'parallel' ? sineBetween : cosineBetween;
    return measure(this.g1, this.g2, this.l1.d, this.l2.d);
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    c[cOff] = this.evaluate(q);
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    this.evaluate(q);
    this.l1.addJacobian(J, jOff[jBase + this.i1], 1, this.g1, q);
    this.l2.addJacobian(J, jOff[jBase + this.i2], 1, this.g2, q);
  }
  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
  }
  /** sin φ changes sign when the lines swap, cos φ does not; a line against itself has no row to repeat. */
  stackKey(): StackKey | null {
    const a = this.l1.key;
    const b = this.l2.key;
    return a === b ? null : pairKey(this.relation, a, b, this.relation === 'parallel');
  }
}

export class AngleTerm implements DimensionTerm {
  readonly rows = 1;
  readonly blocks: number[] = [];
  private readonly i1: number;
  private readonly i2: number;
  private readonly g1 = new Float64Array(2);
  private readonly g2 = new Float64Array(2);

  /** `from` null: the angle of `to` from the +x axis. A direction is a line's, or a curve's tangent at a point. */
  constructor(
    readonly id: string,
    private readonly from: Direction | null,
    private readonly to: Direction,
    private readonly angle: number,
  ) {
    this.i1 = from ? blockIndex(this.blocks, from.block) : -1;
    this.i2 = blockIndex(this.blocks, to.block);
  }
  /** θ; ∂θ/∂d of each line in g1, g2 (∂φ/∂d = (−d_y, d_x)/|d|² for a line's own angle φ; θ = φ₂ − φ₁). */
  private theta(q: Float64Array): number {
    const n2 = this.to.direction(q);
    const d2 = this.to.d;
    const w2 = n2 > 0 ? 1 / (n2 * n2) : 0;
    this.g2[0] = -d2[1] * w2;
    this.g2[1] = d2[0] * w2;
    if (!this.from) return Math.atan2(d2[1], d2[0]);
    const n1 = this.from.direction(q);
    const d1 = this.from.d;
    const w1 = n1 > 0 ? 1 / (n1 * n1) : 0;
    this.g1[0] = d1[1] * w1;
    this.g1[1] = -d1[0] * w1;
    return Math.atan2(d1[0] * d2[1] - d1[1] * d2[0], d1[0] * d2[0] + d1[1] * d2[1]);
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    c[cOff] = wrapAngle(this.theta(q) - this.angle);
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    this.theta(q);
    if (this.from) this.from.addJacobian(J, jOff[jBase + this.i1], 1, this.g1, q);
    this.to.addJacobian(J, jOff[jBase + this.i2], 1, this.g2, q);
  }
  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
  }
  /** wrap(θ − angle): angles between the same directions, in the same order, differ by their values only. */
  stackKey(): StackKey {
    return { key: `angle|${this.from?.key ?? '+x'}|${this.to.key}`, sign: 1 };
  }
  /** The angle as near the record's value as the geometry allows (the record's turns kept). */
  measure(q: Float64Array): number {
    return this.angle + wrapAngle(this.theta(q) - this.angle);
  }
}
