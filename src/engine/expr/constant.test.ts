// Expressions over named values (a drawing's parameters): folded to a number, problems said at their column.

import { describe, expect, it } from 'vitest';
import { evaluateConstant, evaluateExpression, expressionNames } from './constant';

const scope = new Map([
  ['crank', 20],
  ['hole_d', 6],
]);

describe('evaluateExpression', () => {
  it('folds names to their values', () => {
    expect(evaluateExpression('2*crank + 5', scope)).toEqual({ ok: true, value: 45 });
    expect(evaluateExpression('hole_d / 2 + sqrt(crank - 4)', scope)).toEqual({ ok: true, value: 7 });
    expect(evaluateConstant('2*pi')).toEqual({ ok: true, value: 2 * Math.PI });
  });

  it('says where a problem is', () => {
    expect(evaluateExpression('2*crnk', scope)).toEqual({
      ok: false,
      column: 3,
      message: "unknown name 'crnk' at column 3",
    });
    expect(evaluateExpression('crank(2)', scope)).toMatchObject({ ok: false, column: 1 });
    expect(evaluateExpression('crank * u', scope)).toMatchObject({ ok: false, column: null });
    expect(evaluateExpression('1 / (crank - 20)', scope)).toMatchObject({ ok: false, column: null });
  });
});

describe('expressionNames', () => {
  it("lists the names an expression uses, once each at its first column, not the language's own", () => {
    expect(expressionNames('crank + max(hole_d, crank) * pi + u')).toEqual({
      ok: true,
      names: [
        { name: 'crank', column: 1 },
        { name: 'hole_d', column: 13 },
      ],
    });
    expect(expressionNames('2 +')).toMatchObject({ ok: false, column: 4 });
  });
});
