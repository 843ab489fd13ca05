// The overlay, painted in screen space over the drawing: hover and selection highlights, with handles on the
// selected curves; the pull of a drag and the constraints that resist it; the tool's preview, its clicked points
// and picked connectors; the snap marker; the drawing aid's label; the selection box; and the residual tooltip of
// the hovered constraint.

import type { Vec2 } from '../../shared/drawing';
import { isDimension } from '../../shared/dimension-value';
import { referencedCurves } from '../../shared/references';
import { isSketchGlyph } from '../../shared/sketch-glyph-layout';
import type { Editor } from '../editor/editor';
import { dimensionLayout } from '../editor/dimensions';
import { snapAnchors } from '../editor/mirror';
import { constraintGlyphPosition } from '../editor/picking';
import { constraintTooltip, formatMeasure } from '../editor/constraint-words';
import { drawAid } from './aid-painter';
import { highlightDimension } from './dimension-painter';
import { ring, safePath, screenOf, traceInView } from './paths';
import { highlightSketchGlyph } from './sketch-glyph-painter';
import { THEME } from './theme';

function highlight(
  ctx: CanvasRenderingContext2D,
  editor: Editor,
  id: string,
  color: string,
  handles: boolean,
): void {
  const curve = editor.mirror.curve(id);
  if (curve) {
    const path = editor.mirror.path(curve);
    if (!path) return;
    ctx.beginPath();
    if (path.segments.length === 0) {
      const [x, y] = editor.view.toScreen(path.start);
      ctx.arc(x, y, 5, 0, 2 * Math.PI);
    } else traceInView(ctx, editor, path);
    ctx.strokeStyle = color;
    ctx.lineWidth = 3.5;
    ctx.globalAlpha = 0.55;
    ctx.stroke();
    ctx.globalAlpha = 1;
    if (handles)
      for (const anchor of snapAnchors(curve)) {
        const p = screenOf(editor, { curve: id, anchor });
        if (!p) continue;
        ctx.fillStyle = '#ffffff';
        ctx.strokeStyle = color;
        ctx.lineWidth = 1.25;
        ctx.fillRect(p[0] - 3.5, p[1] - 3.5, 7, 7);
        ctx.strokeRect(p[0] - 3.5, p[1] - 3.5, 7, 7);
      }
    return;
  }
  const k = editor.mirror.drawing.constraints.find((c) => c.id === id);
  if (k && isDimension(k)) return highlightDimension(ctx, editor, k, color);
  if (k && isSketchGlyph(k)) {
    // The glyph and what it ties: hovering an H shows its line, an equal both its curves.
    for (const curve of new Set(referencedCurves(k))) highlight(ctx, editor, curve, color, false);
    return highlightSketchGlyph(ctx, editor, k, color);
  }
  const at = k ? constraintGlyphPosition(editor.mirror, k) : null;
  if (at) {
    const p = editor.view.toScreen(at);
    ctx.strokeStyle = color;
    ctx.lineWidth = 2;
    ring(ctx, p, 9);
    ctx.stroke();
  }
}

function drawTooltip(ctx: CanvasRenderingContext2D, at: Vec2, text: string): void {
  ctx.font = '12px system-ui, sans-serif';
  const w = ctx.measureText(text).width + 12;
  const x = at[0] + 12;
  const y = at[1] - 28;
  ctx.fillStyle = THEME.tooltipBg;
  ctx.fillRect(x, y, w, 20);
  ctx.fillStyle = THEME.tooltipText;
  ctx.fillText(text, x + 6, y + 14);
}

/** The share of the largest tension above which a constraint counts as resisting a held-back drag. */
const RESISTING_SHARE = 0.01;

/**
 * During a drag, the constraints that resist it: those whose tension (measured by the session on held-back frames)
 * is at least RESISTING_SHARE of the largest, each ringed in orange and labelled with its tension.
 */
export function drawResisting(ctx: CanvasRenderingContext2D, editor: Editor): void {
  const statuses = editor.mirror.status.constraints ?? [];
  let largest = 0;
  for (const s of statuses) largest = Math.max(largest, Math.abs(s.tension));
  if (!(largest > 0)) return;
  ctx.font = '11px system-ui, sans-serif';
  // Drawn every drag frame: the constraints walked once, each status looked up by id (not one search per status).
  for (const k of editor.mirror.drawing.constraints) {
    const s = editor.mirror.constraintStatus(k.id);
    if (!s || Math.abs(s.tension) < RESISTING_SHARE * largest) continue;
    const at = constraintGlyphPosition(editor.mirror, k);
    if (!at) continue;
    const p = editor.view.toScreen(at);
    ctx.strokeStyle = THEME.resisting;
    ctx.lineWidth = 2;
    ring(ctx, p, 9);
    ctx.stroke();
    // The force it carries, on demand (View ▸ Solver Details): the ring alone says which resist.
    if (!editor.viewOps.solverDetails) continue;
    ctx.fillStyle = THEME.resisting;
    ctx.fillText(`force ${formatMeasure(s.tension)}`, p[0] + 11, p[1] - 8);
  }
}

/** The pull of a drag: a thin line from the point pulled (where it is now) to the cursor, and a ring on the point. */
export function drawPull(
  ctx: CanvasRenderingContext2D,
  editor: Editor,
  pull: { curve: string; u: number; cursor: Vec2 },
): void {
  const at = editor.mirror.connectorPosition({ curve: pull.curve, u: pull.u });
  if (!at) return;
  const from = editor.view.toScreen(at);
  const to = editor.view.toScreen(pull.cursor);
  ctx.strokeStyle = THEME.preview;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(from[0], from[1]);
  ctx.lineTo(to[0], to[1]);
  ctx.stroke();
  ring(ctx, from, 3);
  ctx.stroke();
}

/**
 * What the status bar's notice is about (a refusal's constraints in the way, what already fixes a redundant one):
 * the curves and the constraints' glyphs or dimensions in the culprit colour. Returns the ids drawn.
 */
function drawCulprits(ctx: CanvasRenderingContext2D, editor: Editor): string[] {
  const about = editor.notice?.culprits;
  if (!about) return [];
  const drawn: string[] = [];
  for (const id of [...about.curves, ...about.constraints])
    if (!editor.selection.has(id) && id !== editor.hover) {
      highlight(ctx, editor, id, THEME.culprit, false);
      drawn.push(id);
    }
  return drawn;
}

/** What the overlay drew that the page's tests ask about (the debug hook). */
export interface OverlayDrawn {
  /** The culprits highlighted (curves, then constraints). */
  culprits: string[];
  /** The hovered constraint's tooltip. */
  tooltip: string | null;
}

/** Paints the overlay; returns what the debug hook reports of it. */
export function drawOverlay(ctx: CanvasRenderingContext2D, editor: Editor): OverlayDrawn {
  const culprits = drawCulprits(ctx, editor);
  for (const id of editor.selection) highlight(ctx, editor, id, THEME.selected, true);
  if (editor.hover && !editor.selection.has(editor.hover))
    highlight(ctx, editor, editor.hover, THEME.hover, false);

  const { overlay } = editor;
  if (overlay.pull) {
    drawPull(ctx, editor, overlay.pull);
    drawResisting(ctx, editor);
  }
  for (const ghost of overlay.preview) {
    const path = safePath(ghost, editor.mirror.drawing);
    if (!path) continue;
    ctx.beginPath();
    traceInView(ctx, editor, path);
    ctx.strokeStyle = THEME.preview;
    ctx.lineWidth = 1.5;
    ctx.setLineDash([6, 4]);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.fillStyle = THEME.preview;
  for (const m of overlay.marks) {
    ring(ctx, editor.view.toScreen(m), 3);
    ctx.fill();
  }
  for (const c of overlay.picked) {
    const p = screenOf(editor, c);
    if (!p) continue;
    ctx.strokeStyle = THEME.selected;
    ctx.lineWidth = 2;
    ring(ctx, p, 7);
    ctx.stroke();
  }
  if (overlay.snap) {
    const p = editor.view.toScreen(overlay.snap.point);
    ctx.strokeStyle = THEME.snap;
    ctx.lineWidth = 2;
    if (overlay.snap.type === 'connector') {
      ring(ctx, p, 7);
      ctx.stroke();
    } else {
      ctx.beginPath();
      ctx.moveTo(p[0], p[1] - 7);
      ctx.lineTo(p[0] + 7, p[1]);
      ctx.lineTo(p[0], p[1] + 7);
      ctx.lineTo(p[0] - 7, p[1]);
      ctx.closePath();
      ctx.stroke();
    }
  }
  drawAid(ctx, editor);
  if (overlay.box) {
    const a = editor.view.toScreen(overlay.box[0]);
    const b = editor.view.toScreen(overlay.box[1]);
    ctx.fillStyle = THEME.box;
    ctx.strokeStyle = THEME.boxStroke;
    ctx.lineWidth = 1;
    ctx.fillRect(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]));
    ctx.strokeRect(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]));
  }
  // The hovered constraint: its name and whether it holds, in words (the solver's measures on demand).
  let tooltip: string | null = null;
  if (editor.hover) {
    const status = editor.mirror.constraintStatus(editor.hover);
    const k = editor.mirror.drawing.constraints.find((c) => c.id === editor.hover);
    // A dimension's at its value (its first connector may be far from where the pointer found it).
    const at = !k
      ? null
      : isDimension(k)
        ? (dimensionLayout(editor, k)?.at ?? null)
        : constraintGlyphPosition(editor.mirror, k);
    if (status && at) {
      tooltip = constraintTooltip(
        editor.mirror.names().get(status.id) ?? status.id,
        editor.mirror.constraintState(status.id),
        status,
        editor.viewOps.solverDetails,
      );
      drawTooltip(ctx, editor.view.toScreen(at), tooltip);
    }
  }
  return { culprits, tooltip };
}
