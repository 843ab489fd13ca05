// Random SVG-ish text: the import either gives records that make a valid drawing with every number finite, or
// throws one ImportError of one line. Never anything else, never NaN.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importSvg } from './svg-import';
import { expectImportOrOneLine } from './test-support/import-checks';

const nasty = fc.constantFrom('-0', '1e308', '-1e308', '1e-320', '1e999', 'NaN', '5.5.5', '1e', '00', '.5');
const number = fc.oneof(
  { weight: 1, arbitrary: nasty },
  { weight: 20, arbitrary: fc.integer({ min: 0, max: 50 }).map(String) },
  { weight: 8, arbitrary: fc.double({ min: -1e4, max: 1e4, noNaN: true }).map(String) },
  { weight: 8, arbitrary: fc.integer({ min: -100, max: 100 }).map(String) },
);
const separator = fc.constantFrom(' ', ',', '  ', '\n', ' ,');
const join = (ns: string[]) =>
  fc
    .array(separator, { minLength: ns.length, maxLength: ns.length })
    .map((seps) => ns.map((x, i) => x + seps[i]).join(''));
const numbers = (n: number) => fc.array(number, { minLength: 0, maxLength: n }).chain(join);
const exactly = (n: number) => fc.array(number, { minLength: n, maxLength: n }).chain(join);
/** How many numbers each path command takes. */
const ARITY: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7, Z: 0 };
const flag = fc.constantFrom('0', '1', '0 ', '1,');
const arc = fc.tuple(exactly(3), flag, flag, exactly(2)).map(([r, a, b, p]) => `${r} ${a}${b}${p}`);
const command = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...'MLCAZX'.split('')), numbers(8)).map(([c, n]) => c + n),
  },
  {
    weight: 9,
    arbitrary: fc
      .tuple(fc.constantFrom(...Object.keys(ARITY)), fc.boolean())
      .chain(([c, relative]) =>
        (c === 'A' ? arc : exactly(ARITY[c])).map((n) => (relative ? c.toLowerCase() : c) + n),
      ),
  },
);
const pathData = fc
  .tuple(exactly(2), fc.array(command, { maxLength: 8 }))
  .map(([m, cs]) => `M${m} ${cs.join(' ')}`);
const transform = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constantFrom('matrix', 'spin'), exactly(6)),
      fc.tuple(fc.constantFrom('translate', 'scale', 'rotate', 'skewX', 'skewY'), exactly(1)),
      fc.tuple(fc.constantFrom('translate', 'scale'), exactly(2)),
      fc.tuple(fc.constantFrom('rotate'), exactly(3)),
    ),
    { maxLength: 3 },
  )
  .map((fs) => fs.map(([f, n]) => `${f}(${n})`).join(' '));
const length = fc.tuple(
  number,
  fc.constantFrom('', 'mm', 'cm', 'in', 'pt', 'pc', 'px', '%', 'em', 'furlong'),
);
const attr = (name: string) => length.map(([n, u]) => ` ${name}="${n}${u}"`);
const optional = (a: fc.Arbitrary<string>) => fc.option(a, { nil: '' });

const shape: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(pathData, optional(transform.map((t) => ` transform="${t}"`)))
    .map(([d, t]) => `<path d="${d}"${t}/>`),
  fc
    .tuple(optional(attr('cx')), optional(attr('r')), optional(transform.map((t) => ` transform="${t}"`)))
    .map(([a, b, t]) => `<circle${a}${b}${t}/>`),
  fc
    .tuple(optional(attr('rx')), optional(attr('ry')), optional(transform.map((t) => ` transform="${t}"`)))
    .map(([a, b, t]) => `<ellipse cx="1"${a}${b}${t}/>`),
  fc
    .tuple(attr('width'), attr('height'), optional(attr('rx')), optional(attr('ry')))
    .map(([w, h, a, b]) => `<rect${w}${h}${a}${b}/>`),
  numbers(9).map((p) => `<polygon points="${p}"/>`),
  fc.tuple(attr('x2'), attr('y2')).map(([x, y]) => `<line${x}${y}/>`),
  fc.constantFrom('<text>a</text>', '<image/>', '<use/>', '<defs><circle r="1"/></defs>', '<foo/>'),
);
const tree: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    shape,
    fc
      .tuple(
        fc.constantFrom('g', 'a', 'switch', 'svg'),
        optional(transform.map((t) => ` transform="${t}"`)),
        fc.array(tie('node'), { maxLength: 3 }),
      )
      .map(([tag, t, kids]) => `<${tag}${t}>${kids.join('')}</${tag}>`),
  ),
})).node;
const size = fc.oneof(
  { weight: 1, arbitrary: length.map(([n, u]) => `${n}${u}`) },
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.double({ min: 1e-3, max: 1e4, noNaN: true }), fc.constantFrom('', 'mm', 'in', 'pt'))
      .map(([n, u]) => `${n}${u}`),
  },
);
const box = fc.oneof(
  { weight: 1, arbitrary: numbers(5) },
  {
    weight: 6,
    arbitrary: fc
      .tuple(number, number, size, size)
      .map(([x, y, w, h]) => `${x} ${y} ${parseFloat(w)} ${parseFloat(h)}`),
  },
);
const document = fc
  .tuple(
    optional(size.map((v) => ` width="${v}"`)),
    optional(size.map((v) => ` height="${v}"`)),
    optional(box.map((v) => ` viewBox="${v}"`)),
    fc.array(tree, { maxLength: 4 }),
  )
  .map(([w, h, v, kids]) => `<svg xmlns="http://www.w3.org/2000/svg"${w}${h}${v}>${kids.join('')}</svg>`);
/** The document, sometimes cut short or with a character changed. */
const mangled = fc
  .tuple(document, fc.nat(), fc.constantFrom('', '<', '>', '"', '&', '\u0000', 'é'))
  .map(([text, at, c]) => {
    if (at % 5 !== 0) return text;
    const i = at % (text.length + 1);
    return text.slice(0, i) + c + (at % 2 ? '' : text.slice(i + 1));
  });

describe('SVG import fuzz', () => {
  it('random SVG-ish text: a valid drawing with finite numbers, or one ImportError line', () => {
    const outcomes = { curves: 0, refused: 0 };
    fc.assert(
      fc.property(mangled, (text) => {
        expectImportOrOneLine(() => importSvg(text), outcomes);
      }),
      { numRuns: 1500 },
    );
    // Both ways out were taken, many times: the generator reaches the importer's geometry, not only its errors.
    expect(outcomes.curves).toBeGreaterThan(50);
    expect(outcomes.refused).toBeGreaterThan(100);
  });
});
