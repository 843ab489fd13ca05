// A step too long for its frame's budget pauses inside its projection and goes on in the next frames: meanwhile
// the engine shows the step's start, every constraint exact, and the drawing catches up over the frames.
import { describe, expect, it } from 'vitest';
import { Engine } from '../engine';
import { chain } from '../test-support/drawings';
import { testClock } from '../../shared/test-support/clock';

/** Every curve's state, flat. */
function snapshot(engine: Engine, n: number): number[] {
  return Array.from({ length: n }, (_, i) => engine.curveState(`b${i}`)).flat();
}

describe('a step paused at its deadline', () => {
  it('shows the step’s start until the step is done, then catches up over the following frames', () => {
    const n = 40;
    const drawing = chain(n, 2);
    const engine = Engine.build(drawing, { clock: testClock() });
    const end = engine.pointAt(`b${n - 1}`, 1);
    const cursor: [number, number] = [end[0] - 6, end[1] + 9];
    engine.grab(`b${n - 1}`, 1);
    engine.writeMoved(drawing);
    const before = snapshot(engine, n);
    // A zero budget: each frame does its step's set-up and one correction of its projection, then pauses.
    const first = engine.dragFrame(cursor, 0);
    expect(first.steps).toBe(1);
    expect(first.caughtUp).toBe(false);
    expect(first.paused).toBe(true);
    expect(snapshot(engine, n)).toEqual(before);
    expect(engine.writeMoved(drawing).curves).toEqual([]);
    expect(first.maxResidual).toBeLessThan(1e-9);
    let frames = 1;
    let moved = 0;
    let report = first;
    while (!report.caughtUp && frames < 500) {
      report = engine.dragFrame(cursor, 0);
      frames++;
      // Between frames the drawing is always assembled: a paused step never shows its half-projected state.
      expect(report.maxResidual).toBeLessThan(1e-9);
      // A frame not caught up says it goes on (a step paused, or its time ran out), whether it moved or not.
      if (!report.caughtUp) expect(report.paused || report.outOfTime).toBe(true);
      if (engine.writeMoved(drawing).curves.length > 0) moved++;
    }
    expect(report.caughtUp).toBe(true);
    expect(report.paused).toBe(false);
    expect(report.outOfTime).toBe(false);
    const reached = engine.pointAt(`b${n - 1}`, 1);
    expect(Math.hypot(reached[0] - cursor[0], reached[1] - cursor[1])).toBeLessThan(1e-6);
    // Fewer frames moved the drawing than were spent: the paused ones showed the step's start.
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThan(frames);
  });

  it('a release drops the paused step: the drawing stays where it was shown', () => {
    const n = 40;
    const engine = Engine.build(chain(n, 2), { clock: testClock() });
    const end = engine.pointAt(`b${n - 1}`, 1);
    engine.grab(`b${n - 1}`, 1);
    const before = snapshot(engine, n);
    expect(engine.dragFrame([end[0] - 6, end[1] + 9], 0).caughtUp).toBe(false);
    engine.release();
    expect(engine.settle(100).steps).toBe(0);
    expect(snapshot(engine, n)).toEqual(before);
  });
});
