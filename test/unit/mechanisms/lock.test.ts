// A non-Grashof four-bar driven at its crank: the crank cannot turn fully, the motor drives it into the toggle
// where coupler and rocker line up. The simulation must stay continuous there — no NaN, no jump to the other
// assembly branch — and hold, with the binding constraints reported.

import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { circleCircle, isGrashof, lerp, polar, sideOf } from '../../../src/mechanisms/assembly';
import { at } from '../../../src/mechanisms/builder';
import {
  DOUBLE_ROCKER,
  doubleRocker,
  doubleRockerLimit,
} from '../../../src/mechanisms/test-support/double-rocker';
import { Player } from '../../../src/mechanisms/player';
import { bindingConstraints } from '../../../src/mechanisms/readouts';
import type { Vec2 } from '../../../src/shared/drawing';
import { distance } from './helpers';
import { testClock } from '../../../src/shared/test-support/clock';

const { ground: GROUND, crank: CRANK, coupler: COUPLER, rocker: ROCKER } = DOUBLE_ROCKER;
const LIMIT = doubleRockerLimit();
const FPS = 48;
/**
 * How close to the toggle the crank holds: the engine refuses a step whose projection leaves any row open, so the
 * crank stops short of the limit by no more than the projection's tolerance allows (about 1e-10 rad measured).
 * The joint's distance from the toggle pose goes as the square root of that: a crank 1e-10 rad short of the
 * limit, or a residual of 1e-9 mm, puts the joint ~5e-4 mm off the line (measured 4.9e-4).
 */
const LOCK_SLACK = { angle: 1e-6, distance: 2e-3 };
/** Every frame's residual, at the limit too: the joints never open. */
const RESIDUAL = 1e-9;

describe('a non-Grashof crank driven into its limit', () => {
  it('turns up to the toggle, then holds there: continuous, finite, on its branch, binding reported', () => {
    expect(isGrashof([GROUND, CRANK, COUPLER, ROCKER])).toBe(false);
    const drawing = doubleRocker();
    const engine = Engine.build(drawing, { clock: testClock() });
    const player = new Player({ fps: FPS, frameBudgetMs: 10_000 });
    player.play(drawing);
    const angles: number[] = [];
    const joints: Vec2[] = [engine.connectorPosition(at('rocker', 'end'))];
    const stalled: boolean[] = [];
    const blocked: boolean[] = [];
    const residuals: number[] = [];
    for (let k = 0; k < FPS / 2; k++) {
      const frame = player.advance(engine)!;
      stalled.push(!frame.motors.caughtUp);
      blocked.push(frame.motors.blocked);
      residuals.push(frame.motors.maxResidual);
      angles.push(engine.curveState('crank')[2]);
      joints.push(engine.connectorPosition(at('rocker', 'end')));
    }
    expect(engine.curveState('coupler').every(Number.isFinite)).toBe(true);
    // Frames before the limit (7.5° each) are exact. At the limit the engine stops the crank there with the
    // joints closed: a step that would carry it past the toggle cannot be projected back and is refused.
    for (const r of residuals) expect(r).toBeLessThan(RESIDUAL);
    const free = Math.floor(LIMIT / ((2 * Math.PI) / FPS));
    angles.slice(0, free).forEach((a, k) => expect(a).toBeCloseTo(((k + 1) * 2 * Math.PI) / FPS, 9));
    expect(stalled.slice(0, free).every((s) => !s)).toBe(true);
    for (const a of angles) expect(a).toBeLessThan(LIMIT + LOCK_SLACK.angle);
    // It holds: every frame from the limit on stalls, and the crank stays at the limit.
    expect(stalled.slice(free + 1).every((s) => s)).toBe(true);
    // …and the engine says why: blocked (every step refused), not out of time (the budget here is 10 s).
    expect(blocked.slice(0, free).some((b) => b)).toBe(false);
    expect(blocked.slice(free + 1).every((b) => b)).toBe(true);
    for (const a of angles.slice(free)) expect(Math.abs(a - LIMIT)).toBeLessThan(LOCK_SLACK.angle);
    // No jump: at every frame the rocker's joint is where the closed form puts it for the crank's angle, on the
    // assembly branch it started on; past the limit, at the toggle pose (coupler and rocker in line).
    const ground: Vec2 = [GROUND, 0];
    angles.forEach((a, k) => {
      const crankEnd = polar([0, 0], CRANK, Math.min(a, LIMIT));
      const toggle = lerp(ground, crankEnd, ROCKER / distance(ground, crankEnd));
      const expected = k < free ? circleCircle(crankEnd, COUPLER, ground, ROCKER, -1) : toggle;
      expect(distance(joints[k + 1], expected)).toBeLessThan(k < free ? 1e-8 : LOCK_SLACK.distance);
      if (k < free) expect(sideOf(crankEnd, ground, joints[k + 1])).toBeLessThan(0);
    });
    // The joints are still together, and the motor is reported binding.
    const diagnostics = engine.diagnostics();
    expect(diagnostics.maxResidual).toBeLessThan(RESIDUAL);
    // At the toggle the engine finds the dependency: a self-stress through the whole loop (coupler and rocker in
    // line, pulling on the crank against its motor and both pivots). Before the limit there is none.
    expect(Engine.build(doubleRocker(), { clock: testClock() }).diagnostics().binding).toEqual([]);
    const ids = drawing.constraints.map((c) => c.id);
    expect(diagnostics.binding).toEqual(ids);
    expect(
      bindingConstraints(diagnostics, { stalledMotors: stalled[stalled.length - 1] ? ['motor'] : [] }),
    ).toContain('motor');
  });
});
