// The session-side simulation controller with the real engine: readouts, traces, binding constraints, Reset.

import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { at } from '../../../src/mechanisms/builder';
import { SimulationController } from '../../../src/mechanisms/controller';
import { doubleRocker } from '../../../src/mechanisms/test-support/double-rocker';
import { CRANK_ROCKER, crankRockerPose } from '../../../src/mechanisms/examples/four-bars';
import { newTrace, tracePath } from '../../../src/mechanisms/traces';
import { loadExample } from './helpers';

describe('simulation controller', () => {
  it('plays frames into the drawing and reports motor angle, point position and speed, dof and traces', () => {
    const drawing = loadExample('crank-rocker');
    const engine = Engine.build(drawing);
    const sim = new SimulationController(drawing, { fps: 60, frameBudgetMs: 10_000 });
    sim.select(at('coupler-point', 'center'));
    sim.play();
    for (let k = 0; k < 30; k++) {
      sim.frame(engine);
      sim.status(engine); // the panel asks every frame: the speed readout needs consecutive frames
    }
    const status = sim.status(engine);
    expect(status.state).toBe('playing');
    expect(status.frame).toBe(30);
    expect(status.time).toBeCloseTo(0.5, 12);
    expect(status.motors).toHaveLength(1);
    expect(status.motors[0].degrees).toBeCloseTo(180, 8);
    expect(status.motors[0].turns).toBe(0);
    expect(status.dof).toBe(0);
    expect(status.binding).toEqual([]);
    expect(status.traces).toEqual([{ id: 'coupler-trace', points: 30 }]);
    // The drawing holds the new pose (written back each frame).
    const crank = drawing.curves.find((c) => c.id === 'crank')!;
    if (crank.kind !== 'bar') throw new Error('crank is a bar');
    expect(crank.angle).toBeCloseTo(CRANK_ROCKER.startAngle + Math.PI, 9);
    // Position and speed of the coupler point, against the closed form (speed from the last frame's move).
    const theta = CRANK_ROCKER.startAngle + Math.PI;
    const now = crankRockerPose(theta).couplerPoint;
    const before = crankRockerPose(theta - (2 * Math.PI) / 60).couplerPoint;
    expect(status.point!.position[0]).toBeCloseTo(now[0], 8);
    expect(status.point!.position[1]).toBeCloseTo(now[1], 8);
    expect(status.point!.speed).toBeCloseTo(Math.hypot(now[0] - before[0], now[1] - before[1]) * 60, 5);
  });

  it('Reset hands back the pose at Play, traces as they were', () => {
    const drawing = loadExample('slider-crank');
    const at0 = structuredClone(drawing);
    const engine = Engine.build(drawing);
    const sim = new SimulationController(drawing, { fps: 60, frameBudgetMs: 10_000 });
    sim.play();
    for (let k = 0; k < 10; k++) sim.frame(engine);
    sim.pause();
    expect(sim.frame(engine)).toBeNull();
    sim.step(engine);
    expect(drawing.traces[0].points).toHaveLength(11);
    const pose = sim.reset()!;
    expect(pose).toEqual(at0);
    sim.setDrawing(pose);
    const rebuilt = Engine.build(pose);
    expect(sim.status(rebuilt)).toMatchObject({
      state: 'stopped',
      frame: 0,
      traces: [{ id: 'rod-trace', points: 0 }],
    });
    sim.clearTraces();
    expect(() => sim.clearTraces('nope')).toThrow("no trace 'nope'");
  });

  it('a locked motor is reported binding', () => {
    const drawing = doubleRocker(1.5);
    const engine = Engine.build(drawing);
    const sim = new SimulationController(drawing, { fps: 60, frameBudgetMs: 10_000 });
    sim.play();
    expect(sim.status(engine).binding).toEqual([]);
    for (let k = 0; k < 6; k++) sim.frame(engine); // 1.5 rad + 36° passes the limit at 93.6°
    const status = sim.status(engine);
    expect(status.behind).toBeGreaterThan(0);
    expect(status.binding).toContain('motor');
  });

  it('makes new traces with unused ids, and draws a trail as one polyline', () => {
    const drawing = loadExample('crank-rocker');
    const trace = newTrace(drawing, { curve: 'coupler', u: 0.25 });
    expect(trace).toEqual({ id: 'trace1', point: { curve: 'coupler', u: 0.25 }, points: [] });
    drawing.traces.push(trace);
    expect(newTrace(drawing, { curve: 'rocker', anchor: 'end' }).id).toBe('trace2');
    expect(tracePath(trace)).toBeNull();
    trace.points.push([1, 2], [3, 4], [5, 6]);
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
