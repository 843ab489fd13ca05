// Drawing ↔ screen coordinates: the view is a centre (drawing mm at the canvas centre) and a zoom (px per mm).
// y points down in both, so the mapping is a scale and a shift.

import type { Vec2, ViewState } from '../../shared/drawing';

export const MIN_ZOOM = 0.01;
export const MAX_ZOOM = 1000;

export class ViewTransform {
  center: Vec2;
  zoom: number;
  /** Canvas size in CSS pixels. */
  width: number;
  height: number;

  constructor(view: ViewState, width: number, height: number) {
    this.center = [view.center[0], view.center[1]];
    this.zoom = view.zoom;
    this.width = width;
    this.height = height;
  }

  get state(): ViewState {
    return { center: [this.center[0], this.center[1]], zoom: this.zoom };
  }

  toScreen(p: Vec2): Vec2 {
    return [
      (p[0] - this.center[0]) * this.zoom + this.width / 2,
      (p[1] - this.center[1]) * this.zoom + this.height / 2,
    ];
  }

  toDrawing(p: Vec2): Vec2 {
    return [
      (p[0] - this.width / 2) / this.zoom + this.center[0],
      (p[1] - this.height / 2) / this.zoom + this.center[1],
    ];
  }

  /** Screen pixels → drawing millimetres (for tolerances). */
  mm(px: number): number {
    return px / this.zoom;
  }

  /** Zooms by `factor` keeping the drawing point under `screen` where it is. */
  zoomAbout(screen: Vec2, factor: number): void {
    const anchor = this.toDrawing(screen);
    this.zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, this.zoom * factor));
    const after = this.toDrawing(screen);
    this.center = [this.center[0] + anchor[0] - after[0], this.center[1] + anchor[1] - after[1]];
  }

  /** Moves the view so the drawing follows a screen-space drag of (dx, dy) pixels. */
  panBy(dx: number, dy: number): void {
    this.center = [this.center[0] - dx / this.zoom, this.center[1] - dy / this.zoom];
  }

  /** Frames the box [minX, minY, maxX, maxY] with a margin of `marginPx` on every side. */
  fit(box: [number, number, number, number], marginPx = 40): void {
    const w = Math.max(box[2] - box[0], 1e-6);
    const h = Math.max(box[3] - box[1], 1e-6);
    const zx = Math.max(this.width - 2 * marginPx, 1) / w;
    const zy = Math.max(this.height - 2 * marginPx, 1) / h;
    this.zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.min(zx, zy)));
    this.center = [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
  }
}
