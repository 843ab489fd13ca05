// Tools ▸ Fit to Points and Follow Edges (docs/editor.md, "Fits and attractors"): the selected curves given one
// attractor, as one undoable `add`; the session then runs it live (pull-loop.ts) and the edit and the fit's motion
// are one undo entry. What each applies to is read here once, for the action table's `enabled` rules and for the
// commands themselves.

import type { Attractor, Drawing, PointSet, ReferenceImage, Trace } from '../../shared/drawing';
import { trailPoints } from '../../shared/trail';

/** A new fit's loss: squared (the least-squares fit); Huber is chosen in the fit's properties. */
export const DEFAULT_LOSS = 'squared';
/** A new snake's capture range (mm). */
export const DEFAULT_RANGE_MM = 2;

/** The selected curves, in the drawing's order. */
export function selectedCurves(drawing: Drawing, selection: ReadonlySet<string>): string[] {
  return drawing.curves.filter((c) => selection.has(c.id)).map((c) => c.id);
}

/** The point set a fit takes: the one selected, or the drawing's only one; null when that is not one set. */
export function fitData(drawing: Drawing, selection: ReadonlySet<string>): PointSet | null {
  const sets = drawing.pointSets ?? [];
  const selected = sets.filter((s) => selection.has(s.id));
  if (selected.length === 1) return selected[0];
  return selected.length === 0 && sets.length === 1 ? sets[0] : null;
}

/** The image a snake follows: the top one (images are listed bottom first). */
export function snakeImage(drawing: Drawing): ReferenceImage | null {
  return drawing.images?.at(-1) ?? null;
}

/** What Fit to Points adds for this selection (with `id`), or why it does not apply, as the status bar says it. */
export function fitToPoints(
  drawing: Drawing,
  selection: ReadonlySet<string>,
  id: string,
): Attractor | string {
  const curves = selectedCurves(drawing, selection);
  const data = fitData(drawing, selection);
  if (curves.length === 0 || !data)
    return 'Fit to Points: select the curves to fit and one point set (Shift-click adds to the selection)';
  return { id, kind: 'points', on: true, strength: 1, curves, data: data.id, loss: DEFAULT_LOSS };
}

/** What Follow Edges adds for this selection (with `id`), or why it does not apply. */
export function followEdges(
  drawing: Drawing,
  selection: ReadonlySet<string>,
  id: string,
): Attractor | string {
  const curves = selectedCurves(drawing, selection);
  const image = snakeImage(drawing);
  if (curves.length === 0 || !image)
    return 'Follow Edges: place a reference image (File ▸ Place Image…) and select the curves to pull to its edges';
  return { id, kind: 'edges', on: true, strength: 1, curves, image: image.id, range: DEFAULT_RANGE_MM };
}

/**
 * A trace's trail as a point set `id` named after the trace ("trace 1 data"). A trail keeps at most
 * MAX_TRACE_POINTS, which a point set holds (MAX_POINT_SET_POINTS), so every point goes.
 */
export function traceData(trace: Trace, name: string, id: string): PointSet {
  return { id, name: `${name} data`, points: trailPoints(trace.points) };
}
