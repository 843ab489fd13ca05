// Glyphs and overlay, painted in screen space. Glyphs: a pin is a small triangle on a hatched base, an attachment
// a filled dot, a bead a ring, a motor a circular arrow at its bar's centre, a spring a zigzag (dimensions,
// distances among them, are dimension-painter.ts's; the sketcher's H, V, ∥… are sketch-glyph-painter.ts's). A
// constraint the engine reports as conflicting is drawn red. Overlay: hover and selection highlights with
// handles, the tool's preview, the snap marker, the box, and the residual tooltip of the hovered constraint.

import { RESIDUAL_TOLERANCE } from '../../shared/limits';
import { assertNever } from '../../shared/assert-never';
import type { Connector, Constraint, Vec2 } from '../../shared/drawing';
import type { Editor } from '../editor/editor';
import { dimensionLayout } from '../editor/dimensions';
import { snapAnchors } from '../editor/mirror';
import { constraintGlyphPosition } from '../editor/picking';
import { isDimension } from '../../shared/dimension-value';
import { highlightDimension } from './dimension-painter';
import { isSketchGlyph } from '../../shared/sketch-glyph-layout';
import { referencedCurves } from '../../shared/references';
import { drawSketchGlyphs, highlightSketchGlyph } from './sketch-glyph-painter';
import { drawAid } from './aid-painter';
import { safePath, traceInView } from './paths';
import { THEME } from './theme';
import { SUBPIXEL } from './curve-tracer';

function screenOf(editor: Editor, c: Connector): Vec2 | null {
  const p = editor.mirror.connectorPosition(c);
  return p ? editor.view.toScreen(p) : null;
}

function ring(ctx: CanvasRenderingContext2D, p: Vec2, r: number): void {
  ctx.beginPath();
  ctx.arc(p[0], p[1], r, 0, 2 * Math.PI);
}

const G = THEME.glyph;

function drawPin(ctx: CanvasRenderingContext2D, p: Vec2, color: string): void {
  const { halfWidth: w, height: h, lineWidth, dotRadius } = G.pin;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = lineWidth;
  ctx.beginPath();
  ctx.moveTo(p[0], p[1]);
  ctx.lineTo(p[0] - w, p[1] + h);
  ctx.lineTo(p[0] + w, p[1] + h);
  ctx.closePath();
  ctx.stroke();
  ctx.beginPath();
  for (let i = -w - 2; i <= w - 2; i += 4) {
    ctx.moveTo(p[0] + i, p[1] + h + 4);
    ctx.lineTo(p[0] + i + 4, p[1] + h);
  }
  ctx.moveTo(p[0] - w - 3, p[1] + h);
  ctx.lineTo(p[0] + w + 3, p[1] + h);
  ctx.stroke();
  ring(ctx, p, dotRadius);
  ctx.fill();
}

function drawMotor(ctx: CanvasRenderingContext2D, p: Vec2, color: string): void {
  const r = G.motor.radius;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = G.motor.lineWidth;
  ctx.beginPath();
  ctx.arc(p[0], p[1], r, -0.3, 1.6 * Math.PI);
  ctx.stroke();
  const end = 1.6 * Math.PI;
  const tip: Vec2 = [p[0] + r * Math.cos(end), p[1] + r * Math.sin(end)];
  ctx.beginPath();
  ctx.moveTo(tip[0] + 5, tip[1]);
  ctx.lineTo(tip[0] - 2, tip[1] - 4);
  ctx.lineTo(tip[0] - 2, tip[1] + 4);
  ctx.closePath();
  ctx.fill();
}

function drawSpring(ctx: CanvasRenderingContext2D, a: Vec2, b: Vec2, color: string): void {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  const { turns, amplitude, lineWidth } = G.spring;
  ctx.strokeStyle = color;
  ctx.lineWidth = lineWidth;
  ctx.beginPath();
  ctx.moveTo(a[0], a[1]);
  if (len > 1) {
    const nx = -dy / len;
    const ny = dx / len;
    for (let i = 1; i < turns; i++) {
      const t = i / turns;
      const side = i % 2 === 0 ? -amplitude : amplitude;
      ctx.lineTo(a[0] + dx * t + nx * side, a[1] + dy * t + ny * side);
    }
  }
  ctx.lineTo(b[0], b[1]);
  ctx.stroke();
}

function drawConstraint(ctx: CanvasRenderingContext2D, editor: Editor, k: Constraint, color: string): void {
  switch (k.kind) {
    case 'pin': {
      const p = screenOf(editor, k.point);
      if (p) drawPin(ctx, p, color);
      return;
    }
    case 'attach':
      return; // drawn with the others in drawGlyphs, one fill per colour
    case 'on-curve': {
      const p = screenOf(editor, k.point);
      if (!p) return;
      ctx.strokeStyle = color === G.color ? G.bead.color : color;
      ctx.fillStyle = THEME.paper;
      ctx.lineWidth = G.bead.lineWidth;
      ring(ctx, p, G.bead.radius);
      ctx.fill();
      ctx.stroke();
      return;
    }
    case 'motor': {
      const p = constraintGlyphPosition(editor.mirror, k);
      if (p) drawMotor(ctx, editor.view.toScreen(p), color === G.color ? G.motor.color : color);
      return;
    }
    case 'horizontal':
    case 'vertical':
    case 'parallel':
    case 'perpendicular':
    case 'tangent':
    case 'equal':
    case 'symmetric':
    case 'midpoint':
    case 'concentric':
      return; // drawSketchGlyphs
    case 'distance':
    case 'angle':
    case 'point-line-distance':
    case 'radius':
    case 'length':
      return; // dimensions: dimension-painter.ts
    default:
      assertNever(k);
  }
}

/**
 * Where a constraint that does not hold should hold: a pin's target, an attachment's other end, each joined to
 * where the point is by a dashed line, the gap. Only constraints whose residual is above the tolerance have one.
 */
export function drawGap(ctx: CanvasRenderingContext2D, editor: Editor, k: Constraint): void {
  const status = editor.mirror.constraintStatus(k.id);
  if (!status || !(status.residual > RESIDUAL_TOLERANCE)) return;
  let from: Vec2 | null = null;
  let to: Vec2 | null = null;
  if (k.kind === 'pin') {
    from = screenOf(editor, k.point);
    to = editor.view.toScreen(k.at);
  } else if (k.kind === 'attach') {
    from = screenOf(editor, k.a);
    to = screenOf(editor, k.b);
  }
  if (!from || !to) return;
  ctx.save();
  ctx.strokeStyle = G.conflictColor;
  ctx.lineWidth = 1;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.moveTo(from[0], from[1]);
  ctx.lineTo(to[0], to[1]);
  ctx.stroke();
  ctx.setLineDash([]);
  // The target: a small cross where the constraint would put the point.
  ctx.beginPath();
  ctx.moveTo(to[0] - 4, to[1] - 4);
  ctx.lineTo(to[0] + 4, to[1] + 4);
  ctx.moveTo(to[0] - 4, to[1] + 4);
  ctx.lineTo(to[0] + 4, to[1] - 4);
  ctx.stroke();
  ctx.restore();
}

export function drawGlyphs(ctx: CanvasRenderingContext2D, editor: Editor): void {
  // Attachments are the many glyphs (one per joint): their dots go into one path per colour, filled once.
  const dots = new Map<string, Vec2[]>();
  for (const k of editor.mirror.drawing.constraints) {
    // Red: what conflicts, what does not hold, and what a locked mechanism is held against while it plays.
    const state = editor.mirror.constraintState(k.id);
    const red = state === 'conflicting' || state === 'binding' || state === 'violated';
    const color = red ? G.conflictColor : G.color;
    if (red) drawGap(ctx, editor, k);
    if (k.kind !== 'attach') {
      drawConstraint(ctx, editor, k, color);
      continue;
    }
    const p = screenOf(editor, k.a);
    if (!p) continue;
    const list = dots.get(color);
    if (list) list.push(p);
    else dots.set(color, [p]);
  }
  const r = G.attach.radius;
  const { width, height } = editor.view;
  for (const [color, points] of dots) {
    ctx.beginPath();
    // Off-screen dots are left out, and a dot within SUBPIXEL of the last one filled (a chain's joints fitted to
    // the window are a tenth of a pixel apart): the same pixels for a fraction of Skia's software fill.
    let last: Vec2 | null = null;
    for (const p of points) {
      if (p[0] < -r || p[1] < -r || p[0] > width + r || p[1] > height + r) continue;
      if (last && Math.abs(p[0] - last[0]) <= SUBPIXEL && Math.abs(p[1] - last[1]) <= SUBPIXEL) continue;
      last = p;
      ctx.moveTo(p[0] + r, p[1]);
      ctx.arc(p[0], p[1], r, 0, 2 * Math.PI);
    }
    ctx.fillStyle = color;
    ctx.fill();
  }
  for (const sp of editor.mirror.drawing.springs) {
    const ends = editor.mirror.springEnds(sp);
    if (!ends) continue;
    const [a, b] = ends.map((p) => editor.view.toScreen(p));
    drawSpring(ctx, a, b, G.spring.color);
    // Anchored to the paper: a small square marks the fixed end (a pin's triangle is for a curve's point).
    if (!sp.b) {
      ctx.strokeStyle = G.spring.color;
      ctx.lineWidth = 1.25;
      ctx.strokeRect(b[0] - 3.5, b[1] - 3.5, 7, 7);
    }
  }
  drawSketchGlyphs(ctx, editor);
}

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
    ctx.fillStyle = THEME.resisting;
    ctx.fillText(`T ${formatTension(s.tension)}`, p[0] + 11, p[1] - 8);
  }
}

function formatTension(t: number): string {
  return Math.abs(t) >= 1000 || Math.abs(t) < 0.01 ? t.toExponential(1) : t.toFixed(2);
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

export function drawOverlay(ctx: CanvasRenderingContext2D, editor: Editor): void {
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
  // The hovered constraint's state: residual and tension, red when it conflicts.
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
      const shown = editor.mirror.constraintState(status.id);
      const state = shown === 'binding' ? 'binding: the mechanism is locked against it' : shown;
      drawTooltip(
        ctx,
        editor.view.toScreen(at),
        `${k?.kind} ${status.id}: residual ${status.residual.toExponential(1)} (${state})`,
      );
    }
  }
}
