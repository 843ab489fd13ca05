// What the warm-up drags: a part of the opened drawing small enough to build and step in a few milliseconds, with
// every curve kind the drawing has and the constraints among the curves it keeps — so the engine's code for this
// drawing (its curve and constraint kinds, the assembly, the factorisation, a drag step) has run once before the
// user's first drag, whatever the drawing's size.

import type { Drawing } from '../shared/drawing';
import { emptyDrawing } from '../shared/drawing';
import { referencedCurves } from '../shared/references';

/**
 * Most curves the sample keeps. V8 compiles per function, not per size: 200 curves of a 1,000-curve chain warm its
 * first drag as well as the whole drawing does (measured: 14–18 ms against 75–93 ms cold), and build in ~5 ms.
 */
export const WARM_UP_CURVES = 200;

/**
 * A copy of part of `drawing`: one curve of every kind it has (even past `maxCurves`: there are few kinds), then,
 * in the drawing's order, each constraint whose curves still fit within `maxCurves` (with those curves), then other curves while there is room, the springs among the kept curves, every equation
 * definition, no traces. Its constraints hold wherever the drawing's do: the same records at the same values.
 */
export function warmUpSample(drawing: Drawing, maxCurves = WARM_UP_CURVES): Drawing {
  const keep = new Set<string>();
  const kinds = new Set<string>();
  for (const c of drawing.curves) {
    if (kinds.has(c.kind)) continue;
    kinds.add(c.kind);
    keep.add(c.id);
  }
  const constraints = drawing.constraints.filter((k) => {
    const fresh = new Set(referencedCurves(k).filter((id) => !keep.has(id)));
    if (keep.size + fresh.size > maxCurves) return false;
    for (const id of fresh) keep.add(id);
    return true;
  });
  // Room left: the curves no kept constraint names, in order (so a drawing within the limit is kept whole).
  for (const c of drawing.curves) if (keep.size < maxCurves) keep.add(c.id);
  const sample = emptyDrawing(drawing.meta.created);
  sample.curves = structuredClone(drawing.curves.filter((c) => keep.has(c.id)));
  sample.constraints = structuredClone(constraints);
  sample.springs = structuredClone(
    drawing.springs.filter((s) => referencedCurves(s).every((id) => keep.has(id))),
  );
  sample.equations = structuredClone(drawing.equations);
  return sample;
}
