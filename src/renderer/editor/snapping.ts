// Snapping while drawing: an end placed on an existing connector attaches to it; placed on a curve, it becomes a
// bead on that curve (point-on-curve). Connectors win over curves within the tolerance, since every end lies on
// its own curve too. Holding Alt turns snapping off.

import type { Connector, Constraint, Vec2 } from '../../shared/drawing';
import type { Mirror } from './mirror';
import { pickConnector, pickCurve } from './picking';

export type Snap =
  | { type: 'connector'; connector: Connector; point: Vec2 }
  | { type: 'curve'; curve: string; u: number; point: Vec2 };

export function findSnap(
  mirror: Mirror,
  p: Vec2,
  tolerance: number,
  exclude?: ReadonlySet<string>,
): Snap | null {
  const connector = pickConnector(mirror, p, tolerance, exclude);
  if (connector) return { type: 'connector', connector: connector.connector, point: connector.point };
  const curve = pickCurve(mirror, p, tolerance, exclude);
  if (curve) return { type: 'curve', curve: curve.curve, u: curve.u, point: curve.point };
  return null;
}

/** The constraint that makes `own` (a connector of the new curve) hold on to what it snapped to. */
export function snapConstraint(id: string, own: Connector, snap: Snap): Constraint {
  if (snap.type === 'connector') return { kind: 'attach', id, a: own, b: { ...snap.connector } };
  return { kind: 'on-curve', id, point: own, curve: snap.curve, s: snap.u };
}

/** Where a click lands: the snap's point if any, else the raw point. */
export function snappedPoint(p: Vec2, snap: Snap | null): Vec2 {
  return snap ? [snap.point[0], snap.point[1]] : [p[0], p[1]];
}
