// The names the language knows besides the definition's parameters: the variable u, the constants, the functions.

import {
  OP_ABS,
  OP_ACOS,
  OP_ASIN,
  OP_ATAN,
  OP_ATAN2,
  OP_COS,
  OP_EXP,
  OP_HYPOT,
  OP_LOG,
  OP_MAX,
  OP_MIN,
  OP_SIN,
  OP_SQRT,
  OP_TAN,
} from './ops';

export interface BuiltinFunction {
  op: number;
  /** Fewest arguments. */
  min: number;
  /** Most arguments (min, max and hypot fold any number ≥ 2 left to right). */
  max: number;
}

export const FUNCTIONS: Readonly<Record<string, BuiltinFunction>> = {
  sin: { op: OP_SIN, min: 1, max: 1 },
  cos: { op: OP_COS, min: 1, max: 1 },
  tan: { op: OP_TAN, min: 1, max: 1 },
  asin: { op: OP_ASIN, min: 1, max: 1 },
  acos: { op: OP_ACOS, min: 1, max: 1 },
  atan: { op: OP_ATAN, min: 1, max: 1 },
  atan2: { op: OP_ATAN2, min: 2, max: 2 },
  exp: { op: OP_EXP, min: 1, max: 1 },
  log: { op: OP_LOG, min: 1, max: 1 },
  sqrt: { op: OP_SQRT, min: 1, max: 1 },
  abs: { op: OP_ABS, min: 1, max: 1 },
  min: { op: OP_MIN, min: 2, max: Infinity },
  max: { op: OP_MAX, min: 2, max: Infinity },
  hypot: { op: OP_HYPOT, min: 2, max: Infinity },
};

export const CONSTANTS: Readonly<Record<string, number>> = { pi: Math.PI, e: Math.E };

/** The curve's own variable. */
export const VARIABLE = 'u';

export function isFunctionName(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(FUNCTIONS, name);
}

export function isConstantName(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(CONSTANTS, name);
}

/** Names a parameter may not take. */
export function isReservedName(name: string): boolean {
  return name === VARIABLE || isConstantName(name) || isFunctionName(name);
}
