// A trace's trail in memory: its points as one Float64Array of x, y pairs with a length, grown by doubling — 16
// bytes a point and no object per point, so a long trail costs a session (its snapshots, its history, the check
// of every edit) nothing it does not touch. The file and the IPC keep plain [x, y] arrays (TraceRecord in
// drawing.ts); trace-records.ts converts at those borders. A plain object (no class), so structuredClone copies it
// whole (a Reset pose) and a test compares it by value.

import type { Vec2 } from './drawing';

export interface Trail {
  /** x0, y0, x1, y1, …; only the first 2 · length entries are points, the rest is room to grow. */
  xy: Float64Array;
  /** How many points. */
  length: number;
  /**
   * Counts the changes that were not appends (the recorder thinning the older half): what a reader holding the
   * first n points (the renderer's mirror) may no longer trust. An append leaves it alone.
   */
  rewrites: number;
}

export function emptyTrail(): Trail {
  return { xy: new Float64Array(0), length: 0, rewrites: 0 };
}

/** A trail of exactly these x, y pairs (a copy: `xy` is not kept). */
export function trailOf(xy: ArrayLike<number>): Trail {
  if (xy.length % 2 !== 0) throw new Error(`a trail needs x, y pairs, got ${xy.length} numbers`);
  return { xy: Float64Array.from(xy), length: xy.length / 2, rewrites: 0 };
}

export function trailFromPoints(points: readonly Vec2[]): Trail {
  const xy = new Float64Array(points.length * 2);
  for (let i = 0; i < points.length; i++) {
    xy[2 * i] = points[i][0];
    xy[2 * i + 1] = points[i][1];
  }
  return { xy, length: points.length, rewrites: 0 };
}

export function trailPoints(trail: Trail): Vec2[] {
  const out: Vec2[] = new Array(trail.length);
  for (let i = 0; i < trail.length; i++) out[i] = [trail.xy[2 * i], trail.xy[2 * i + 1]];
  return out;
}

/** The points from `from` on, as flat x, y numbers (what a snapshot's trail delta carries). */
export function trailNumbers(trail: Trail, from = 0): number[] {
  return Array.from(trail.xy.subarray(2 * from, 2 * trail.length));
}

export function appendToTrail(trail: Trail, x: number, y: number): void {
  const at = 2 * trail.length;
  if (at + 2 > trail.xy.length) {
    const grown = new Float64Array(Math.max(16, 2 * trail.xy.length));
    grown.set(trail.xy.subarray(0, at));
    trail.xy = grown;
  }
  trail.xy[at] = x;
  trail.xy[at + 1] = y;
  trail.length++;
}

/** Keeps the first `length` points and appends the x, y pairs of `xy` after them (a snapshot's delta). */
export function spliceTrail(trail: Trail, length: number, xy: ArrayLike<number>): void {
  if (length > trail.length) throw new Error(`a trail of ${trail.length} points has no point ${length}`);
  trail.length = length;
  for (let i = 0; i + 1 < xy.length; i += 2) appendToTrail(trail, xy[i], xy[i + 1]);
}
