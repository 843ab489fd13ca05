// A user spring between two connectors: energy ½k(|d| − rest)², d = p_a − p_b; force on a is −k(|d| − rest)·d̂,
// on b the opposite. Its stiffness couples two blocks; the block-diagonal majorant 2k·(J_aᵀJ_a ⊕ J_bᵀJ_b) ≽ the
// Gauss–Newton Hessian k(J_a − J_b)ᵀ(J_a − J_b) keeps the implicit step a descent step with W block diagonal.
import type { ConnectorPoint } from '../model/connector';
import type { ForceTerm } from './force';
import { addPointForce, addPointStiffness } from './point-spring';

export class UserSpring implements ForceTerm {
  private readonly pa = new Float64Array(2);
  private readonly pb = new Float64Array(2);
  constructor(
    readonly id: string,
    private readonly a: ConnectorPoint,
    private readonly b: ConnectorPoint,
    private readonly stiffness: number,
    private readonly rest: number,
  ) {}
  addForce(Q: Float64Array, q: Float64Array): void {
    this.a.position(this.pa, q);
    this.b.position(this.pb, q);
    const dx = this.pa[0] - this.pb[0];
    const dy = this.pa[1] - this.pb[1];
    const d = Math.hypot(dx, dy);
    let fx: number;
    let fy: number;
    if (d > 1e-300) {
      const s = (-this.stiffness * (d - this.rest)) / d;
      fx = s * dx;
      fy = s * dy;
    } else {
      fx = 0;
      fy = 0;
    }
    addPointForce(Q, this.a, fx, fy, q);
    addPointForce(Q, this.b, -fx, -fy, q);
  }
  markBlocks(mask: Uint8Array): void {
    mask[this.a.block] = 1;
    mask[this.b.block] = 1;
  }
  energy(q: Float64Array): number {
    this.a.position(this.pa, q);
    this.b.position(this.pb, q);
    const d = Math.hypot(this.pa[0] - this.pb[0], this.pa[1] - this.pb[1]);
    return 0.5 * this.stiffness * (d - this.rest) ** 2;
  }
  addStiffness(M: Float64Array, mOff: Int32Array, q: Float64Array, scale: number): void {
    const s = 2 * scale * this.stiffness;
    addPointStiffness(M, mOff[this.a.block], this.a, s, q);
    addPointStiffness(M, mOff[this.b.block], this.b, s, q);
  }
}
