// The marker of a drawing aid's auto-constraint ("H", "V", "tangent"): a small label beside the cursor, shown
// before the click that would add it.

import type { Editor } from '../editor/editor';
import { THEME } from './theme';

/** Offset of the marker from the cursor, px: below right, clear of the cursor's arrow. */
const OFFSET = 14;

export function drawAid(ctx: CanvasRenderingContext2D, editor: Editor): void {
  const aid = editor.overlay.aid;
  if (!aid) return;
  const [x, y] = editor.view.toScreen(aid.at);
  ctx.font = 'bold 11px system-ui, sans-serif';
  const width = ctx.measureText(aid.label).width + 8;
  ctx.fillStyle = THEME.aid;
  ctx.fillRect(x + OFFSET, y + OFFSET, width, 16);
  ctx.fillStyle = THEME.aidText;
  ctx.fillText(aid.label, x + OFFSET + 4, y + OFFSET + 12);
}
