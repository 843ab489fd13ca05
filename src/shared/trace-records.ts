// The border between a trace as the file and the IPC carry it ([x, y] arrays: TraceRecord) and as memory keeps it
// (a compact trail: Trace). Coming in — a file loaded, a trace added — a trail is thinned (trail-decimation.ts) and
// held to MAX_TRACE_POINTS; going out — a file saved, a snapshot sent — it becomes plain numbers again. The one place
// each direction is written: the loader, the session's `add` and the serializer all call it.

import type { Drawing, PlainDrawing, Trace, TraceRecord } from './drawing';
import { MAX_TRACE_POINTS, TRACE_TOLERANCE } from './limits';
import { SchemaError } from './schema';
import { trailPoints } from './trail';
import { decimateTrail } from './trail-decimation';

/**
 * The trace in memory, its points thinned; a SchemaError at `path` (`traces[0].points`) when even thinned it keeps
 * more than MAX_TRACE_POINTS. The record's points must already be valid coordinates (its schema checked them).
 */
export function compactTrace(record: TraceRecord, path: string): Trace {
  const { points, ...rest } = record;
  const xy = new Float64Array(points.length * 2);
  for (let i = 0; i < points.length; i++) {
    xy[2 * i] = points[i][0];
    xy[2 * i + 1] = points[i][1];
  }
  const trail = decimateTrail(xy, points.length, TRACE_TOLERANCE);
  if (trail.length > MAX_TRACE_POINTS)
    throw new SchemaError(
      path,
      `a trace keeps at most ${MAX_TRACE_POINTS} points once thinned to ${TRACE_TOLERANCE} mm, this one needs ${trail.length}`,
    );
  return { ...structuredClone(rest), points: trail };
}

/** The trace as plain data; `withPoints` false leaves its points out (a snapshot: they travel as trail deltas). */
export function traceRecord(trace: Trace, withPoints = true): TraceRecord {
  const { points, ...rest } = trace;
  return { ...structuredClone(rest), points: withPoints ? trailPoints(points) : [] };
}

/** The drawing in memory, every trace thinned and checked (paths `traces[i].points`). */
export function compactDrawing(drawing: PlainDrawing): Drawing {
  return { ...drawing, traces: drawing.traces.map((t, i) => compactTrace(t, `traces[${i}].points`)) };
}

/** The drawing as plain data (shares everything but the traces); `withPoints` as traceRecord's. */
export function plainDrawing(drawing: Drawing, withPoints = true): PlainDrawing {
  return { ...drawing, traces: drawing.traces.map((t) => traceRecord(t, withPoints)) };
}
