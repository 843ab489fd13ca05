// Data to fit and what pulls toward it. The point sets on the grid layer, over the reference images (they move only
// with the view, so a drag frame, which redraws the curves layer, does not draw them again): each set as small
// crosses, one canvas path per set (not a shape per point: 100,000 points draw in a frame), those off the canvas
// left out; a selected set in the selection's colour. On the curves layer, under the curves, what moves with them:
// each target's pull — a thin line from the point it pulls to the place it pulls toward, and a cross there (dimmed
// while the target is off) — and, from the last answer's readouts, each running fit's worst point ringed in the
// warning colour.

import type { Attractor, PointSet } from '../../shared/drawing';
import type { Editor } from '../editor/editor';
import { ring } from './paths';
import { THEME } from './theme';

/** Half a data cross's arm, px. */
export const DATA_MARK_PX = 2.5;
/** The worst point's ring, px. */
export const WORST_RING_PX = 7;
/** Half a target's cross, px. */
const TARGET_MARK_PX = 6;

/** The point sets (the grid layer). */
export function drawPointSets(ctx: CanvasRenderingContext2D, editor: Editor): void {
  ctx.setLineDash([]);
  for (const set of editor.mirror.drawing.pointSets ?? []) drawPointSet(ctx, editor, set);
}

/** The targets' pulls and the fits' worst points (the curves layer). */
export function drawPulls(ctx: CanvasRenderingContext2D, editor: Editor): void {
  ctx.setLineDash([]);
  for (const attractor of editor.mirror.drawing.attractors ?? [])
    if (attractor.kind === 'target') drawTarget(ctx, editor, attractor);
  drawWorst(ctx, editor);
}

/** One set's crosses as one path, in screen pixels; points more than a mark off the canvas are left out. */
function drawPointSet(ctx: CanvasRenderingContext2D, editor: Editor, set: PointSet): void {
  const { zoom, center, width, height } = editor.view;
  const ox = width / 2 - center[0] * zoom;
  const oy = height / 2 - center[1] * zoom;
  const r = DATA_MARK_PX;
  const selected = editor.selection.has(set.id);
  ctx.beginPath();
  for (const p of set.points) {
    const x = p[0] * zoom + ox;
    const y = p[1] * zoom + oy;
    if (x < -r || y < -r || x > width + r || y > height + r) continue;
    ctx.moveTo(x - r, y - r);
    ctx.lineTo(x + r, y + r);
    ctx.moveTo(x - r, y + r);
    ctx.lineTo(x + r, y - r);
  }
  ctx.strokeStyle = selected ? THEME.selected : THEME.data;
  ctx.lineWidth = selected ? 1.75 : 1;
  ctx.stroke();
}

function drawTarget(
  ctx: CanvasRenderingContext2D,
  editor: Editor,
  target: Extract<Attractor, { kind: 'target' }>,
): void {
  const from = editor.mirror.connectorPosition(target.point);
  const [x, y] = editor.view.toScreen(target.at);
  const r = TARGET_MARK_PX;
  ctx.beginPath();
  if (from) {
    const [fx, fy] = editor.view.toScreen(from);
    ctx.moveTo(fx, fy);
    ctx.lineTo(x, y);
  }
  ctx.moveTo(x - r, y);
  ctx.lineTo(x + r, y);
  ctx.moveTo(x, y - r);
  ctx.lineTo(x, y + r);
  ctx.strokeStyle = !target.on
    ? THEME.dataOff
    : editor.selection.has(target.id)
      ? THEME.selected
      : THEME.data;
  ctx.lineWidth = 1;
  ctx.stroke();
}

/** Each running fit's worst point (the last answer's readouts), ringed. */
function drawWorst(ctx: CanvasRenderingContext2D, editor: Editor): void {
  for (const readout of editor.mirror.pulls?.readouts ?? []) {
    if (!readout.worst) continue;
    ring(ctx, editor.view.toScreen(readout.worst), WORST_RING_PX);
    ctx.strokeStyle = THEME.resisting;
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
}
