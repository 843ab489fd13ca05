import { describe, expect, it } from 'vitest';
import { EQUATION_PRESETS } from '../../engine/expr';
import type { EquationDefinition } from '../../shared/drawing';
import { equationParamUnit } from './equation-units';

const units = (d: EquationDefinition) =>
  Object.fromEntries(d.params.map((p) => [p.name, equationParamUnit(d, p.name)]));

describe("an equation parameter's unit", () => {
  it('is a length where it moves the curve, an angle where it only turns it, none otherwise (the presets)', () => {
    const cycloid = EQUATION_PRESETS.find((p) => p.id === 'preset-cycloid')!;
    expect(units(cycloid)).toEqual({ cx: 'mm', cy: 'mm', rot: 'angle', r: 'none' });
    const involute = EQUATION_PRESETS.find((p) => p.id === 'preset-involute')!;
    expect(units(involute)).toEqual({ cx: 'mm', cy: 'mm', phi: 'angle', r: 'none' });
  });

  it("reads the user's own expressions the same way", () => {
    const own: EquationDefinition = {
      id: 'e',
      name: 'mine',
      x: 'a * cos(u) - x0',
      y: '-y0 + b * sin(u + t) * t',
      u0: 0,
      u1: 1,
      closed: false,
      params: ['a', 'b', 'x0', 'y0', 't'].map((name) => ({ name, value: 1, free: true })),
    };
    expect(units(own)).toEqual({ a: 'none', b: 'none', x0: 'mm', y0: 'mm', t: 'none' });
  });
});
