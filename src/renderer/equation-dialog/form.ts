// The dialog's form as plain data, and everything it needs that is pure logic: conversion from and to an
// EquationDefinition, checking with errors tagged by field, number formatting. No DOM here, so it is tested in
// Node; dialog.ts only moves values between this and the page.

import type { EquationDefinition } from '../../shared/drawing';
import {
  compileDefinition,
  evaluateConstant,
  findNonFinite,
  findOpenEnds,
  type CompiledDefinition,
  type DefinitionError,
} from '../../engine/expr';

export interface ParamRow {
  name: string;
  /** As typed: a number or a constant expression ("2*pi"). */
  value: string;
  free: boolean;
}

export interface EquationForm {
  id: string;
  name: string;
  x: string;
  y: string;
  u0: string;
  u1: string;
  closed: boolean;
  params: ParamRow[];
}

/** Numbers as a person would type them: multiples of π by small fractions as "2*pi", "pi/2", "-3*pi/4". */
export function formatNumber(v: number): string {
  if (v !== 0 && Number.isFinite(v)) {
    const twelfths = (v / Math.PI) * 12;
    const k = Math.round(twelfths);
    if (k !== 0 && Math.abs(k) <= 1200 && Math.abs(twelfths - k) < 1e-9) {
      const g = gcd(Math.abs(k), 12);
      const num = k / g;
      const den = 12 / g;
      const head = num === 1 ? 'pi' : num === -1 ? '-pi' : `${num}*pi`;
      return den === 1 ? head : `${head}/${den}`;
    }
  }
  return String(v);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function formFromDefinition(def: EquationDefinition): EquationForm {
  return {
    id: def.id,
    name: def.name,
    x: def.x,
    y: def.y,
    u0: formatNumber(def.u0),
    u1: formatNumber(def.u1),
    closed: def.closed,
    params: def.params.map((p) => ({ name: p.name, value: formatNumber(p.value), free: p.free })),
  };
}

/** A fresh id for a new definition (the editor may replace it). */
export function newDefinitionId(): string {
  return `equation-${Math.random().toString(36).slice(2, 10)}`;
}

/** What a new dialog starts with: a circle the user can reshape. */
export function blankForm(id = newDefinitionId()): EquationForm {
  return {
    id,
    name: 'My curve',
    x: 'cx + r * cos(u)',
    y: 'cy + r * sin(u)',
    u0: '0',
    u1: '2*pi',
    closed: true,
    params: [
      { name: 'cx', value: '0', free: true },
      { name: 'cy', value: '0', free: true },
      { name: 'r', value: '20', free: false },
    ],
  };
}

/** Replaces the content with a preset's, keeping the form's id (the definition being edited stays itself). */
export function formFromPreset(preset: EquationDefinition, keepId: string): EquationForm {
  return { ...formFromDefinition(preset), id: keepId };
}

/** A parameter name not yet used in the form: a, b, c, … then p1, p2, … */
export function unusedParamName(form: EquationForm): string {
  const used = new Set(form.params.map((p) => p.name.trim()));
  for (const c of 'abcdfghkmnpst') if (!used.has(c)) return c;
  for (let i = 1; ; i++) if (!used.has(`p${i}`)) return `p${i}`;
}

export interface FormCheck {
  /** The definition the form describes, when it has no error at all (Save is possible). */
  definition: EquationDefinition | null;
  /** Compiled, for the preview, whenever the expressions compile (even with a non-finite sample). */
  compiled: CompiledDefinition | null;
  /** Parameter values in declared order for the preview. */
  values: Float64Array | null;
  errors: DefinitionError[];
  /**
   * A definition that can be saved but will surprise: none of its free parameters appears in x(u) or y(u), so
   * the curve can never be dragged, turned or pulled by a constraint. Null when there is nothing to say.
   */
  warning: string | null;
}

/** The warning for a definition no free parameter moves (FormCheck.warning). */
export const CANNOT_MOVE =
  'this curve cannot move: no free parameter appears in x(u) or y(u) (tick Free for one they use, e.g. cx, cy)';

/** Whether some free parameter is named in x(u) or y(u): otherwise nothing the solver changes moves the curve. */
export function movable(def: EquationDefinition): boolean {
  const named = (name: string) => new RegExp(`(^|[^A-Za-z0-9_])${name}($|[^A-Za-z0-9_])`);
  return def.params.some(
    (p) => p.free && p.name !== '' && (named(p.name).test(def.x) || named(p.name).test(def.y)),
  );
}

/** Checks the whole form: numeric fields, names, expressions, then finiteness over u at the given values. */
export function checkForm(form: EquationForm): FormCheck {
  const errors: DefinitionError[] = [];
  const number = (field: string, text: string, fallback: number): number => {
    const r = evaluateConstant(text);
    if (r.ok) return r.value;
    errors.push({ field, column: r.column, message: r.message });
    return fallback;
  };
  if (form.name.trim() === '') errors.push({ field: 'name', column: null, message: 'give the curve a name' });
  const u0 = number('u0', form.u0, 0);
  const u1 = number('u1', form.u1, u0 + 1);
  const def: EquationDefinition = {
    id: form.id,
    name: form.name.trim(),
    x: form.x,
    y: form.y,
    u0,
    u1,
    closed: form.closed,
    params: form.params.map((p, i) => ({
      name: p.name.trim(),
      value: number(`params[${i}].value`, p.value, 0),
      free: p.free,
    })),
  };
  const numericFields = new Set(errors.map((e) => e.field));
  const result = compileDefinition(def);
  if (!result.ok) {
    // A numeric field that did not parse already has its error; the placeholder value must not add another.
    errors.push(...result.errors.filter((e) => !numericFields.has(e.field)));
    return { definition: null, compiled: null, values: null, errors, warning: null };
  }
  const values = Float64Array.from(result.compiled.defaults);
  const problem = findNonFinite(result.compiled, values) ?? findOpenEnds(result.compiled, values);
  if (problem) errors.push(problem);
  const warning = movable(def) ? null : CANNOT_MOVE;
  return { definition: errors.length === 0 ? def : null, compiled: result.compiled, values, errors, warning };
}

/** Errors grouped by field, messages in order, for showing each under its input. */
export function errorsByField(errors: readonly DefinitionError[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const e of errors) {
    const list = map.get(e.field) ?? [];
    list.push(e.message);
    map.set(e.field, list);
  }
  return map;
}
