// The one path a trace's trail is drawn with, on the canvas and in the SVG export alike: a polyline through the
// recorded points. Here, below both the renderer and the document layer, so that neither draws it its own way.

import type { Trace } from './drawing';
import type { Path } from './primitives';

/**
 * The trail as a path (a polyline through its points); null when it has fewer than two points. The path shares the
 * trail's point pairs (never changed in place: the recorder appends new ones and drops old ones), so drawing a
 * long trail every frame copies no coordinates.
 */
export function tracePath(trace: Trace): Path | null {
  if (trace.points.length < 2) return null;
  const [first, ...rest] = trace.points;
  return { start: first, segments: [{ type: 'polyline', points: rest }], closed: false };
}
