import { describe, expect, it } from 'vitest';
import { appendToTrail, emptyTrail } from './trail';
import type { Trace } from './drawing';
import { tracePath, traceTo } from './trace-path';

describe('tracePath', () => {
  it('draws a trail as one open polyline through its points, from two points on', () => {
    const trace: Trace = { id: 't1', point: { curve: 'coupler', u: 0.25 }, points: emptyTrail() };
    expect(tracePath(trace)).toBeNull();
    appendToTrail(trace.points, 1, 2);
    expect(tracePath(trace)).toBeNull(); // one point is no line
    appendToTrail(trace.points, 3, 4);
    appendToTrail(trace.points, 5, 6);
    expect(tracePath(trace)).toEqual({
      start: [1, 2],
      segments: [
        {
          type: 'polyline',
          points: [
            [3, 4],
            [5, 6],
          ],
        },
      ],
      closed: false,
    });
  });

  it('traceTo sends the same polyline from the trail in place, past the trail’s spare room', () => {
    const trace: Trace = { id: 't1', point: { curve: 'coupler', u: 0.25 }, points: emptyTrail() };
    const calls: string[] = [];
    const sink = {
      moveTo: (x: number, y: number) => calls.push(`M ${x} ${y}`),
      lineTo: (x: number, y: number) => calls.push(`L ${x} ${y}`),
    };
    appendToTrail(trace.points, 1, 2);
    expect(traceTo(sink, trace)).toBe(false);
    expect(calls).toEqual([]);
    for (let i = 1; i < 5; i++) appendToTrail(trace.points, 1 + 2 * i, 2 + 2 * i);
    expect(traceTo(sink, trace)).toBe(true);
    const path = tracePath(trace)!;
    const segment = path.segments[0];
    if (segment.type !== 'polyline') throw new Error('not a polyline');
    expect(calls).toEqual([
      `M ${path.start[0]} ${path.start[1]}`,
      ...segment.points.map(([x, y]) => `L ${x} ${y}`),
    ]);
  });
});
