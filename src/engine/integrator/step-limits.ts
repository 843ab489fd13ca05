// How far each curve may move in one step: the displacement limit that keeps a mechanism on its branch (see
// docs/engine.md, "One step", 4). Refreshed once per public call from the curves' present sizes, not per step.
import type { EngineModel } from '../build';

/** Most a constrained curve moves per step: this fraction of its own size… */
const CURVE_STEP_FRACTION = 0.1;
/** …but at least this fraction of the drawing's size (the drawing counts as at least 10 mm). */
const DRAWING_STEP_FRACTION = 0.02;
const MIN_DRAWING_SIZE = 10;

export class StepLimits {
  /** Per block: the most it may move in one step (Infinity for curves no constraint touches). */
  readonly limit: Float64Array;
  /** The factor every limit is multiplied by: halved after a refused projection, grown back after acceptance. */
  scale = 1;
  /** The diagonal of the drawing's bounds as of the last refresh (at least MIN_DRAWING_SIZE). */
  drawingSize = MIN_DRAWING_SIZE;
  /** This model's bounds [minX, minY, maxX, maxY] as of the last refresh (±Infinity: no curve of finite size). */
  readonly bounds = new Float64Array([Infinity, Infinity, -Infinity, -Infinity]);
  /**
   * The bounds of the whole drawing when this model is one part of it (the engine keeps them, engine.ts): the
   * drawing's size, not the part's, sets the limits' floor and the tolerance of rest, so a mechanism steps as
   * it would in the whole drawing. Null: the model is the whole drawing.
   */
  scene: Float64Array | null = null;
  private readonly constrained: Uint8Array;
  /** Per curve: its bounds [minX, minY, maxX, maxY] as of the last refresh (sizes: their diagonal, NaN if not finite). */
  private readonly boxes: Float64Array;
  private readonly sizes: Float64Array;
  private readonly box = new Float64Array(4);

  constructor(private readonly model: EngineModel) {
    const { system, curves } = model;
    this.limit = new Float64Array(system.blockCount);
    this.constrained = new Uint8Array(system.blockCount);
    this.sizes = new Float64Array(curves.length);
    this.boxes = new Float64Array(4 * curves.length);
    for (const t of model.terms) for (const blk of t.blocks) this.constrained[blk] = 1;
  }

  /**
   * Per-block step limits from the curves' present sizes (with the drag matrices: refreshDrag). Each curve's bounds
   * are kept and recomputed only when its state moved since the last call (refreshDrag tells): in a big drawing
   * most curves are still in most frames (a drag of 1,000 splines moves ~13 per frame).
   */
  refresh(q: Float64Array): void {
    const m = this.model;
    const { boxes, sizes, box } = this;
    m.system.refreshDrag(q);
    const moved = m.system.moved;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < m.curves.length; i++) {
      const o = 4 * i;
      if (moved[i]) {
        m.curves[i].bounds(box, q, m.curveOff[i]);
        boxes.set(box, o);
        const w = boxes[o + 2] - boxes[o];
        const h = boxes[o + 3] - boxes[o + 1];
        sizes[i] = Number.isFinite(w) && Number.isFinite(h) ? Math.sqrt(w * w + h * h) : NaN;
      }
      // A curve whose bounds are not finite has no size (and no say in the drawing's).
      if (sizes[i] !== sizes[i]) continue;
      if (boxes[o] < minX) minX = boxes[o];
      if (boxes[o + 1] < minY) minY = boxes[o + 1];
      if (boxes[o + 2] > maxX) maxX = boxes[o + 2];
      if (boxes[o + 3] > maxY) maxY = boxes[o + 3];
    }
    const { bounds, scene } = this;
    bounds[0] = minX;
    bounds[1] = minY;
    bounds[2] = maxX;
    bounds[3] = maxY;
    if (scene) {
      minX = Math.min(minX, scene[0]);
      minY = Math.min(minY, scene[1]);
      maxX = Math.max(maxX, scene[2]);
      maxY = Math.max(maxY, scene[3]);
    }
    const diag = Number.isFinite(maxX - minX) ? Math.hypot(maxX - minX, maxY - minY) : 0;
    this.drawingSize = Math.max(MIN_DRAWING_SIZE, diag);
    const floor = DRAWING_STEP_FRACTION * this.drawingSize;
    for (let b = 0; b < this.limit.length; b++) {
      this.limit[b] =
        b < sizes.length && this.constrained[b]
          ? Math.max(sizes[b] === sizes[b] ? CURVE_STEP_FRACTION * sizes[b] : 0, floor)
          : Infinity;
    }
  }

  /**
   * out = the bounds [minX, minY, maxX, maxY] of the curves `include` marks, as of the last refresh (those of finite
   * size, as `bounds` counts them): a share of this model's bounds (quiet-parts.ts).
   */
  union(out: Float64Array, include: ArrayLike<number>): void {
    const { boxes, sizes } = this;
    out[0] = out[1] = Infinity;
    out[2] = out[3] = -Infinity;
    for (let i = 0; i < sizes.length; i++) {
      if (!include[i] || sizes[i] !== sizes[i]) continue;
      const o = 4 * i;
      if (boxes[o] < out[0]) out[0] = boxes[o];
      if (boxes[o + 1] < out[1]) out[1] = boxes[o + 1];
      if (boxes[o + 2] > out[2]) out[2] = boxes[o + 2];
      if (boxes[o + 3] > out[3]) out[3] = boxes[o + 3];
    }
  }
}
