// A compiled tape: the graph nodes a set of outputs needs, flattened into instructions over a register file.
// Registers 0 … inputCount−1 hold the inputs, then the constants (preloaded), then one register per instruction.
// Evaluating is one loop over an Int32Array, no allocation, no recursion.

import type { ExprGraph } from './graph';
import {
  OP_ABS,
  OP_ACOS,
  OP_ADD,
  OP_ASIN,
  OP_ATAN,
  OP_ATAN2,
  OP_CONST,
  OP_COS,
  OP_DIV,
  OP_DIVZ,
  OP_EXP,
  OP_HYPOT,
  OP_INPUT,
  OP_LOG,
  OP_MAX,
  OP_MIN,
  OP_MUL,
  OP_NEG,
  OP_POW,
  OP_SIGN,
  OP_SIN,
  OP_SQRT,
  OP_SQUARE,
  OP_STEP,
  OP_SUB,
  OP_TAN,
} from './ops';

/** Instruction layout in `Tape.code`: opcode, destination, first operand, second operand (registers). */
export const INSTRUCTION_WIDTH = 4;

export interface Tape {
  readonly inputCount: number;
  /** Instructions, INSTRUCTION_WIDTH ints each. */
  readonly code: Int32Array;
  /** Initial register file: zeros for inputs and temporaries, the constants in their registers. */
  readonly template: Float64Array;
  /** Register of each output, in the order the outputs were requested. */
  readonly outputs: Int32Array;
}

/** Compiles the nodes that `roots` need. Inputs of the graph must be indices 0 … inputCount−1. */
export function compileTape(graph: ExprGraph, roots: readonly number[], inputCount: number): Tape {
  const needed = new Uint8Array(graph.size);
  let top = -1;
  for (const r of roots) {
    needed[r] = 1;
    if (r > top) top = r;
  }
  // Operands have smaller ids than their users, so one descending sweep marks everything reachable.
  for (let i = top; i >= 0; i--) {
    if (!needed[i]) continue;
    if (graph.a[i] >= 0) needed[graph.a[i]] = 1;
    if (graph.b[i] >= 0) needed[graph.b[i]] = 1;
  }
  const register = new Int32Array(graph.size).fill(-1);
  let next = inputCount;
  const constants: number[] = [];
  for (let i = 0; i <= top; i++) {
    if (!needed[i]) continue;
    if (graph.op[i] === OP_INPUT) {
      register[i] = graph.value[i];
    } else if (graph.op[i] === OP_CONST) {
      register[i] = next++;
      constants.push(graph.value[i]);
    }
  }
  const code: number[] = [];
  for (let i = 0; i <= top; i++) {
    if (!needed[i] || graph.op[i] === OP_INPUT || graph.op[i] === OP_CONST) continue;
    register[i] = next++;
    const b = graph.b[i];
    code.push(graph.op[i], register[i], register[graph.a[i]], b >= 0 ? register[b] : 0);
  }
  const template = new Float64Array(next);
  for (let k = 0; k < constants.length; k++) template[inputCount + k] = constants[k];
  return {
    inputCount,
    code: Int32Array.from(code),
    template,
    outputs: Int32Array.from(roots, (r) => register[r]),
  };
}

/** Runs every instruction of `code` over the register file `r` (inputs already written). */
export function runTape(code: Int32Array, r: Float64Array): void {
  const n = code.length;
  for (let pc = 0; pc < n; pc += INSTRUCTION_WIDTH) {
    const d = code[pc + 1];
    const a = r[code[pc + 2]];
    const b = r[code[pc + 3]];
    switch (code[pc]) {
      case OP_ADD:
        r[d] = a + b;
        break;
      case OP_SUB:
        r[d] = a - b;
        break;
      case OP_MUL:
        r[d] = a * b;
        break;
      case OP_DIV:
        r[d] = a / b;
        break;
      case OP_POW:
        r[d] = Math.pow(a, b);
        break;
      case OP_NEG:
        r[d] = -a;
        break;
      case OP_SQUARE:
        r[d] = a * a;
        break;
      case OP_SIN:
        r[d] = Math.sin(a);
        break;
      case OP_COS:
        r[d] = Math.cos(a);
        break;
      case OP_TAN:
        r[d] = Math.tan(a);
        break;
      case OP_ASIN:
        r[d] = Math.asin(a);
        break;
      case OP_ACOS:
        r[d] = Math.acos(a);
        break;
      case OP_ATAN:
        r[d] = Math.atan(a);
        break;
      case OP_ATAN2:
        r[d] = Math.atan2(a, b);
        break;
      case OP_EXP:
        r[d] = Math.exp(a);
        break;
      case OP_LOG:
        r[d] = Math.log(a);
        break;
      case OP_SQRT:
        r[d] = Math.sqrt(a);
        break;
      case OP_ABS:
        r[d] = Math.abs(a);
        break;
      case OP_MIN:
        r[d] = Math.min(a, b);
        break;
      case OP_MAX:
        r[d] = Math.max(a, b);
        break;
      case OP_HYPOT:
        r[d] = Math.hypot(a, b);
        break;
      case OP_SIGN:
        r[d] = Math.sign(a);
        break;
      case OP_STEP:
        r[d] = a >= 0 ? 1 : a < 0 ? 0 : NaN;
        break;
      case OP_DIVZ:
        r[d] = b === 0 ? 0 : a / b;
        break;
    }
  }
}

/** A tape with its own register file: several curves can share one compiled tape, each with its evaluator. */
export class TapeEvaluator {
  readonly registers: Float64Array;

  constructor(readonly tape: Tape) {
    this.registers = tape.template.slice();
  }

  /** Sets input i (0 … inputCount−1). */
  setInput(i: number, value: number): void {
    this.registers[i] = value;
  }

  /** Runs the tape and copies the outputs into out[offset …]. */
  evaluate(out: Float64Array, offset = 0): void {
    const r = this.registers;
    runTape(this.tape.code, r);
    const outputs = this.tape.outputs;
    for (let k = 0; k < outputs.length; k++) out[offset + k] = r[outputs[k]];
  }
}
