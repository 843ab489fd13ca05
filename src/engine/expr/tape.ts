// About 410 lines, one file: the instruction set, its compiler and its interpreter are one encoding, and each
// opcode's fusion rule and its evaluation are read side by side.
//
// A compiled tape: the graph nodes a definition needs, flattened into instructions over one register file, in
// levels: level 0 computes x and y, level 1 adds the first derivatives, level 2 the second derivative in u. A
// caller that asked for the position at some u and then wants the derivatives at the same u runs only the next
// level's instructions; nothing is ever computed twice.
//
// Registers 0 … inputCount−1 hold the inputs, then the constants (preloaded, 1 and −0 among them), then one
// register per instruction. Evaluating is a loop over an Int32Array, no allocation, no recursion.
//
// All arithmetic but division is a multiply-add: a·b + c, a·b − c, c − a·b, a·b + c·e, a·b − c·e (`TAPE_PMA` …
// `TAPE_PPS`) and, for a tree of three or more terms, a sum of products s + Σ aᵢ·bᵢ − Σ cⱼ·eⱼ (`TAPE_SOP`, one
// loop per sign). a + b is a·1 + b, a − b is a·1 − b, −a is −0 − a·1, a·b is a·b + (−0), a² is a·a + (−0): each
// exactly the IEEE result of the original (x·1 = x, x + (−0) = x, −0 − x = −x, signed zeros included); only a
// sum of three or more terms may round differently, as it adds before it subtracts. Products and sums used only
// inside one sum are fused into it. Why: dispatch, not arithmetic, is the cost of an interpreted instruction.
// Two independent sums with the same term counts in a wave (x and y, usually) are one `TAPE_SOP2`, two
// accumulators in one loop. A cubic Bézier's position and first derivatives were 34 instructions of eight kinds,
// now 10 (see docs/equations.md, "Performance", for what each step gained; DefinitionEvaluator for why the
// evaluator runs on plain arrays).

import type { ExprGraph } from './graph';
import { OP_ADD, OP_CONST, OP_INPUT, OP_MUL, OP_NEG, OP_SQUARE, OP_SUB } from './ops';

/** Tape opcode: r[d] = r[a]·r[b] + r[c]. Function opcodes (div, sin, …) are the graph's own (all ≥ 5). */
export const TAPE_PMA = 0;
/** Tape opcode: r[d] = r[a]·r[b] − r[c]. */
export const TAPE_PMS = 1;
/** Tape opcode: r[d] = r[c] − r[a]·r[b]. */
export const TAPE_NMA = 2;
/** Tape opcode: r[d] = r[a]·r[b] + r[c]·r[e]. */
export const TAPE_PPA = 3;
/** Tape opcode: r[d] = r[a]·r[b] − r[c]·r[e]. */
export const TAPE_PPS = 4;

/**
 * Tape opcode: r[d] = r[s] + Σ r[aᵢ]·r[bᵢ] − Σ r[cⱼ]·r[eⱼ], laid out as opcode, d, the counts of added and of
 * subtracted products, s, then the pairs. 7 is the graph's OP_NEG, which never reaches a tape.
 */
export const TAPE_SOP = 7;
/**
 * Tape opcode: r[dᵢ] = r[aᵢ]·r[bᵢ] for n independent products, laid out as opcode, n, then the triples. 8 is
 * the graph's OP_SQUARE, which never reaches a tape either.
 */
export const TAPE_MUL = 8;

/**
 * Tape opcode: two sums of products with the same numbers of added and subtracted terms, independent of each
 * other, in one loop with two accumulators: r[d₁] = r[s₁] + Σ r[aᵢ]·r[bᵢ] − …, r[d₂] = r[s₂] + Σ r[a′ᵢ]·r[b′ᵢ] − ….
 * Laid out as opcode, d₁, d₂, the counts of added and of subtracted products, s₁, s₂, then a, b, a′, b′ per term.
 * x and y are usually such a pair (a Bézier's x and y, and their derivatives in u, share their terms' shape):
 * one dispatch instead of two, and the two additions chains interleave instead of waiting on each other.
 * 26 is past the graph's last opcode.
 */
export const TAPE_SOP2 = 26;

/**
 * Instruction layout in `Tape.code`: opcode, destination, operands a, b, c, e (registers; unused ones 0); a sum
 * of products (TAPE_SOP) is longer.
 */
export const INSTRUCTION_WIDTH = 6;

export interface Tape {
  readonly inputCount: number;
  /** Instructions, INSTRUCTION_WIDTH ints each, level after level. */
  readonly code: Int32Array;
  /** levelEnd[k]: index in `code` where level k's instructions end (level k starts at levelEnd[k − 1] or 0). */
  readonly levelEnd: Int32Array;
  /** instructionEnd[k]: instructions in levels 0 … k. */
  readonly instructionEnd: Int32Array;
  /** Initial register file: zeros for inputs and temporaries, the constants in their registers. */
  readonly template: Float64Array;
  /** Registers of each level's roots, in the order they were given. */
  readonly outputs: readonly Int32Array[];
}

const isProduct = (op: number): boolean => op === OP_MUL || op === OP_SQUARE;

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
  // A product that only feeds one sum, difference or negation of its own level (and is not itself wanted) is
  // folded into it; so is a sum, difference or negation that only feeds another, so a whole tree of sums becomes
  // one instruction over its terms.
  const single = (id: number, k: number): boolean => uses[id] === 1 && !isRoot[id] && level[id] === k;
  const isSum = (op: number): boolean => op === OP_ADD || op === OP_SUB || op === OP_NEG;
  const fused = new Uint8Array(size);

  const register = new Int32Array(size).fill(-1);
  const constants: number[] = [];
  const constantRegister = (value: number): number => {
    constants.push(value);
    return inputCount + constants.length - 1;
  };
  const one = constantRegister(1);
  const negativeZero = constantRegister(-0);
  for (let i = 0; i < size; i++) {
    if (level[i] < 0) continue;
    if (graph.op[i] === OP_INPUT) register[i] = graph.value[i];
    else if (graph.op[i] === OP_CONST) register[i] = constantRegister(graph.value[i]);
  }
  let next = inputCount + constants.length;
  const code: number[] = [];
  const levelEnd: number[] = [];
  const instructionEnd: number[] = [];
  let instructions = 0;
  const reg = (id: number): number => (id >= 0 ? register[id] : 0);
  // The terms of each sum tree, by its root: node ids of the terms added, then of those subtracted.
  const termsOf = new Map<number, { plus: number[]; minus: number[] }>();
  for (let k = 0; k < levels.length; k++) {
    // Sum trees are gathered from their roots down (descending ids), so inner sums are marked fused before their
    // turn comes; an explicit stack, since a long sum is a deep chain. Terms keep left-to-right order.
    for (let i = size - 1; i >= 0; i--) {
      if (level[i] !== k || fused[i] || !isSum(graph.op[i])) continue;
      const plus: number[] = [];
      const minus: number[] = [];
      const stack = [i, 1];
      while (stack.length > 0) {
        const sign = stack.pop() as number;
        const id = stack.pop() as number;
        const op = graph.op[id];
        if (id === i || (isSum(op) && single(id, k))) {
          if (id !== i) fused[id] = 1;
          if (op === OP_NEG) stack.push(graph.a[id], -sign);
          else stack.push(graph.b[id], op === OP_SUB ? -sign : sign, graph.a[id], sign);
        } else {
          if (isProduct(op) && single(id, k)) fused[id] = 1;
          (sign > 0 ? plus : minus).push(id);
        }
      }
      termsOf.set(i, { plus, minus });
    }
    // The level's instructions, then scheduled in waves: an instruction's wave is one more than the latest wave
    // of the registers it reads. Within a wave nothing depends on anything else, so its plain products become one
    // TAPE_MUL instruction: one dispatch for several multiplies (a polynomial's powers and coefficients).
    const records: { words: number[]; reads: number[]; product: boolean }[] = [];
    for (let i = 0; i < size; i++) {
      if (level[i] !== k || fused[i]) continue;
      const op = graph.op[i];
      if (op === OP_INPUT || op === OP_CONST) continue;
      register[i] = next++;
      const d = register[i];
      const terms = termsOf.get(i);
      const a = reg(graph.a[i]);
      const b = op === OP_SQUARE ? a : reg(graph.b[i]);
      if (terms) {
        const words = sumWords(d, terms.plus, terms.minus);
        const reads = words[0] === TAPE_SOP ? words.slice(4) : words.slice(2);
        records.push({ words, reads, product: false });
      } else if (op === OP_MUL || op === OP_SQUARE) {
        records.push({ words: [TAPE_PMA, d, a, b, negativeZero, 0], reads: [a, b], product: true });
      } else {
        records.push({ words: [op, d, a, b, 0, 0], reads: [a, b], product: false });
      }
    }
    const wave = new Map<number, number>();
    let lastWave = 0;
    const waveOf = records.map((rec) => {
      let w = 1;
      for (const src of rec.reads) w = Math.max(w, (wave.get(src) ?? 0) + 1);
      wave.set(rec.words[1], w);
      lastWave = Math.max(lastWave, w);
      return w;
    });
    for (let w = 1; w <= lastWave; w++) {
      const products: number[] = [];
      // A sum of products waiting for a partner with the same numbers of terms, by "added,subtracted".
      const unpaired = new Map<string, number[]>();
      records.forEach((rec, j) => {
        if (waveOf[j] !== w) return;
        if (rec.product) products.push(j);
        else if (rec.words[0] === TAPE_SOP) {
          const key = `${rec.words[2]},${rec.words[3]}`;
          const other = unpaired.get(key);
          if (other) {
            unpaired.delete(key);
            code.push(...pairWords(other, rec.words));
            instructions++;
          } else unpaired.set(key, rec.words);
        } else {
          code.push(...rec.words);
          instructions++;
        }
      });
      for (const words of unpaired.values()) {
        code.push(...words);
        instructions++;
      }
      if (products.length === 1) code.push(...records[products[0]].words);
      else if (products.length > 1) {
        code.push(TAPE_MUL, products.length);
        for (const j of products) code.push(records[j].words[1], records[j].words[2], records[j].words[3]);
      }
      if (products.length > 0) instructions++;
    }
    levelEnd.push(code.length);
    instructionEnd.push(instructions);
  }

  /** A term as the factors of a product: a fused product's own operands, else the node times 1. */
  function factors(id: number): [number, number] {
    if (!fused[id]) return [reg(id), one];
    return [reg(graph.a[id]), reg(graph.op[id] === OP_SQUARE ? graph.a[id] : graph.b[id])];
  }

  /** Σ plus − Σ minus, as the cheapest instruction that holds it. */
  function sumWords(d: number, plus: number[], minus: number[]): number[] {
    const p = plus.map(factors);
    const m = minus.map(factors);
    const plain = (t: [number, number]): boolean => t[1] === one;
    if (p.length === 2 && m.length === 0) {
      const [s, t] = plain(p[0]) ? [p[1], p[0]] : p;
      return plain(t) ? [TAPE_PMA, d, s[0], s[1], t[0], 0] : [TAPE_PPA, d, s[0], s[1], t[0], t[1]];
    } else if (p.length === 1 && m.length === 1) {
      if (plain(m[0])) return [TAPE_PMS, d, p[0][0], p[0][1], m[0][0], 0];
      if (plain(p[0])) return [TAPE_NMA, d, m[0][0], m[0][1], p[0][0], 0];
      return [TAPE_PPS, d, p[0][0], p[0][1], m[0][0], m[0][1]];
    } else if (p.length === 0 && m.length === 1) {
      return [TAPE_NMA, d, m[0][0], m[0][1], negativeZero, 0];
    }
    {
      // A plain term added starts the sum (saving a multiply), else −0, which adds to anything exactly.
      const first = p.findIndex(plain);
      const start = first >= 0 ? p.splice(first, 1)[0][0] : negativeZero;
      return [TAPE_SOP, d, p.length, m.length, start, ...[...p, ...m].flat()];
    }
  }

  /** Two TAPE_SOP instructions with the same term counts as one TAPE_SOP2. */
  function pairWords(first: number[], second: number[]): number[] {
    const words = [TAPE_SOP2, first[1], second[1], first[2], first[3], first[4], second[4]];
    for (let i = 5; i < first.length; i += 2) words.push(first[i], first[i + 1], second[i], second[i + 1]);
    return words;
  }

  const template = new Float64Array(next);
  for (let j = 0; j < constants.length; j++) template[inputCount + j] = constants[j];
  return {
    inputCount,
    code: Int32Array.from(code),
    levelEnd: Int32Array.from(levelEnd),
    instructionEnd: Int32Array.from(instructionEnd),
    template,
    outputs: levels.map((roots) => Int32Array.from(roots, (r) => register[r])),
  };
}

/**
 * Runs instructions [from, to) of `code` over the register file `r`. Opcodes appear as literals (TAPE_PMA …
 * TAPE_PPS = 0 … 4, OP_DIV = 5, TAPE_SOP = 7, the functions' own): under the CommonJS transform of tsx and
 * vitest an imported constant is a getter call on every use, and a switch over non-literal labels compares them
 * one by one (measured several times slower). The functions are in the same switch, not a helper: a call in the
 * loop made V8 re-check the arrays after it on every instruction. Index arithmetic is `| 0` so it needs no
 * overflow checks.
 */
export function runTape(code: readonly number[], r: number[], from: number, to: number): void {
  let pc = from | 0;
  while (pc < to) {
    const op = code[pc];
    if (op === 8) {
      // mul: independent products, one dispatch.
      const end = (pc + 2 + 3 * code[(pc + 1) | 0]) | 0;
      for (let k = (pc + 2) | 0; k < end; k = (k + 3) | 0) {
        r[code[k]] = r[code[(k + 1) | 0]] * r[code[(k + 2) | 0]];
      }
      pc = end;
      continue;
    }
    if (op === 26) {
      // sop2: two sums of products, interleaved.
      const mid = (pc + 7 + 4 * code[(pc + 3) | 0]) | 0;
      const end = (mid + 4 * code[(pc + 4) | 0]) | 0;
      let s1 = r[code[(pc + 5) | 0]];
      let s2 = r[code[(pc + 6) | 0]];
      let k = (pc + 7) | 0;
      for (; k < mid; k = (k + 4) | 0) {
        s1 += r[code[k]] * r[code[(k + 1) | 0]];
        s2 += r[code[(k + 2) | 0]] * r[code[(k + 3) | 0]];
      }
      for (; k < end; k = (k + 4) | 0) {
        s1 -= r[code[k]] * r[code[(k + 1) | 0]];
        s2 -= r[code[(k + 2) | 0]] * r[code[(k + 3) | 0]];
      }
      r[code[(pc + 1) | 0]] = s1;
      r[code[(pc + 2) | 0]] = s2;
      pc = end;
      continue;
    }
    const d = code[(pc + 1) | 0];
    if (op === 7) {
      // sop: a loop over the products, the sign once per group instead of a dispatch per term.
      const mid = (pc + 5 + 2 * code[(pc + 2) | 0]) | 0;
      const end = (mid + 2 * code[(pc + 3) | 0]) | 0;
      let s = r[code[(pc + 4) | 0]];
      let k = (pc + 5) | 0;
      for (; k < mid; k = (k + 2) | 0) s += r[code[k]] * r[code[(k + 1) | 0]];
      for (; k < end; k = (k + 2) | 0) s -= r[code[k]] * r[code[(k + 1) | 0]];
      r[d] = s;
      pc = end;
      continue;
    }
    const a = r[code[(pc + 2) | 0]];
    const b = r[code[(pc + 3) | 0]];
    const c = r[code[(pc + 4) | 0]];
    switch (op) {
      case 0: // pma
        r[d] = a * b + c;
        break;
      case 1: // pms
        r[d] = a * b - c;
        break;
      case 2: // nma
        r[d] = c - a * b;
        break;
      case 3: // ppa
        r[d] = a * b + c * r[code[(pc + 5) | 0]];
        break;
      case 4: // pps
        r[d] = a * b - c * r[code[(pc + 5) | 0]];
        break;
      case 5: // div
        r[d] = a / b;
        break;
      case 6: // pow
        r[d] = Math.pow(a, b);
        break;
      case 9: // sin
        r[d] = Math.sin(a);
        break;
      case 10: // cos
        r[d] = Math.cos(a);
        break;
      case 11: // tan
        r[d] = Math.tan(a);
        break;
      case 12: // asin
        r[d] = Math.asin(a);
        break;
      case 13: // acos
        r[d] = Math.acos(a);
        break;
      case 14: // atan
        r[d] = Math.atan(a);
        break;
      case 15: // atan2
        r[d] = Math.atan2(a, b);
        break;
      case 16: // exp
        r[d] = Math.exp(a);
        break;
      case 17: // log
        r[d] = Math.log(a);
        break;
      case 18: // sqrt
        r[d] = Math.sqrt(a);
        break;
      case 19: // abs
        r[d] = Math.abs(a);
        break;
      case 20: // min
        r[d] = Math.min(a, b);
        break;
      case 21: // max
        r[d] = Math.max(a, b);
        break;
      case 22: // hypot
        r[d] = Math.hypot(a, b);
        break;
      case 23: // sign
        r[d] = Math.sign(a);
        break;
      case 24: // step
        r[d] = a >= 0 ? 1 : a < 0 ? 0 : NaN;
        break;
      case 25: // divz
        r[d] = b === 0 ? 0 : a / b;
        break;
      default:
        r[d] = NaN;
    }
    pc = (pc + INSTRUCTION_WIDTH) | 0;
  }
}
