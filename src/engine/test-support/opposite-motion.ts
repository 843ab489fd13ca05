// The reshaping measure of issue 17: pull one material point of a lone, free curve through the real engine (the
// mouse spring, dragFrame until caught up) and measure how far any point of the curve moved against the pull, as a
// fraction of how far the grabbed point moved along it. The drag metric decides this: a metric whose
// minimum-dissipation response to a point force has negative lobes throws the rest of the curve the wrong way.
import type { Curve, Drawing, EquationDefinition, Vec2 } from '../../shared/drawing';
import { emptyDrawing } from '../../shared/drawing';
import { Engine } from '../engine';
import { testClock } from '../../shared/test-support/clock';

export interface OppositeMotion {
  /**
   * max over the curve of the motion against the pull, over the grabbed point's motion along it: positive, some
   * point moved back; negative, every point moved with the pull by at least that fraction.
   */
  against: number;
  /** The grabbed point's motion along the pull, over the pull's length (1: it followed the cursor all the way). */
  followed: number;
  /** Distance from the grabbed point to the cursor at the end (mm). */
  miss: number;
}

/** Samples of u at which the curve's motion is measured (material points: the same u before and after). */
const SAMPLES = 400;
/** Mouse moves the pull is made in. */
const MOUSE_STEPS = 12;

export function measureOppositeMotion(
  curve: Curve,
  u: number,
  pull: Vec2,
  equations: EquationDefinition[] = [],
): OppositeMotion {
  const drawing: Drawing = { ...emptyDrawing(), curves: [curve], equations };
  const engine = Engine.build(drawing, { clock: testClock() });
  const before: Vec2[] = [];
  for (let i = 0; i <= SAMPLES; i++) before.push(engine.pointAt(curve.id, i / SAMPLES));
  const start = engine.pointAt(curve.id, u);
  const cursor: Vec2 = [start[0] + pull[0], start[1] + pull[1]];
  engine.grab(curve.id, u);
  // The cursor moves in steps, as a mouse does (the drag matrices are refreshed once per frame).
  for (let s = 1; s <= MOUSE_STEPS; s++) {
    const at: Vec2 = [start[0] + (s / MOUSE_STEPS) * pull[0], start[1] + (s / MOUSE_STEPS) * pull[1]];
    for (let f = 0; f < 100 && !engine.dragFrame(at, 1000).caughtUp; f++);
  }
  engine.release();
  const length = Math.hypot(pull[0], pull[1]);
  const dx = pull[0] / length;
  const dy = pull[1] / length;
  const end = engine.pointAt(curve.id, u);
  const along = (end[0] - start[0]) * dx + (end[1] - start[1]) * dy;
  let worst = -Infinity;
  for (let i = 0; i <= SAMPLES; i++) {
    const p = engine.pointAt(curve.id, i / SAMPLES);
    worst = Math.max(worst, -((p[0] - before[i][0]) * dx + (p[1] - before[i][1]) * dy));
  }
  return {
    against: worst / along,
    followed: along / length,
    miss: Math.hypot(end[0] - cursor[0], end[1] - cursor[1]),
  };
}
