// Instant centres (src/mechanisms/instant-centres.ts) over a whole cycle of the crank-rocker: the crank's is its
// pivot, the rocker's its pivot, and the coupler's the intersection of the crank's and the rocker's lines (Kennedy).

import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { EXAMPLES } from '../../../src/mechanisms/examples';
import { CRANK_ROCKER, RPM } from '../../../src/mechanisms/examples/four-bars';
import { instantCentre, instantCentres } from '../../../src/mechanisms/instant-centres';
import { fourBarDrawing } from '../../../src/mechanisms/test-support/four-bar';
import type { Vec2 } from '../../../src/shared/drawing';
import { testClock } from '../../../src/shared/test-support/clock';

/** The intersection of the lines p1 → p2 and p3 → p4. */
function intersect(p1: Vec2, p2: Vec2, p3: Vec2, p4: Vec2): Vec2 {
  const d1x = p2[0] - p1[0];
  const d1y = p2[1] - p1[1];
  const d2x = p4[0] - p3[0];
  const d2y = p4[1] - p3[1];
  const t = ((p3[0] - p1[0]) * d2y - (p3[1] - p1[1]) * d2x) / (d1x * d2y - d1y * d2x);
  return [p1[0] + t * d1x, p1[1] + t * d1y];
}

describe('instant centres', () => {
  it("the crank-rocker's coupler turns about the crossing of the crank and rocker lines, over a cycle", () => {
    const drawing = EXAMPLES.find((e) => e.name === 'crank-rocker')!.build();
    const engine = Engine.build(drawing, { clock: testClock() });
    const o2: Vec2 = [0, 0];
    const o4: Vec2 = [CRANK_ROCKER.ground, 0];
    const omega = (2 * Math.PI * RPM) / 60;
    for (let k = 0; k < 72; k++) {
      expect(engine.advanceMotors(1 / 72, 10_000).caughtUp).toBe(true);
      const a = engine.pointAt('crank', 1);
      const b = engine.pointAt('rocker', 1);
      const want = intersect(o2, a, o4, b);
      const got = instantCentre(engine, 'coupler');
      const scale = Math.max(CRANK_ROCKER.ground, Math.hypot(want[0], want[1]));
      expect(Math.hypot(got.at![0] - want[0], got.at![1] - want[1]) / scale).toBeLessThan(1e-9);
      const [crank, coupler, rocker] = instantCentres(engine, drawing);
      expect(coupler).toEqual(got);
      expect(Math.hypot(crank.at![0] - o2[0], crank.at![1] - o2[1])).toBeLessThan(1e-9);
      expect(crank.omega).toBeCloseTo(omega, 9);
      expect(Math.hypot(rocker.at![0] - o4[0], rocker.at![1] - o4[1])).toBeLessThan(1e-9);
    }
  });

  it("a parallelogram's coupler translates: no centre", () => {
    // Ground 60, crank 30, coupler 60, rocker 30 with the crank at 90°: the open assembly is the parallelogram.
    const drawing = fourBarDrawing({ ground: 60, crank: 30, coupler: 60, rocker: 30 }, -Math.PI / 2);
    const engine = Engine.build(drawing, { clock: testClock() });
    expect(engine.advanceMotors(0.05, 10_000).caughtUp).toBe(true);
    const coupler = instantCentre(engine, 'coupler');
    expect(coupler.at).toBeNull();
    expect(coupler.note).toMatch(/translating/);
    expect(instantCentre(engine, 'crank').at).not.toBeNull();
  });
});
