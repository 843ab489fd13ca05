// A drag in progress, as the session keeps it: the mark taken when it began (what Escape puts back, and what a
// save during the drag writes: a drag is not an edit until it ends), whether it has moved anything yet (then the
// window shows a pose no file holds: the drawing is unsaved while it lasts), and — when the mechanism plays during
// the drag — the trails as they were, which Escape puts back too: the recorder appends to them in place, beside
// the history (history.ts), so the mark alone would keep what the frames of a cancelled drag recorded.

import type { Drawing } from '../shared/drawing';
import type { Trail } from '../shared/trail';
import { restoreMark, takeMark, type Mark } from './history';

export interface DragState {
  readonly mark: Mark;
  /** Frames in a row the grabbed point could not catch up with the cursor (held back by its constraints). */
  heldFrames: number;
  /** A frame of this drag moved something. */
  moved: boolean;
  /** Copies of the trails at the start, by trace id, when the mechanism was playing then; null otherwise. */
  readonly trails: ReadonlyMap<string, Trail> | null;
}

function copyTrail(trail: Trail): Trail {
  return { xy: trail.xy.slice(0, 2 * trail.length), length: trail.length, rewrites: trail.rewrites };
}

/** A drag beginning on `drawing`; `playing`: frames will record trails while it lasts. */
export function beginDrag(drawing: Drawing, playing: boolean): DragState {
  return {
    mark: takeMark(drawing),
    heldFrames: 0,
    moved: false,
    trails: playing ? new Map(drawing.traces.map((t) => [t.id, copyTrail(t.points)])) : null,
  };
}

/**
 * Puts `drawing` back as it was when the drag began: the mark's records, and the trails' points (in place, so the
 * history's entries keep holding the same trails; counted as a rewrite, so the renderer is sent them whole).
 */
export function restoreDragStart(drawing: Drawing, drag: DragState): void {
  restoreMark(drawing, drag.mark);
  if (!drag.trails) return;
  for (const { id, points } of drawing.traces) {
    const saved = drag.trails.get(id);
    // Untouched since (no frame recorded into it): nothing to put back, nothing to send again.
    if (!saved || (points.length === saved.length && points.rewrites === saved.rewrites)) continue;
    points.xy = saved.xy;
    points.length = saved.length;
    points.rewrites++;
  }
}

/** The drawing as it was when the drag began (its view and meta as they are now), for a save to write. */
export function drawingAtDragStart(drawing: Drawing, drag: DragState): Drawing {
  const { trails } = drag;
  const traces = trails
    ? drag.mark.traces.map((t) => {
        const saved = trails.get(t.id);
        return saved ? { ...t, points: saved } : t;
      })
    : drag.mark.traces;
  return { ...drawing, ...drag.mark, traces };
}
