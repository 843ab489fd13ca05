// Four-bar analysis (src/mechanisms/four-bar.ts): recognition from the drawing's records, Grashof's four cases, the
// transmission angle of the engine's poses against the closed form, and the toggles and dead centres.

import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { EXAMPLES } from '../../../src/mechanisms/examples';
import { CRANK_ROCKER } from '../../../src/mechanisms/examples/four-bars';
import { circleCircle, polar, sideOf } from '../../../src/mechanisms/assembly';
import {
  crankAngle,
  fourBarPositions,
  grashof,
  recogniseFourBar,
  transmissionAngle,
  transmissionAngleAt,
  transmissionRange,
  type FourBar,
} from '../../../src/mechanisms/four-bar';
import {
  DOUBLE_ROCKER,
  doubleRocker,
  doubleRockerLimit,
} from '../../../src/mechanisms/test-support/double-rocker';
import { fourBarDrawing } from '../../../src/mechanisms/test-support/four-bar';
import type { Drawing } from '../../../src/shared/drawing';
import { testClock } from '../../../src/shared/test-support/clock';

function recognised(drawing: Drawing): FourBar {
  const fb = recogniseFourBar(drawing);
  expect(fb).not.toBeNull();
  return fb!;
}

describe('four-bar recognition and Grashof', () => {
  it('recognises the four-bar examples and nothing else among the examples', () => {
    const found = EXAMPLES.filter((e) => recogniseFourBar(e.build()) !== null).map((e) => e.name);
    expect(found.sort()).toEqual(['chebyshev-lambda', 'crank-rocker', 'hoekens']);
  });

  it('still recognises a four-bar whose links carry length dimensions (a bar dimensioned is the bar)', () => {
    const drawing = EXAMPLES.find((e) => e.name === 'crank-rocker')!.build();
    const plain = recognised(drawing);
    for (const id of ['crank', 'coupler', 'rocker']) {
      const bar = drawing.curves.find((c) => c.id === id);
      if (bar?.kind !== 'bar') throw new Error(`no bar ${id}`);
      drawing.constraints.push({ kind: 'length', id: `length-${id}`, curve: id, length: bar.length });
    }
    expect(recognised(drawing)).toEqual(plain);
    // A length that is not the bar's own is not a dimension of this mechanism (the drawing conflicts): refused.
    const k = drawing.constraints.at(-1)!;
    if (k.kind === 'length') k.length += 1;
    expect(recogniseFourBar(drawing)).toBeNull();
  });

  it("reads the link lengths between joints (the lambda's rocker meets the coupler's middle)", () => {
    const lambda = recognised(EXAMPLES.find((e) => e.name === 'chebyshev-lambda')!.build());
    expect(lambda.ground).toBeCloseTo(40, 9);
    expect(lambda.crankLength).toBeCloseTo(20, 9);
    expect(lambda.couplerLength).toBeCloseTo(50, 9);
    expect(lambda.rockerLength).toBeCloseTo(50, 9);
  });

  it('classifies all four cases', () => {
    const cases = [
      ['crank-rocker', { ground: 60, crank: 20, coupler: 70, rocker: 50 }, -1],
      ['double-crank', { ground: 20, crank: 50, coupler: 60, rocker: 70 }, 0],
      ['double-rocker', { ground: 60, crank: 50, coupler: 20, rocker: 70 }, Math.PI / 2], // Grashof, coupler shortest
      ['double-rocker', DOUBLE_ROCKER, 0], // non-Grashof
      ['change-point', { ground: 60, crank: 30, coupler: 60, rocker: 30 }, Math.PI / 2],
    ] as const;
    for (const [expected, lengths, angle] of cases) {
      expect(grashof(recognised(fourBarDrawing(lengths, angle)))).toBe(expected);
    }
  });
});

describe('transmission angle', () => {
  it("the crank-rocker's sampled poses match the closed form, and the cycle's extremes bound them", () => {
    const drawing = EXAMPLES.find((e) => e.name === 'crank-rocker')!.build();
    const fb = recognised(drawing);
    const engine = Engine.build(drawing, { clock: testClock() });
    const joints = (c: Parameters<Engine['connectorPosition']>[0]) => engine.connectorPosition(c);
    const range = transmissionRange(fb);
    let min = Infinity;
    let max = -Infinity;
    for (let k = 0; k < 360; k++) {
      expect(engine.advanceMotors(1 / 360, 10_000).caughtUp).toBe(true);
      const mu = transmissionAngle(fb, joints);
      expect(Math.abs(mu - transmissionAngleAt(fb, crankAngle(fb, joints))!)).toBeLessThan(1e-9);
      min = Math.min(min, mu);
      max = Math.max(max, mu);
    }
    // Closed form: μ extreme at θ = 0 and π (d = g − a, g + a).
    const { ground: g, crank: a, coupler: b, rocker: c } = CRANK_ROCKER;
    expect(range.min).toBeCloseTo(Math.acos((b * b + c * c - (g - a) ** 2) / (2 * b * c)), 12);
    expect(range.max).toBeCloseTo(Math.acos((b * b + c * c - (g + a) ** 2) / (2 * b * c)), 12);
    expect(min).toBeGreaterThanOrEqual(range.min - 1e-9);
    expect(max).toBeLessThanOrEqual(range.max + 1e-9);
    // Samples every degree: the sampled extremes are within a degree's worth of the closed form's.
    expect(min - range.min).toBeLessThan(1e-2);
    expect(range.max - max).toBeLessThan(1e-2);
  });
});

describe('toggles and dead centres', () => {
  it("the double-rocker's toggles are its known limit, where the motor stops", () => {
    const drawing = doubleRocker();
    const fb = recognised(drawing);
    const { toggles } = fourBarPositions(fb);
    const limit = doubleRockerLimit();
    const stretched = toggles.filter((t) => t.transmission === 180).map((t) => t.angle);
    expect(stretched.sort((x, y) => x - y)).toEqual([expect.closeTo(-limit, 12), expect.closeTo(limit, 12)]);
    expect(transmissionRange(fb).max).toBe(Math.PI);
    // Driven, the crank stops at one of them.
    const engine = Engine.build(drawing, { clock: testClock() });
    for (let k = 0; k < 60 && engine.advanceMotors(1 / 60, 10_000).caughtUp; k++);
    const stopped = crankAngle(fb, (c) => engine.connectorPosition(c));
    expect(Math.min(...stretched.map((t) => Math.abs(t - stopped)))).toBeLessThan(2e-2);
  });

  it('a crank-rocker has no toggle, and its dead centres put crank and coupler in line', () => {
    const fb = recognised(EXAMPLES.find((e) => e.name === 'crank-rocker')!.build());
    const { toggles, deadCentres } = fourBarPositions(fb);
    expect(toggles).toEqual([]);
    expect(deadCentres).toHaveLength(4);
    const { ground, crank, coupler, rocker } = CRANK_ROCKER;
    for (const { angle, stretched } of deadCentres) {
      const a = polar([0, 0], crank, angle);
      // On one of the two assemblies, B lies on the crank's line, beyond A when stretched.
      const off = Math.min(
        ...([1, -1] as const).map((side) => {
          const b = circleCircle(a, coupler, [ground, 0], rocker, side);
          const dot = (a[0] * (b[0] - a[0]) + a[1] * (b[1] - a[1])) / crank / coupler;
          return Math.abs(sideOf([0, 0], a, b)) / crank / coupler + Math.abs(dot - (stretched ? 1 : -1));
        }),
      );
      expect(off).toBeLessThan(1e-9);
    }
  });
});
