// Headless runs end early only when asked: at a lock (stopWhenLocked) or at the caller's deadline.

import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { LOCKED_AFTER_BLOCKED_FRAMES, runMotors } from '../../../src/mechanisms/run';
import { doubleRocker, doubleRockerLimit } from '../../../src/mechanisms/test-support/double-rocker';
import { testClock } from '../../../src/shared/test-support/clock';

const FPS = 60;
/** The frame during which the double rocker's crank (60 rpm) reaches its limit. */
const REACH = Math.ceil(doubleRockerLimit() / ((2 * Math.PI) / FPS));

describe('runMotors', () => {
  it('plays every frame against a lock unless told to stop there', () => {
    const drawing = doubleRocker();
    const summary = runMotors(Engine.build(drawing, { clock: testClock() }), drawing, {
      frames: 40,
      fps: FPS,
    });
    expect(summary).toMatchObject({ frames: 40, end: 'complete', lock: null });
    // Every frame from the one that reached the limit on could not catch up.
    expect(summary.lagging).toBe(40 - REACH + 1);
  });

  it('stops at the lock, naming it', () => {
    const drawing = doubleRocker();
    const summary = runMotors(Engine.build(drawing, { clock: testClock() }), drawing, {
      frames: 40,
      fps: FPS,
      stopWhenLocked: true,
    });
    const frame = REACH + LOCKED_AFTER_BLOCKED_FRAMES - 1;
    expect(summary).toMatchObject({ frames: frame, end: 'locked' });
    expect(summary.lock).toMatchObject({ frame, binding: ['motor', 'pin1', 'pin2', 'joint1', 'joint2'] });
    expect(summary.lock!.time).toBeCloseTo(frame / FPS, 12);
    expect(summary.lock!.reason).toMatch(/^the crank cannot turn past \d+°: coupler and rocker are in line$/);
  });

  it('starts no frame once the deadline has passed', () => {
    const drawing = doubleRocker();
    const before = structuredClone(drawing);
    const engine = Engine.build(drawing, { clock: testClock() });
    const summary = runMotors(engine, drawing, { frames: 40, fps: FPS, deadline: engine.clock.now() - 1 });
    expect(summary).toMatchObject({ frames: 0, seconds: 0, end: 'timeout', lock: null, worstFrame: 0 });
    engine.writeBack(drawing);
    expect(drawing).toEqual(before);
  });
});
