// The shape handles of a selected free-form curve (editor/handles.ts): a Bézier's control polygon (its two inner
// control points, each joined to its end by a dashed line) and a spline's knots; the select tool drags them.

import type { Editor } from '../editor/editor';
import { controlHandles } from '../editor/handles';
import { THEME } from './theme';

/** A handle's radius, px. */
export const CONTROL_RADIUS = 3.5;

export function drawControls(ctx: CanvasRenderingContext2D, editor: Editor): void {
  for (const id of editor.selection) {
    const curve = editor.mirror.curve(id);
    const handles = curve ? controlHandles(curve) : null;
    if (!handles) continue;
    ctx.strokeStyle = THEME.selected;
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    for (const [a, b] of handles.lines) {
      const [ax, ay] = editor.view.toScreen(a);
      const [bx, by] = editor.view.toScreen(b);
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
    }
    ctx.stroke();
    ctx.setLineDash([]);
    for (const h of handles.handles) {
      const [x, y] = editor.view.toScreen(h.at);
      ctx.beginPath();
      ctx.arc(x, y, CONTROL_RADIUS, 0, 2 * Math.PI);
      ctx.fillStyle = THEME.paper;
      ctx.fill();
      ctx.lineWidth = 1.25;
      ctx.stroke();
    }
  }
}
