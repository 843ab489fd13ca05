// Constant expressions for the numeric fields of a definition (u0, u1, parameter values): "2*pi", "-1/3",
// "sqrt(2)". Same language, no u and no parameters; folded to a number by the graph's constant folding.

import { ExprSyntaxError } from './errors';
import { ExprGraph } from './graph';
import { lowerExpression, type LowerProblem } from './lower';
import { OP_CONST } from './ops';
import { parseExpression } from './parser';

export type ConstantResult =
  { ok: true; value: number } | { ok: false; column: number | null; message: string };

export function evaluateConstant(text: string): ConstantResult {
  let ast;
  try {
    ast = parseExpression(text);
  } catch (e) {
    if (!(e instanceof ExprSyntaxError)) throw e;
    return { ok: false, column: e.column, message: e.message };
  }
  const graph = new ExprGraph();
  const problems: LowerProblem[] = [];
  const node = lowerExpression(ast, graph, new Map(), problems);
  if (problems.length > 0) {
    const p = problems[0];
    return { ok: false, column: p.column, message: `${p.message} at column ${p.column}` };
  }
  if (graph.op[node] !== OP_CONST)
    return { ok: false, column: null, message: 'must be a number, not depend on u' };
  const value = graph.value[node];
  if (!Number.isFinite(value)) return { ok: false, column: null, message: `${value} is not a finite number` };
  return { ok: true, value };
}
