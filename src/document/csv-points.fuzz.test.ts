// Random CSV-ish text: points from CSV either give records that make a valid drawing (every number finite, and
// within ±1e9 mm, as the loader's check of the drawing requires), or throw one ImportError of one line naming
// where. Never anything else, never NaN. The check is the other imports' (test-support/import-checks.ts).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importCsvPoints } from './csv-points';
import { expectImportOrOneLine } from './test-support/import-checks';

const field = fc.oneof(
  { weight: 40, arbitrary: fc.integer({ min: 0, max: 100 }).map(String) },
  { weight: 6, arbitrary: fc.double({ min: -1e4, max: 1e4, noNaN: true }).map(String) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 99 }).map((n) => `${n},5`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      'x',
      'NaN',
      '1e999',
      '-1e10',
      '0x1',
      '"1"',
      '"2',
      ' 3 ',
      '1.5.5',
      '-0',
      '.',
    ),
  },
);
const delimiter = fc.constantFrom(',', ';', '\t');
const line = fc.oneof(
  { weight: 30, arbitrary: fc.tuple(fc.array(field, { minLength: 2, maxLength: 3 }), delimiter) },
  { weight: 1, arbitrary: fc.tuple(fc.array(field, { minLength: 1, maxLength: 4 }), delimiter) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '# note', 'x,y', 'x;y;w', '  ').map((t) => [[t], ','] as const),
  },
);
const csv = fc
  .tuple(fc.array(line, { maxLength: 12 }), fc.constantFrom('\n', '\r\n'))
  .map(([lines, end]) => lines.map(([fields, d]) => fields.join(d)).join(end));

describe('points from CSV fuzz', () => {
  it('random CSV-ish text: a valid drawing of finite points, or one ImportError line', () => {
    const outcomes = { curves: 0, refused: 0 };
    fc.assert(
      fc.property(csv, fc.constantFrom('points', 'spline') as fc.Arbitrary<'points' | 'spline'>, (text, as) =>
        expectImportOrOneLine(() => importCsvPoints(text, { pointsAs: as }), outcomes),
      ),
      { numRuns: 1500 },
    );
    // Both ways out were taken, many times.
    expect(outcomes.curves).toBeGreaterThan(50);
    expect(outcomes.refused).toBeGreaterThan(100);
  });
});
