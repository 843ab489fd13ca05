// The simulation clock with the real engine: frames, not wall time; Pause, Step, speed, Reset; a pull while it
// plays acts against the motor and the mechanism stays assembled.

import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { MAX_OWED_FRAMES, Player } from '../../../src/mechanisms/player';
import { TraceRecorder } from '../../../src/mechanisms/trace-recorder';
import { CRANK_ROCKER, crankRockerPose } from '../../../src/mechanisms/examples/four-bars';
import { at } from '../../../src/mechanisms/builder';
import { distance, loadExample } from './helpers';
import { testClock } from '../../../src/shared/test-support/clock';

const crankAngle = (engine: Engine) => engine.curveState('crank')[2];
const STEP = (2 * Math.PI) / 60; // 60 rpm at 60 fps: 6° a frame

describe('player', () => {
  it('advances exactly speed / fps of motor time per frame, and replays identically', () => {
    const runOnce = () => {
      const drawing = loadExample('crank-rocker');
      const engine = Engine.build(drawing, { clock: testClock() });
      const recorder = new TraceRecorder(drawing.traces);
      const player = new Player({ fps: 60, frameBudgetMs: 10_000 });
      player.play(drawing);
      for (let k = 0; k < 30; k++) player.advance(engine, recorder);
      player.setSpeed(2);
      for (let k = 0; k < 15; k++) player.advance(engine, recorder);
      return { engine, player, drawing };
    };
    const a = runOnce();
    expect(a.player.frame).toBe(45);
    expect(a.player.time).toBeCloseTo(1, 12);
    expect(a.engine.time).toBeCloseTo(1, 12);
    expect(crankAngle(a.engine)).toBeCloseTo(CRANK_ROCKER.startAngle + 2 * Math.PI, 9);
    expect(a.drawing.traces[0].points).toHaveLength(45);
    const b = runOnce();
    expect(b.drawing.traces[0].points).toEqual(a.drawing.traces[0].points);
    expect(b.engine.curveState('coupler')).toEqual(a.engine.curveState('coupler'));
  });

  it('motor time the engine could not do within its budget is owed, and made up the next frame', () => {
    const drawing = loadExample('crank-rocker');
    const engine = Engine.build(drawing, { clock: testClock() });
    const player = new Player({ fps: 60, frameBudgetMs: 0 }); // no time at all: the engine cannot step
    player.play(drawing);
    // Owed time piles up, to at most MAX_OWED_FRAMES frames.
    const frames = [1, 2, 3, 4, 5, 6].map(() => player.advance(engine)!);
    frames.forEach((f, k) => expect(f.behind * 60).toBeCloseTo(Math.min(k + 1, MAX_OWED_FRAMES), 9));
    // Out of time, not blocked: nothing refused the motors (the session keeps a lock's binding only when blocked).
    for (const f of frames) expect([f.motors.caughtUp, f.motors.blocked]).toEqual([false, false]);
    expect(crankAngle(engine)).toBeCloseTo(CRANK_ROCKER.startAngle, 12);
    player.frameBudgetMs = 10_000;
    const frame = player.advance(engine)!;
    expect(frame.behind).toBe(0);
    expect(engine.time).toBeCloseTo((MAX_OWED_FRAMES + 1) / 60, 12);
    expect(crankAngle(engine)).toBeCloseTo(CRANK_ROCKER.startAngle + (MAX_OWED_FRAMES + 1) * STEP, 9);
  });

  it('pauses, steps one frame, and resets to the pose at Play', () => {
    const drawing = loadExample('crank-rocker');
    const original = structuredClone(drawing);
    const engine = Engine.build(drawing, { clock: testClock() });
    const player = new Player({ fps: 60, frameBudgetMs: 10_000 });
    expect(player.advance(engine)).toBeNull(); // stopped: nothing moves
    player.play(drawing);
    for (let k = 0; k < 10; k++) player.advance(engine);
    player.pause();
    expect(player.state).toBe('paused');
    expect(player.advance(engine)).toBeNull();
    expect(crankAngle(engine)).toBeCloseTo(CRANK_ROCKER.startAngle + 10 * STEP, 9);
    const stepped = player.step(engine, drawing);
    expect(stepped.frame).toBe(11);
    expect(player.state).toBe('paused');
    expect(crankAngle(engine)).toBeCloseTo(CRANK_ROCKER.startAngle + 11 * STEP, 9);
    player.play(drawing); // resume keeps the Reset pose from the first Play
    player.advance(engine);
    engine.writeBack(drawing);
    const pose = player.reset()!;
    expect(player.state).toBe('stopped');
    expect(player.frame).toBe(0);
    expect(pose).toEqual(original);
    expect(drawing).not.toEqual(original);
    expect(player.reset()).toBeNull();
  });

  it('Step from stopped starts from the pose at that moment', () => {
    const drawing = loadExample('crank-rocker');
    const engine = Engine.build(drawing, { clock: testClock() });
    const player = new Player({ fps: 30, frameBudgetMs: 10_000 });
    const result = player.step(engine, drawing);
    expect(result.dt).toBeCloseTo(1 / 30, 15);
    expect(crankAngle(engine)).toBeCloseTo(CRANK_ROCKER.startAngle + 2 * STEP, 9);
    expect(player.canReset).toBe(true);
  });

  it('refuses a bad speed or fps with a clear message', () => {
    expect(() => new Player({ fps: 0 })).toThrow('fps must be in (0, 10000], got 0');
    const player = new Player();
    expect(() => player.setSpeed(-1)).toThrow('speed must be in (0, 16], got -1');
    expect(() => player.setSpeed(NaN)).toThrow('speed must be in (0, 16], got NaN');
    expect(player.speed).toBe(1);
  });

  it('a pull on the coupler while it plays acts against the motor: the linkage stays assembled and driven', () => {
    const drawing = loadExample('crank-rocker');
    const engine = Engine.build(drawing, { clock: testClock() });
    const player = new Player({ fps: 60, frameBudgetMs: 10_000 });
    player.play(drawing);
    engine.grab('coupler', 0.5);
    let worst = 0;
    for (let k = 1; k <= 60; k++) {
      // Pull hard, far off to one side: the crank is driven, so the coupler can only go where the motor puts it.
      const frame = player.advance(engine, undefined, [200, 150])!;
      worst = Math.max(worst, frame.motors.maxResidual, frame.pull!.maxResidual);
      expect(crankAngle(engine)).toBeCloseTo(CRANK_ROCKER.startAngle + k * STEP, 9);
    }
    engine.release();
    expect(worst).toBeLessThan(1e-9);
    // The mechanism has no freedom left: the pull changed nothing, the pose is the closed form's.
    const point = engine.connectorPosition(at('coupler-point', 'center'));
    expect(distance(point, crankRockerPose(crankAngle(engine)).couplerPoint)).toBeLessThan(1e-8);
  });
});
