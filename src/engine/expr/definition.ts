// An equation definition compiled: its expressions parsed, names resolved, differentiated symbolically and
// flattened into four tapes (position; first derivatives; second derivative in u; how ∂p/∂u moves with the free
// parameters). `compileDefinition` never
// throws: every problem comes back as a DefinitionError naming its field and, where it has one, its column.
//
// About 470 lines, one file: the compiled form, the evaluator that runs it and the compilation that builds it all
// read the same tape layout (levels, input registers, outputs). The compilation's checks (params, range, fields)
// are the part that could stand apart if this grows.

import type { EquationDefinition } from '../../shared/drawing';
import { MAX_EQUATION_PARAMS } from '../../shared/limits';
import { PARAMETER_NAME } from '../../shared/records';
import { isReservedName } from './builtins';
import { ExprSyntaxError, type DefinitionError } from './errors';
import { ExprGraph } from './graph';
import { OP_INPUT } from './ops';
import { lowerExpression, type LowerProblem } from './lower';
import { parseExpression } from './parser';
import { compileTape, runTape as importedRunTape, type Tape } from './tape';

// Hot-path imports bound to module-local constants once: under a CommonJS transform (tsx, vitest) every use of an
// imported binding is a getter call on the exporting module, which showed up as a quarter of an evaluation.
const runTape = importedRunTape;

/** Most parameters a definition may declare: one bit each in a node's dependency set (see freeDependencies). */
export const MAX_PARAMS = MAX_EQUATION_PARAMS;

/**
 * Tape levels: 0 computes x, y; 1 the first derivatives; 2 the second derivative in u; 3 the mixed second
 * derivatives ∂²p/∂u∂q_k (a tangent constraint's, see CurveModel.tangentJacobian). Each level is computed only when
 * asked for, so curves without a tangent constraint never run levels 2 and 3.
 */
export const LEVEL_POSITION = 0;
export const LEVEL_FIRST = 1;
export const LEVEL_SECOND = 2;
export const LEVEL_TANGENT_JACOBIAN = 3;

export class CompiledDefinition {
  readonly paramNames: readonly string[];
  /** Declared values, by parameter index. */
  readonly defaults: Float64Array;
  /** Parameter indices of the free parameters, in declared order: the curve's state layout. */
  readonly freeParams: Int32Array;
  /**
   * Registers of the outputs of `position`, `first` and `second` (see DefinitionEvaluator), then of level 3's
   * mixed derivatives (∂²x/∂u∂q_k, ∂²y/∂u∂q_k for each free parameter k).
   */
  readonly outputs: readonly Int32Array[];
  /** Input register of each parameter (declared order): see `parameterRegisters`. */
  readonly paramRegister: Int32Array;

  constructor(
    readonly definition: EquationDefinition,
    /**
     * Levels: [x, y]; [∂x/∂u, ∂y/∂u, then ∂x/∂q_k, ∂y/∂q_k for each free parameter k]; [∂²x/∂u², ∂²y/∂u²];
     * [∂²x/∂u∂q_k, ∂²y/∂u∂q_k for each free parameter k] (u of the definition).
     */
    readonly tape: Tape,
    /**
     * The free parameters (positions in state order, ascending) that some ∂x/∂q_k or ∂y/∂q_k depends on. Reading
     * the Jacobian at a u already computed needs only these compared with q (`evaluateSome`), and none at all for
     * a curve linear in its free parameters (a Bézier, a circle): its Jacobian at a u is the same for every q. A centre (cx, cy) is never among them.
     */
    readonly jacobianParams: Int32Array,
    /** The free parameters ∂x/∂u or ∂y/∂u depends on, likewise (never a centre's cx, cy). */
    readonly tangentParams: Int32Array,
  ) {
    this.paramNames = definition.params.map((p) => p.name);
    this.defaults = Float64Array.from(definition.params, (p) => p.value);
    this.freeParams = Int32Array.from(
      definition.params.flatMap((p, i) => (p.free ? [i] : [])),
      (i) => i,
    );
    this.paramRegister = parameterRegisters(definition);
    const [pos, first, second, mixed] = tape.outputs;
    this.outputs = [
      pos,
      Int32Array.from([...pos, ...first]),
      Int32Array.from([...pos, ...first.subarray(0, 2), ...second]),
      mixed,
    ];
  }

  /** Instructions run for each kind of evaluation from scratch: position, first, second. */
  get instructionCounts(): [number, number, number] {
    const e = this.tape.instructionEnd;
    return [e[0], e[1], e[2]];
  }

  createEvaluator(): DefinitionEvaluator {
    return new DefinitionEvaluator(this);
  }
}

/**
 * Evaluates a compiled definition for one set of parameter values; owns its register file. It remembers which
 * levels of the tape are valid for the current u and parameters, so position then first at the same u runs the
 * position's instructions once.
 */
export class DefinitionEvaluator {
  // The working copies the interpreter touches are plain arrays (of doubles, of small integers), not typed
  // arrays: once any ArrayBuffer in the process has been detached (module loaders that transfer buffers between
  // threads do it: tsx, vitest), V8 checks every typed-array access for a detached buffer, which doubled the cost
  // of the tape's many small reads (Bézier tape: ~220 → ~140 ns). Plain arrays are never detached, so the
  // evaluator is equally fast either way. The template always holds −0, so `registers` has double elements.
  private readonly registers: number[];
  private readonly code: number[];
  private readonly levelEnd: number[];
  private readonly outputs: number[][];
  /** Highest level computed for the u and parameters now in the registers (−1: none). */
  private valid = -1;
  /** Highest level asked for at the current point (u and parameters) by `evaluateFree`. */
  private asked = 0;
  private readonly freeCount: number;

  constructor(readonly compiled: CompiledDefinition) {
    this.registers = Array.from(compiled.tape.template);
    this.code = Array.from(compiled.tape.code);
    this.levelEnd = Array.from(compiled.tape.levelEnd);
    this.outputs = compiled.outputs.map((o) => Array.from(o));
    this.freeCount = compiled.freeParams.length;
    this.setParams(compiled.defaults);
  }

  /** Parameter i (declared order, free and fixed alike). */
  setParam(i: number, value: number): void {
    const reg = this.compiled.paramRegister[i];
    if (this.registers[reg] !== value) {
      this.registers[reg] = value;
      this.valid = -1;
    }
  }

  setParams(values: ArrayLike<number>): void {
    for (let i = 0; i < values.length; i++) this.setParam(i, values[i]);
  }

  /**
   * Loads the free parameters, in declared order, from q[off …]. They sit in registers 1 … k in that order, so
   * this is one comparison per parameter against a contiguous run: the engine calls it before every evaluation,
   * and usually nothing changed.
   */
  setFree(q: Float64Array, off: number): void {
    const r = this.registers;
    const k = this.freeCount;
    let changed = false;
    for (let j = 0; j < k; j++) {
      const v = q[off + j];
      if (r[1 + j] !== v) {
        r[1 + j] = v;
        changed = true;
      }
    }
    if (changed) this.valid = -1;
  }

  /**
   * The engine's entry, `setFree(q, off)` and `evaluate(level, t)` in one call. It also looks ahead: the engine
   * asks for the position, then the tangent and the Jacobian at the same u, so when the last point went on to a
   * higher level than the one asked for now, a new point is computed up to that level at once (one pass over the
   * tape instead of two). A caller that only wants positions (sampling) pays for one needless pass, after which
   * the point before it asked for positions only.
   */
  evaluateFree(level: number, t: number, q: Float64Array, off: number): readonly number[] {
    const r = this.registers;
    // The common case, kept small so it inlines into the model's calls: the same point, already computed.
    if (r[0] === t && this.valid >= level && this.sameFree(q, off)) {
      if (level > this.asked) this.asked = level;
      return r;
    }
    return this.refresh(level, t, q, off);
  }

  /** Whether every free parameter's register equals q's. */
  private sameFree(q: Float64Array, off: number): boolean {
    const r = this.registers;
    // Two parameters per test: the loop's own branch and counter cost as much as the comparisons.
    const k = this.freeCount;
    const even = k & ~1;
    let j = 0;
    while (j < even && r[1 + j] === q[off + j] && r[2 + j] === q[off + j + 1]) j += 2;
    return j === even && (even === k || r[k] === q[off + k - 1]);
  }

  /**
   * `evaluateFree` for outputs that depend only on the free parameters listed in `which` (state positions; see
   * `CompiledDefinition.jacobianParams`): if the level is already computed at u = t and those parameters equal
   * q's, the registers are returned — the other parameters may differ, the outputs do not depend on them. With
   * `which` empty (the Jacobian of a curve linear in its parameters) nothing is compared; with `which` all of
   * them (a Bézier's tangent) the comparison is `evaluateFree`'s, two parameters at a time.
   */
  evaluateSome(
    level: number,
    t: number,
    q: Float64Array,
    off: number,
    which: readonly number[],
  ): readonly number[] {
    const r = this.registers;
    if (r[0] === t && this.valid >= level) {
      let same: boolean;
      if (which.length === this.freeCount) same = this.sameFree(q, off);
      else {
        let i = 0;
        while (i < which.length && r[1 + which[i]] === q[off + which[i]]) i++;
        same = i === which.length;
      }
      if (same) {
        if (level > this.asked) this.asked = level;
        return r;
      }
    }
    return this.refresh(level, t, q, off);
  }

  /** `evaluateFree` for a new u, new parameters or a level not yet computed. */
  private refresh(level: number, t: number, q: Float64Array, off: number): readonly number[] {
    const r = this.registers;
    let valid = this.valid;
    // NaN never equals itself, so a NaN u is simply recomputed every time.
    if (r[0] !== t) {
      r[0] = t;
      valid = -1;
    }
    const k = this.freeCount;
    if (valid < 0) {
      // A new u: everything is recomputed anyway, so the parameters are copied without comparing.
      for (let j = 0; j < k; j++) r[1 + j] = q[off + j];
    } else {
      for (let j = 0; j < k; j++) {
        const v = q[off + j];
        if (r[1 + j] !== v) {
          r[1 + j] = v;
          valid = -1;
        }
      }
    }
    let target = level;
    if (valid < 0) {
      if (this.asked > target) target = this.asked;
      this.asked = level;
    } else if (level > this.asked) {
      this.asked = level;
    }
    if (valid < target) {
      runTape(this.code, r, valid < 0 ? 0 : this.levelEnd[valid], this.levelEnd[target]);
      valid = target;
    }
    this.valid = valid;
    return r;
  }

  getParam(i: number): number {
    return this.registers[this.compiled.paramRegister[i]];
  }

  /**
   * Makes sure tape levels 0 … level are computed at u = t and returns the register file: read outputs at the
   * registers of `compiled.outputs` (no copying; valid until the next call or parameter change).
   */
  evaluate(level: number, t: number): readonly number[] {
    const r = this.registers;
    // NaN never equals itself, so a NaN u is simply recomputed every time.
    if (r[0] !== t) {
      r[0] = t;
      this.valid = -1;
    }
    if (this.valid < level) {
      runTape(this.code, r, this.valid < 0 ? 0 : this.levelEnd[this.valid], this.levelEnd[level]);
      this.valid = level;
    }
    return r;
  }

  private run(level: number, t: number, out: Float64Array, offset: number): void {
    const r = this.evaluate(level, t);
    const outputs = this.outputs[level];
    for (let k = 0; k < outputs.length; k++) out[offset + k] = r[outputs[k]];
  }

  /** out[offset …] = x, y at the definition's own u = t. */
  position(out: Float64Array, t: number, offset = 0): void {
    this.run(LEVEL_POSITION, t, out, offset);
  }

  /** out[offset …] = x, y, ∂x/∂t, ∂y/∂t, (∂x/∂q_k, ∂y/∂q_k) for each free parameter k. */
  first(out: Float64Array, t: number, offset = 0): void {
    this.run(LEVEL_FIRST, t, out, offset);
  }

  /** out[offset …] = x, y, ∂x/∂t, ∂y/∂t, ∂²x/∂t², ∂²y/∂t². */
  second(out: Float64Array, t: number, offset = 0): void {
    this.run(LEVEL_SECOND, t, out, offset);
  }
}

/**
 * The input register of each parameter: u is register 0, the free parameters 1 … k in declared order (the
 * curve's state order, so loading them from q is a contiguous copy), then the fixed ones in declared order.
 */
function parameterRegisters(def: EquationDefinition): Int32Array {
  const registers = new Int32Array(def.params.length);
  let next = 1;
  def.params.forEach((p, i) => {
    if (p.free) registers[i] = next++;
  });
  def.params.forEach((p, i) => {
    if (!p.free) registers[i] = next++;
  });
  return registers;
}

export type CompileResult =
  { ok: true; compiled: CompiledDefinition } | { ok: false; errors: DefinitionError[] };

/**
 * The free parameters (state positions j, input registers 1 + j) each node of `graph` depends on: at most
 * MAX_PARAMS = 32 parameters, a bit set per node.
 */
function freeDependencies(graph: ExprGraph, freeCount: number): Uint32Array {
  // Node ids are a topological order: a node depends on what its operands depend on.
  const depends = new Uint32Array(graph.size);
  for (let i = 0; i < graph.size; i++) {
    if (graph.op[i] === OP_INPUT) {
      const j = graph.value[i] - 1;
      depends[i] = j >= 0 && j < freeCount ? 1 << j : 0;
    } else {
      depends[i] = (graph.a[i] >= 0 ? depends[graph.a[i]] : 0) | (graph.b[i] >= 0 ? depends[graph.b[i]] : 0);
    }
  }
  return depends;
}

/** The free parameters that any of `roots` depends on (see `freeDependencies`), ascending. */
function freeInputsOf(depends: Uint32Array, roots: readonly number[], freeCount: number): Int32Array {
  let all = 0;
  for (const id of roots) all |= depends[id];
  const params: number[] = [];
  for (let j = 0; j < freeCount; j++) if ((all >>> j) & 1) params.push(j);
  return Int32Array.from(params);
}

function checkParams(def: EquationDefinition, errors: DefinitionError[]): void {
  if (def.params.length > MAX_PARAMS) {
    errors.push({
      field: 'params',
      column: null,
      message: `at most ${MAX_PARAMS} parameters, not ${def.params.length}`,
    });
  }
  const seen = new Map<string, number>();
  def.params.forEach((p, i) => {
    const field = `params[${i}].name`;
    if (!PARAMETER_NAME.test(p.name) && p.name !== '__proto__') {
      const shown = p.name === '' ? 'an empty name' : `'${p.name}'`;
      errors.push({
        field,
        column: null,
        message: `${shown} is not a valid name (letters, digits and _, not starting with a digit)`,
      });
    } else if (isReservedName(p.name) || p.name === '__proto__') {
      errors.push({
        field,
        column: null,
        message: `'${p.name}' is reserved (u, pi, e, __proto__ and the function names)`,
      });
    } else if (seen.has(p.name)) {
      errors.push({ field, column: null, message: `'${p.name}' is already params[${seen.get(p.name)}]` });
    } else {
      seen.set(p.name, i);
    }
    if (!Number.isFinite(p.value)) {
      errors.push({
        field: `params[${i}].value`,
        column: null,
        message: `the value of '${p.name}' is not a finite number`,
      });
    }
  });
}

function checkRange(def: EquationDefinition, errors: DefinitionError[]): void {
  if (!Number.isFinite(def.u0))
    errors.push({ field: 'u0', column: null, message: 'u0 is not a finite number' });
  if (!Number.isFinite(def.u1))
    errors.push({ field: 'u1', column: null, message: 'u1 is not a finite number' });
  // u runs forward (the file format requires it too); a reversed curve is written with u ↦ −u.
  if (Number.isFinite(def.u0) && Number.isFinite(def.u1) && !(def.u1 > def.u0)) {
    errors.push({ field: 'u1', column: null, message: `u1 must be greater than u0 (${def.u0})` });
  }
}

/** Parses and lowers one field; returns its node or -1 with errors added. */
function lowerField(
  field: 'x' | 'y',
  text: string,
  graph: ExprGraph,
  inputOf: ReadonlyMap<string, number>,
  errors: DefinitionError[],
): number {
  let ast;
  try {
    ast = parseExpression(text);
  } catch (e) {
    if (!(e instanceof ExprSyntaxError)) throw e;
    errors.push({ field, column: e.column, message: e.message });
    return -1;
  }
  const problems: LowerProblem[] = [];
  const node = lowerExpression(ast, graph, inputOf, problems);
  for (const p of problems) {
    errors.push({ field, column: p.column, message: `${p.message} at column ${p.column}` });
  }
  return problems.length > 0 ? -1 : node;
}

function compileUncached(def: EquationDefinition): CompileResult {
  const errors: DefinitionError[] = [];
  if (typeof def.x !== 'string' || typeof def.y !== 'string' || !Array.isArray(def.params)) {
    return {
      ok: false,
      errors: [{ field: 'definition', column: null, message: 'x, y must be text and params a list' }],
    };
  }
  checkParams(def, errors);
  checkRange(def, errors);
  const registerOf = parameterRegisters(def);
  const inputOf = new Map<string, number>();
  def.params.forEach((p, i) => {
    if (!inputOf.has(p.name)) inputOf.set(p.name, registerOf[i]);
  });
  const graph = new ExprGraph();
  const x = lowerField('x', def.x, graph, inputOf, errors);
  const y = lowerField('y', def.y, graph, inputOf, errors);
  if (errors.length > 0 || x < 0 || y < 0) return { ok: false, errors };

  const inputCount = def.params.length + 1;
  const du = graph.derivative(0, Math.max(x, y));
  const xu = du[x];
  const yu = du[y];
  const duu = graph.derivative(0, Math.max(xu, yu));
  const firstRoots = [xu, yu];
  def.params.forEach((p, i) => {
    if (!p.free) return;
    const dq = graph.derivative(registerOf[i], Math.max(x, y));
    firstRoots.push(dq[x], dq[y]);
  });
  // ∂²p/∂u∂q_k: ∂/∂q_k of ∂p/∂u (after the first level's, so that level's nodes and tape are as they were).
  const mixedRoots: number[] = [];
  def.params.forEach((p, i) => {
    if (!p.free) return;
    const dq = graph.derivative(registerOf[i], Math.max(xu, yu));
    mixedRoots.push(dq[xu], dq[yu]);
  });
  const tape = compileTape(graph, [[x, y], firstRoots, [duu[xu], duu[yu]], mixedRoots], inputCount);
  // firstRoots: ∂/∂u of x and y, then two per free parameter.
  const freeCount = firstRoots.length / 2 - 1;
  const depends = freeDependencies(graph, freeCount);
  const compiled = new CompiledDefinition(
    structuredClone(def),
    tape,
    freeInputsOf(depends, firstRoots.slice(2), freeCount),
    freeInputsOf(depends, [xu, yu], freeCount),
  );
  return { ok: true, compiled };
}

// Engine.build runs on every structural edit; compiling again each time would be wasted work. The key holds
// everything that shapes the tapes (values are only the defaults, but they are part of the definition a
// compiled result reports, so they are in the key too). Bounded so a long session does not grow it forever.
const CACHE_LIMIT = 64;
const cache = new Map<string, CompileResult>();

function cacheKey(def: EquationDefinition): string {
  return JSON.stringify([def.id, def.name, def.x, def.y, def.u0, def.u1, def.closed, def.params]);
}

/** Compiles a definition, or lists every problem found in it (with positions). */
export function compileDefinition(def: EquationDefinition): CompileResult {
  const key = cacheKey(def);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const result = compileUncached(def);
  cache.set(key, result);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return result;
}
