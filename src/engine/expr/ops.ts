// Opcodes of the expression graph and the tape, and the scalar meaning of each one. The same `applyOp` folds
// constants at compile time that the tape's loop computes at run time, so the two can never disagree.

export const OP_INPUT = 0;
export const OP_CONST = 1;
export const OP_ADD = 2;
export const OP_SUB = 3;
export const OP_MUL = 4;
export const OP_DIV = 5;
export const OP_POW = 6;
export const OP_NEG = 7;
export const OP_SQUARE = 8;
export const OP_SIN = 9;
export const OP_COS = 10;
export const OP_TAN = 11;
export const OP_ASIN = 12;
export const OP_ACOS = 13;
export const OP_ATAN = 14;
export const OP_ATAN2 = 15;
export const OP_EXP = 16;
export const OP_LOG = 17;
export const OP_SQRT = 18;
export const OP_ABS = 19;
export const OP_MIN = 20;
export const OP_MAX = 21;
export const OP_HYPOT = 22;
/** sign(a): the derivative of abs. */
export const OP_SIGN = 23;
/** a ≥ 0 ? 1 : 0: selects the active branch in the derivatives of min and max. */
export const OP_STEP = 24;
/** a / b, but 0 when b = 0: the derivative of hypot at the origin (a kink, like abs at 0) is taken as 0. */
export const OP_DIVZ = 25;

export const OP_NAMES: readonly string[] = [
  'input',
  'const',
  'add',
  'sub',
  'mul',
  'div',
  'pow',
  'neg',
  'square',
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
  'atan2',
  'exp',
  'log',
  'sqrt',
  'abs',
  'min',
  'max',
  'hypot',
  'sign',
  'step',
  'divz',
];

/** Operators whose two operands can be swapped (the graph stores them in a canonical order to share more). */
export function isCommutative(op: number): boolean {
  return op === OP_ADD || op === OP_MUL || op === OP_MIN || op === OP_MAX || op === OP_HYPOT;
}

export function applyOp(op: number, a: number, b: number): number {
  switch (op) {
    case OP_ADD:
      return a + b;
    case OP_SUB:
      return a - b;
    case OP_MUL:
      return a * b;
    case OP_DIV:
      return a / b;
    case OP_POW:
      return Math.pow(a, b);
    case OP_NEG:
      return -a;
    case OP_SQUARE:
      return a * a;
    case OP_SIN:
      return Math.sin(a);
    case OP_COS:
      return Math.cos(a);
    case OP_TAN:
      return Math.tan(a);
    case OP_ASIN:
      return Math.asin(a);
    case OP_ACOS:
      return Math.acos(a);
    case OP_ATAN:
      return Math.atan(a);
    case OP_ATAN2:
      return Math.atan2(a, b);
    case OP_EXP:
      return Math.exp(a);
    case OP_LOG:
      return Math.log(a);
    case OP_SQRT:
      return Math.sqrt(a);
    case OP_ABS:
      return Math.abs(a);
    case OP_MIN:
      return Math.min(a, b);
    case OP_MAX:
      return Math.max(a, b);
    case OP_HYPOT:
      return Math.hypot(a, b);
    case OP_SIGN:
      return Math.sign(a);
    case OP_STEP:
      return a >= 0 ? 1 : a < 0 ? 0 : NaN;
    case OP_DIVZ:
      return b === 0 ? 0 : a / b;
    default:
      throw new Error(`unknown opcode ${op}`);
  }
}
