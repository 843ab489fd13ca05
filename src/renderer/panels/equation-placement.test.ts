import { describe, expect, it } from 'vitest';
import { presetDefinition } from '../../engine/expr';
import { newCurveParams } from './equation-placement';

describe('a new equation curve', () => {
  it('is placed at the centre of the view by its cx, cy; its other parameters keep their values', () => {
    const sine = presetDefinition('preset-sine')!;
    expect(newCurveParams(sine, [120, -45])).toEqual({
      cx: 120,
      cy: -45,
      rot: 0,
      length: 60,
      amplitude: 10,
      cycles: 2,
    });
  });

  it('without cx, cy keeps every value as defined', () => {
    const def = { ...presetDefinition('preset-sine')!, params: [{ name: 'a', value: 3, free: true }] };
    expect(newCurveParams(def, [120, -45])).toEqual({ a: 3 });
  });
});
