// The paper and its grid, at the step editor/grid-step.ts chooses for the zoom: every fifth (or second, for a step
// of 5) line is major; the axes are darker.

import type { Editor } from '../editor/editor';
import { gridStep } from '../editor/grid-step';
import { THEME } from './theme';

export function drawGrid(ctx: CanvasRenderingContext2D, editor: Editor): void {
  const { width, height, zoom } = editor.view;
  ctx.fillStyle = THEME.paper;
  ctx.fillRect(0, 0, width, height);
  if (!editor.viewOps.showGrid) return;
  const { step, major } = gridStep(zoom);
  const [x0, y0] = editor.view.toDrawing([0, 0]);
  const [x1, y1] = editor.view.toDrawing([width, height]);
  ctx.lineWidth = 1;
  const lines = (from: number, to: number, vertical: boolean) => {
    for (let i = Math.ceil(from / step); i * step <= to; i++) {
      const v = i * step;
      const s = editor.view.toScreen(vertical ? [v, 0] : [0, v]);
      const at = Math.round(vertical ? s[0] : s[1]) + 0.5;
      ctx.strokeStyle = i === 0 ? THEME.gridAxis : i % major === 0 ? THEME.gridMajor : THEME.gridMinor;
      ctx.beginPath();
      if (vertical) {
        ctx.moveTo(at, 0);
        ctx.lineTo(at, height);
      } else {
        ctx.moveTo(0, at);
        ctx.lineTo(width, at);
      }
      ctx.stroke();
    }
  };
  lines(x0, x1, true);
  lines(y0, y1, false);
}
