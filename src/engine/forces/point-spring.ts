// Spring helpers shared by the mouse spring and user springs: the force f (2-vector) applied at a connector point
// adds Jᵀf into Q; stiffness k applied at a point adds k·JᵀJ into the point's curve block.
import type { ConnectorPoint } from '../model/connector';
import type { StiffnessSink } from './force';

export function addPointForce(
  Q: Float64Array,
  p: ConnectorPoint,
  fx: number,
  fy: number,
  q: Float64Array,
): void {
  const J = p.jacobian(q);
  const k = p.model.size;
  for (let j = 0; j < k; j++) Q[p.qOff + j] += J[j] * fx + J[k + j] * fy;
}

export function addPointStiffness(
  sink: StiffnessSink,
  p: ConnectorPoint,
  stiffness: number,
  q: Float64Array,
): void {
  sink.addGram(p.block, p.jacobian(q), 0, 2, stiffness);
}
