// A compiled tape: the graph nodes a definition needs, flattened into instructions over one register file, in
// levels: level 0 computes x and y, level 1 adds the first derivatives, level 2 the second derivative in u. A
// caller that asked for the position at some u and then wants the derivatives at the same u runs only the next
// level's instructions; nothing is ever computed twice.
//
// Registers 0 … inputCount−1 hold the inputs, then the constants (preloaded), then one register per instruction.
// Evaluating is a loop over an Int32Array, no allocation, no recursion. A product used only by one sum is fused
// into it (a·b + c), which saves a dispatch, the dominant cost of a small instruction.

import type { ExprGraph } from './graph';
import { OP_ADD, OP_CONST, OP_FMA, OP_FMS, OP_FNMA, OP_INPUT, OP_MUL, OP_SUB } from './ops';

/** Instruction layout in `Tape.code`: opcode, destination, operands a, b, c (registers; unused ones 0). */
export const INSTRUCTION_WIDTH = 5;

export interface Tape {
  readonly inputCount: number;
  /** Instructions, INSTRUCTION_WIDTH ints each, level after level. */
  readonly code: Int32Array;
  /** levelEnd[k]: index in `code` where level k's instructions end (level k starts at levelEnd[k − 1] or 0). */
  readonly levelEnd: Int32Array;
  /** Initial register file: zeros for inputs and temporaries, the constants in their registers. */
  readonly template: Float64Array;
  /** Registers of each level's roots, in the order they were given. */
  readonly outputs: readonly Int32Array[];
}

/**
 * Compiles the nodes each level of roots needs, levels in order (a node needed by several levels is computed in
 * the first). Inputs of the graph must be indices 0 … inputCount−1.
 */
export function compileTape(
  graph: ExprGraph,
  levels: readonly (readonly number[])[],
  inputCount: number,
): Tape {
  const size = graph.size;
  // level[i]: the first level that needs node i (−1: none). Operands have smaller ids than their users, so a
  // descending sweep per level marks everything reachable.
  const level = new Int32Array(size).fill(-1);
  const uses = new Int32Array(size);
  const isRoot = new Uint8Array(size);
  levels.forEach((roots, k) => {
    let top = -1;
    const mark = new Uint8Array(size);
    for (const r of roots) {
      mark[r] = 1;
      isRoot[r] = 1;
      top = Math.max(top, r);
    }
    for (let i = top; i >= 0; i--) {
      if (!mark[i]) continue;
      if (level[i] < 0) level[i] = k;
      if (graph.a[i] >= 0) mark[graph.a[i]] = 1;
      if (graph.b[i] >= 0) mark[graph.b[i]] = 1;
    }
  });
  for (let i = 0; i < size; i++) {
    if (level[i] < 0) continue;
    if (graph.a[i] >= 0) uses[graph.a[i]]++;
    if (graph.b[i] >= 0) uses[graph.b[i]]++;
  }
  // A product that only feeds one sum (and is not itself wanted) is folded into that sum.
  const fusible = (id: number): boolean => graph.op[id] === OP_MUL && uses[id] === 1 && !isRoot[id];
  const fused = new Uint8Array(size);

  const register = new Int32Array(size).fill(-1);
  let next = inputCount;
  const constants: number[] = [];
  for (let i = 0; i < size; i++) {
    if (level[i] < 0) continue;
    if (graph.op[i] === OP_INPUT) register[i] = graph.value[i];
    else if (graph.op[i] === OP_CONST) {
      register[i] = next++;
      constants.push(graph.value[i]);
    }
  }
  const code: number[] = [];
  const levelEnd: number[] = [];
  const reg = (id: number): number => (id >= 0 ? register[id] : 0);
  for (let k = 0; k < levels.length; k++) {
    // Which products get fused is decided first, so they are skipped when their turn comes.
    for (let i = 0; i < size; i++) {
      if (level[i] !== k) continue;
      const op = graph.op[i];
      if (op !== OP_ADD && op !== OP_SUB) continue;
      const a = graph.a[i];
      const b = graph.b[i];
      if (fusible(a) && !fused[a]) fused[a] = 1;
      else if (fusible(b) && !fused[b]) fused[b] = 1;
    }
    for (let i = 0; i < size; i++) {
      if (level[i] !== k || fused[i]) continue;
      const op = graph.op[i];
      if (op === OP_INPUT || op === OP_CONST) continue;
      register[i] = next++;
      const a = graph.a[i];
      const b = graph.b[i];
      if ((op === OP_ADD || op === OP_SUB) && (fused[a] || fused[b])) {
        // a·b + c, a·b − c or c − a·b, with the product's own operands.
        const product = fused[a] ? a : b;
        const other = product === a ? b : a;
        const fop = op === OP_ADD ? OP_FMA : product === a ? OP_FMS : OP_FNMA;
        code.push(fop, register[i], reg(graph.a[product]), reg(graph.b[product]), reg(other));
      } else {
        code.push(op, register[i], reg(a), reg(b), 0);
      }
    }
    levelEnd.push(code.length);
  }
  const template = new Float64Array(next);
  for (let j = 0; j < constants.length; j++) template[inputCount + j] = constants[j];
  return {
    inputCount,
    code: Int32Array.from(code),
    levelEnd: Int32Array.from(levelEnd),
    template,
    outputs: levels.map((roots) => Int32Array.from(roots, (r) => register[r])),
  };
}

/**
 * Runs instructions [from, to) of `code` over the register file `r`. Opcodes appear as literals (those of ops.ts):
 * under the CommonJS transform of tsx and vitest an imported constant is a getter call on every use, and a switch
 * over non-literal labels compares them one by one (measured several times slower). The arithmetic that makes up most of a tape is
 * tested first in an if-chain, most frequent first; the rest goes through a switch. Measured on a circle's tape
 * (V8, node 20): the chain runs it in ~35 ns, a single switch over every opcode in ~57 ns, closures in ~71 ns.
 */
export function runTape(code: Int32Array, r: Float64Array, from: number, to: number): void {
  for (let pc = from; pc < to; pc += INSTRUCTION_WIDTH) {
    const op = code[pc];
    const d = code[pc + 1];
    const a = r[code[pc + 2]];
    const b = r[code[pc + 3]];
    if (op === 4)
      r[d] = a * b; // mul
    else if (op === 26)
      r[d] = a * b + r[code[pc + 4]]; // fma
    else if (op === 2)
      r[d] = a + b; // add
    else if (op === 3)
      r[d] = a - b; // sub
    else if (op === 7)
      r[d] = -a; // neg
    else if (op === 8)
      r[d] = a * a; // square
    else if (op === 27)
      r[d] = a * b - r[code[pc + 4]]; // fms
    else if (op === 28)
      r[d] = r[code[pc + 4]] - a * b; // fnma
    else if (op === 5)
      r[d] = a / b; // div
    else r[d] = applyRare(op, a, b);
  }
}

/** The functions: each costs far more than its dispatch, so a switch is fine here. */
function applyRare(op: number, a: number, b: number): number {
  switch (op) {
    case 6: // pow
      return Math.pow(a, b);
    case 9: // sin
      return Math.sin(a);
    case 10: // cos
      return Math.cos(a);
    case 11: // tan
      return Math.tan(a);
    case 12: // asin
      return Math.asin(a);
    case 13: // acos
      return Math.acos(a);
    case 14: // atan
      return Math.atan(a);
    case 15: // atan2
      return Math.atan2(a, b);
    case 16: // exp
      return Math.exp(a);
    case 17: // log
      return Math.log(a);
    case 18: // sqrt
      return Math.sqrt(a);
    case 19: // abs
      return Math.abs(a);
    case 20: // min
      return Math.min(a, b);
    case 21: // max
      return Math.max(a, b);
    case 22: // hypot
      return Math.hypot(a, b);
    case 23: // sign
      return Math.sign(a);
    case 24: // step
      return a >= 0 ? 1 : a < 0 ? 0 : NaN;
    case 25: // divz
      return b === 0 ? 0 : a / b;
    default:
      return NaN;
  }
}
