// The simulation controller (the one the session, the CLI and the tests play with) on the real engine: frames,
// traces in the drawing handed in, Reset, and what a locked mechanism is reported binding against.

import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { at } from '../../../src/mechanisms/builder';
import { DIAGNOSE_EVERY_BLOCKED_FRAMES, SimulationController } from '../../../src/mechanisms/controller';
import { CRANK_ROCKER, crankRockerPose } from '../../../src/mechanisms/examples/four-bars';
import { PointReadout, motorReadout } from '../../../src/mechanisms/readouts';
import { doubleRocker, doubleRockerLimit } from '../../../src/mechanisms/test-support/double-rocker';
import type { MotorConstraint } from '../../../src/shared/drawing';
import { loadExample } from './helpers';
import { testClock } from '../../../src/shared/test-support/clock';

describe('simulation controller', () => {
  it('plays frames: the motor turns, the traces grow in the drawing, the readouts follow the closed form', () => {
    const drawing = loadExample('crank-rocker');
    const engine = Engine.build(drawing, { clock: testClock() });
    const startAngle = (drawing.constraints.find((c) => c.kind === 'motor') as MotorConstraint).angle;
    const sim = new SimulationController({ fps: 60, frameBudgetMs: 10_000 });
    const readout = new PointReadout();
    const point = at('coupler-point', 'center');
    expect(sim.advance(engine, drawing)).toBeNull(); // stopped: nothing moves
    sim.play(drawing);
    let r = readout.update(engine.connectorPosition(point), sim.time);
    for (let k = 0; k < 30; k++) {
      sim.advance(engine, drawing);
      r = readout.update(engine.connectorPosition(point), sim.time);
    }
    expect(sim.status()).toEqual({
      state: 'playing',
      frame: 30,
      time: sim.time,
      speed: 1,
      canReset: true,
      binding: [],
      lock: '',
      notice: '',
    });
    expect(sim.time).toBeCloseTo(0.5, 12);
    expect(drawing.traces.map((t) => [t.id, t.points.length])).toEqual([['coupler-trace', 30]]);
    // The engine's state is the caller's to write back; then the motor reads half a turn from Play.
    engine.writeBack(drawing);
    const motor = motorReadout(
      drawing.constraints.find((c) => c.kind === 'motor') as MotorConstraint,
      startAngle,
    );
    expect(motor.degrees).toBeCloseTo(180, 8);
    expect(motor.turns).toBe(0);
    // Position and speed of the coupler point, against the closed form (speed from the last frame's move).
    const theta = CRANK_ROCKER.startAngle + Math.PI;
    const now = crankRockerPose(theta).couplerPoint;
    const before = crankRockerPose(theta - (2 * Math.PI) / 60).couplerPoint;
    expect(r.position[0]).toBeCloseTo(now[0], 8);
    expect(r.position[1]).toBeCloseTo(now[1], 8);
    expect(r.speed).toBeCloseTo(Math.hypot(now[0] - before[0], now[1] - before[1]) * 60, 5);
  });

  it('Reset hands back the pose at Play, traces as they were; frames then record into the drawing handed in', () => {
    const drawing = loadExample('slider-crank');
    const at0 = structuredClone(drawing);
    const engine = Engine.build(drawing, { clock: testClock() });
    const sim = new SimulationController({ fps: 60, frameBudgetMs: 10_000 });
    sim.play(drawing);
    for (let k = 0; k < 10; k++) sim.advance(engine, drawing);
    sim.pause();
    expect(sim.advance(engine, drawing)).toBeNull();
    expect(sim.step(engine, drawing)!.frame).toBe(11);
    expect(sim.status().state).toBe('paused');
    expect(drawing.traces[0].points).toHaveLength(11);
    const pose = sim.reset(drawing)!;
    expect(pose).toEqual(at0);
    expect(sim.status()).toMatchObject({ state: 'stopped', frame: 0, canReset: false });
    expect(sim.reset()).toBeNull();
    // Step from stopped starts (keeping the new Reset pose) and records into the pose, not the old drawing.
    const rebuilt = Engine.build(pose, { clock: testClock() });
    sim.step(rebuilt, pose);
    expect(pose.traces[0].points).toHaveLength(1);
    expect(drawing.traces[0].points).toHaveLength(11);
    expect(sim.status()).toMatchObject({ state: 'paused', frame: 1, canReset: true });
  });

  it('a locked motor is reported binding, diagnosed on the first blocked frame, then every 30th', () => {
    const drawing = doubleRocker(1.5);
    const engine = Engine.build(drawing, { clock: testClock() });
    let diagnosed: number[] = [];
    let frame = 0;
    // The real engine, counting the factorisations the controller asks for.
    const counted = {
      advanceMotors: (dt: number, budget: number) => engine.advanceMotors(dt, budget),
      connectorPosition: engine.connectorPosition.bind(engine),
      curveState: engine.curveState.bind(engine),
      get time() {
        return engine.time;
      },
      clock: engine.clock,
      diagnostics: () => {
        diagnosed.push(frame);
        return engine.diagnostics();
      },
    };
    const sim = new SimulationController({ fps: 60, frameBudgetMs: 10_000 });
    sim.play(drawing);
    const blocked: number[] = [];
    for (frame = 1; frame <= 70; frame++)
      if (sim.advance(counted, drawing)!.motors.blocked) blocked.push(frame);
    // 1.5 rad + 6° a frame reaches the limit at 93.6° in the second frame; from the third on every step is refused.
    const first = blocked[0];
    expect(first).toBeLessThanOrEqual(3);
    expect(blocked).toEqual(Array.from({ length: 71 - first }, (_, k) => first + k));
    const every = DIAGNOSE_EVERY_BLOCKED_FRAMES;
    expect(diagnosed).toEqual([first, first + every, first + 2 * every].filter((f) => f <= 70));
    const ids = drawing.constraints.map((c) => c.id);
    expect([...sim.status().binding].sort()).toEqual([...ids].sort());
    // And says why, in one sentence: the crank's limit, where coupler and rocker line up.
    const limit = Math.round((doubleRockerLimit() * 180) / Math.PI);
    expect(sim.status().lock).toBe(`the crank cannot turn past ${limit}°: coupler and rocker are in line`);
    // Paused, the lock stays shown; Play starts clean (the next blocked frame finds it again); stopped, none.
    sim.pause();
    expect([...sim.status().binding].sort()).toEqual([...ids].sort());
    sim.play(drawing);
    expect(sim.status().binding).toEqual([]);
    diagnosed = [];
    sim.advance(counted, drawing);
    expect(diagnosed).toEqual([frame]);
    expect([...sim.status().binding].sort()).toEqual([...ids].sort());
    sim.reset();
    expect(sim.status().binding).toEqual([]);
    expect(sim.status().lock).toBe('');
  });
});
