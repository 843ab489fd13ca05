import { describe, expect, it } from 'vitest';
import { sameData } from './same-data';

/** What the history compared before: the JSON texts. */
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

describe('sameData', () => {
  it('says what comparing JSON texts says, for the values records hold', () => {
    const values: unknown[] = [
      0,
      -0,
      1,
      1.5,
      'a',
      '',
      true,
      false,
      null,
      [],
      [1, 2],
      [1, 2, 3],
      [2, 1],
      [
        [0, 0],
        [1, 2],
      ],
      [
        [0, 0],
        [1, 3],
      ],
      [undefined],
      [null],
      {},
      { a: 1 },
      { a: 1, b: undefined },
      { a: 2 },
      { b: 1 },
      { a: 1, b: 2 },
      { a: [1, { c: 'x' }] },
      { a: [1, { c: 'y' }] },
      { kind: 'bar', center: [1, 2], angle: 0.5, length: 3 },
      { kind: 'bar', center: [1, 2], angle: 0.5, length: 3.0000001 },
    ];
    for (const a of values)
      for (const b of values)
        expect(sameData(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(sameJson(a, b));
  });

  it('holds NaN equal to NaN (JSON writes both as null) but not to null: no record holds either', () => {
    expect(sameData(NaN, NaN)).toBe(true);
    expect(sameData([NaN], [NaN])).toBe(true);
    expect(sameData(NaN, null)).toBe(false);
  });

  it('ignores the order of keys, which JSON texts do not', () => {
    expect(sameData({ a: 1, b: [2, 3] }, { b: [2, 3], a: 1 })).toBe(true);
    expect(sameData({ a: 1, b: 2 }, { b: 2, a: 1, c: 3 })).toBe(false);
    expect(sameData({ a: 1, b: 2, c: undefined }, { b: 2, a: 1 })).toBe(true);
  });

  it('compares what is not plain data by its JSON text', () => {
    expect(sameData(new Date(0), new Date(0))).toBe(true);
    expect(sameData(new Date(0), new Date(1))).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
  });
});
