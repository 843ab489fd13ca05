// Dimensions on the canvas: each dimensional constraint's extension lines, dimension line or arc, arrowheads and
// value, laid out by src/shared/dimension-layout.ts (in drawing mm) and drawn in screen pixels. A driving
// dimension in the dimension colour, a reference one greyed (its value in parentheses, measured each frame), one
// that conflicts or does not hold in red, a redundant one amber (the glyphs' state colours); the overlay redraws a
// hovered or selected one in its highlight colour.

import type { DimensionLayout } from '../../shared/dimension-layout';
import { isDimension, type DimensionConstraint } from '../../shared/dimension-value';
import { DIMENSION_STYLE } from '../../shared/style';
import { dimensionLayout, type DimensionView } from '../editor/dimensions';
import type { ViewTransform } from '../editor/view-transform';
import { sketchGlyphColor } from './sketch-glyph-painter';
import { THEME } from './theme';

/** Strokes and fills one laid-out dimension in `color`. */
export function paintDimension(
  ctx: CanvasRenderingContext2D,
  view: ViewTransform,
  layout: DimensionLayout,
  color: string,
  lineWidth: number = DIMENSION_STYLE.lineWidth,
): void {
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = lineWidth;
  ctx.beginPath();
  for (const [p, q] of layout.lines) {
    const a = view.toScreen(p);
    const b = view.toScreen(q);
    ctx.moveTo(a[0], a[1]);
    ctx.lineTo(b[0], b[1]);
  }
  for (const arc of layout.arcs) {
    const c = view.toScreen(arc.center);
    const r = arc.radius * view.zoom;
    // The screen is the drawing scaled (y down in both): angles carry over unchanged.
    ctx.moveTo(c[0] + r * Math.cos(arc.start), c[1] + r * Math.sin(arc.start));
    ctx.arc(c[0], c[1], r, arc.start, arc.start + arc.sweep, arc.sweep < 0);
  }
  ctx.stroke();
  ctx.beginPath();
  for (const triangle of layout.arrows) {
    const [tip, b1, b2] = triangle.map((p) => view.toScreen(p));
    ctx.moveTo(tip[0], tip[1]);
    ctx.lineTo(b1[0], b1[1]);
    ctx.lineTo(b2[0], b2[1]);
    ctx.closePath();
  }
  ctx.fill();
  const at = view.toScreen(layout.at);
  // Centred on its place; the alignment restored after, for the painters that share the context (the tooltip).
  ctx.save();
  ctx.font = `${DIMENSION_STYLE.fontSize}px ${DIMENSION_STYLE.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(layout.text, at[0], at[1]);
  ctx.restore();
}

/**
 * The colour a dimension is drawn in, from its state as a glyph's is (sketch-glyph-painter.ts): red when it
 * conflicts, binds or does not hold, amber when redundant; else a reference one greyed, a driving one blue.
 */
function dimensionColor(editor: DimensionView, k: DimensionConstraint): string {
  const state = editor.mirror.constraintState(k.id);
  if (state === 'conflicting' || state === 'binding' || state === 'violated' || state === 'redundant')
    return sketchGlyphColor(state);
  return k.reference ? THEME.dimension.referenceColor : THEME.dimension.color;
}

/** Every dimension of the drawing (the glyph layer); returns the colour each was drawn in, by id. */
export function drawDimensions(ctx: CanvasRenderingContext2D, editor: DimensionView): Map<string, string> {
  const drawn = new Map<string, string>();
  for (const k of editor.mirror.drawing.constraints) {
    if (!isDimension(k)) continue;
    const layout = dimensionLayout(editor, k);
    if (!layout) continue;
    const color = dimensionColor(editor, k);
    paintDimension(ctx, editor.view, layout, color);
    drawn.set(k.id, color);
  }
  return drawn;
}

/** One dimension in a highlight colour, a little heavier (the overlay: hover, selection). */
export function highlightDimension(
  ctx: CanvasRenderingContext2D,
  editor: DimensionView,
  k: DimensionConstraint,
  color: string,
): void {
  const layout = dimensionLayout(editor, k);
  if (layout) paintDimension(ctx, editor.view, layout, color, 2 * DIMENSION_STYLE.lineWidth);
}
