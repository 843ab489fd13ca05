// Point-on-curve: a connector slides on a wire. C = p_a − p_wire(s) (2 rows); s, the bead's parameter on the wire,
// is its own 1-parameter state block, so ∂C/∂s = −∂p_wire/∂u.
import { jacobianScratch, type CurveModel } from '../curves/curve';
import { ConnectorPoint, IDENTITY_2 } from '../model/connector';
import { blockIndex, type ConstraintTerm } from './constraint';

export class OnCurveTerm implements ConstraintTerm {
  readonly rows = 2;
  readonly blocks: number[] = [];
  private readonly ia: number;
  private readonly iw: number;
  private readonly is: number;
  private readonly pa = new Float64Array(2);
  private readonly pw = new Float64Array(2);

  constructor(
    readonly id: string,
    private readonly point: ConnectorPoint,
    private readonly wire: CurveModel,
    wireBlock: number,
    private readonly wireOff: number,
    beadBlock: number,
    /** Offset of s in q. */
    readonly sOff: number,
  ) {
    this.ia = blockIndex(this.blocks, point.block);
    this.iw = blockIndex(this.blocks, wireBlock);
    this.is = blockIndex(this.blocks, beadBlock);
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    this.point.position(this.pa, q);
    this.wire.position(this.pw, q, this.wireOff, q[this.sOff]);
    c[cOff] = this.pa[0] - this.pw[0];
    c[cOff + 1] = this.pa[1] - this.pw[1];
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    this.point.addJacobian(J, jOff[jBase + this.ia], 2, IDENTITY_2, q);
    const s = q[this.sOff];
    const k = this.wire.size;
    const jw = jacobianScratch(0, k);
    this.wire.jacobian(jw, q, this.wireOff, s);
    const ow = jOff[jBase + this.iw];
    for (let j = 0; j < k; j++) {
      J[ow + j] -= jw[j];
      J[ow + k + j] -= jw[k + j];
    }
    this.wire.tangent(this.pw, q, this.wireOff, s);
    const os = jOff[jBase + this.is];
    J[os] -= this.pw[0];
    J[os + 1] -= this.pw[1];
  }
  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = 0;
    out[cOff + 1] = 0;
  }
}
