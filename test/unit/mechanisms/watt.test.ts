// Watt's linkage through its whole circuit. No link of it turns fully, so no motor can take it round: pulled by
// its coupler's midpoint, the engine takes it through both toggles and the midpoint draws the whole figure-eight.

import { trailPoints } from '../../../src/shared/trail';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { DrawingBuilder, at } from '../../../src/mechanisms/builder';
import { WATT, wattLimits, wattPose } from '../../../src/mechanisms/examples/straight-line';
import { TraceRecorder } from '../../../src/mechanisms/trace-recorder';
import type { Vec2 } from '../../../src/shared/drawing';
import { distance } from './helpers';
import { testClock } from '../../../src/shared/test-support/clock';

function freeWatt() {
  const b = new DrawingBuilder("Watt's linkage, undriven");
  const pose = wattPose(0);
  b.bar('left-rocker', WATT.leftPivot, pose.left);
  b.bar('coupler', pose.left, pose.right);
  b.bar('right-rocker', WATT.rightPivot, pose.right);
  b.pin(at('left-rocker', 'start'));
  b.pin(at('right-rocker', 'start'));
  b.attach(at('left-rocker', 'end'), at('coupler', 'start'));
  b.attach(at('coupler', 'end'), at('right-rocker', 'end'));
  b.trace('midpoint-trace', at('coupler', 'center'));
  return b.build();
}

/** The closed-form figure-eight, once round from the middle pose: up branch +1, back on −1, home on +1. */
function figureEight(samples: number): Vec2[] {
  const [lo, hi] = wattLimits().map((v, i) => v + (i === 0 ? 1e-9 : -1e-9));
  const path: Vec2[] = [];
  for (let k = 0; k < samples; k++) path.push(wattPose((hi * k) / samples, 1).midpoint);
  for (let k = 0; k < 2 * samples; k++)
    path.push(wattPose(hi - ((hi - lo) * k) / (2 * samples), -1).midpoint);
  for (let k = 0; k <= samples; k++) path.push(wattPose(lo - (lo * k) / samples, 1).midpoint);
  return path;
}

describe("Watt's linkage, whole circuit", () => {
  it('the left rocker swings between −34.34° and 77.95°', () => {
    const [lo, hi] = wattLimits().map((v) => (v * 180) / Math.PI);
    expect(lo).toBeCloseTo(-34.344, 3);
    expect(hi).toBeCloseTo(77.947, 3);
  });

  it('pulled round by its midpoint, it passes both toggles and the trace is the whole figure-eight', () => {
    const drawing = freeWatt();
    const engine = Engine.build(drawing, { clock: testClock() });
    const recorder = new TraceRecorder(drawing.traces);
    engine.grab('coupler', 0.5);
    const path = figureEight(100);
    let residual = 0;
    for (const cursor of path) {
      residual = Math.max(residual, engine.dragFrame(cursor, 10_000).maxResidual);
      recorder.record((c) => engine.connectorPosition(c));
    }
    engine.release();
    expect(residual).toBeLessThan(1e-9);
    const trace = trailPoints(drawing.traces[0].points);
    expect(trace).toHaveLength(path.length);
    // The midpoint is where the closed form puts it all the way round, through both toggles.
    trace.forEach((p, k) => expect(distance(p, path[k])).toBeLessThan(1e-6));
    // A figure-eight: it passes the centre twice (besides where it starts and ends), along two different
    // directions, and the two lobes (above and below) are each other's point reflection.
    const near = trace.map((p) => Math.hypot(p[0], p[1]) < 1.5);
    const visits = near.filter((v, k) => v && !near[k - 1]).length;
    expect(visits).toBe(3); // the start, the second pass, the return home
    const second = near.findIndex((v, k) => v && k > 10 && k < trace.length - 10);
    const closest = trace
      .slice(second, second + 10)
      .reduce(
        (best, p, k) =>
          Math.hypot(p[0], p[1]) < Math.hypot(trace[best][0], trace[best][1]) ? second + k : best,
        second,
      );
    const direction = (k: number) => Math.atan2(trace[k + 1][1] - trace[k][1], trace[k + 1][0] - trace[k][0]);
    expect(Math.abs(Math.sin(direction(closest) - direction(0)))).toBeGreaterThan(0.5);
    const ys = trace.map((p) => p[1]);
    expect(Math.abs(Math.max(...ys) + Math.min(...ys))).toBeLessThan(0.01); // sampled extremes
    expect(Math.max(...ys)).toBeGreaterThan(30);
  });
});
