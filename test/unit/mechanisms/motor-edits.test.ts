// A motor paused, reversed and re-timed while it runs, the way the session does it: the edit goes into the
// drawing, the engine is rebuilt from it, and the unwrapped angle carries on across turns without a jump.

import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { at } from '../../../src/mechanisms/builder';
import { CRANK_ROCKER, crankRockerPose } from '../../../src/mechanisms/examples/four-bars';
import { runMotors } from '../../../src/mechanisms/run';
import type { Drawing, MotorConstraint } from '../../../src/shared/drawing';
import { distance, loadExample } from './helpers';
import { testClock } from '../../../src/shared/test-support/clock';

const motorOf = (d: Drawing) => d.constraints.find((c) => c.kind === 'motor') as MotorConstraint;

/** Run `frames` frames at 60 fps, write the state back, and return a fresh engine built from the drawing. */
function runAndRebuild(drawing: Drawing, engine: Engine, frames: number): Engine {
  const summary = runMotors(engine, drawing, { frames, fps: 60 });
  expect(summary.maxResidual).toBeLessThan(1e-9);
  engine.writeBack(drawing);
  return Engine.build(drawing, { clock: testClock() });
}

describe('motor edits while running', () => {
  it('two and a half turns forward, a pause, then reversed at double speed back to the start exactly', () => {
    const drawing = loadExample('crank-rocker');
    const start = CRANK_ROCKER.startAngle;
    let engine = runAndRebuild(drawing, Engine.build(drawing, { clock: testClock() }), 150);
    expect(motorOf(drawing).angle).toBeCloseTo(start + 5 * Math.PI, 9); // unwrapped, not folded into ±π
    // The rebuilt engine starts exactly where the old one stopped.
    expect(engine.diagnostics().maxResidual).toBeLessThan(1e-9);
    motorOf(drawing).running = false;
    engine = Engine.build(drawing, { clock: testClock() });
    const paused = engine.connectorPosition(at('coupler-point', 'center'));
    engine = runAndRebuild(drawing, engine, 30);
    expect(distance(engine.connectorPosition(at('coupler-point', 'center')), paused)).toBeLessThan(1e-9);
    expect(motorOf(drawing).angle).toBeCloseTo(start + 5 * Math.PI, 9);
    motorOf(drawing).running = true;
    motorOf(drawing).rpm = -120;
    engine = runAndRebuild(drawing, Engine.build(drawing, { clock: testClock() }), 75);
    expect(motorOf(drawing).angle).toBeCloseTo(start, 9);
    const point = engine.connectorPosition(at('coupler-point', 'center'));
    expect(distance(point, crankRockerPose(start).couplerPoint)).toBeLessThan(1e-8);
  });
});
