// The mouse spring: from the grabbed material point (c, u*) to the cursor m. Q_c += (∂p/∂q_c)ᵀ k (m − p);
// its stiffness k·JᵀJ is exact and lives in one block, so the mouse is integrated fully implicitly.
import type { ConnectorPoint } from '../model/connector';
import type { ForceTerm, StiffnessSink } from './force';
import { addPointForce, addPointStiffness } from './point-spring';

export class MouseSpring implements ForceTerm {
  readonly target = new Float64Array(2);
  private readonly p = new Float64Array(2);
  constructor(
    /**
     * The grabbed point; the engine makes its one spring at set-up (aimed at nothing until the first grab) and
     * re-aims it at each grab by setting this.
     */
    public point: ConnectorPoint | null,
    readonly stiffness: number,
  ) {}
  // A spring acts only while grabbing (the integrator lists it among the forces from grab to release): `point` is
  // set then.
  addForce(Q: Float64Array, q: Float64Array): void {
    const point = this.point!;
    point.position(this.p, q);
    const k = this.stiffness;
    addPointForce(Q, point, k * (this.target[0] - this.p[0]), k * (this.target[1] - this.p[1]), q);
  }
  markBlocks(mask: Uint8Array): void {
    mask[this.point!.block] = 1;
  }
  energy(q: Float64Array): number {
    this.point!.position(this.p, q);
    return 0.5 * this.stiffness * ((this.target[0] - this.p[0]) ** 2 + (this.target[1] - this.p[1]) ** 2);
  }
  addStiffness(sink: StiffnessSink, q: Float64Array, scale: number): void {
    addPointStiffness(sink, this.point!, scale * this.stiffness, q);
  }
}
