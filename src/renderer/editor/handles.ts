// The shape handles of a free-form curve: a Bézier's two inner control points, a spline's knots — each a point
// that is two of the curve's state entries (handle i: entries 2i, 2i + 1), shown when the curve is selected and
// grabbed as such by a drag (the session's drag:start `handle`), not as a material point of the curve.

import type { Curve, Vec2 } from '../../shared/drawing';
import type { Mirror } from './mirror';

export interface Handle {
  curve: string;
  /** The state pair's index: a Bézier's control point 1 or 2, a spline's knot. */
  index: number;
  at: Vec2;
}

/** A curve's handles and the control polygon's lines (a Bézier's end to its neighbouring control point). */
export function controlHandles(curve: Curve): { handles: Handle[]; lines: [Vec2, Vec2][] } | null {
  if (curve.kind === 'bezier') {
    const [p0, p1, p2, p3] = curve.points;
    return {
      handles: [
        { curve: curve.id, index: 1, at: p1 },
        { curve: curve.id, index: 2, at: p2 },
      ],
      lines: [
        [p0, p1],
        [p3, p2],
      ],
    };
  }
  if (curve.kind === 'spline')
    return { handles: curve.points.map((at, index) => ({ curve: curve.id, index, at })), lines: [] };
  return null;
}

/** The handle of a selected curve nearest `p` within `tolerance` (mm), or null. */
export function pickHandle(
  mirror: Mirror,
  selection: Iterable<string>,
  p: Vec2,
  tolerance: number,
): Handle | null {
  let best: Handle | null = null;
  let bestD = tolerance;
  for (const id of selection) {
    const curve = mirror.curve(id);
    for (const h of (curve && controlHandles(curve)?.handles) || []) {
      const d = Math.hypot(h.at[0] - p[0], h.at[1] - p[1]);
      if (d <= bestD) {
        bestD = d;
        best = h;
      }
    }
  }
  return best;
}
