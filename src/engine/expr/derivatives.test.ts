// Random expression trees (fast-check): the compiled values match a direct tree-walking evaluation, and the
// symbolic derivatives (∂/∂u, ∂/∂a, ∂/∂b, ∂²/∂u²) match finite differences wherever the function is smooth.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EquationDefinition } from '../../shared/drawing';
import { bezierDefinition } from '../test-support/bezier-definition';
import { compileDefinition } from './definition';
import { INSTRUCTION_WIDTH, TAPE_MUL, TAPE_SOP, TAPE_SOP2 } from './tape';

type Tree =
  | { kind: 'leaf'; text: string }
  | { kind: 'unary'; fn: string; arg: Tree }
  | { kind: 'binary'; op: string; left: Tree; right: Tree }
  | { kind: 'call2'; fn: string; left: Tree; right: Tree };

const UNARY = ['-', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'exp', 'log', 'sqrt', 'abs'];
const BINARY = ['+', '-', '*', '/', '^'];
const CALL2 = ['atan2', 'min', 'max', 'hypot'];

const leaf = fc.oneof(
  fc.constantFrom('u', 'a', 'b', 'pi', 'e'),
  fc.integer({ min: 0, max: 30 }).map((n) => String(n / 10)),
);

const treeArb: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf.map((text): Tree => ({ kind: 'leaf', text })),
    fc.record({ kind: fc.constant('unary' as const), fn: fc.constantFrom(...UNARY), arg: tie('tree') }),
    fc.record({
      kind: fc.constant('binary' as const),
      op: fc.constantFrom(...BINARY),
      left: tie('tree'),
      right: tie('tree'),
    }),
    fc.record({
      kind: fc.constant('call2' as const),
      fn: fc.constantFrom(...CALL2),
      left: tie('tree'),
      right: tie('tree'),
    }),
  ),
})).tree;

function print(t: Tree): string {
  switch (t.kind) {
    case 'leaf':
      return t.text;
    case 'unary':
      return t.fn === '-' ? `-(${print(t.arg)})` : `${t.fn}(${print(t.arg)})`;
    case 'binary':
      return `(${print(t.left)}) ${t.op} (${print(t.right)})`;
    case 'call2':
      return `${t.fn}(${print(t.left)}, ${print(t.right)})`;
  }
}

type Env = { u: number; a: number; b: number };

/** The reference: evaluates the tree directly with Math, independent of the graph, simplifier and tape. */
function evaluate(t: Tree, env: Env): number {
  const v = evaluateNode(t, env);
  if (!Number.isFinite(v)) nonFiniteSeen = true;
  return v;
}
/** Set when some intermediate value was ±∞ or NaN: past one, ±0 decide the result and 0·x = 0 rewrites differ. */
let nonFiniteSeen = false;

function evaluateNode(t: Tree, env: Env): number {
  switch (t.kind) {
    case 'leaf':
      if (t.text === 'u' || t.text === 'a' || t.text === 'b') return env[t.text];
      if (t.text === 'pi') return Math.PI;
      if (t.text === 'e') return Math.E;
      return Number(t.text);
    case 'unary': {
      const x = evaluate(t.arg, env);
      if (t.fn === '-') return -x;
      return (Math as unknown as Record<string, (v: number) => number>)[t.fn](x);
    }
    case 'binary': {
      const l = evaluate(t.left, env);
      const r = evaluate(t.right, env);
      switch (t.op) {
        case '+':
          return l + r;
        case '-':
          return l - r;
        case '*':
          return l * r;
        case '/':
          return l / r;
        default:
          return Math.pow(l, r);
      }
    }
    case 'call2':
      return (Math as unknown as Record<string, (x: number, y: number) => number>)[t.fn](
        evaluate(t.left, env),
        evaluate(t.right, env),
      );
  }
}

function definitionOf(x: string): EquationDefinition {
  return {
    id: 'r',
    name: 'random',
    x,
    y: 'a * u',
    u0: 0,
    u1: 1,
    closed: false,
    params: [
      { name: 'a', value: 0, free: true },
      { name: 'b', value: 0, free: true },
    ],
  };
}

/** Fourth-order central difference of f at x with step h. */
function centralDifference(f: (x: number) => number, x: number, h: number): number {
  return (-f(x + 2 * h) + 8 * f(x + h) - 8 * f(x - h) + f(x - 2 * h)) / (12 * h);
}

/** Second-order one-sided differences, forward (h > 0) or backward (h < 0): they disagree across a kink. */
function oneSidedDifference(f: (x: number) => number, x: number, h: number): number {
  return (-3 * f(x) + 4 * f(x + h) - f(x + 2 * h)) / (2 * h);
}

function closeEnough(actual: number, expected: number, scale: number, tol: number): boolean {
  return Math.abs(actual - expected) <= tol * Math.max(1, Math.abs(expected), scale);
}

// Points on a grid of step 1/997 in [-2, 2]: zero is on it (kinks of abs, poles of 1/u get exercised), tiny
// subnormal values are not (there finite differences cannot resolve the function at all).
const coordinate = fc.integer({ min: -1994, max: 1994 }).map((n) => n / 997);
const envArb = fc.record({ u: coordinate, a: coordinate, b: coordinate });

describe('compiled expressions and their derivatives', () => {
  it('compute the same values as a direct evaluation of the tree', () => {
    let compared = 0;
    let runs = 0;
    fc.assert(
      fc.property(treeArb, envArb, (tree, env) => {
        runs++;
        const r = compileDefinition(definitionOf(print(tree)));
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const ev = r.compiled.createEvaluator();
        ev.setParams([env.a, env.b]);
        const out = new Float64Array(2);
        ev.position(out, env.u);
        nonFiniteSeen = false;
        const expected = evaluate(tree, env);
        if (nonFiniteSeen) return;
        compared++;
        // Simplification reorders a few operations (constant folding, 2·x for x + x): equal up to rounding.
        if (!closeEnough(out[0], expected, 0, 1e-9)) {
          throw new Error(`${print(tree)} at ${JSON.stringify(env)}: ${out[0]} vs ${expected}`);
        }
      }),
      { numRuns: 400, seed: 7 },
    );
    expect(compared).toBeGreaterThan(runs * 0.5);
  });

  it('differentiate exactly where finite differences are trustworthy', () => {
    let checked = 0;
    let runs = 0;
    fc.assert(
      fc.property(treeArb, envArb, (tree, env) => {
        runs++;
        const r = compileDefinition(definitionOf(print(tree)));
        if (!r.ok) throw new Error(r.errors[0].message);
        const ev = r.compiled.createEvaluator();
        const first = new Float64Array(8);
        const second = new Float64Array(6);
        ev.setParams([env.a, env.b]);
        ev.first(first, env.u);
        ev.second(second, env.u);
        const value = first[0];
        // Symbolic results in the layout x, y, x_u, y_u, x_a, y_a, x_b, y_b; second: …, x_uu, y_uu.
        const symbolic = { u: first[2], a: first[4], b: first[6], uu: second[4] };
        if (![value, symbolic.u, symbolic.a, symbolic.b, symbolic.uu].every(Number.isFinite)) return;
        if (Math.abs(value) > 1e6) return;

        const at = (e: Env): number => {
          ev.setParams([e.a, e.b]);
          const o = new Float64Array(2);
          ev.position(o, e.u);
          return o[0];
        };
        const slopeU = (e: Env): number => {
          ev.setParams([e.a, e.b]);
          const o = new Float64Array(8);
          ev.first(o, e.u);
          return o[2];
        };
        let allSmooth = true;
        for (const v of ['u', 'a', 'b', 'uu'] as const) {
          const name = v === 'uu' ? 'u' : v;
          const fn = v === 'uu' ? slopeU : at;
          const f = (x: number): number => fn({ ...env, [name]: x });
          // Two step sizes that agree, and left and right slopes that agree, mean the function is smooth around
          // here (no kink, pole or branch cut within the stencil).
          const x0 = env[name];
          const coarse = centralDifference(f, x0, 1e-3);
          const fine = centralDifference(f, x0, 2.5e-4);
          const right = oneSidedDifference(f, x0, 1e-4);
          const left = oneSidedDifference(f, x0, -1e-4);
          const estimates = [coarse, fine, right, left];
          const smooth =
            estimates.every(Number.isFinite) &&
            closeEnough(coarse, fine, 0, 1e-6) &&
            closeEnough(right, fine, 0, 1e-5) &&
            closeEnough(left, fine, 0, 1e-5);
          if (!smooth) {
            allSmooth = false;
            continue;
          }
          if (!closeEnough(symbolic[v], fine, Math.abs(value) * 1e-3, 1e-6)) {
            throw new Error(
              `∂/∂${v} of ${print(tree)} at ${JSON.stringify(env)}: ${symbolic[v]} vs FD ${fine}`,
            );
          }
        }
        if (allSmooth) checked++;
      }),
      { numRuns: 600, seed: 11 },
    );
    // Most random points are smooth: the comparison really ran, not only the filter.
    expect(checked).toBeGreaterThan(runs * 0.5);
  });

  it('shares subexpressions: a circle with free centre and radius is a dozen instructions', () => {
    const r = compileDefinition({
      id: 'c',
      name: 'circle',
      x: 'cx + r * cos(2 * pi * u)',
      y: 'cy + r * sin(2 * pi * u)',
      u0: 0,
      u1: 1,
      closed: true,
      params: [
        { name: 'cx', value: 1, free: true },
        { name: 'cy', value: 2, free: true },
        { name: 'r', value: 3, free: true },
      ],
    });
    if (!r.ok) throw new Error('compile failed');
    // x, y: 2πu, cos, sin and two fused cx + r·cos, cy + r·sin. ∂p/∂u: (−2π)·sin and 2π·cos (the sign joined
    // to the constant), then r times each: two independent pairs of products, one instruction each. ∂p/∂cx,
    // ∂p/∂cy are constants and ∂p/∂r is (cos, sin): no instruction at all.
    expect(r.compiled.instructionCounts).toEqual([5, 7, 9]);
    const out = new Float64Array(10);
    r.compiled.createEvaluator().first(out, 0.125);
    const c = Math.cos(Math.PI / 4);
    const s = Math.sin(Math.PI / 4);
    const expected = [1 + 3 * c, 2 + 3 * s, -6 * Math.PI * s, 6 * Math.PI * c, 1, 0, 0, 1, c, s];
    expected.forEach((v, i) => expect(out[i]).toBeCloseTo(v, 13));
  });
});

/**
 * The opcode of each instruction in code[from, to), found the way `runTape` steps through them: TAPE_MUL is 2 + 3
 * per product, TAPE_SOP2 7 + 4 per term, TAPE_SOP 5 + 2 per term, the rest INSTRUCTION_WIDTH.
 */
function opcodesOf(code: ArrayLike<number>, from: number, to: number): number[] {
  const opcodes: number[] = [];
  let pc = from;
  while (pc < to) {
    const op = code[pc];
    opcodes.push(op);
    if (op === TAPE_MUL) pc += 2 + 3 * code[pc + 1];
    else if (op === TAPE_SOP2) pc += 7 + 4 * (code[pc + 3] + code[pc + 4]);
    else if (op === TAPE_SOP) pc += 5 + 2 * (code[pc + 2] + code[pc + 3]);
    else pc += INSTRUCTION_WIDTH;
  }
  if (pc !== to) throw new Error(`instructions overrun ${to}: ${pc}`);
  return opcodes;
}

describe('the tape', () => {
  const bezier = () => bezierDefinition('b');

  it('differentiates a cubic Bézier into a short tape with the Bernstein values', () => {
    const r = compileDefinition(bezier());
    if (!r.ok) throw new Error('compile failed');
    // (u³)′ by the product rule is −u² − 2u²: like terms make it one multiply, −3·u². The four derivatives of
    // the basis are one instruction of independent products, two more combine them, and ∂x/∂u, ∂y/∂u are a sum
    // of four products each, the two in one paired instruction; ∂p/∂q are the basis itself.
    expect(r.compiled.instructionCounts[1] - r.compiled.instructionCounts[0]).toBe(4);
    const u = 0.3;
    const v = 1 - u;
    const b = [v * v * v, 3 * v * v * u, 3 * v * u * u, u * u * u];
    const db = [-3 * v * v, 3 * v * v - 6 * u * v, 6 * u * v - 3 * u * u, 3 * u * u];
    const px = [0, 10, 30, 40];
    const py = [0, 20, -5, 10];
    const dot = (w: number[], p: number[]): number => w.reduce((s, wi, i) => s + wi * p[i], 0);
    const out = new Float64Array(20);
    r.compiled.createEvaluator().first(out, u);
    const expected = [dot(b, px), dot(b, py), dot(db, px), dot(db, py)];
    for (let i = 0; i < 4; i++) {
      expected.push(b[i], 0, 0, b[i]);
    }
    expected.forEach((e, i) => expect(out[i]).toBeCloseTo(e, 12));
  });

  it('pairs sums of products with subtracted terms and computes both', () => {
    const r = compileDefinition({
      id: 'pair',
      name: 'pair',
      x: 'a * u - b * u^2 + c * sin(u) - a * b',
      y: 'b * cos(u) - c * u + a * u^3 - b * c',
      u0: 0,
      u1: 1,
      closed: false,
      params: [
        { name: 'a', value: 2, free: true },
        { name: 'b', value: -3, free: true },
        { name: 'c', value: 0.5, free: false },
      ],
    });
    if (!r.ok) throw new Error('compile failed');
    // Position: x and y are one TAPE_SOP2 (each a start term, c·sin u and b·cos u, plus one added and two
    // subtracted products). Opcodes only: a register number or a count could equal TAPE_SOP2 too.
    const { tape } = r.compiled;
    const opcodes = opcodesOf(tape.code, 0, tape.levelEnd[0]);
    expect(opcodes).toHaveLength(tape.instructionEnd[0]);
    expect(opcodes).toContain(TAPE_SOP2);
    const [a, b, c] = [2, -3, 0.5];
    const out = new Float64Array(8);
    for (const u of [0, 0.25, 0.9]) {
      r.compiled.createEvaluator().first(out, u);
      const expected = [
        a * u - b * u * u + c * Math.sin(u) - a * b,
        b * Math.cos(u) - c * u + a * u ** 3 - b * c,
        a - 2 * b * u + c * Math.cos(u),
        -b * Math.sin(u) - c + 3 * a * u * u,
        u - b, // ∂x/∂a
        u ** 3, // ∂y/∂a
        -u * u - a, // ∂x/∂b
        Math.cos(u) - c, // ∂y/∂b
      ];
      expected.forEach((e, i) => expect(out[i], `${i} at ${u}`).toBeCloseTo(e, 13));
    }
  });

  it('keeps signed zeros through the fused arithmetic', () => {
    const r = compileDefinition({
      id: 'z',
      name: 'zeros',
      x: '-u + 0 * a',
      y: 'atan2(-(u * u), -1) + atan2(u * 1 - u * 0, -1)',
      u0: 0,
      u1: 1,
      closed: false,
      params: [{ name: 'a', value: 1, free: true }],
    });
    if (!r.ok) throw new Error('compile failed');
    const out = new Float64Array(2);
    r.compiled.createEvaluator().position(out, 0);
    // −u at u = +0 is −0; atan2(−0, −1) = −π and atan2(+0, −1) = π.
    expect(Object.is(out[0], -0)).toBe(true);
    expect(out[1]).toBe(0);
  });

  it('gives the same values whatever order the levels are asked for in', () => {
    const r = compileDefinition(bezier());
    if (!r.ok) throw new Error('compile failed');
    const ev = r.compiled.createEvaluator();
    const q = Float64Array.from([0, 0, 10, 20, 30, -5, 40, 10]);
    const { outputs } = r.compiled;
    const fresh = (level: number, t: number): number[] => {
      const out = new Float64Array(20);
      const own = r.compiled.createEvaluator();
      if (level === 0) own.position(out, t);
      else own.first(out, t);
      return Array.from(out.subarray(0, outputs[level].length));
    };
    // Position after first derivatives (the look-ahead runs both levels), position only, first again.
    for (const [level, t] of [
      [1, 0.1],
      [0, 0.2],
      [1, 0.2],
      [0, 0.3],
      [0, 0.4],
      [1, 0.5],
      [1, 0.5],
    ]) {
      const reg = ev.evaluateFree(level, t, q, 0);
      expect(Array.from(outputs[level], (o) => reg[o])).toEqual(fresh(level, t));
    }
  });
});
