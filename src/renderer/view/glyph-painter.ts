// Glyphs, painted in screen space: a pin is a small triangle on a hatched base, an attachment a filled dot, a bead
// a ring, a motor a circular arrow at its bar's centre, a spring a zigzag (dimensions, distances among them, are
// dimension-painter.ts's; the sketcher's H, V, ∥… are sketch-glyph-painter.ts's). A constraint the engine reports
// as conflicting is drawn red, with the gap to where it should hold. The overlay (hover, selection, the tool's
// preview, the snap, the pull) is overlay-painter.ts's.

import { RESIDUAL_TOLERANCE } from '../../shared/limits';
import { assertNever } from '../../shared/assert-never';
import type { Constraint, Vec2 } from '../../shared/drawing';
import type { Editor } from '../editor/editor';
import { constraintGlyphPosition } from '../editor/picking';
import { drawSketchGlyphs } from './sketch-glyph-painter';
import { ring, screenOf } from './paths';
import { THEME } from './theme';
import { SUBPIXEL } from './curve-tracer';

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

/** Draws the glyphs; returns the colour each sketch constraint's glyphs were drawn in, by id. */
export function drawGlyphs(ctx: CanvasRenderingContext2D, editor: Editor): Map<string, string> {
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
  return drawSketchGlyphs(ctx, editor);
}
