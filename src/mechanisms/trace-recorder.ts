// Records traces: each frame, the position of every traced material point is appended to its Trace.points (the
// drawing's own plain data, so trails are saved with the drawing and exported with it). Memory is bounded: when a
// trail passes `capacity` points, every other point of its older half is dropped, so the recent path stays dense
// and the history gets sparser the older it is, never longer than `capacity`.

import type { Connector, Trace, Vec2 } from '../shared/drawing';

export interface TraceRecorderOptions {
  /** Most points a trail keeps (≥ 8). Default 4096. */
  capacity?: number;
  /** A point closer than this to the trail's last point is not recorded (0: only exact repeats are skipped). */
  minDistance?: number;
}

export const DEFAULT_TRACE_CAPACITY = 4096;

export class TraceRecorder {
  readonly capacity: number;
  readonly minDistance: number;

  constructor(
    /** The drawing's traces, appended to in place. */
    private traces: Trace[],
    options: TraceRecorderOptions = {},
  ) {
    this.capacity = options.capacity ?? DEFAULT_TRACE_CAPACITY;
    this.minDistance = options.minDistance ?? 0;
    if (!Number.isInteger(this.capacity) || this.capacity < 8) {
      throw new Error(`trace capacity must be an integer ≥ 8, got ${this.capacity}`);
    }
    if (!(this.minDistance >= 0)) throw new Error(`trace minDistance must be ≥ 0, got ${this.minDistance}`);
  }

  /** Follow another drawing's traces (after the session rebuilt its drawing, e.g. on Reset or undo). */
  attach(traces: Trace[]): void {
    this.traces = traces;
  }

  /** Append the current position of every traced point. Non-finite positions are never recorded. */
  record(position: (point: Connector) => Vec2): void {
    for (const trace of this.traces)
      appendPoint(trace.points, position(trace.point), this.capacity, this.minDistance);
  }

  /** Empty one trail (by id) or all of them. Throws on an unknown id. */
  clear(id?: string): void {
    if (id === undefined) {
      for (const trace of this.traces) trace.points.length = 0;
      return;
    }
    const trace = this.traces.find((t) => t.id === id);
    if (!trace) throw new Error(`no trace '${id}'`);
    trace.points.length = 0;
  }

  count(id: string): number {
    const trace = this.traces.find((t) => t.id === id);
    if (!trace) throw new Error(`no trace '${id}'`);
    return trace.points.length;
  }
}

/** Append `p` to `points` (unless it is not finite or within `minDistance` of the last point), then decimate. */
export function appendPoint(points: Vec2[], p: Vec2, capacity: number, minDistance: number): boolean {
  if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) return false;
  const last = points[points.length - 1];
  if (last && Math.hypot(p[0] - last[0], p[1] - last[1]) <= minDistance) return false;
  points.push([p[0], p[1]]);
  if (points.length > capacity) decimateOldestHalf(points);
  return true;
}

/** Drop every other point of the older half (keeping the very first point), in place. */
export function decimateOldestHalf(points: Vec2[]): void {
  const half = points.length >> 1;
  let w = 0;
  for (let r = 0; r < points.length; r++) {
    if (r < half && r % 2 === 1) continue;
    points[w++] = points[r];
  }
  points.length = w;
}

/** How many points a trail holds after `frames` recorded points (none skipped) with this capacity. */
export function tracePointCount(frames: number, capacity = DEFAULT_TRACE_CAPACITY): number {
  let n = 0;
  for (let i = 0; i < frames; i++) {
    n++;
    if (n > capacity) {
      const half = n >> 1;
      n = Math.ceil(half / 2) + (n - half);
    }
  }
  return n;
}
