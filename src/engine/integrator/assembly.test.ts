// Assembly from far states (issue 15, item 6): drawings whose bars start scattered hundreds of mm from where their
// joints put them settle within `curvewright settle`'s default budget, to max |C| < 1e-9 and the expected geometry.
// The damped assembling step (docs/engine.md, "One step", 6) is what gets the four-bars there: the clipped Newton
// step stalled at residuals of 60–160 mm in about one start of sixteen.
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Connector, type Drawing, type Vec2 } from '../../shared/drawing';
import { Engine } from '../engine';
import { bar, fourBar } from '../test-support/drawings';
import { testClock } from '../../shared/test-support/clock';

/** `curvewright settle`'s default budget (ms). */
const SETTLE_BUDGET = 5000;

const start = (curve: string): Connector => ({ curve, anchor: 'start' });
const end = (curve: string): Connector => ({ curve, anchor: 'end' });
const distance = (a: Vec2, b: Vec2): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** A Park–Miller generator: the same scattered drawings on every run. */
function generator(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/** Six bars of 20 mm, pinned at the origin and attached end to start, each 100–500 mm out, turned at random. */
function scatteredChain(random: () => number): Drawing {
  const d = emptyDrawing();
  for (let i = 0; i < 6; i++) d.curves.push(bar(`b${i}`, [i * 20, 0], [(i + 1) * 20, 0]));
  d.constraints.push({ id: 'pin', kind: 'pin', point: start('b0'), at: [0, 0] });
  for (let i = 0; i < 5; i++)
    d.constraints.push({ id: `j${i}`, kind: 'attach', a: end(`b${i}`), b: start(`b${i + 1}`) });
  for (const c of d.curves) {
    if (c.kind !== 'bar') continue;
    const r = 100 + random() * 400;
    const a = random() * 2 * Math.PI;
    c.center = [r * Math.cos(a), r * Math.sin(a)];
    c.angle = random() * 2 * Math.PI;
  }
  return d;
}

/** The test crank-rocker ×30 (ground 120, crank 30, coupler 120, rocker 90), each bar moved up to 300 mm, turned. */
function scatteredFourBar(random: () => number): Drawing {
  const d = fourBar(0.3);
  for (const c of d.curves) {
    if (c.kind !== 'bar') continue;
    c.center = [c.center[0] * 30 + (random() * 2 - 1) * 300, c.center[1] * 30 + (random() * 2 - 1) * 300];
    c.angle = random() * 2 * Math.PI;
    c.length *= 30;
  }
  for (const k of d.constraints) if (k.kind === 'pin') k.at = [k.at[0] * 30, k.at[1] * 30];
  return d;
}

function settled(d: Drawing): Engine {
  const engine = Engine.build(d, { clock: testClock() });
  expect(engine.diagnostics().maxResidual).toBeGreaterThan(50); // far from satisfied
  const report = engine.settle(SETTLE_BUDGET);
  expect(report.converged).toBe(true);
  expect(report.maxResidual).toBeLessThan(1e-9);
  return engine;
}

describe('assembly from far states converges', () => {
  it('chains of 6 bars scattered 100–500 mm apart: the pin and every joint exact', () => {
    const random = generator(1);
    // (70 starts; damped by Marquardt's diag(J W Jᵀ) instead of Levenberg's I, start 64 stalled at max |C| 27)
    for (let trial = 0; trial < 70; trial++) {
      const engine = settled(scatteredChain(random));
      expect(distance(engine.pointAt('b0', 0), [0, 0])).toBeLessThan(1e-9);
      for (let i = 0; i < 5; i++)
        expect(distance(engine.pointAt(`b${i}`, 1), engine.pointAt(`b${i + 1}`, 0))).toBeLessThan(1e-9);
    }
  });

  it('four-bars whose bars start at random places: pivots on their pins, the loop closed', () => {
    const random = generator(1);
    // (60 starts; with the undamped step, starts 15, 26, 43, 55 and 57 stalled at max |C| 58–158)
    for (let trial = 0; trial < 60; trial++) {
      const engine = settled(scatteredFourBar(random));
      expect(distance(engine.pointAt('crank', 0), [0, 0])).toBeLessThan(1e-9);
      expect(distance(engine.pointAt('rocker', 1), [120, 0])).toBeLessThan(1e-9);
      expect(distance(engine.pointAt('crank', 1), engine.pointAt('coupler', 0))).toBeLessThan(1e-9);
      expect(distance(engine.pointAt('coupler', 1), engine.pointAt('rocker', 0))).toBeLessThan(1e-9);
      // The motor's angle holds the crank: its end at 30 mm along 0.3 rad.
      const tip = engine.pointAt('crank', 1);
      expect(distance(tip, [30 * Math.cos(0.3), 30 * Math.sin(0.3)])).toBeLessThan(1e-8);
    }
  });
});
