// A bar's angle and angular velocity over a cycle (src/mechanisms/bar-motion.ts, analyzeBar): the crank's ω is the
// motor's and its angle the motor's; every bar's ω matches five-point differences of its sampled angles; the time
// axis (seconds instead of a cycle) samples where it says; a blocked motor leaves the rest undefined with the lock's
// sentence. And the four-bar analysis the UI shows (four-bar-analysis.ts).

import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { analyzeBar, sampleTimes } from '../../../src/mechanisms/analysis';
import { angularVelocity, barMotion } from '../../../src/mechanisms/bar-motion';
import { EXAMPLES } from '../../../src/mechanisms/examples';
import { CRANK_ROCKER, RPM } from '../../../src/mechanisms/examples/four-bars';
import { analyzeFourBar, crankJointAt } from '../../../src/mechanisms/four-bar-analysis';
import { recogniseFourBar, transmissionRange } from '../../../src/mechanisms/four-bar';
import { doubleRocker, doubleRockerLimit } from '../../../src/mechanisms/test-support/double-rocker';
import type { Drawing } from '../../../src/shared/drawing';
import { emptyMotion } from '../../../src/engine/kinematics';
import { testClock } from '../../../src/shared/test-support/clock';

const OMEGA = (2 * Math.PI * RPM) / 60;

const example = (name: string): Drawing => EXAMPLES.find((e) => e.name === name)!.build();

describe("a bar's angle and angular velocity", () => {
  it("the crank turns at the motor's ω, its angle the motor's, over a whole cycle", () => {
    const drawing = example('crank-rocker');
    const samples = analyzeBar(Engine.build(drawing, { clock: testClock() }), drawing, 'crank', {
      samples: 72,
    });
    expect(samples).toHaveLength(72);
    for (const s of samples) {
      expect(s.note).toBeUndefined();
      expect(Math.abs(s.omega! - OMEGA) / OMEGA).toBeLessThan(1e-9);
      expect(s.barAngle).toBeCloseTo(s.angle, 9);
    }
  });

  it("every bar's ω matches five-point differences of its sampled angles", () => {
    for (const name of ['crank-rocker', 'chebyshev-lambda', 'slider-crank', 'watt']) {
      const drawing = example(name);
      const bars = drawing.curves.filter((c) => c.kind === 'bar').map((c) => c.id);
      for (const bar of bars) {
        const n = 720;
        const samples = analyzeBar(Engine.build(drawing, { clock: testClock() }), drawing, bar, {
          samples: n,
        });
        const dt = samples[1].t - samples[0].t;
        const theta = samples.map((s) => s.barAngle!);
        const scale = Math.max(1e-3, ...samples.map((s) => Math.abs(s.omega!)));
        for (let k = 2; k < n - 2; k++) {
          const diff = (theta[k - 2] - 8 * theta[k - 1] + 8 * theta[k + 1] - theta[k + 2]) / (12 * dt);
          expect(Math.abs(samples[k].omega! - diff) / scale, `${name} ${bar} at ${k}`).toBeLessThan(1e-6);
        }
      }
    }
  });

  it('ω from two points of a rigid body: (v_b − v_a)·perp(b − a)/|b − a|²', () => {
    // A body turning at ω = 3 about (1, 2): v = ω·perp(p − c).
    const at = (x: number, y: number) => ({ ...emptyMotion(), x, y, vx: -3 * (y - 2), vy: 3 * (x - 1) });
    expect(angularVelocity(at(4, 6), at(-2, 5))).toBeCloseTo(3, 12);
  });

  it('over a chosen number of seconds: t_k = k·T/N, the angle α₀ + ω t, past one cycle', () => {
    const drawing = example('crank-rocker');
    const times = sampleTimes(drawing, { samples: 30, seconds: 1.5 });
    expect(times).toMatchObject({ omega: OMEGA, period: 1.5, samples: 30, dt: 0.05 });
    const samples = analyzeBar(Engine.build(drawing, { clock: testClock() }), drawing, 'crank', {
      samples: 30,
      seconds: 1.5,
    });
    const start = samples[0].angle;
    samples.forEach((s, k) => {
      expect(s.t).toBeCloseTo(k * 0.05, 12);
      expect(s.angle).toBeCloseTo(start + OMEGA * s.t, 12);
      expect(s.barAngle).toBeCloseTo(s.angle, 9); // unwrapped: the last is 1.45 turns on
    });
    expect(samples[29].barAngle! - samples[0].barAngle!).toBeCloseTo(OMEGA * 1.45, 9);
    expect(() => sampleTimes(drawing, { seconds: -1 })).toThrow(/seconds must be a positive number/);
  });

  it('past the toggle a driven non-Grashof crank cannot reach: undefined, with the lock’s sentence', () => {
    const drawing = doubleRocker();
    const samples = analyzeBar(Engine.build(drawing, { clock: testClock() }), drawing, 'rocker', {
      samples: 36,
    });
    const undefinedFrom = samples.findIndex((s) => s.omega === null);
    expect(undefinedFrom).toBeGreaterThan(0);
    for (const s of samples.slice(undefinedFrom)) {
      expect(s.note).toMatch(/cannot turn past/);
      expect(Number.isNaN(s.barAngle)).toBe(false);
    }
    expect(() => analyzeBar(Engine.build(drawing, { clock: testClock() }), drawing, 'nothing')).toThrow(
      "no curve 'nothing'",
    );
    const crankRocker = example('crank-rocker');
    expect(() =>
      analyzeBar(Engine.build(crankRocker, { clock: testClock() }), crankRocker, 'coupler-point'),
    ).toThrow(/not a bar/);
  });

  it("barMotion reads the bar's angle from its state", () => {
    const drawing = example('crank-rocker');
    const engine = Engine.build(drawing, { clock: testClock() });
    engine.advanceMotors(0.3, 10_000);
    const m = barMotion(engine, 'coupler');
    expect(m.angle).toBe(engine.curveState('coupler')[2]);
    const [a, b] = [engine.pointAt('coupler', 0), engine.pointAt('coupler', 1)];
    expect(Math.atan2(b[1] - a[1], b[0] - a[0])).toBeCloseTo(
      Math.atan2(Math.sin(m.angle), Math.cos(m.angle)),
      9,
    );
  });
});

describe('the four-bar analysis the UI shows', () => {
  it('the crank-rocker: its class, its transmission angle over the cycle within the closed-form extremes, its marks', () => {
    const drawing = example('crank-rocker');
    const analysis = analyzeFourBar(Engine.build(drawing, { clock: testClock() }), drawing, {
      samples: 360,
    })!;
    const fb = recogniseFourBar(drawing)!;
    expect(analysis.grashof).toBe('crank-rocker');
    expect(analysis.transmission).toEqual(transmissionRange(fb));
    const mus = analysis.samples.map((s) => s.mu!);
    expect(Math.min(...mus)).toBeGreaterThanOrEqual(analysis.transmission.min - 1e-9);
    expect(Math.max(...mus)).toBeLessThanOrEqual(analysis.transmission.max + 1e-9);
    expect(Math.min(...mus) - analysis.transmission.min).toBeLessThan(1e-3); // one sample a degree
    expect(analysis.marks.filter((m) => m.kind === 'toggle')).toEqual([]);
    const dead = analysis.marks.filter((m) => m.kind === 'dead-centre');
    expect(dead).toHaveLength(4);
    for (const m of dead) {
      expect(Math.hypot(m.at[0] - m.pivot[0], m.at[1] - m.pivot[1])).toBeCloseTo(CRANK_ROCKER.crank, 9);
      // θ from the ground line (+x here): A = O2 + a(cos θ, sin θ).
      expect(m.at[0]).toBeCloseTo(CRANK_ROCKER.crank * Math.cos(m.crankAngle), 9);
      expect(m.at[1]).toBeCloseTo(CRANK_ROCKER.crank * Math.sin(m.crankAngle), 9);
    }
  });

  it("the double rocker's toggle mark is where the crank's joint stops", () => {
    const drawing = doubleRocker();
    const engine = Engine.build(drawing, { clock: testClock() });
    const analysis = analyzeFourBar(engine, drawing, { samples: 72 })!;
    expect(analysis.grashof).toBe('double-rocker');
    expect(analysis.samples.some((s) => s.mu === null && /cannot turn past/.test(s.note!))).toBe(true);
    const stopped = engine.pointAt('crank', 1);
    const toggles = analysis.marks.filter((m) => m.kind === 'toggle' && m.detail.includes('180'));
    const fb = recogniseFourBar(drawing)!;
    expect(toggles.map((m) => m.crankAngle).sort()).toEqual([
      expect.closeTo(-doubleRockerLimit(), 12),
      expect.closeTo(doubleRockerLimit(), 12),
    ]);
    const nearest = Math.min(...toggles.map((m) => Math.hypot(m.at[0] - stopped[0], m.at[1] - stopped[1])));
    expect(nearest).toBeLessThan(2e-2 * fb.crankLength);
    expect(crankJointAt(fb, 0)).toEqual([fb.o2[0] + fb.crankLength, fb.o2[1]]);
  });

  it('a drawing that is not a four-bar has none', () => {
    const drawing = example('slider-crank');
    expect(analyzeFourBar(Engine.build(drawing, { clock: testClock() }), drawing)).toBeNull();
  });
});
