// Records traces: each frame, the position of every traced material point is appended to its Trace.points (the
// drawing's own compact trail, trail.ts, so trails are saved with the drawing and exported with it). Memory is
// bounded: when a trail passes `capacity` points, every other point of its older half is dropped, so the recent path
// stays dense and the history gets sparser the older it is, never longer than `capacity`.

import type { Connector, Trace, Vec2 } from '../shared/drawing';
import { MAX_COORDINATE } from '../shared/limits';
import { appendToTrail, emptyTrail, type Trail } from '../shared/trail';

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
      for (const trace of this.traces) trace.points = emptyTrail();
      return;
    }
    const trace = this.traces.find((t) => t.id === id);
    if (!trace) throw new Error(`no trace '${id}'`);
    trace.points = emptyTrail();
  }

  count(id: string): number {
    const trace = this.traces.find((t) => t.id === id);
    if (!trace) throw new Error(`no trace '${id}'`);
    return trace.points.length;
  }
}

/** A point the file could not hold (not finite, or past ±MAX_COORDINATE) is never recorded. */
function recordable(v: number): boolean {
  return Number.isFinite(v) && Math.abs(v) <= MAX_COORDINATE;
}

/** Append `p` to `trail` (unless it is not recordable or within `minDistance` of the last point), then decimate. */
export function appendPoint(trail: Trail, p: Vec2, capacity: number, minDistance: number): boolean {
  if (!recordable(p[0]) || !recordable(p[1])) return false;
  const n = trail.length;
  if (n > 0 && Math.hypot(p[0] - trail.xy[2 * n - 2], p[1] - trail.xy[2 * n - 1]) <= minDistance)
    return false;
  appendToTrail(trail, p[0], p[1]);
  if (trail.length > capacity) decimateOldestHalf(trail);
  return true;
}

/** Drop every other point of the older half (keeping the very first point), in place: a rewrite, not an append. */
export function decimateOldestHalf(trail: Trail): void {
  const half = trail.length >> 1;
  const xy = trail.xy;
  let w = 0;
  for (let r = 0; r < trail.length; r++) {
    if (r < half && r % 2 === 1) continue;
    xy[2 * w] = xy[2 * r];
    xy[2 * w + 1] = xy[2 * r + 1];
    w++;
  }
  trail.length = w;
  trail.rewrites++;
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
