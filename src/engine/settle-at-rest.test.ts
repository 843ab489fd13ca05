// A settle of a drawing already assembled and at rest takes no step on either metric (engine-part.ts): it ends
// without switching to the settle metric and back, which recomputed the drag matrices of the curves that metric
// weighs (an arc's, a segment's) twice, to the same values (issue 27: the small drags' fixed cost).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import { testClock } from '../shared/test-support/clock';
import { Engine } from './engine';
import { DragMetric } from './system/drag';

afterEach(() => vi.restoreAllMocks());

/** An arc pinned at its start, and a segment pinned at its start: both free to swing. */
function swinging(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    { id: 'arc', kind: 'arc', center: [0, 0], radius: 10, start: 0, sweep: 1 },
    { id: 'seg', kind: 'segment', a: [30, 0], b: [40, 0] },
  );
  d.constraints.push(
    { id: 'pa', kind: 'pin', point: { curve: 'arc', anchor: 'start' }, at: [10, 0] },
    { id: 'ps', kind: 'pin', point: { curve: 'seg', anchor: 'start' }, at: [30, 0] },
  );
  return d;
}

describe('a settle at rest', () => {
  it('ends without a step and without switching to the settle metric', () => {
    const engine = Engine.build(swinging(), { clock: testClock() });
    engine.grab('arc', 1);
    const end = engine.pointAt('arc', 1);
    engine.dragFrame([end[0] - 1, end[1] + 1], 100);
    engine.release();
    const weights = vi.spyOn(DragMetric.prototype, 'setSettleWeights');
    const before = engine.curveState('arc');
    const report = engine.settle(100);
    expect(report).toMatchObject({ steps: 0, converged: true, tried: [] });
    expect(report.maxResidual).toBeLessThan(1e-9);
    expect(engine.curveState('arc')).toEqual(before);
    expect(weights).not.toHaveBeenCalled();
  });

  it('still settles on the settle metric when the drawing is not assembled', () => {
    const d = swinging();
    (d.constraints[0] as { at: [number, number] }).at = [12, 1];
    const engine = Engine.build(d, { clock: testClock() });
    const weights = vi.spyOn(DragMetric.prototype, 'setSettleWeights');
    const report = engine.settle(1000);
    expect(report.converged).toBe(true);
    expect(report.steps).toBeGreaterThan(0);
    expect(weights.mock.calls[0]).toEqual([1e3, 1e6]);
    expect(weights.mock.calls.at(-1)).toEqual([0, 0]);
    const start = engine.pointAt('arc', 0);
    expect(start[0]).toBeCloseTo(12, 9);
    expect(start[1]).toBeCloseTo(1, 9);
  });
});
