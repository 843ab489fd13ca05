// Random DXF-ish text: the import either gives records that make a valid drawing with every number finite, or
// throws one ImportError of one line. Never anything else, never NaN.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importDxf } from './dxf-import';
import { expectImportOrOneLine } from './test-support/import-checks';
import { dxfText, entity, type Entity, type Groups } from './test-support/dxf-text';

const nasty = fc.constantFrom(
  '-0',
  '1e308',
  '-1e308',
  '1e-320',
  '1e999',
  'NaN',
  '5.5.5',
  '1e',
  '',
  ' 7 ',
  'x',
  '1e9',
);
const number = fc.oneof(
  { weight: 1, arbitrary: nasty },
  { weight: 12, arbitrary: fc.integer({ min: -50, max: 50 }).map(String) },
  { weight: 8, arbitrary: fc.double({ min: -1e4, max: 1e4, noNaN: true }).map(String) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 3 }).map(String) },
);
/** The codes the entities read, and some they do not. */
const code = fc.constantFrom(
  10,
  20,
  11,
  21,
  40,
  41,
  42,
  50,
  51,
  70,
  71,
  44,
  45,
  43,
  72,
  73,
  74,
  210,
  220,
  230,
  66,
  5,
  8,
);
const groups: fc.Arbitrary<Groups> = fc.array(fc.tuple(code, number), { maxLength: 14 });
const TYPES = [
  'LINE',
  'CIRCLE',
  'ARC',
  'ELLIPSE',
  'POINT',
  'LWPOLYLINE',
  'SPLINE',
  'POLYLINE',
  'VERTEX',
  'SEQEND',
  'TEXT',
];
const plain: fc.Arbitrary<Entity> = fc
  .tuple(fc.constantFrom(...TYPES), groups)
  .map(([t, g]) => entity(t, ...g));
const xy = (cx: number, cy: number) =>
  fc.tuple(number, number).map(([x, y]): Groups => [
    [cx, x],
    [cy, y],
  ]);
/** Entities with the groups they need, numbers mostly sound, sometimes not, a stray group sometimes added. */
const formed: fc.Arbitrary<Entity> = fc
  .tuple(
    fc.oneof(
      fc.tuple(xy(10, 20), xy(11, 21)).map(([a, b]) => entity('LINE', ...a, ...b)),
      fc.tuple(xy(10, 20), number).map(([c, r]) => entity('CIRCLE', ...c, [40, r])),
      fc
        .tuple(xy(10, 20), number, number, number)
        .map(([c, r, a, b]) => entity('ARC', ...c, [40, r], [50, a], [51, b])),
      fc
        .tuple(xy(10, 20), xy(11, 21), fc.double({ min: 0, max: 1.2, noNaN: true }), number, number)
        .map(([c, m, r, a, b]) => entity('ELLIPSE', ...c, ...m, [40, r], [41, a], [42, b])),
      xy(10, 20).map((p) => entity('POINT', ...p)),
      fc
        .tuple(
          fc.array(fc.tuple(xy(10, 20), fc.option(number, { nil: undefined })), { maxLength: 6 }),
          fc.nat(1),
        )
        .map(([vs, closed]) =>
          entity('LWPOLYLINE', [70, closed], ...vs.flatMap(([p, b]): Groups => (b ? [...p, [42, b]] : p))),
        ),
      fc
        .tuple(
          fc.integer({ min: 1, max: 5 }),
          fc.array(xy(10, 20), { minLength: 1, maxLength: 8 }),
          fc.boolean(),
        )
        .chain(([degree, ctrl, rational]) =>
          fc
            .array(fc.integer({ min: 0, max: 4 }), {
              minLength: ctrl.length + degree + 1,
              maxLength: ctrl.length + degree + 1,
            })
            .map((knots) =>
              entity(
                'SPLINE',
                [71, degree],
                ...knots.sort((a, b) => a - b).map((k): [number, number] => [40, k]),
                ...(rational ? ctrl.map((_, i): [number, number] => [41, 1 + (i % 3)]) : []),
                ...ctrl.flat(),
              ),
            ),
        ),
    ),
    fc.option(fc.tuple(code, number), { nil: undefined }),
  )
  .map(([e, extra]) => (extra ? { ...e, groups: [...(e.groups ?? []), extra] } : e));
const insert = fc
  .tuple(fc.constantFrom('A', 'B', 'missing'), groups)
  .map(([name, g]) => entity('INSERT', [2, name], ...g));
const entities = fc.array(
  fc.oneof(
    { weight: 2, arbitrary: plain },
    { weight: 6, arbitrary: formed },
    { weight: 1, arbitrary: insert },
  ),
  {
    maxLength: 6,
  },
);
const document = fc
  .tuple(fc.option(fc.constantFrom(0, 1, 4, 6, 99, -1), { nil: undefined }), entities, entities, entities)
  .map(([insunits, a, b, model]) =>
    dxfText({
      insunits,
      blocks: [
        { name: 'A', base: [1, 2], entities: a },
        { name: 'B', entities: b },
      ],
      entities: model,
    }),
  );
/** The document, sometimes cut short, with a line dropped or a character changed. */
const mangled = fc
  .tuple(document, fc.nat(), fc.constantFrom('', '0', '\n', 'x', '-', '\u0000'))
  .map(([text, at, c]) => {
    if (at % 4 !== 0) return text;
    const i = at % (text.length + 1);
    return text.slice(0, i) + c + (at % 3 ? '' : text.slice(i + 1));
  });

describe('DXF import fuzz', () => {
  it('random DXF-ish text: a valid drawing with finite numbers, or one ImportError line', () => {
    const outcomes = { curves: 0, refused: 0 };
    fc.assert(
      fc.property(mangled, fc.constantFrom(undefined, 'in' as const, 'm' as const), (text, units) => {
        expectImportOrOneLine(() => importDxf(text, { units }), outcomes);
      }),
      { numRuns: 1500 },
    );
    // Both ways out were taken, many times: the generator reaches the importer's geometry, not only its errors.
    expect(outcomes.curves).toBeGreaterThan(50);
    expect(outcomes.refused).toBeGreaterThan(100);
  });
});
