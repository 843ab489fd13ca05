// Traces as drawing data: making a new one for a material point, and the exact path a trail is drawn with (on the
// canvas and in the SVG export: one polyline through the recorded points).

import type { Connector, Drawing, Trace } from '../shared/drawing';
import type { Path } from '../shared/primitives';

/** A new, empty trace of `point` with an id unused in the drawing ('trace1', 'trace2', …). Does not add it. */
export function newTrace(drawing: Drawing, point: Connector): Trace {
  const used = new Set<string>([
    ...drawing.curves.map((c) => c.id),
    ...drawing.constraints.map((c) => c.id),
    ...drawing.springs.map((s) => s.id),
    ...drawing.traces.map((t) => t.id),
  ]);
  let n = 1;
  while (used.has(`trace${n}`)) n++;
  const connector: Connector =
    point.anchor !== undefined
      ? { curve: point.curve, anchor: point.anchor }
      : { curve: point.curve, u: point.u ?? 0 };
  return { id: `trace${n}`, point: connector, points: [] };
}

/** The trail as a path (a polyline through its points); null when it has fewer than two points. */
export function tracePath(trace: Trace): Path | null {
  if (trace.points.length < 2) return null;
  const [first, ...rest] = trace.points;
  return {
    start: [first[0], first[1]],
    segments: [{ type: 'polyline', points: rest.map((p) => [p[0], p[1]]) }],
    closed: false,
  };
}
