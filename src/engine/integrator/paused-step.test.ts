// A step that runs past its frame's budget pauses inside its projection and goes on in the next frame: meanwhile
// the engine shows the step's start, every constraint exact, and the drawing catches up over the frames. A frame's
// first step never pauses (issue 27): every frame moves the drawing, however long one step takes.
import { describe, expect, it } from 'vitest';
import { Engine } from '../engine';
import { chain } from '../test-support/drawings';
import { SteppedClock } from '../../shared/clock';
import { testClock } from '../../shared/test-support/clock';

/** 1 ms a reading and a 12 ms budget: a 40-bar chain's frame finishes one step and pauses in the second. */
const TICK = 1;
const BUDGET = 12;

/** Every curve's state, flat. */
function snapshot(engine: Engine, n: number): number[] {
  return Array.from({ length: n }, (_, i) => engine.curveState(`b${i}`)).flat();
}

describe('a step paused at its deadline', () => {
  it('shows the last finished step until the paused one is done; every frame moves the drawing', () => {
    const n = 40;
    const drawing = chain(n, 2);
    const engine = Engine.build(drawing, { clock: new SteppedClock(TICK) });
    const end = engine.pointAt(`b${n - 1}`, 1);
    const cursor: [number, number] = [end[0] - 6, end[1] + 9];
    engine.grab(`b${n - 1}`, 1);
    engine.writeMoved(drawing);
    const first = engine.dragFrame(cursor, BUDGET);
    expect(first.steps).toBe(2);
    expect(first.caughtUp).toBe(false);
    expect(first.paused).toBe(true);
    // The first step is done and shown; the second waits half-projected, unseen.
    expect(engine.writeMoved(drawing).curves).toHaveLength(n);
    expect(first.maxResidual).toBeLessThan(1e-9);
    let frames = 1;
    let paused = 1;
    let report = first;
    while (!report.caughtUp && frames < 500) {
      report = engine.dragFrame(cursor, BUDGET);
      frames++;
      // Between frames the drawing is always assembled: a paused step never shows its half-projected state.
      expect(report.maxResidual).toBeLessThan(1e-9);
      if (report.paused) paused++;
      // A frame that stepped moved the drawing, paused or not.
      if (report.steps > 0) expect(engine.writeMoved(drawing).curves).toHaveLength(n);
    }
    expect(report.caughtUp).toBe(true);
    expect(report.paused).toBe(false);
    expect(report.outOfTime).toBe(false);
    expect(paused).toBeGreaterThan(1);
    const reached = engine.pointAt(`b${n - 1}`, 1);
    expect(Math.hypot(reached[0] - cursor[0], reached[1] - cursor[1])).toBeLessThan(1e-6);
  });

  it('a frame whose budget one step exceeds finishes that step (no pause)', () => {
    const n = 40;
    const drawing = chain(n, 2);
    const engine = Engine.build(drawing, { clock: testClock() });
    const end = engine.pointAt(`b${n - 1}`, 1);
    engine.grab(`b${n - 1}`, 1);
    engine.writeMoved(drawing);
    const report = engine.dragFrame([end[0] - 6, end[1] + 9], 0);
    expect(report.steps).toBe(1);
    expect(report.paused).toBe(false);
    expect(engine.writeMoved(drawing).curves).toHaveLength(n);
  });

  it('a release drops the paused step: the drawing stays where it was shown', () => {
    const n = 40;
    const engine = Engine.build(chain(n, 2), { clock: new SteppedClock(TICK) });
    const end = engine.pointAt(`b${n - 1}`, 1);
    engine.grab(`b${n - 1}`, 1);
    expect(engine.dragFrame([end[0] - 6, end[1] + 9], BUDGET).paused).toBe(true);
    const shown = snapshot(engine, n);
    engine.release();
    expect(engine.settle(100).steps).toBe(0);
    expect(snapshot(engine, n)).toEqual(shown);
  });
});
