// G1 where two curves meet: their directions ∂p/∂u at connectors a and b are parallel. One row,
//   C = t_a × t_b / (|t_a| |t_b|)
// the sine of the angle between them, for every curve kind with a direction (equation curves through their
// compiled derivatives). Parallel either way (a smooth join or a cusp), so nothing is chosen at build. The points
// coinciding is a separate attach constraint.
import { jacobianScratch } from '../curves/curve';
import type { ConnectorPoint } from '../model/connector';
import { blockIndex, type ConstraintTerm } from './constraint';
import { addThrough, sineBetween } from './cross';

export class TangentG1Term implements ConstraintTerm {
  readonly rows = 1;
  readonly blocks: number[] = [];
  private readonly ia: number;
  private readonly ib: number;
  private readonly ta = new Float64Array(2);
  private readonly tb = new Float64Array(2);
  private readonly ga = new Float64Array(2);
  private readonly gb = new Float64Array(2);
  /** ∂t/∂q at a and at b (2 × size each). */

  /** a and b are material points of their curves (not an off-curve centre: it has no direction). */
  constructor(
    readonly id: string,
    private readonly a: ConnectorPoint,
    private readonly b: ConnectorPoint,
  ) {
    this.ia = blockIndex(this.blocks, a.block);
    this.ib = blockIndex(this.blocks, b.block);
  }

  private measure(q: Float64Array): number {
    const { a, b } = this;
    a.model.tangent(this.ta, q, a.qOff, a.u);
    b.model.tangent(this.tb, q, b.qOff, b.u);
    return sineBetween(this.ga, this.gb, this.ta, this.tb);
  }

  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    c[cOff] = this.measure(q);
  }

  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    this.measure(q);
    const { a, b } = this;
    const ja = jacobianScratch(0, a.model.size);
    const jb = jacobianScratch(1, b.model.size);
    a.model.tangentJacobian(ja, q, a.qOff, a.u);
    b.model.tangentJacobian(jb, q, b.qOff, b.u);
    addThrough(J, jOff[jBase + this.ia], this.ga, ja, a.model.size);
    addThrough(J, jOff[jBase + this.ib], this.gb, jb, b.model.size);
  }

  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
  }
}
