// Name resolution and lowering: syntax tree → nodes of an ExprGraph. Collects every naming problem of an
// expression (unknown names and functions, wrong argument counts) instead of stopping at the first.

import type { Ast } from './ast';
import { CONSTANTS, FUNCTIONS, VARIABLE, isConstantName, isFunctionName } from './builtins';
import type { ExprGraph } from './graph';
import { OP_ADD, OP_DIV, OP_MUL, OP_NEG, OP_POW, OP_SUB } from './ops';

export interface LowerProblem {
  message: string;
  column: number;
}

const BINARY_OPS = { '+': OP_ADD, '-': OP_SUB, '*': OP_MUL, '/': OP_DIV, '^': OP_POW } as const;

/**
 * Lowers `ast` into `graph`. Input 0 is u; `inputOf` maps a parameter name to its input index, `constants` a name
 * to a fixed value (a drawing's parameters: constant.ts). Returns the node id, or -1 with `problems` filled.
 */
export function lowerExpression(
  ast: Ast,
  graph: ExprGraph,
  inputOf: ReadonlyMap<string, number>,
  problems: LowerProblem[],
  constants: ReadonlyMap<string, number> = new Map(),
): number {
  const lower = (node: Ast): number => {
    switch (node.type) {
      case 'number':
        return graph.constant(node.value);
      case 'name': {
        if (node.name === VARIABLE) return graph.input(0);
        const input = inputOf.get(node.name);
        if (input !== undefined) return graph.input(input);
        const fixed = constants.get(node.name);
        if (fixed !== undefined) return graph.constant(fixed);
        if (isConstantName(node.name)) return graph.constant(CONSTANTS[node.name]);
        if (isFunctionName(node.name)) {
          problems.push({
            message: `'${node.name}' is a function: write ${node.name}(…)`,
            column: node.column,
          });
        } else {
          problems.push({ message: `unknown name '${node.name}'`, column: node.column });
        }
        return -1;
      }
      case 'negate': {
        const arg = lower(node.arg);
        return arg < 0 ? -1 : graph.node(OP_NEG, arg);
      }
      case 'binary': {
        const left = lower(node.left);
        const right = lower(node.right);
        return left < 0 || right < 0 ? -1 : graph.node(BINARY_OPS[node.op], left, right);
      }
      case 'call': {
        const args = node.args.map(lower);
        if (!isFunctionName(node.name)) {
          const what =
            inputOf.has(node.name) || constants.has(node.name) || node.name === VARIABLE
              ? 'is not a function'
              : null;
          problems.push({
            message: what ? `'${node.name}' ${what}` : `unknown function '${node.name}'`,
            column: node.column,
          });
          return -1;
        }
        const fn = FUNCTIONS[node.name];
        if (args.length < fn.min || args.length > fn.max) {
          const wanted = fn.min === fn.max ? `${fn.min}` : `at least ${fn.min}`;
          const plural = fn.min === 1 && fn.max === 1 ? 'argument' : 'arguments';
          problems.push({
            message: `${node.name} takes ${wanted} ${plural}, not ${args.length}`,
            column: node.column,
          });
          return -1;
        }
        if (args.some((a) => a < 0)) return -1;
        if (fn.max === 1) return graph.node(fn.op, args[0]);
        let acc = args[0];
        for (let k = 1; k < args.length; k++) acc = graph.node(fn.op, acc, args[k]);
        return acc;
      }
    }
  };
  return lower(ast);
}
