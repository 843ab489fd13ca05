import { describe, expect, it } from 'vitest';
import { PointReadout, bindingConstraints, motorReadout } from '../../../src/mechanisms/readouts';
import type { MotorConstraint } from '../../../src/shared/drawing';

const motor = (angle: number, rpm = 30): MotorConstraint => ({
  kind: 'motor',
  id: 'm',
  bar: 'crank',
  rpm,
  angle,
  running: true,
});

describe('readouts', () => {
  it("shows a motor's unwrapped angle, whole turns and the angle within the turn, from the angle at Play", () => {
    expect(motorReadout(motor(0.5 + 5 * Math.PI), 0.5)).toMatchObject({
      degrees: 900,
      turns: 2,
      withinTurn: 180,
    });
    const back = motorReadout(motor(-Math.PI / 2, -30));
    expect(back.degrees).toBeCloseTo(-90, 12);
    expect(back.turns).toBe(0);
    expect(back.withinTurn).toBeCloseTo(270, 12);
    expect(back.rpm).toBe(-30);
  });

  it("gives a point's speed from its last two frames of simulated time, and holds it while time stands still", () => {
    const r = new PointReadout();
    expect(r.update([0, 0], 0).speed).toBe(0);
    const moving = r.update([3, 4], 0.5);
    expect(moving.velocity).toEqual([6, 8]);
    expect(moving.speed).toBe(10);
    // Paused (same time): the position follows a pull, the speed readout keeps the last motion.
    expect(r.update([3, 5], 0.5)).toEqual({ position: [3, 5], velocity: [6, 8], speed: 10 });
    r.reset();
    expect(r.update([9, 9], 1).speed).toBe(0);
  });

  it('names the binding constraints: conflicting, violated, and a stalled motor with the dependent rows', () => {
    const diagnostics = {
      dof: 1,
      maxResidual: 2e-3,
      conflicting: ['a'],
      redundant: ['joint2'],
      constraints: [
        { id: 'a', residual: 1, tension: 0 },
        { id: 'b', residual: 2e-3, tension: 0 },
        { id: 'c', residual: 1e-12, tension: 0 },
        { id: 'd', residual: NaN, tension: 0 },
      ],
    };
    expect(bindingConstraints(diagnostics)).toEqual(['a', 'b', 'd']);
    expect(bindingConstraints(diagnostics, { tolerance: 1e-2 })).toEqual(['a', 'd']);
    expect(bindingConstraints(diagnostics, { stalledMotors: ['motor'] })).toEqual([
      'a',
      'b',
      'd',
      'motor',
      'joint2',
    ]);
  });
});
