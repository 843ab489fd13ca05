// An exact Path (src/shared/primitives.ts) as a 2D canvas context's path commands: lines, elliptical arcs and
// cubics as the canvas's own primitives; only polylines are polylines. The caller sets the transform and strokes.
// (The canvas's counterpart of the SVG export's pathToSvgD.)

import type { Path } from '../../shared/primitives';

/** The subset of CanvasRenderingContext2D used here (also satisfied by a recording fake in tests). */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void;
  ellipse(
    x: number,
    y: number,
    rx: number,
    ry: number,
    rotation: number,
    start: number,
    end: number,
    anticlockwise?: boolean,
  ): void;
  closePath(): void;
}

/**
 * An arc with possibly negative radii (the engine lets a radius pass through zero): the same points with |r|,
 * by reflecting the parameter: rx < 0 maps t to π − t, ry < 0 maps t to −t (each reverses the direction).
 */
export function arcToCanvas(
  sink: PathSink,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  rotation: number,
  start: number,
  sweep: number,
): void {
  let t0 = start;
  let dt = sweep;
  if (rx < 0) {
    t0 = Math.PI - t0;
    dt = -dt;
  }
  if (ry < 0) {
    t0 = -t0;
    dt = -dt;
  }
  const ax = Math.abs(rx);
  const ay = Math.abs(ry);
  if (ax === 0 || ay === 0) {
    // Degenerate: a line through the arc's extreme points is all there is to see.
    const c = Math.cos(rotation);
    const s = Math.sin(rotation);
    const point = (t: number): [number, number] => {
      const x = rx * Math.cos(t);
      const y = ry * Math.sin(t);
      return [cx + c * x - s * y, cy + s * x + c * y];
    };
    const steps = 16;
    for (let i = 0; i <= steps; i++) {
      const [x, y] = point(start + (sweep * i) / steps);
      sink.lineTo(x, y);
    }
    return;
  }
  sink.ellipse(cx, cy, ax, ay, rotation, t0, t0 + dt, dt < 0);
}

export function pathToCanvas(sink: PathSink, path: Path): void {
  sink.moveTo(path.start[0], path.start[1]);
  for (const seg of path.segments) {
    switch (seg.type) {
      case 'line':
        sink.lineTo(seg.to[0], seg.to[1]);
        break;
      case 'cubic':
        sink.bezierCurveTo(seg.c1[0], seg.c1[1], seg.c2[0], seg.c2[1], seg.to[0], seg.to[1]);
        break;
      case 'arc':
        arcToCanvas(sink, seg.center[0], seg.center[1], seg.rx, seg.ry, seg.rotation, seg.start, seg.sweep);
        break;
      case 'polyline':
        for (const p of seg.points) sink.lineTo(p[0], p[1]);
        break;
    }
  }
  if (path.closed) sink.closePath();
}
