import { describe, expect, it } from 'vitest';
import { Engine } from '../../engine';
import { EXAMPLES, analyzeBar, analyzePoint } from '../../mechanisms';
import type { AnalysisSample } from '../../shared/analysis-samples';
import {
  axisAngle,
  axisValue,
  cycleTime,
  plotColumns,
  scrubAngle,
  scrubMotorAngle,
  type AxisFrame,
} from './plot-data';
import { testClock } from '../../shared/test-support/clock';

/** The crank-rocker a third of a turn on (so a cycle sampled from there wraps). */
function turnedCrankRocker() {
  const drawing = EXAMPLES.find((e) => e.name === 'crank-rocker')!.build();
  const engine = Engine.build(drawing, { clock: testClock() });
  engine.advanceMotors(1 / 3, 10_000); // 60 rpm: a third of a turn
  engine.writeBack(drawing);
  return drawing;
}

/** The crank-rocker's coupler point over one cycle, from a pose a third of a turn on. */
function couplerSamples(samples: number) {
  const drawing = turnedCrankRocker();
  return analyzePoint(Engine.build(drawing, { clock: testClock() }), drawing, 'coupler-point', 0, {
    samples,
  });
}

const OMEGA = 2 * Math.PI; // 60 rpm
const cycleFrame = (axis: AxisFrame['axis'], start = 0): AxisFrame => ({
  axis,
  omega: OMEGA,
  period: 1,
  seconds: false,
  start,
});

describe('the Plot panel’s data', () => {
  it('plots each sample’s speed and acceleration at its crank angle, on an ascending axis within one turn', () => {
    const samples = couplerSamples(36);
    const [angles, speed] = plotColumns(samples, 'speed', cycleFrame('angle'));
    const [, accel] = plotColumns(samples, 'accel', cycleFrame('angle'));
    const [, x] = plotColumns(samples, 'x', cycleFrame('angle'));
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
    const sample: AnalysisSample = { t: 0, angle: 1, x: 1, y: 2, vx: null, vy: null, ax: null, ay: null };
    const [, speed] = plotColumns([sample], 'speed', cycleFrame('angle'));
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

  it('against time over one cycle: the motor time since its angle was 0, ascending in [0, T), the same for any start', () => {
    const samples = couplerSamples(36);
    const [times, speed] = plotColumns(samples, 'speed', cycleFrame('time'));
    const [angles, sameSpeed] = plotColumns(samples, 'speed', cycleFrame('angle'));
    for (let i = 0; i < times.length; i++) {
      expect(times[i]).toBeCloseTo(angles[i] / 360, 12); // 60 rpm: one turn a second
      expect(speed[i]).toBe(sameSpeed[i]);
    }
    // Turning backwards (ω < 0) the time since 0° runs the other way round the turn.
    expect(cycleTime(-Math.PI / 2, -OMEGA, 1)).toBeCloseTo(0.25, 12);
    expect(cycleTime(Math.PI / 2, -OMEGA, 1)).toBeCloseTo(0.75, 12);
  });

  it('against chosen seconds: the motor time from the pose sampled from, past one cycle', () => {
    const drawing = turnedCrankRocker();
    const samples = analyzeBar(Engine.build(drawing, { clock: testClock() }), drawing, 'crank', {
      samples: 30,
      seconds: 1.5,
    });
    const frame: AxisFrame = {
      axis: 'time',
      omega: OMEGA,
      period: 1.5,
      seconds: true,
      start: samples[0].angle,
    };
    const [times, omega] = plotColumns(samples, 'omega', frame);
    const [, degrees] = plotColumns(samples, 'bar-angle', frame);
    samples.forEach((s, k) => {
      expect(times[k]).toBe(s.t);
      expect(omega[k]).toBe(s.omega);
      // The bar angle in degrees within (−180, 180].
      expect(degrees[k]).toBeGreaterThan(-180);
      expect(degrees[k]).toBeLessThanOrEqual(180);
      const turns = (s.barAngle! * 180) / Math.PI - degrees[k]!;
      expect(turns / 360).toBeCloseTo(Math.round(turns / 360), 9);
    });
    expect(axisValue(frame, samples[29].angle)).toBeCloseTo(samples[29].t, 12);
  });

  it('a scrub to a place on any axis sets the motor angle that the axis puts there', () => {
    for (const current of [-7.5, 0, 3, 13.1]) {
      const frames: [AxisFrame, number[]][] = [
        [cycleFrame('angle'), [0, 90.5, 359]],
        [cycleFrame('time'), [0, 0.25, 0.99]],
        [{ ...cycleFrame('time', current), seconds: true, period: 3 }, [0, 1.2, 2.9]],
      ];
      for (const [frame, values] of frames)
        for (const value of values) {
          const angle = scrubMotorAngle(frame, value, current);
          expect(axisValue(frame, angle)).toBeCloseTo(value, 9);
          if (!frame.seconds) expect(Math.abs(angle - current)).toBeLessThanOrEqual(Math.PI + 1e-12);
        }
    }
  });
});
