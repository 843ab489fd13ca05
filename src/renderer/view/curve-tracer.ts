// Traces a drawing's curves into one canvas path at the screen's resolution. A curve wholly outside the view is
// not traced (nothing of it would show). A curve smaller than SUBPIXEL on screen is traced as one line from its
// start to its end, continuing the path's last line when it starts within SUBPIXEL of where that ended, and left
// out when it also ends there: a 10,000-bar chain fitted to the window is bars a tenth of a pixel long, and Skia's
// software stroke of 10,000 round-capped sub-pixel subpaths took ~25 ms a redraw, against ~1.5 ms for the same
// pixels to within SUBPIXEL. Curves of a pixel or more are traced exactly (path-to-canvas.ts), as before.

import type { Vec2 } from '../../shared/drawing';
import type { Path } from '../../shared/primitives';
import { pathToCanvas, type PathSink } from './path-to-canvas';
import { addPoint } from '../../shared/bounds';

/** Screen px: what a curve smaller than this, or a point moved by less, changes is not seen. */
export const SUBPIXEL = 0.25;

/** The view as the painters see it: centre (mm), zoom (px per mm) and size (px). */
export interface ViewBox {
  center: Vec2;
  zoom: number;
  width: number;
  height: number;
}

/** A box [minX, minY, maxX, maxY] holding the path: its points, a cubic's control points, an arc's whole ellipse. */
export function pathBox(path: Path, out: Float64Array): Float64Array {
  out[0] = out[2] = path.start[0];
  out[1] = out[3] = path.start[1];
  for (const seg of path.segments)
    switch (seg.type) {
      case 'line':
        addPoint(out, seg.to[0], seg.to[1]);
        break;
      case 'cubic':
        addPoint(out, seg.c1[0], seg.c1[1]);
        addPoint(out, seg.c2[0], seg.c2[1]);
        addPoint(out, seg.to[0], seg.to[1]);
        break;
      case 'polyline':
        for (const p of seg.points) addPoint(out, p[0], p[1]);
        break;
      case 'arc': {
        const r = Math.max(Math.abs(seg.rx), Math.abs(seg.ry));
        addPoint(out, seg.center[0], seg.center[1], r);
        break;
      }
    }
  return out;
}

/** Where the path ends (its start, if closed). */
export function pathEnd(path: Path): Vec2 {
  const seg = path.segments.at(-1);
  if (path.closed || !seg) return path.start;
  switch (seg.type) {
    case 'line':
    case 'cubic':
      return seg.to;
    case 'polyline':
      return seg.points.at(-1) ?? path.start;
    case 'arc': {
      const t = seg.start + seg.sweep;
      const x = seg.rx * Math.cos(t);
      const y = seg.ry * Math.sin(t);
      const c = Math.cos(seg.rotation);
      const s = Math.sin(seg.rotation);
      return [seg.center[0] + c * x - s * y, seg.center[1] + s * x + c * y];
    }
  }
}

/** Traces paths given in drawing mm into a sink drawing under the view's transform (one draw: one tracer). */
export class CurveTracer {
  private readonly box = new Float64Array(4);
  /** The view in mm, widened by the margin. */
  private readonly minX: number;
  private readonly minY: number;
  private readonly maxX: number;
  private readonly maxY: number;
  /** SUBPIXEL in mm. */
  private readonly tolerance: number;
  /** Where the path's last line ended (mm), while a sub-pixel curve may continue it. */
  private pen: Vec2 | null = null;

  /** `marginPx`: how far outside the view a curve's ink can reach (half the stroke width and its caps). */
  constructor(
    private readonly sink: PathSink,
    view: ViewBox,
    marginPx: number,
  ) {
    const halfW = (view.width / 2 + marginPx) / view.zoom;
    const halfH = (view.height / 2 + marginPx) / view.zoom;
    this.minX = view.center[0] - halfW;
    this.maxX = view.center[0] + halfW;
    this.minY = view.center[1] - halfH;
    this.maxY = view.center[1] + halfH;
    this.tolerance = SUBPIXEL / view.zoom;
  }

  /** Whether the box [minX, minY, maxX, maxY] (mm) meets the view. */
  meets(minX: number, minY: number, maxX: number, maxY: number): boolean {
    return maxX >= this.minX && minX <= this.maxX && maxY >= this.minY && minY <= this.maxY;
  }

  private near(p: Vec2, q: Vec2): boolean {
    return Math.abs(p[0] - q[0]) <= this.tolerance && Math.abs(p[1] - q[1]) <= this.tolerance;
  }

  /** Adds the path, as above; false if it was wholly outside the view. */
  trace(path: Path): boolean {
    const b = pathBox(path, this.box);
    if (!this.meets(b[0], b[1], b[2], b[3])) return false;
    if (b[2] - b[0] > this.tolerance || b[3] - b[1] > this.tolerance) {
      pathToCanvas(this.sink, path);
      this.pen = null;
      return true;
    }
    const end = pathEnd(path);
    if (!this.pen || !this.near(path.start, this.pen)) {
      // A new subpath, with its one line even if that has no length (as the exact trace would have).
      this.sink.moveTo(path.start[0], path.start[1]);
      this.sink.lineTo(end[0], end[1]);
      this.pen = end;
    } else if (!this.near(end, this.pen)) {
      this.sink.lineTo(end[0], end[1]);
      this.pen = end;
    }
    return true;
  }
}
