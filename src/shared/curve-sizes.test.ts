import { describe, expect, it } from 'vitest';
import { hasNegativeSize, roundSize, signedLike, sizedForm } from './curve-sizes';
import type { Curve } from './drawing';
import { mainValue } from './main-value';

const signed: Curve[] = [
  { id: 'c', kind: 'circle', center: [1, 2], radius: -4 },
  { id: 'a', kind: 'arc', center: [1, 2], radius: -4, start: 0.3, sweep: -1.2 },
  { id: 'e1', kind: 'ellipse', center: [1, 2], rx: -5, ry: -2, rotation: 0.4 },
  { id: 'e2', kind: 'ellipse', center: [1, 2], rx: -5, ry: 2, rotation: 0.4 },
  { id: 'e3', kind: 'ellipse', center: [1, 2], rx: 5, ry: -2, rotation: 0.4 },
];

describe("a curve's sizes as the user reads them", () => {
  it('sized forms have positive sizes; the curve itself is left as it was', () => {
    for (const curve of signed) {
      const before = structuredClone(curve);
      const sized = sizedForm(curve);
      expect(hasNegativeSize(sized)).toBe(false);
      expect(curve).toEqual(before);
    }
    expect(roundSize(signed[1] as Extract<Curve, { kind: 'arc' }>)).toBe(4);
    expect(sizedForm(signed[1])).toMatchObject({ radius: 4, start: 0.3 + Math.PI, sweep: -1.2 });
  });

  it('a main value is a size, never negative', () => {
    expect(signed.map((c) => mainValue(c)!.value)).toEqual([4, 4, 5, 5, 5]);
  });

  it('written back in the signs it had, a sized form gives the curve again', () => {
    for (const curve of signed) {
      const copy = structuredClone(curve);
      signedLike(copy, sizedForm(curve));
      const [got, want] = [
        copy as unknown as Record<string, unknown>,
        curve as unknown as Record<string, unknown>,
      ];
      for (const field of Object.keys(want))
        if (typeof want[field] === 'number') expect(got[field]).toBeCloseTo(want[field] as number, 12);
        else expect(got[field]).toEqual(want[field]);
    }
  });
});
