// Constant expressions for the numeric fields of a definition (u0, u1, parameter values): "2*pi", "-1/3",
// "sqrt(2)", and a drawing's expressions over its named values ("2*crank + 5", src/document/parameters.ts). Same
// language, no u; folded to a number by the graph's constant folding.

import type { Ast } from './ast';
import { isReservedName } from './builtins';
import { ExprSyntaxError } from './errors';
import { ExprGraph } from './graph';
import { lowerExpression, type LowerProblem } from './lower';
import { OP_CONST } from './ops';
import { parseExpression } from './parser';

export type ConstantResult =
  { ok: true; value: number } | { ok: false; column: number | null; message: string };

export function evaluateConstant(text: string): ConstantResult {
  return evaluateExpression(text, new Map());
}

/** Parses `text`, or says where it fails (the message ends "at column N"). */
function parsed(text: string): { ok: true; ast: Ast } | { ok: false; column: number; message: string } {
  try {
    return { ok: true, ast: parseExpression(text) };
  } catch (e) {
    if (!(e instanceof ExprSyntaxError)) throw e;
    return { ok: false, column: e.column, message: e.message };
  }
}

/** `text` folded to a number, each name of `scope` standing for its value; problems say their column. */
export function evaluateExpression(text: string, scope: ReadonlyMap<string, number>): ConstantResult {
  const tree = parsed(text);
  if (!tree.ok) return tree;
  const graph = new ExprGraph();
  const problems: LowerProblem[] = [];
  const node = lowerExpression(tree.ast, graph, new Map(), problems, scope);
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

export interface NameUse {
  name: string;
  column: number;
}

/**
 * The names `text` uses besides the language's own (u, pi, e, the functions), each once at its first column, in
 * order: what an expression depends on. A syntax error is said with its column.
 */
export function expressionNames(
  text: string,
): { ok: true; names: NameUse[] } | { ok: false; column: number; message: string } {
  const tree = parsed(text);
  if (!tree.ok) return tree;
  const names: NameUse[] = [];
  const seen = new Set<string>();
  const walk = (node: Ast): void => {
    switch (node.type) {
      case 'number':
        return;
      case 'name':
        if (!isReservedName(node.name) && !seen.has(node.name)) {
          seen.add(node.name);
          names.push({ name: node.name, column: node.column });
        }
        return;
      case 'negate':
        return walk(node.arg);
      case 'binary':
        walk(node.left);
        return walk(node.right);
      case 'call':
        return node.args.forEach(walk);
    }
  };
  walk(tree.ast);
  return { ok: true, names };
}
