// The shape handles of a selected free-form curve: a Bézier's control polygon (its two inner control points, each
// joined to its end by a dashed line) and a spline's knots. They show what the curve is made of; dragging them is
// not wired yet (a press still pulls the curve at the nearest point — see docs/editor.md).

import type { Curve, Vec2 } from '../../shared/drawing';
import type { Editor } from '../editor/editor';
import { THEME } from './theme';

/** A handle's radius, px. */
export const CONTROL_RADIUS = 3.5;

/** The points of a curve that are shape handles (drawing mm), and the pairs joined by the control polygon. */
export function controlHandles(curve: Curve): { points: Vec2[]; lines: [Vec2, Vec2][] } | null {
  if (curve.kind === 'bezier') {
    const [p0, p1, p2, p3] = curve.points;
    return {
      points: [p1, p2],
      lines: [
        [p0, p1],
        [p3, p2],
      ],
    };
  }
  if (curve.kind === 'spline') return { points: curve.points, lines: [] };
  return null;
}

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
    for (const p of handles.points) {
      const [x, y] = editor.view.toScreen(p);
      ctx.beginPath();
      ctx.arc(x, y, CONTROL_RADIUS, 0, 2 * Math.PI);
      ctx.fillStyle = THEME.paper;
      ctx.fill();
      ctx.lineWidth = 1.25;
      ctx.stroke();
    }
  }
}
