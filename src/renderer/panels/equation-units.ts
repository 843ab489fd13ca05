// The unit of an equation curve's parameter, where its expressions give it one: a parameter added on its own to
// x(u) or y(u) moves the curve, a length in mm (the presets' cx, cy); one that appears only inside sin, cos or tan
// turns it, an angle (their rot, the involute's phi), shown in degrees like every other angle (the expressions keep
// radians). Any other parameter — a shape's factor, whatever the user's own expressions make of it — has no unit
// the panel can know.

import { parseExpression } from '../../engine/expr';
import type { EquationDefinition } from '../../shared/drawing';
import type { Unit } from '../../shared/units';

/** An expression's syntax tree, as the parser gives it. */
type Ast = ReturnType<typeof parseExpression>;

const TURNING = new Set(['sin', 'cos', 'tan']);

/** The terms added or subtracted at the top of an expression ("cx + cos(rot) * r" → cx, cos(rot) * r). */
function terms(ast: Ast): Ast[] {
  if (ast.type === 'binary' && (ast.op === '+' || ast.op === '-'))
    return [...terms(ast.left), ...terms(ast.right)];
  if (ast.type === 'negate') return terms(ast.arg);
  return [ast];
}

/** How often `name` occurs outside and inside the arguments of sin, cos and tan. */
function occurrences(ast: Ast, name: string, turning = false): { outside: number; inside: number } {
  switch (ast.type) {
    case 'number':
      return { outside: 0, inside: 0 };
    case 'name':
      return ast.name === name
        ? { outside: turning ? 0 : 1, inside: turning ? 1 : 0 }
        : { outside: 0, inside: 0 };
    case 'negate':
      return occurrences(ast.arg, name, turning);
    case 'binary': {
      const a = occurrences(ast.left, name, turning);
      const b = occurrences(ast.right, name, turning);
      return { outside: a.outside + b.outside, inside: a.inside + b.inside };
    }
    case 'call':
      return ast.args
        .map((arg) => occurrences(arg, name, turning || TURNING.has(ast.name)))
        .reduce((s, o) => ({ outside: s.outside + o.outside, inside: s.inside + o.inside }), {
          outside: 0,
          inside: 0,
        });
  }
}

function parsed(text: string): Ast | null {
  try {
    return parseExpression(text);
  } catch {
    return null;
  }
}

/** The unit of parameter `name` of `definition`: mm, an angle, or none. */
export function equationParamUnit(definition: EquationDefinition, name: string): Unit {
  const both = [parsed(definition.x), parsed(definition.y)].filter((ast): ast is Ast => ast !== null);
  if (both.some((ast) => terms(ast).some((t) => t.type === 'name' && t.name === name))) return 'mm';
  const found = both.map((ast) => occurrences(ast, name));
  const inside = found.reduce((n, o) => n + o.inside, 0);
  const outside = found.reduce((n, o) => n + o.outside, 0);
  return inside > 0 && outside === 0 ? 'angle' : 'none';
}
