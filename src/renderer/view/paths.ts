// Paths for the view, in screen space: the engine's exact Path of a curve traced, a connector's place, a ring.

import { curvePath } from '../../engine/pure';
import type { Connector, Curve, Drawing, Vec2 } from '../../shared/drawing';
import type { Path } from '../../shared/primitives';
import type { Editor } from '../editor/editor';
import { pathToCanvas } from './path-to-canvas';

/** Traces a path given in drawing mm onto a context whose transform is CSS pixels. */
export function traceInView(ctx: CanvasRenderingContext2D, editor: Editor, path: Path): void {
  inView(ctx, editor, () => pathToCanvas(ctx, path));
}

/** Runs `draw`, which adds to the context's path in drawing mm, under the view's transform. */
export function inView(ctx: CanvasRenderingContext2D, editor: Editor, draw: () => void): void {
  const { zoom, center, width, height } = editor.view;
  ctx.save();
  ctx.translate(width / 2 - center[0] * zoom, height / 2 - center[1] * zoom);
  ctx.scale(zoom, zoom);
  draw();
  ctx.restore();
}

/**
 * A curve's path, or null when it cannot be computed (a curve the engine rejects, e.g. a bad preview). For the
 * tools' ghost curves, which change every pointer move; the drawing's own curves have theirs in the mirror.
 */
export function safePath(curve: Curve, drawing: Drawing): Path | null {
  try {
    return curvePath(curve, drawing);
  } catch {
    return null;
  }
}

/** Where a connector is on the canvas (px), or null when the mirror cannot place it. */
export function screenOf(editor: Editor, c: Connector): Vec2 | null {
  const p = editor.mirror.connectorPosition(c);
  return p ? editor.view.toScreen(p) : null;
}

/** Begins a path that is a circle of radius r (px) about p, to stroke or fill. */
export function ring(ctx: CanvasRenderingContext2D, p: Vec2, r: number): void {
  ctx.beginPath();
  ctx.arc(p[0], p[1], r, 0, 2 * Math.PI);
}
