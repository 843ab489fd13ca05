// The sketcher's constraint glyphs on the canvas: each a symbol in a small paper-filled box, placed by
// src/shared/sketch-glyph-layout.ts (the same boxes picking hits and the SVG export draws), coloured by the
// constraint's state — red when it conflicts, does not hold or binds, amber when redundant. Hovered or selected,
// its boxes are outlined in the highlight colour (glyph-painter.ts highlights the curves it ties).

import type { ConstraintState } from '../../shared/constraint-state';
import type { Vec2 } from '../../shared/drawing';
import type { SketchGlyph, SketchGlyphConstraint } from '../../shared/sketch-glyph-layout';
import type { Editor } from '../editor/editor';
import { sketchGlyphs } from '../editor/sketch-glyphs';
import { THEME } from './theme';

const S = THEME.glyph.sketch;

/** A glyph's colour for its constraint's state (null: not reported on yet). */
export function sketchGlyphColor(state: ConstraintState | null): string {
  if (state === 'conflicting' || state === 'binding' || state === 'violated')
    return THEME.glyph.conflictColor;
  return state === 'redundant' ? S.redundantColor : S.color;
}

/** The box's outline, in screen pixels, added to the current path as a closed subpath. */
function boxPath(ctx: CanvasRenderingContext2D, editor: Editor, glyph: SketchGlyph, grow = 0): void {
  const [x, y] = editor.view.toScreen(glyph.at);
  const w = glyph.half[0] * editor.view.zoom + grow;
  const h = glyph.half[1] * editor.view.zoom + grow;
  ctx.moveTo(x - w, y - h);
  ctx.lineTo(x + w, y - h);
  ctx.lineTo(x + w, y + h);
  ctx.lineTo(x - w, y + h);
  ctx.closePath();
}

/** Draws the sketch glyphs; returns the colour each constraint's glyphs were drawn in, by id. */
export function drawSketchGlyphs(ctx: CanvasRenderingContext2D, editor: Editor): Map<string, string> {
  const drawn = new Map<string, string>();
  const glyphs = sketchGlyphs(editor.mirror, 1 / editor.view.zoom);
  if (glyphs.length === 0) return drawn;
  ctx.font = `${S.fontSize}px ${S.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = S.lineWidth;
  // One path per colour for the boxes and ticks (a few states, not a fill and a stroke per glyph: the drag frame's
  // redraw is dominated by per-draw-call overhead), then each glyph's text.
  const byColor = new Map<string, typeof glyphs>();
  for (const glyph of glyphs) {
    const color = sketchGlyphColor(editor.mirror.constraintState(glyph.id));
    drawn.set(glyph.id, color);
    const group = byColor.get(color);
    if (group) group.push(glyph);
    else byColor.set(color, [glyph]);
  }
  for (const [color, group] of byColor) {
    ctx.beginPath();
    for (const glyph of group) boxPath(ctx, editor, glyph);
    ctx.fillStyle = THEME.paper;
    ctx.fill();
    for (const glyph of group)
      for (const [a, b] of glyph.ticks) {
        const p: Vec2 = editor.view.toScreen(a);
        const q: Vec2 = editor.view.toScreen(b);
        ctx.moveTo(p[0], p[1]);
        ctx.lineTo(q[0], q[1]);
      }
    ctx.strokeStyle = color;
    ctx.stroke();
    ctx.fillStyle = color;
    for (const glyph of group) {
      const [x, y] = editor.view.toScreen(glyph.at);
      ctx.fillText(glyph.text, x, y);
    }
  }
  return drawn;
}

/** A sketch constraint's boxes outlined in `color`, a little outside their own outline. */
export function highlightSketchGlyph(
  ctx: CanvasRenderingContext2D,
  editor: Editor,
  k: SketchGlyphConstraint,
  color: string,
): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.beginPath();
  for (const glyph of sketchGlyphs(editor.mirror, 1 / editor.view.zoom))
    if (glyph.id === k.id) boxPath(ctx, editor, glyph, 2);
  ctx.stroke();
}
