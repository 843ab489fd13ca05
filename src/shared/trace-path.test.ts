import { describe, expect, it } from 'vitest';
import { appendToTrail, emptyTrail } from './trail';
import type { Trace } from './drawing';
import { tracePath } from './trace-path';

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
});
