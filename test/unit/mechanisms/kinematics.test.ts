// The engine's exact kinematics (src/engine/kinematics.ts) on the examples over a whole cycle: the crank's end
// against ω·r and ω²·r, the slider against the closed-form slider-crank, every point against differences of
// positions over motor time, and a toggle reported undefined.

import { describe, expect, it } from 'vitest';
import { Engine, emptyMotion, type PointMotion } from '../../../src/engine';
import { SLIDER_CRANK } from '../../../src/mechanisms/examples/others';
import { CRANK_ROCKER, RPM } from '../../../src/mechanisms/examples/four-bars';
import { doubleRocker, doubleRockerLimit } from '../../../src/mechanisms/test-support/double-rocker';
import { analyzePoint } from '../../../src/mechanisms/analysis';
import { EXAMPLES } from '../../../src/mechanisms/examples';
import { loadExample } from './helpers';
import { testClock } from '../../../src/shared/test-support/clock';

const OMEGA = (2 * Math.PI * RPM) / 60;
const SAMPLES = 36;
/** Motor time between position samples for the differences (0.72° of crank). */
const DT = 2e-3;

const rel = (got: number, want: number, scale: number) => Math.abs(got - want) / scale;

/** Five positions of (curve, u) at t − 2dt … t + 2dt and the kinematics at t, stepping the motors by DT. */
function sampleWithDifferences(engine: Engine, curve: string, u: number) {
  const xs: number[] = [];
  const ys: number[] = [];
  let motion: PointMotion | null = null;
  for (let k = 0; k < 5; k++) {
    if (k > 0) expect(engine.advanceMotors(DT, 10_000).caughtUp).toBe(true);
    const p = engine.pointAt(curve, u);
    xs.push(p[0]);
    ys.push(p[1]);
    if (k === 2) motion = engine.kinematics(curve, u);
  }
  // Five-point central differences: first and second derivatives, error O(dt⁴).
  const d1 = (f: number[]) => (f[0] - 8 * f[1] + 8 * f[3] - f[4]) / (12 * DT);
  const d2 = (f: number[]) => (-f[0] + 16 * f[1] - 30 * f[2] + 16 * f[3] - f[4]) / (12 * DT * DT);
  return { motion: motion!, v: [d1(xs), d1(ys)], a: [d2(xs), d2(ys)] };
}

/** Runs one cycle of `name`, calling `check` at SAMPLES crank angles with the crank's angle. */
function overCycle(name: string, check: (engine: Engine, theta: number) => void) {
  const engine = Engine.build(loadExample(name), { clock: testClock() });
  for (let s = 0; s < SAMPLES; s++) {
    expect(engine.advanceMotors(1 / SAMPLES, 10_000).caughtUp).toBe(true);
    check(engine, engine.curveState('crank')[2]);
  }
}

describe('exact kinematics', () => {
  it("the crank's end moves at ω·r with acceleration ω²·r toward the pivot, over a whole cycle", () => {
    for (const [name, r] of [
      ['crank-rocker', CRANK_ROCKER.crank],
      ['slider-crank', SLIDER_CRANK.crank],
    ] as const) {
      overCycle(name, (engine, theta) => {
        const m = engine.kinematics('crank', 1);
        expect(m.defined).toBe(true);
        const v = OMEGA * r;
        const a = OMEGA * OMEGA * r;
        expect(rel(m.vx, -v * Math.sin(theta), v)).toBeLessThan(1e-9);
        expect(rel(m.vy, v * Math.cos(theta), v)).toBeLessThan(1e-9);
        expect(rel(m.ax, -a * Math.cos(theta), a)).toBeLessThan(1e-9);
        expect(rel(m.ay, -a * Math.sin(theta), a)).toBeLessThan(1e-9);
      });
    }
  });

  it('the slider follows the closed-form slider-crank velocity and acceleration', () => {
    const { crank: r, rod: l } = SLIDER_CRANK;
    overCycle('slider-crank', (engine, theta) => {
      const s = Math.sin(theta);
      const c = Math.cos(theta);
      const beta = Math.sqrt(l * l - r * r * s * s);
      const dx = -r * s - (r * r * s * c) / beta;
      const ddx = -r * c - (r * r * (c * c - s * s)) / beta - (r ** 4 * s * s * c * c) / beta ** 3;
      const m = engine.kinematics('rod', 1);
      expect(m.defined).toBe(true);
      expect(rel(m.x, r * c + beta, l)).toBeLessThan(1e-9);
      // Relative to the value, or to ω·r/100 where it passes through 0.
      const speed = OMEGA * Math.max(Math.abs(dx), r / 100);
      const accel = OMEGA * OMEGA * Math.max(Math.abs(ddx), r / 100);
      expect(rel(m.vx, OMEGA * dx, speed)).toBeLessThan(1e-6);
      expect(Math.abs(m.vy)).toBeLessThan(1e-9 * OMEGA * r);
      expect(rel(m.ax, OMEGA * OMEGA * ddx, accel)).toBeLessThan(1e-6);
      expect(Math.abs(m.ay)).toBeLessThan(1e-9 * OMEGA * OMEGA * r);
    });
  });

  it('every point matches differences of its positions over motor time', () => {
    const cases: [string, [string, number][]][] = [
      [
        'crank-rocker',
        [
          ['crank', 1],
          ['coupler', 0.3],
          ['rocker', 1],
          ['coupler-point', 0],
        ],
      ],
      [
        'slider-crank',
        [
          ['rod', 0.4],
          ['rod', 1],
        ],
      ],
    ];
    for (const [name, points] of cases) {
      const engine = Engine.build(loadExample(name), { clock: testClock() });
      for (let s = 0; s < SAMPLES; s++) {
        expect(engine.advanceMotors(1 / SAMPLES - 4 * DT, 10_000).caughtUp).toBe(true);
        for (const [curve, u] of points) {
          // Each point's own five frames: the kinematics at the middle one.
          const { motion, v, a } = sampleWithDifferences(engine, curve, u);
          const speed = Math.max(Math.hypot(motion.vx, motion.vy), OMEGA * 10);
          const accel = Math.max(Math.hypot(motion.ax, motion.ay), OMEGA * OMEGA * 10);
          expect(rel(motion.vx, v[0], speed)).toBeLessThan(1e-5);
          expect(rel(motion.vy, v[1], speed)).toBeLessThan(1e-5);
          expect(rel(motion.ax, a[0], accel)).toBeLessThan(1e-5);
          expect(rel(motion.ay, a[1], accel)).toBeLessThan(1e-5);
        }
      }
    }
  });

  it('a toggle (coupler and rocker in line) is undefined, naming what it cannot satisfy; never NaN', () => {
    const engine = Engine.build(doubleRocker(doubleRockerLimit()), { clock: testClock() });
    expect(engine.settle().converged).toBe(true);
    const m = engine.kinematics('coupler', 0.5);
    expect(m.defined).toBe(false);
    expect(m.unmet.length).toBeGreaterThan(0);
    for (const value of [m.x, m.y, m.vx, m.vy, m.ax, m.ay]) expect(Number.isFinite(value)).toBe(true);
    // Just off the toggle the motion is defined (fast, but finite).
    const near = Engine.build(doubleRocker(doubleRockerLimit() - 0.05), { clock: testClock() });
    expect(near.settle().converged).toBe(true);
    expect(near.kinematics('coupler', 0.5).defined).toBe(true);
  });

  it("every example analyses over a cycle: every curve's end defined and finite at every sample", () => {
    for (const { name } of EXAMPLES) {
      const drawing = loadExample(name);
      for (const curve of drawing.curves) {
        const samples = analyzePoint(Engine.build(drawing, { clock: testClock() }), drawing, curve.id, 1, {
          samples: 12,
        });
        expect(samples).toHaveLength(12);
        for (const s of samples) {
          expect(s.note, `${name} ${curve.id} at t = ${s.t}`).toBeUndefined();
          for (const v of [s.x, s.y, s.vx, s.vy, s.ax, s.ay]) expect(Number.isFinite(v)).toBe(true);
        }
      }
    }
  });

  it('a kinematics call leaves the motion as it was: the step after it (sharing its factorisation) moves exactly alike', () => {
    for (const { name } of EXAMPLES) {
      const drawing = loadExample(name);
      const plain = Engine.build(drawing, { clock: testClock() });
      const analysed = Engine.build(drawing, { clock: testClock() });
      const point = drawing.curves[0].id;
      // A degree per sample, as the analysis samples: one step per advance, the one that starts from the shared
      // factorisation.
      for (let k = 0; k < 36; k++) {
        analysed.kinematics(point, 0.5);
        expect(analysed.advanceMotors(1 / 360, 10_000).caughtUp).toBe(true);
        expect(plain.advanceMotors(1 / 360, 10_000).caughtUp).toBe(true);
        for (const curve of drawing.curves)
          expect(analysed.curveState(curve.id), `${name} ${curve.id} after sample ${k}`).toEqual(
            plain.curveState(curve.id),
          );
      }
    }
  });

  it('several points of one curve from one solve are each what kinematics gives for that point alone', () => {
    overCycle('crank-rocker', (engine) => {
      const us = [0, 0.3, 1];
      const outs = us.map(() => emptyMotion());
      engine.kinematicsAlong('coupler', us, outs);
      us.forEach((u, k) => expect(outs[k]).toEqual(engine.kinematics('coupler', u)));
      expect(outs[0]).not.toEqual(outs[2]);
    });
  });

  it('refuses an unknown curve and u outside [0, 1]', () => {
    const engine = Engine.build(loadExample('crank-rocker'), { clock: testClock() });
    expect(() => engine.kinematics('nope', 0.5)).toThrow("unknown curve 'nope'");
    expect(() => engine.kinematics('crank', 1.5)).toThrow('u must be in [0, 1]');
  });
});
