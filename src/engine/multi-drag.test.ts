// Dragging a multi-selection: the grabbed point follows the cursor and the rest of the selection moves rigidly
// with it (companion springs, forces/companion-springs.ts), the constraints exact.
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import { Engine } from './engine';
import { testClock } from '../shared/test-support/clock';

function drawing(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    { id: 'seg', kind: 'segment', a: [0, 0], b: [20, 0] },
    { id: 'ring', kind: 'circle', center: [40, 10], radius: 5 },
    {
      id: 'curl',
      kind: 'bezier',
      points: [
        [0, 30],
        [10, 40],
        [20, 20],
        [30, 30],
      ],
    },
    { id: 'other', kind: 'segment', a: [0, -20], b: [10, -20] },
  );
  return d;
}

/** A curve's state with its coordinates shifted by (dx, dy): the layout alternates x, y except a circle's radius. */
function shifted(state: ArrayLike<number>, dx: number, dy: number, coordinates: number): number[] {
  return Array.from(state).map((v, i) => (i < coordinates ? v + (i % 2 === 0 ? dx : dy) : v));
}

function expectClose(actual: ArrayLike<number>, expected: number[]): void {
  expect(actual.length).toBe(expected.length);
  Array.from(actual).forEach((v, i) => expect(v).toBeCloseTo(expected[i], 6));
}

describe('dragging several curves together', () => {
  it('moves every selected curve by the cursor travel, rigidly, and leaves the others', () => {
    const d = drawing();
    const engine = Engine.build(d, { clock: testClock() });
    const before = Object.fromEntries(d.curves.map((c) => [c.id, engine.curveState(c.id).slice()]));
    engine.grab('seg', 0.5, ['seg', 'ring', 'curl']);
    const report = engine.dragFrame([10 + 7, 0 - 4], 1000);
    expect(report.caughtUp).toBe(true);
    expect(report.grabbed![0]).toBeCloseTo(17, 6);
    expect(report.grabbed![1]).toBeCloseTo(-4, 6);
    expect(engine.pullMiss()).toBeLessThan(1e-6);
    expectClose(engine.curveState('seg'), shifted(before.seg, 7, -4, 4));
    expectClose(engine.curveState('ring'), shifted(before.ring, 7, -4, 2));
    expectClose(engine.curveState('curl'), shifted(before.curl, 7, -4, 8));
    expect([...engine.curveState('other')]).toEqual([...before.other]);
  });

  it('keeps the constraints exact: a selected curve joined to an unselected pinned one drags it along', () => {
    const d = drawing();
    // The segment's start joined to the end of a bar pinned at its start: the selection cannot translate far;
    // the joint holds and the pull gives.
    d.curves[3] = { id: 'other', kind: 'bar', center: [5, -20], angle: 0, length: 10 };
    d.constraints.push(
      { id: 'j', kind: 'attach', a: { curve: 'seg', anchor: 'start' }, b: { curve: 'other', anchor: 'end' } },
      { id: 'p', kind: 'pin', point: { curve: 'other', anchor: 'start' }, at: [0, -20] },
    );
    const engine = Engine.build(d, { clock: testClock() });
    engine.settle(1000);
    engine.grab('seg', 1, ['seg', 'ring']);
    engine.dragFrame([40, 30], 1000);
    expect(engine.residual).toBeLessThan(1e-9);
    expect(engine.pullMiss()).toBeGreaterThan(1);
    const joint = engine.pointAt('seg', 0);
    const end = engine.pointAt('other', 1);
    expect(Math.hypot(joint[0] - end[0], joint[1] - end[1])).toBeLessThan(1e-9);
  });

  it('without companions the others stay put (the single drag is unchanged)', () => {
    const d = drawing();
    const engine = Engine.build(d, { clock: testClock() });
    const ring = engine.curveState('ring').slice();
    engine.grab('seg', 0.5);
    engine.dragFrame([17, -4], 1000);
    expect([...engine.curveState('ring')]).toEqual([...ring]);
  });
});
