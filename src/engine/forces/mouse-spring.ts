// The mouse spring: from the grabbed material point (c, u*) to the cursor m. Q_c += (∂p/∂q_c)ᵀ k (m − p);
// its stiffness k·JᵀJ is exact and lives in one block, so the mouse is integrated fully implicitly.
import type { ConnectorPoint } from '../model/connector';
import type { ForceTerm, StiffnessSink } from './force';
import { addPointForce, addPointStiffness } from './point-spring';

export class MouseSpring implements ForceTerm {
  readonly target = new Float64Array(2);
  private readonly p = new Float64Array(2);
  constructor(
    /** The grabbed point; the engine re-aims its one spring at each grab by setting it. */
    public point: ConnectorPoint,
    readonly stiffness: number,
  ) {}
  addForce(Q: Float64Array, q: Float64Array): void {
    this.point.position(this.p, q);
    const k = this.stiffness;
    addPointForce(Q, this.point, k * (this.target[0] - this.p[0]), k * (this.target[1] - this.p[1]), q);
  }
  markBlocks(mask: Uint8Array): void {
    mask[this.point.block] = 1;
  }
  energy(q: Float64Array): number {
    this.point.position(this.p, q);
    return 0.5 * this.stiffness * ((this.target[0] - this.p[0]) ** 2 + (this.target[1] - this.p[1]) ** 2);
  }
  addStiffness(sink: StiffnessSink, q: Float64Array, scale: number): void {
    addPointStiffness(sink, this.point, scale * this.stiffness, q);
  }
}
