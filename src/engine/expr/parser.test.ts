import { describe, expect, it } from 'vitest';
import type { EquationDefinition } from '../../shared/drawing';
import { compileDefinition } from './definition';
import { MAX_EXPRESSION_LENGTH, MAX_NESTING_DEPTH, parseExpression } from './parser';

function def(x: string, y = '0', params: EquationDefinition['params'] = []): EquationDefinition {
  return { id: 'd', name: 'test', x, y, u0: 0, u1: 1, closed: false, params };
}

/** x evaluated at u with the definition's declared parameter values. */
function valueAt(x: string, u: number, params: EquationDefinition['params'] = []): number {
  const r = compileDefinition(def(x, '0', params));
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  const out = new Float64Array(2);
  r.compiled.createEvaluator().position(out, u);
  return out[0];
}

function errorsOf(x: string, params: EquationDefinition['params'] = []): string[] {
  const r = compileDefinition(def(x, '0', params));
  return r.ok ? [] : r.errors.map((e) => e.message);
}

describe('expression language: values', () => {
  it('follows the usual precedence and associativity', () => {
    expect(valueAt('-u^2', 3)).toBe(-9);
    expect(valueAt('2^3^2', 0)).toBe(512);
    expect(valueAt('1 - 2 - 3', 0)).toBe(-4);
    expect(valueAt('8 / 4 / 2', 0)).toBe(1);
    expect(valueAt('2 + 3 * 4', 0)).toBe(14);
    expect(valueAt('(2 + 3) * 4', 0)).toBe(20);
    expect(valueAt('2 ^ -u', 1)).toBe(0.5);
    expect(valueAt('2 * -u', 4)).toBe(-8);
    expect(valueAt('--u', 5)).toBe(5);
    expect(valueAt('+u', 5)).toBe(5);
    expect(valueAt('2**3', 0)).toBe(8);
  });

  it('reads numbers in every spelling', () => {
    expect(valueAt('1.5e2', 0)).toBe(150);
    expect(valueAt('.25', 0)).toBe(0.25);
    expect(valueAt('3.', 0)).toBe(3);
    expect(valueAt('2E-1', 0)).toBe(0.2);
    expect(valueAt('2*e', 0)).toBe(2 * Math.E);
  });

  it('knows the constants and every function', () => {
    expect(valueAt('pi', 0)).toBe(Math.PI);
    expect(valueAt('e', 0)).toBe(Math.E);
    expect(valueAt('sin(u) + cos(u) + tan(u)', 0.3)).toBeCloseTo(
      Math.sin(0.3) + Math.cos(0.3) + Math.tan(0.3),
      15,
    );
    expect(valueAt('asin(u) + acos(u) + atan(u)', 0.3)).toBeCloseTo(
      Math.asin(0.3) + Math.acos(0.3) + Math.atan(0.3),
      15,
    );
    expect(valueAt('atan2(u, -1)', 0.5)).toBe(Math.atan2(0.5, -1));
    expect(valueAt('exp(u) * log(u) / sqrt(u)', 2)).toBeCloseTo(
      (Math.exp(2) * Math.log(2)) / Math.sqrt(2),
      14,
    );
    expect(valueAt('abs(u)', -3)).toBe(3);
    expect(valueAt('min(u, 2, -1)', 5)).toBe(-1);
    expect(valueAt('max(u, 2)', 5)).toBe(5);
    expect(valueAt('hypot(u, 4)', 3)).toBe(5);
  });

  it('reads parameters and typographic operators', () => {
    const params = [
      { name: 'a', value: 2, free: true },
      { name: 'b_2', value: 3, free: false },
    ];
    expect(valueAt('a * u + b_2', 10, params)).toBe(23);
    expect(valueAt('a \u2212 b_2 \u00d7 u \u00f7 2', 4, params)).toBe(-4);
  });
});

describe('expression language: errors with positions', () => {
  it('names unbalanced parentheses where they are', () => {
    expect(errorsOf('sin(u')).toEqual(['unbalanced parenthesis at column 4']);
    expect(errorsOf('u + (2 * (u + 1)')).toEqual(['unbalanced parenthesis at column 5']);
    expect(errorsOf('(u + 1))')).toEqual(['unbalanced parenthesis at column 8']);
    expect(errorsOf(')')).toEqual(['unbalanced parenthesis at column 1']);
  });

  it('names unknown functions and names, all of them', () => {
    expect(errorsOf('u + son(u)')).toEqual(["unknown function 'son' at column 5"]);
    expect(errorsOf('a * u + b')).toEqual(["unknown name 'a' at column 1", "unknown name 'b' at column 9"]);
    expect(errorsOf('sin + 1')).toEqual(["'sin' is a function: write sin(…) at column 1"]);
    expect(errorsOf('a(u)', [{ name: 'a', value: 1, free: true }])).toEqual([
      "'a' is not a function at column 1",
    ]);
  });

  it('checks the number of arguments', () => {
    expect(errorsOf('atan2(u)')).toEqual(['atan2 takes 2 arguments, not 1 at column 1']);
    expect(errorsOf('1 + sin(u, 2)')).toEqual(['sin takes 1 argument, not 2 at column 5']);
    expect(errorsOf('min(u)')).toEqual(['min takes at least 2 arguments, not 1 at column 1']);
  });

  it('explains other syntax errors', () => {
    expect(errorsOf('')).toEqual(['empty expression at column 1']);
    expect(errorsOf('2u')).toEqual(["missing operator before 'u' at column 2"]);
    expect(errorsOf('u +')).toEqual(['expression ends too early at column 4']);
    expect(errorsOf('u * * 2')).toEqual(["expected a number, a name or '(' but found '*' at column 5"]);
    expect(errorsOf('u # 2')).toEqual(["unexpected character '#' at column 3"]);
    expect(errorsOf('(u, 2)')).toEqual(["unexpected ',' at column 3"]);
    expect(errorsOf('u, 2')).toEqual(["unexpected ',' outside a function call at column 2"]);
  });

  it('rejects a 10,000-character input at once', () => {
    const text = '1+'.repeat(4999) + '10';
    expect(errorsOf(text)).toEqual([
      `expression too long (10000 characters, at most ${MAX_EXPRESSION_LENGTH}) at column ${MAX_EXPRESSION_LENGTH + 1}`,
    ]);
    expect(() => parseExpression(text)).toThrow(/too long/);
  });

  it('parses the longest allowed input, and bounds nesting instead of overflowing the stack', () => {
    const terms = MAX_EXPRESSION_LENGTH / 2;
    const long = 'u+'.repeat(terms - 1) + 'u';
    expect(long.length).toBeLessThanOrEqual(MAX_EXPRESSION_LENGTH);
    expect(valueAt(long, 2)).toBe(2 * terms);
    const deep = '('.repeat(500) + 'u' + ')'.repeat(500);
    expect(errorsOf(deep)).toEqual([
      `nesting deeper than ${MAX_NESTING_DEPTH} levels at column ${MAX_NESTING_DEPTH + 1}`,
    ]);
    expect(errorsOf('-'.repeat(1000) + 'u')[0]).toMatch(/^nesting deeper than/);
    expect(errorsOf('u^'.repeat(900) + 'u')[0]).toMatch(/^nesting deeper than/);
    const ok = '('.repeat(30) + 'u' + ')'.repeat(30);
    expect(valueAt(ok, 7)).toBe(7);
  });
});

describe('definition checks', () => {
  it('rejects bad parameter names, duplicates, reserved names and bad ranges, naming the field', () => {
    const r = compileDefinition({
      id: 'd',
      name: 'bad',
      x: 'u',
      y: 'u',
      u0: 1,
      u1: 1,
      closed: false,
      params: [
        { name: '2a', value: 1, free: true },
        { name: 'pi', value: 1, free: true },
        { name: 'k', value: 1, free: true },
        { name: 'k', value: Number.NaN, free: false },
        { name: '__proto__', value: 1, free: false },
      ],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => `${e.field}: ${e.message}`)).toEqual([
      "params[0].name: '2a' is not a valid name (letters, digits and _, not starting with a digit)",
      "params[1].name: 'pi' is reserved (u, pi, e, __proto__ and the function names)",
      "params[3].name: 'k' is already params[2]",
      "params[3].value: the value of 'k' is not a finite number",
      "params[4].name: '__proto__' is reserved (u, pi, e, __proto__ and the function names)",
      'u1: u1 must be greater than u0 (1)',
    ]);
  });
});
