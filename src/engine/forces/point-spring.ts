// Spring helpers shared by the mouse spring and user springs: the force f (2-vector) applied at a connector point
// adds Jᵀf into Q; stiffness k applied at a point adds k·JᵀJ into the point's curve block.
import type { ConnectorPoint } from '../model/connector';

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
  M: Float64Array,
  mo: number,
  p: ConnectorPoint,
  stiffness: number,
  q: Float64Array,
): void {
  const J = p.jacobian(q);
  const k = p.model.size;
  for (let i = 0; i < k; i++) {
    const xi = J[i] * stiffness;
    const yi = J[k + i] * stiffness;
    if (xi === 0 && yi === 0) continue;
    for (let j = 0; j < k; j++) M[mo + i * k + j] += xi * J[j] + yi * J[k + j];
  }
}
