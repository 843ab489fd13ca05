import { describe, expect, it } from 'vitest';
import { Engine } from '../../engine';
import { EXAMPLES, analyzePoint } from '../../mechanisms';
import { axisAngle, plotColumns, scrubAngle } from './plot-data';

/** The crank-rocker's coupler point over one cycle, from a pose a third of a turn on (so the cycle wraps). */
function couplerSamples(samples: number) {
  const drawing = EXAMPLES.find((e) => e.name === 'crank-rocker')!.build();
  const engine = Engine.build(drawing);
  engine.advanceMotors(1 / 3, 10_000); // 60 rpm: a third of a turn
  engine.writeBack(drawing);
  return analyzePoint(Engine.build(drawing), drawing, 'coupler-point', 0, { samples });
}

describe('the Plot panel’s data', () => {
  it('plots each sample’s speed and acceleration at its crank angle, on an ascending axis within one turn', () => {
    const samples = couplerSamples(36);
    const [angles, speed] = plotColumns(samples, 'speed');
    const [, accel] = plotColumns(samples, 'accel');
    const [, x] = plotColumns(samples, 'x');
    expect(angles).toHaveLength(36);
    for (let i = 1; i < angles.length; i++) expect(angles[i]).toBeGreaterThan(angles[i - 1]);
    expect(angles[0]).toBeGreaterThanOrEqual(0);
    expect(angles[35]).toBeLessThan(360);
    for (const s of samples) {
      const i = angles.indexOf(axisAngle(s.angle));
      expect(i).toBeGreaterThanOrEqual(0);
      expect(s.note).toBeUndefined(); // the crank-rocker turns all the way round
      expect(speed[i]).toBe(Math.hypot(s.vx!, s.vy!));
      expect(accel[i]).toBe(Math.hypot(s.ax!, s.ay!));
      expect(x[i]).toBe(s.x);
      const turns = (s.angle * 180) / Math.PI - angles[i];
      expect(turns / 360).toBeCloseTo(Math.round(turns / 360), 9);
    }
  });

  it('an undefined sample is a gap', () => {
    const [, speed] = plotColumns(
      [{ t: 0, angle: 1, x: 1, y: 2, vx: null, vy: null, ax: null, ay: null }],
      'speed',
    );
    expect(speed).toEqual([null]);
  });

  it('a scrub sets the motor angle nearest the present one, on the scrubbed axis angle', () => {
    for (const current of [-7.5, -0.2, 0, 3, 13.1]) {
      for (const degrees of [0, 10, 179, 181, 359.5]) {
        const angle = scrubAngle(degrees, current);
        expect(axisAngle(angle)).toBeCloseTo(degrees, 9);
        expect(Math.abs(angle - current)).toBeLessThanOrEqual(Math.PI + 1e-12);
      }
    }
  });
});
