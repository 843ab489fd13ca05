// Curve paths for the view: the engine's exact Path of a curve, traced in screen space.

import { curvePath } from '../../engine/pure';
import type { Curve, Drawing } from '../../shared/drawing';
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
