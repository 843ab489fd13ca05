// The one path a trace's trail is drawn with, on the canvas and in the SVG export alike: a polyline through the
// recorded points. Here, below both the renderer and the document layer, so that neither draws it its own way. The
// canvas walks the trail's coordinates in place (traceTo: a redraw copies no point); the export takes a Path.

import type { Trace } from './drawing';
import type { Path } from './primitives';
import { trailPoints } from './trail';

/** The trail as a path (a polyline through its points); null when it has fewer than two points. */
export function tracePath(trace: Trace): Path | null {
  if (trace.points.length < 2) return null;
  const [first, ...rest] = trailPoints(trace.points);
  return { start: first, segments: [{ type: 'polyline', points: rest }], closed: false };
}

/** What traceTo draws into: a canvas context, or anything with its two path calls. */
export interface PolylineSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

/**
 * The same polyline as tracePath, sent to `sink` straight from the trail's coordinates (no point copied: a trail
 * of 100,000 points is redrawn every frame it changes). False, nothing sent, when it has fewer than two points.
 */
export function traceTo(sink: PolylineSink, trace: Trace): boolean {
  const { xy, length } = trace.points;
  if (length < 2) return false;
  sink.moveTo(xy[0], xy[1]);
  for (let i = 1; i < length; i++) sink.lineTo(xy[2 * i], xy[2 * i + 1]);
  return true;
}
