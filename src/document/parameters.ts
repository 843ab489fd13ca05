// A drawing's expressions (issue 31): parameters and dimensions whose value is an expression over the names of
// parameters and of named dimensions ("= 2*crank + 5"). resolveExpressions evaluates them in dependency order and
// writes each value into its record — a new record in place of the old, never a whole list's record changed in place
// (session/history.ts) — so a dimension driven by `2*a` holds after every edit of `a`, on load and after undo. An
// expression reads and gives values as the UI shows them: lengths in mm, angles in degrees (a 'deg' parameter's or
// an angle dimension's name reads as degrees), a radius shown as a diameter as the diameter. Every refusal is a
// SchemaError at the record's path, in the user's words.

import { evaluateExpression, expressionNames, isReservedName } from '../engine/expr';
import type { Constraint, Drawing, Parameter } from '../shared/drawing';
import {
  dimensionField,
  isDimension,
  recordValue,
  recordValueOf,
  shownValue,
  type DimensionConstraint,
} from '../shared/dimension-value';
import { dimensionValueSchema } from '../shared/dimensions';
import { parameterName } from '../shared/records';
import { SchemaError, describeValue } from '../shared/schema';
import { parameterQuantity, parameterShown, parameterStored } from '../shared/parameter-units';

/** One named value or expression: a parameter or a dimension, where it is in the drawing. */
interface Entry {
  path: string;
  name: string | undefined;
  expression: string | undefined;
  /** Its value as an expression reads it (mm, degrees, plain). */
  shown: () => number;
  /** Writes a value computed from its expression (as shown) into the drawing, or throws at its path. */
  write: (shown: number) => void;
}

/** A dimension's value in the unit the UI shows, with its unit, for a message. */
function shownText(k: DimensionConstraint, shown: number): string {
  return k.kind === 'angle' ? `${Number(shown.toFixed(6))}°` : `${Number(shown.toFixed(6))} mm`;
}

/** The parameter's value within its bounds, or a refusal at `path` naming it. */
function checkBounds(p: Parameter, path: string): void {
  if (p.min !== undefined && p.value < p.min)
    throw new SchemaError(
      path,
      `${parameterQuantity(p, p.value)} is below its minimum ${parameterQuantity(p, p.min)}`,
    );
  if (p.max !== undefined && p.value > p.max)
    throw new SchemaError(
      path,
      `${parameterQuantity(p, p.value)} is above its maximum ${parameterQuantity(p, p.max)}`,
    );
}

/**
 * The parameters and dimensions as entries; their writes replace records: a dimension's in `drawing` at once, a
 * parameter's in a copy of the list that `commit` puts in the drawing (one copy, however many change).
 */
function entriesOf(drawing: Drawing): { entries: Entry[]; commit: () => void } {
  const entries: Entry[] = [];
  let parameters: Parameter[] | null = null;
  (drawing.parameters ?? []).forEach((_, i) => {
    const current = () => (parameters ?? drawing.parameters!)[i];
    const p = current();
    entries.push({
      path: `parameters[${i}]`,
      name: p.name,
      expression: p.expression,
      shown: () => parameterShown(current()),
      write: (shown) => {
        const value = parameterStored(current(), shown);
        if (value === current().value) return;
        parameters ??= drawing.parameters!.slice();
        parameters[i] = { ...current(), value };
      },
    });
  });
  drawing.constraints.forEach((k, i) => {
    if (!isDimension(k) || (k.name === undefined && k.expression === undefined)) return;
    const current = () => drawing.constraints[i] as DimensionConstraint;
    const path = `constraints[${i}]`;
    entries.push({
      path,
      name: k.name,
      expression: k.expression,
      shown: () => shownValue(current(), recordValue(current())),
      write: (shown) => {
        const dimension = current();
        const value = recordValueOf(dimension, shown);
        try {
          dimensionValueSchema(dimension.kind).parse(value, `${path}.expression`);
        } catch (error) {
          if (!(error instanceof SchemaError)) throw error;
          throw new SchemaError(
            `${path}.expression`,
            `${describeValue(dimension.expression)} = ${shownText(dimension, shown)}: ${error.detail}`,
          );
        }
        if (value === recordValue(dimension)) return;
        drawing.constraints[i] = { ...dimension, [dimensionField(dimension)]: value } as Constraint;
      },
    });
  });
  const commit = () => {
    if (parameters) drawing.parameters = parameters;
  };
  return { entries, commit };
}

/** The name table: every name an identifier (records.ts) the language does not own, and unique among all of them. */
function nameTable(entries: readonly Entry[]): Map<string, number> {
  const byName = new Map<string, number>();
  entries.forEach((entry, index) => {
    const name = entry.name;
    if (name === undefined) return;
    parameterName.parse(name, `${entry.path}.name`);
    if (isReservedName(name))
      throw new SchemaError(
        `${entry.path}.name`,
        `${describeValue(name)} is a name of the expression language`,
      );
    const first = byName.get(name);
    if (first !== undefined)
      throw new SchemaError(
        `${entry.path}.name`,
        `duplicate name ${describeValue(name)} (also ${entries[first].path})`,
      );
    byName.set(name, index);
  });
  return byName;
}

/** Without its leading "=" ("= 2*a" as typed), as the expression language reads it. */
export function expressionText(expression: string): string {
  const trimmed = expression.trimStart();
  return trimmed.startsWith('=') ? trimmed.slice(1) : expression;
}

/** Shifts a column of the text without its "=" back to one of the expression as written. */
function columnShift(expression: string): number {
  return expression.length - expressionText(expression).length;
}

/** Each entry's dependencies (entry indices), or a refusal of an unknown name or a syntax error at its column. */
function dependencies(entries: readonly Entry[], byName: ReadonlyMap<string, number>): number[][] {
  return entries.map((entry) => {
    if (entry.expression === undefined) return [];
    const shift = columnShift(entry.expression);
    const found = expressionNames(expressionText(entry.expression));
    const where = `${entry.path}.expression`;
    if (!found.ok)
      throw new SchemaError(
        where,
        found.message.replace(/\d+$/, (n) => String(Number(n) + shift)),
      );
    return found.names.map(({ name, column }) => {
      const index = byName.get(name);
      if (index === undefined)
        throw new SchemaError(where, `unknown name ${describeValue(name)} at column ${column + shift}`);
      return index;
    });
  });
}

/**
 * The entries with an expression in an order where each comes after what it uses; a cycle refused naming it. A
 * depth-first walk with its own stack: a chain of 100,000 names does not reach JavaScript's recursion limit.
 */
function evaluationOrder(entries: readonly Entry[], deps: readonly number[][]): number[] {
  const state = new Uint8Array(entries.length); // 0 unseen, 1 on the path, 2 done
  const next = new Int32Array(entries.length); // each entry on the path: its next dependency to visit
  const order: number[] = [];
  const path: number[] = [];
  const cycle = (i: number): never => {
    const chain = [...path.slice(path.indexOf(i)), i].map((j) => entries[j].name ?? entries[j].path);
    const start = entries[i];
    throw new SchemaError(
      `${start.path}.expression`,
      `${describeValue(start.name ?? start.path)} depends on itself: ${chain.join(' → ')}`,
    );
  };
  for (let root = 0; root < entries.length; root++) {
    if (state[root] !== 0) continue;
    state[root] = 1;
    path.push(root);
    while (path.length > 0) {
      const i = path[path.length - 1];
      if (next[i] < deps[i].length) {
        const d = deps[i][next[i]++];
        if (state[d] === 1) cycle(d);
        if (state[d] === 0) {
          state[d] = 1;
          path.push(d);
        }
        continue;
      }
      path.pop();
      state[i] = 2;
      if (entries[i].expression !== undefined) order.push(i);
    }
  }
  return order;
}

/**
 * Evaluates every expression of the drawing in dependency order and writes the values into their records
 * (replacing them); checks every parameter's bounds. Throws the first problem as a SchemaError at its path.
 */
export function resolveExpressions(drawing: Drawing): void {
  const { entries, commit } = entriesOf(drawing);
  if (entries.length === 0) return;
  const byName = nameTable(entries);
  const order = evaluationOrder(entries, dependencies(entries, byName));
  const scope = new Map<string, number>();
  for (const [name, index] of byName) scope.set(name, entries[index].shown());
  for (const i of order) {
    const entry = entries[i];
    const text = entry.expression!;
    const result = evaluateExpression(expressionText(text), scope);
    if (!result.ok) {
      const shift = columnShift(text);
      const message =
        result.column === null
          ? result.message
          : result.message.replace(/\d+$/, (n) => String(Number(n) + shift));
      throw new SchemaError(`${entry.path}.expression`, message);
    }
    entry.write(result.value);
    if (entry.name !== undefined) scope.set(entry.name, entry.shown());
  }
  commit();
  (drawing.parameters ?? []).forEach((p, i) => checkBounds(p, `parameters[${i}].value`));
}

/** The dimensions and parameters whose expression uses the parameter named `name`, by path. */
export function usersOf(drawing: Drawing, name: string): string[] {
  return entriesOf(drawing).entries.flatMap((entry) => {
    if (entry.expression === undefined) return [];
    const found = expressionNames(expressionText(entry.expression));
    return found.ok && found.names.some((n) => n.name === name) ? [entry.path] : [];
  });
}
