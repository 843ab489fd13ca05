// A spring anchored to the paper: its fixed end pulls a curve's point to rest length from it, and only that
// curve's block feels it.

import { describe, expect, it } from 'vitest';
import { emptyDrawing } from '../../shared/drawing';
import { Engine } from '../index';
import { testClock } from '../../shared/test-support/clock';

describe('a spring anchored to the paper', () => {
  it('settles a pinned bar with its free end at rest length from the fixed point', () => {
    const d = emptyDrawing();
    d.curves.push({ id: 'arm', kind: 'bar', center: [10, 0], angle: 0, length: 20 });
    d.constraints.push({ id: 'pivot', kind: 'pin', point: { curve: 'arm', anchor: 'start' }, at: [0, 0] });
    // The fixed end 40 mm below the pivot, rest 5 mm: the bar's end, 20 mm from the pivot, cannot reach rest length;
    // it ends as near as it can, on the line from the pivot to the anchor: at (0, 20).
    d.springs.push({ id: 's1', a: { curve: 'arm', anchor: 'end' }, at: [0, 40], stiffness: 2, rest: 5 });
    const engine = Engine.build(d, { clock: testClock() });
    const report = engine.settle(3000);
    expect(report.converged).toBe(true);
    const end = engine.pointAt('arm', 1);
    expect(end[0]).toBeCloseTo(0, 5);
    expect(end[1]).toBeCloseTo(20, 5);
    expect(engine.diagnostics().maxResidual).toBeLessThan(1e-9);
  });

  it('pulls a free point onto the anchor when its rest length is zero', () => {
    const d = emptyDrawing();
    d.curves.push({ id: 'p', kind: 'point', at: [3, 4] });
    d.springs.push({ id: 's1', a: { curve: 'p', anchor: 'start' }, at: [-6, 2], stiffness: 1, rest: 0 });
    const engine = Engine.build(d, { clock: testClock() });
    expect(engine.settle(3000).converged).toBe(true);
    const at = engine.pointAt('p', 0);
    expect(at[0]).toBeCloseTo(-6, 5);
    expect(at[1]).toBeCloseTo(2, 5);
  });
});
