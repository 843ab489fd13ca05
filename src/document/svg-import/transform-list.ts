// SVG's `transform` attribute: a list of matrix, translate, scale, rotate (with an optional centre), skewX and
// skewY, separated by blanks or commas, applied right to left. Angles in degrees. Anything else is refused with
// the reason, for the caller to name the element.

import { IDENTITY, compose, rotation, scaling, translation, type Affine } from '../import-geometry/affine';

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?`;
const FUNCTION = new RegExp(
  String.raw`\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?`,
  'y',
);
const NUMBERS = new RegExp(NUMBER, 'g');

/** How many numbers each function takes. */
const ARITY: Record<string, number[]> = {
  matrix: [6],
  translate: [1, 2],
  scale: [1, 2],
  rotate: [1, 3],
  skewX: [1],
  skewY: [1],
};

const degrees = (a: number) => (a * Math.PI) / 180;

function one(name: string, n: number[]): Affine {
  switch (name) {
    case 'matrix':
      return [n[0], n[1], n[2], n[3], n[4], n[5]];
    case 'translate':
      return translation(n[0], n[1] ?? 0);
    case 'scale':
      return scaling(n[0], n[1] ?? n[0]);
    case 'rotate': {
      const turn = rotation(degrees(n[0]));
      if (n.length === 1) return turn;
      return compose(translation(n[1], n[2]), compose(turn, translation(-n[1], -n[2])));
    }
    case 'skewX':
      return [1, 0, Math.tan(degrees(n[0])), 1, 0, 0];
    default: // skewY: the only other name FUNCTION matches
      return [1, Math.tan(degrees(n[0])), 0, 1, 0, 0];
  }
}

/** The map a transform list stands for; throws an Error whose message says what is wrong with it. */
export function parseTransformList(text: string): Affine {
  let m = IDENTITY;
  FUNCTION.lastIndex = 0;
  let at = 0;
  while (at < text.length && text.slice(at).trim() !== '') {
    FUNCTION.lastIndex = at;
    const match = FUNCTION.exec(text);
    if (!match) throw new Error(`bad transform "${text.slice(at).trim().slice(0, 40)}"`);
    const [, name, inside] = match;
    // Numbers may run together where a sign or a second point parts them ("translate(10-5)"), as in path data.
    const parts = inside.match(NUMBERS) ?? [];
    if (!/^[\s,]*$/.test(inside.replace(NUMBERS, ' ')) || !ARITY[name].includes(parts.length))
      throw new Error(`bad transform ${name}(${inside.trim().slice(0, 40)})`);
    m = compose(m, one(name, parts.map(Number)));
    at = FUNCTION.lastIndex;
  }
  if (!m.every(Number.isFinite)) throw new Error(`transform "${text.slice(0, 40)}" is not finite`);
  return m;
}
