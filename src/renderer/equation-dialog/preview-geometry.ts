// The preview's geometry: the curve fitted into the canvas, sampled within a fraction of a pixel. Pure, so it is
// tested without a canvas.

import type { Vec2 } from '../../shared/drawing';
import { samplePolyline, type CompiledDefinition } from '../../engine/expr';

export interface PreviewGeometry {
  /** The curve in canvas pixels (y down, like the drawing). */
  points: Vec2[];
  closed: boolean;
  /** Canvas pixels per drawing millimetre. */
  scale: number;
  /** The drawing's bounding box of the curve: minX, minY, maxX, maxY. */
  bounds: [number, number, number, number];
}

/** Samples used to find the bounding box before fitting. */
const BOUND_SAMPLES = 512;

/** The curve of `compiled` at `values`, fitted into width × height with `margin` pixels on every side. */
export function previewGeometry(
  compiled: CompiledDefinition,
  values: ArrayLike<number>,
  width: number,
  height: number,
  margin = 12,
): PreviewGeometry | null {
  const ev = compiled.createEvaluator();
  ev.setParams(values);
  const { u0, u1, closed } = compiled.definition;
  const position = (out: Float64Array, u: number): void => ev.position(out, u0 + (u1 - u0) * u);
  const p = new Float64Array(2);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i <= BOUND_SAMPLES; i++) {
    position(p, i / BOUND_SAMPLES);
    if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) continue;
    minX = Math.min(minX, p[0]);
    minY = Math.min(minY, p[1]);
    maxX = Math.max(maxX, p[0]);
    maxY = Math.max(maxY, p[1]);
  }
  if (minX > maxX) return null;
  const w = Math.max(1, width - 2 * margin);
  const h = Math.max(1, height - 2 * margin);
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  // A point or a straight line still gets a sensible scale: the larger span fills the box.
  const scale =
    spanX === 0 && spanY === 0
      ? 1
      : Math.min(spanX > 0 ? w / spanX : Infinity, spanY > 0 ? h / spanY : Infinity);
  const ox = width / 2 - ((minX + maxX) / 2) * scale;
  const oy = height / 2 - ((minY + maxY) / 2) * scale;
  const drawing = samplePolyline(position, 0.25 / scale);
  return {
    points: drawing.map(([x, y]): Vec2 => [ox + x * scale, oy + y * scale]),
    closed,
    scale,
    bounds: [minX, minY, maxX, maxY],
  };
}
