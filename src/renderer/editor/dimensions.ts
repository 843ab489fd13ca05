// The mirror's dimensions laid out at the view's zoom (src/shared/dimension-layout.ts), for the painter, picking and
// the inline editor: where each connector is now (the mirror's geometry, so a drag frame moves them and a reference
// dimension's value follows), the side away from the drawing's centre, and the label the user is dragging, if any.

import {
  dimensionGeometry,
  distanceToDimension,
  layoutDimension,
  type DimensionLayout,
} from '../../shared/dimension-layout';
import { isDimension, type DimensionConstraint } from '../../shared/dimension-value';
import type { Constraint, Drawing, Vec2 } from '../../shared/drawing';
import type { Mirror } from './mirror';
import type { ViewTransform } from './view-transform';

/** What the layout reads of the editor. */
export interface DimensionView {
  readonly mirror: Mirror;
  readonly view: ViewTransform;
  /** A label being dragged: drawn at `offset` until the session answers the edit. */
  readonly overlay: { label: { id: string; offset: Vec2 } | null };
}

/**
 * The drawing's centre (of its bounding box), which dimensions keep away from. Taken once per drawing the session
 * sends (an edit, an undo, a drag's end), not per drag frame: the sides stay put while the user drags.
 */
const centres = new WeakMap<Drawing, Vec2 | null>();
function centreOf(mirror: Mirror): Vec2 | null {
  const drawing = mirror.drawing;
  if (!centres.has(drawing)) {
    const box = mirror.bounds();
    centres.set(drawing, box ? [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2] : null);
  }
  return centres.get(drawing) ?? null;
}

/** A dimension's layout as drawn now, or null when what it measures cannot be located. */
export function dimensionLayout(editor: DimensionView, k: DimensionConstraint): DimensionLayout | null {
  const { mirror, view } = editor;
  const g = dimensionGeometry(
    k,
    (c) => mirror.connectorPosition(c),
    (c) => mirror.connectorDirection(c),
  );
  if (!g) return null;
  const moving = editor.overlay.label;
  const record = moving && moving.id === k.id ? { ...k, label: moving.offset } : k;
  return layoutDimension(record, g, { mmPerPx: 1 / view.zoom, away: centreOf(mirror), expressions: true });
}

/** The dimension constraint of that id, if it is one. */
export function dimensionById(mirror: Mirror, id: string): DimensionConstraint | null {
  const k: Constraint | undefined = mirror.drawing.constraints.find((c) => c.id === id);
  return k && isDimension(k) ? k : null;
}

/** The dimension drawn nearest to p (drawing mm) within `tolerance` mm, and how near. */
export function pickDimension(
  editor: DimensionView,
  p: Vec2,
  tolerance: number,
): { id: string; distance: number } | null {
  let best: { id: string; distance: number } | null = null;
  for (const k of editor.mirror.drawing.constraints) {
    if (!isDimension(k)) continue;
    const layout = dimensionLayout(editor, k);
    if (!layout) continue;
    const distance = distanceToDimension(layout, p);
    if (distance <= tolerance && (!best || distance < best.distance)) best = { id: k.id, distance };
  }
  return best;
}
