// The one path a trace's trail is drawn with, on the canvas and in the SVG export alike: a polyline through the
// recorded points. Here, below both the renderer and the document layer, so that neither draws it its own way.

import type { Trace } from './drawing';
import type { Path } from './primitives';
import { trailPoints } from './trail';

/** The trail as a path (a polyline through its points); null when it has fewer than two points. */
export function tracePath(trace: Trace): Path | null {
  if (trace.points.length < 2) return null;
  const [first, ...rest] = trailPoints(trace.points);
  return { start: first, segments: [{ type: 'polyline', points: rest }], closed: false };
}
