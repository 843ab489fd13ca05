// The selection's springs while several curves are dragged together: each selected curve is held at a few of its
// material points, each pulled toward where it was at the grab plus the mouse target's travel since. Reachable
// together only by a rigid translation of the selection, so a free selection moves as one piece with the grabbed
// point, and a constrained one gives as little as its constraints demand (they stay exact: the projection sees to
// it). Same stiffness as the mouse spring; one block per point, like the mouse.
import type { ConnectorPoint } from '../model/connector';
import type { ForceTerm, StiffnessSink } from './force';
import { addPointForce, addPointStiffness } from './point-spring';

export class CompanionSprings implements ForceTerm {
  /** Each point's position at the grab minus the mouse target then (x, y interleaved). */
  private readonly offsets: Float64Array;
  private readonly p = new Float64Array(2);
  private readonly d = new Float64Array(2);

  constructor(
    readonly points: readonly ConnectorPoint[],
    /** The mouse spring's target (shared, so aiming the mouse aims these too). */
    private readonly target: Float64Array,
    q: Float64Array,
    readonly stiffness: number,
  ) {
    this.offsets = new Float64Array(2 * points.length);
    for (let i = 0; i < points.length; i++) {
      points[i].position(this.p, q);
      this.offsets[2 * i] = this.p[0] - target[0];
      this.offsets[2 * i + 1] = this.p[1] - target[1];
    }
  }

  /** Point i's way to its target, target + offset − p, into `d` (no allocation). */
  private miss(i: number, q: Float64Array): void {
    this.points[i].position(this.p, q);
    this.d[0] = this.target[0] + this.offsets[2 * i] - this.p[0];
    this.d[1] = this.target[1] + this.offsets[2 * i + 1] - this.p[1];
  }

  addForce(Q: Float64Array, q: Float64Array): void {
    const k = this.stiffness;
    for (let i = 0; i < this.points.length; i++) {
      this.miss(i, q);
      addPointForce(Q, this.points[i], k * this.d[0], k * this.d[1], q);
    }
  }

  markBlocks(mask: Uint8Array): void {
    for (const point of this.points) mask[point.block] = 1;
  }

  energy(q: Float64Array): number {
    let e = 0;
    for (let i = 0; i < this.points.length; i++) {
      this.miss(i, q);
      e += this.d[0] * this.d[0] + this.d[1] * this.d[1];
    }
    return 0.5 * this.stiffness * e;
  }

  addStiffness(sink: StiffnessSink, q: Float64Array, scale: number): void {
    for (const point of this.points) addPointStiffness(sink, point, scale * this.stiffness, q);
  }

  /** The largest distance of a point from its target (mm). */
  maxMiss(q: Float64Array): number {
    let miss = 0;
    for (let i = 0; i < this.points.length; i++) {
      this.miss(i, q);
      miss = Math.max(miss, Math.hypot(this.d[0], this.d[1]));
    }
    return miss;
  }
}
