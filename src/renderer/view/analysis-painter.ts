// The analysis layer: the instant centre of each moving bar (View ▸ Instant Centres; the session computes them and
// sends them with each snapshot, `mirror.centres`) as a ringed cross labelled with its bar, and a recognised
// four-bar's toggles and dead centres (the Plot panel's four-bar analysis, `editor.viewOps.fourBarMarks`) as a diamond where
// the crank's joint stands there, on a dashed line from the crank's pivot. A view of data computed elsewhere:
// nothing here computes a position.

import type { Vec2 } from '../../shared/drawing';
import { degrees } from '../../shared/units';
import type { Editor } from '../editor/editor';
import { THEME } from './theme';

/** What was drawn, in screen px (the debug hook reports it, so a test reads where each mark really is). */
export interface DrawnAnalysisMark {
  kind: 'centre' | 'toggle' | 'dead-centre';
  /** The bar (a centre) or the crank angle in degrees (a toggle or dead centre). */
  label: string;
  at: Vec2;
}

const RING = 6;

export function drawAnalysis(ctx: CanvasRenderingContext2D, editor: Editor): DrawnAnalysisMark[] {
  const drawn: DrawnAnalysisMark[] = [];
  const style = THEME.analysis;
  ctx.font = '11px sans-serif';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 1.5;

  ctx.strokeStyle = style.mark;
  ctx.fillStyle = style.mark;
  for (const mark of editor.viewOps.fourBarMarks) {
    const [px, py] = editor.view.toScreen(mark.pivot);
    const [x, y] = editor.view.toScreen(mark.at);
    ctx.setLineDash([4, 4]);
    ctx.beginPath();
    ctx.moveTo(px, py);
    ctx.lineTo(x, y);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(x, y - RING);
    ctx.lineTo(x + RING, y);
    ctx.lineTo(x, y + RING);
    ctx.lineTo(x - RING, y);
    ctx.closePath();
    ctx.fill();
    const angle = degrees(mark.crankAngle).toFixed(1);
    ctx.fillText(`${mark.kind === 'toggle' ? 'toggle' : 'dead centre'} ${angle}°`, x + RING + 4, y);
    drawn.push({ kind: mark.kind, label: angle, at: [x, y] });
  }

  if (!editor.viewOps.showCentres) return drawn;
  const names = editor.mirror.names();
  ctx.strokeStyle = style.centre;
  ctx.fillStyle = style.centre;
  for (const centre of editor.mirror.centres) {
    if (!centre.at) continue;
    const [x, y] = editor.view.toScreen(centre.at);
    if (!Number.isFinite(x + y)) continue;
    ctx.beginPath();
    ctx.arc(x, y, RING, 0, 2 * Math.PI);
    ctx.moveTo(x - RING, y - RING);
    ctx.lineTo(x + RING, y + RING);
    ctx.moveTo(x + RING, y - RING);
    ctx.lineTo(x - RING, y + RING);
    ctx.stroke();
    ctx.fillText(`IC ${names.get(centre.bar) ?? centre.bar}`, x + RING + 4, y);
    drawn.push({ kind: 'centre', label: centre.bar, at: [x, y] });
  }
  return drawn;
}
