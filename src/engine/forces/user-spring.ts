// A user spring between two connectors, or from a connector to a fixed point of the paper: energy ½k(|d| − rest)²,
// d = p_a − p_b; force on a is −k(|d| − rest)·d̂, on b the opposite (none when b is the paper). Its stiffness
// couples two blocks; the block-diagonal majorant 2k·(J_aᵀJ_a ⊕ J_bᵀJ_b) ≽ the Gauss–Newton Hessian
// k(J_a − J_b)ᵀ(J_a − J_b) keeps the implicit step a descent step with W block diagonal (with a fixed end the
// Hessian is k·J_aᵀJ_a, under the same 2k·J_aᵀJ_a).
import type { ConnectorPoint } from '../model/connector';
import type { ForceTerm, StiffnessSink } from './force';
import { addPointForce, addPointStiffness } from './point-spring';

export class UserSpring implements ForceTerm {
  private readonly pa = new Float64Array(2);
  private readonly pb = new Float64Array(2);
  /** The other end when it is on a curve; null when it is the paper (pb then holds it for good). */
  private readonly bEnd: ConnectorPoint | null;
  /**
   * @param b the other end's connector, or a fixed point [x, y] of the paper (the spring anchored there).
   */
  constructor(
    readonly id: string,
    private readonly a: ConnectorPoint,
    b: ConnectorPoint | readonly [number, number],
    private readonly stiffness: number,
    private readonly rest: number,
  ) {
    this.bEnd = 'position' in b ? b : null;
    if (!this.bEnd) {
      this.pb[0] = (b as readonly [number, number])[0];
      this.pb[1] = (b as readonly [number, number])[1];
    }
  }
  private positions(q: Float64Array): void {
    this.a.position(this.pa, q);
    this.bEnd?.position(this.pb, q);
  }
  addForce(Q: Float64Array, q: Float64Array): void {
    this.positions(q);
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
    const b = this.bEnd;
    if (b) addPointForce(Q, b, -fx, -fy, q);
  }
  markBlocks(mask: Uint8Array): void {
    mask[this.a.block] = 1;
    const b = this.bEnd;
    if (b) mask[b.block] = 1;
  }
  /** Its length |p_a − p_b| at q (a target's miss). */
  length(q: Float64Array): number {
    this.positions(q);
    return Math.hypot(this.pa[0] - this.pb[0], this.pa[1] - this.pb[1]);
  }
  energy(q: Float64Array): number {
    const d = this.length(q);
    return 0.5 * this.stiffness * (d - this.rest) ** 2;
  }
  addStiffness(sink: StiffnessSink, q: Float64Array, scale: number): void {
    const s = 2 * scale * this.stiffness;
    addPointStiffness(sink, this.a, s, q);
    const b = this.bEnd;
    if (b) addPointStiffness(sink, b, s, q);
  }
}
