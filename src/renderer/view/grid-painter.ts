// The paper and its grid: a step of 1, 2 or 5 × 10ⁿ mm chosen so minor lines stay at least 12 px apart; every
// fifth (or second, for 2) line is major; the axes are darker.

import type { Editor } from '../editor/editor';
import { THEME } from './theme';

const MIN_STEP_PX = 12;

/** The minor grid step (mm) for a zoom (px per mm), and how many minor steps make a major one. */
export function gridStep(zoom: number): { step: number; major: number } {
  const raw = MIN_STEP_PX / zoom;
  const decade = Math.pow(10, Math.floor(Math.log10(raw)));
  for (const [m, major] of [
    [1, 5],
    [2, 5],
    [5, 2],
    [10, 5],
  ] as const)
    if (m * decade >= raw) return { step: m * decade, major };
  return { step: 10 * decade, major: 5 };
}

export function drawGrid(ctx: CanvasRenderingContext2D, editor: Editor): void {
  const { width, height, zoom } = editor.view;
  ctx.fillStyle = THEME.paper;
  ctx.fillRect(0, 0, width, height);
  if (!editor.showGrid) return;
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
