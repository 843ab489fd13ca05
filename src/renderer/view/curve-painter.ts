// Every curve of the drawing as one canvas path, stroked once. The curves share one style, so a thousand curves
// cost one stroke (and one fill for the point curves' dots) instead of a thousand Konva nodes, each with its own
// save/transform/stroke: the drag frame's redraw is dominated by per-stroke overhead otherwise. Fully constrained
// curves (the session's status) are a second path in their own colour. Only what shows is traced: curves off
// screen are left out, and curves under a pixel joined into lines (curve-tracer.ts).

import type { Vec2 } from '../../shared/drawing';
import type { Editor } from '../editor/editor';
import { POINT_RADIUS } from '../../shared/style';
import { THEME } from './theme';
import { CurveTracer } from './curve-tracer';

/** The dot a point curve is drawn as, px: the SVG export's too (src/shared/style.ts). */
export { POINT_RADIUS } from '../../shared/style';

export function drawCurves(ctx: CanvasRenderingContext2D, editor: Editor): void {
  const { mirror } = editor;
  drawGroup(ctx, editor, false, THEME.curve.color);
  // Fully constrained curves in their own colour, as a second path (none: nothing drawn).
  if (mirror.status.curves.some((c) => c.fixed)) drawGroup(ctx, editor, true, THEME.fixedCurve);
}

/** The curves whose fixed flag is `fixed`, one stroke and one fill of dots in `color`. */
function drawGroup(ctx: CanvasRenderingContext2D, editor: Editor, fixed: boolean, color: string): void {
  const { mirror } = editor;
  const { zoom, center, width, height } = editor.view;
  const style = THEME.curve;
  // Build the path in drawing mm, then stroke in pixels: the path keeps the transform it was built under, the
  // stroke width is taken under the restored one (so it stays style.width px at any zoom).
  ctx.beginPath();
  ctx.save();
  ctx.translate(width / 2 - center[0] * zoom, height / 2 - center[1] * zoom);
  ctx.scale(zoom, zoom);
  // Off-screen curves are left out and sub-pixel ones joined (curve-tracer.ts); a dot reaches POINT_RADIUS out.
  const tracer = new CurveTracer(ctx, editor.view, Math.max(style.width, POINT_RADIUS));
  const dots: Vec2[] = [];
  for (const curve of mirror.drawing.curves) {
    if (mirror.curveFixed(curve.id) !== fixed) continue;
    const path = mirror.path(curve);
    if (!path) continue;
    if (path.segments.length > 0) tracer.trace(path);
    else if (tracer.meets(path.start[0], path.start[1], path.start[0], path.start[1])) dots.push(path.start);
  }
  ctx.restore();
  ctx.lineWidth = style.width;
  ctx.lineJoin = style.lineJoin;
  ctx.lineCap = style.lineCap;
  ctx.setLineDash(style.dash as number[]);
  ctx.strokeStyle = color;
  ctx.stroke();
  if (dots.length === 0) return;
  // A point curve has no extent to stroke: a dot, all dots in one fill.
  ctx.beginPath();
  for (const dot of dots) {
    const [x, y] = editor.view.toScreen(dot);
    ctx.moveTo(x + POINT_RADIUS, y);
    ctx.arc(x, y, POINT_RADIUS, 0, 2 * Math.PI);
  }
  ctx.fillStyle = color;
  ctx.fill();
}
