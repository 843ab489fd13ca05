import { describe, expect, it } from 'vitest';
import type { Trace, Vec2 } from '../../../src/shared/drawing';
import { emptyTrail, trailFromPoints, trailPoints } from '../../../src/shared/trail';
import {
  TraceRecorder,
  appendPoint,
  decimateOldestHalf,
  tracePointCount,
} from '../../../src/mechanisms/trace-recorder';

const trace = (id: string): Trace => ({ id, point: { curve: 'c', u: 0.5 }, points: emptyTrail() });

describe('trace recorder', () => {
  it('appends one point per trace per frame, at the position asked for', () => {
    const traces = [trace('a'), trace('b')];
    const recorder = new TraceRecorder(traces, { capacity: 100 });
    for (let i = 0; i < 5; i++) recorder.record((c) => [i, c.u! * 10 + traces.length]);
    expect(trailPoints(traces[0].points)).toEqual([
      [0, 7],
      [1, 7],
      [2, 7],
      [3, 7],
      [4, 7],
    ]);
    expect(recorder.count('b')).toBe(5);
  });

  it('decimates the older half when full: bounded, first and recent points kept', () => {
    const trail = emptyTrail();
    for (let i = 0; i < 10_000; i++) appendPoint(trail, [i, 0], 64, 0);
    expect(trail.length).toBeLessThanOrEqual(64);
    expect(trail.length).toBe(tracePointCount(10_000, 64));
    const points = trailPoints(trail);
    expect(points[0]).toEqual([0, 0]);
    // The newest 32 points are all still there, one per frame.
    expect(points.slice(-32).map((p) => p[0])).toEqual(Array.from({ length: 32 }, (_, k) => 10_000 - 32 + k));
    // Older points get sparser with age: gaps never shrink going back in time.
    const xs = points.map((p) => p[0]);
    for (let k = 2; k < xs.length; k++) expect(xs[k] - xs[k - 1]).toBeLessThanOrEqual(xs[k - 1] - xs[k - 2]);
  });

  it('drops every other point of the oldest half', () => {
    const trail = trailFromPoints(Array.from({ length: 9 }, (_, i) => [i, i] as Vec2));
    decimateOldestHalf(trail);
    expect(trailPoints(trail).map((p) => p[0])).toEqual([0, 2, 4, 5, 6, 7, 8]);
    // Not an append: a reader of the first points (the renderer's mirror) must take the trail again.
    expect(trail.rewrites).toBe(1);
  });

  it('skips repeats within minDistance and never records a non-finite point', () => {
    const points = emptyTrail();
    expect(appendPoint(points, [0, 0], 100, 0.5)).toBe(true);
    expect(appendPoint(points, [0.3, 0.3], 100, 0.5)).toBe(false);
    expect(appendPoint(points, [0.4, 0.4], 100, 0.5)).toBe(true);
    expect(appendPoint(points, [NaN, 1], 100, 0.5)).toBe(false);
    expect(appendPoint(points, [1, Infinity], 100, 0.5)).toBe(false);
    expect(appendPoint(points, [2e9, 1], 100, 0.5)).toBe(false); // no file could hold it
    expect(trailPoints(points)).toEqual([
      [0, 0],
      [0.4, 0.4],
    ]);
  });

  it('clears one trail or all, and names an unknown one', () => {
    const traces = [trace('a'), trace('b')];
    const recorder = new TraceRecorder(traces, { capacity: 16 });
    recorder.record(() => [1, 2]);
    recorder.clear('a');
    expect(traces.map((t) => t.points.length)).toEqual([0, 1]);
    recorder.clear();
    expect(traces.map((t) => t.points.length)).toEqual([0, 0]);
    expect(() => recorder.clear('zz')).toThrow("no trace 'zz'");
    expect(() => new TraceRecorder(traces, { capacity: 4 })).toThrow(
      'trace capacity must be an integer ≥ 8, got 4',
    );
  });
});
