// The leash of an assembly from far (docs/engine.md, "Assembly from far"): the box the drawing must stay within
// while a settle assembles it — the start's own bounds, widened on every side by their diagonal (at least the
// drawing's floor size). An assembling step that puts any curve outside it is refused as a failed projection is
// (the step limits halve), so a descent of |C|² cannot throw geometry a metre away on its way down a valley that
// leads nowhere: a square's corner at (−921, −273), a Bézier's control points at (1745, 4836).
import type { EngineModel } from '../build';

/** The box around `bounds` ([minX, minY, maxX, maxY]) widened by its diagonal, at least `floor`, on every side. */
export function leashAround(out: Float64Array, bounds: Float64Array, floor: number): void {
  const w = bounds[2] - bounds[0];
  const h = bounds[3] - bounds[1];
  const diag = Number.isFinite(w) && Number.isFinite(h) ? Math.hypot(w, h) : 0;
  const margin = Math.max(diag, floor);
  out[0] = bounds[0] - margin;
  out[1] = bounds[1] - margin;
  out[2] = bounds[2] + margin;
  out[3] = bounds[3] + margin;
}

/** True if some curve of the model at q has bounds outside `leash` (`box`: scratch of 4). */
export function outsideLeash(
  leash: Float64Array,
  model: EngineModel,
  q: Float64Array,
  box: Float64Array,
): boolean {
  const { curves, curveOff } = model;
  for (let i = 0; i < curves.length; i++) {
    curves[i].bounds(box, q, curveOff[i]);
    if (box[0] < leash[0] || box[1] < leash[1] || box[2] > leash[2] || box[3] > leash[3]) return true;
  }
  return false;
}
