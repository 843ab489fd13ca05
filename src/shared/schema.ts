// A small schema language: each schema both validates an unknown value (returning it typed, or throwing one
// SchemaError that names the path of the first problem) and describes itself as JSON Schema (draft 2020-12).
// One source of truth for the file format and for IPC payloads. Plain objects out: unknown keys are rejected,
// so a typo in a file or a payload is reported instead of silently ignored.

export class SchemaError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(path ? `${path}: ${detail}` : detail);
    this.name = 'SchemaError';
  }
}

export type JsonSchema = Record<string, unknown>;

export interface Schema<T> {
  /** Returns the value typed (objects are copied, keeping only known keys), or throws SchemaError. */
  parse(value: unknown, path?: string): T;
  jsonSchema(): JsonSchema;
  /** Set by optional(): an object key with this schema may be absent. */
  readonly optional?: boolean;
  /**
   * Whether parse would accept the value, found without building the copy or spelling any path (containers only:
   * a scalar's parse allocates nothing). For hot callers; use `check` below, not this.
   */
  accepts?(value: unknown): boolean;
}

/** Whether parse would accept the value: no copy, no path, no exception for a value it refuses. */
export function accepts<T>(schema: Schema<T>, value: unknown): boolean {
  if (schema.accepts) return schema.accepts(value);
  try {
    schema.parse(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Throws the SchemaError parse would, without copying the value: for callers that keep the value they were given,
 * such as the engine's build. The path of a problem is spelled only once one is found (by parse itself).
 */
export function check<T>(schema: Schema<T>, value: unknown, path = ''): void {
  if (!accepts(schema, value)) schema.parse(value, path);
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

/** A short, safe rendering of a bad value for an error message. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return JSON.stringify(shown);
  }
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

/** The longest object key an error path shows whole; a longer one (a corrupted or hostile file) is cut with "…". */
const MAX_KEY_SHOWN = 40;

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  const shown = key.length > MAX_KEY_SHOWN ? `${key.slice(0, MAX_KEY_SHOWN)}…` : key;
  return path ? `${path}.${shown}` : shown;
}

export interface NumberOptions {
  min?: number;
  max?: number;
  /** Strictly greater than zero. */
  positive?: boolean;
  integer?: boolean;
  /** Shown in errors, e.g. "a positive number". */
  describe?: string;
}

/** A finite number (NaN and ±Infinity are always refused), optionally bounded. */
export function number(options: NumberOptions = {}): Schema<number> {
  const { min, max, positive, integer } = options;
  const what =
    options.describe ??
    (integer
      ? 'an integer'
      : positive
        ? 'a positive number'
        : min !== undefined && max !== undefined
          ? `a number in [${min}, ${max}]`
          : 'a number');
  return {
    parse(value, path = '') {
      const ok =
        typeof value === 'number' &&
        Number.isFinite(value) &&
        (!integer || Number.isInteger(value)) &&
        (!positive || value > 0) &&
        (min === undefined || value >= min) &&
        (max === undefined || value <= max);
      if (!ok) throw new SchemaError(path, `expected ${what}, got ${describeValue(value)}`);
      return value as number;
    },
    jsonSchema() {
      const out: JsonSchema = { type: integer ? 'integer' : 'number' };
      if (min !== undefined) out.minimum = min;
      if (max !== undefined) out.maximum = max;
      if (positive) out.exclusiveMinimum = 0;
      return out;
    },
  };
}

export interface StringOptions {
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  describe?: string;
}

export function string(options: StringOptions = {}): Schema<string> {
  const { minLength = 0, maxLength = 100_000, pattern } = options;
  const what = options.describe ?? 'a string';
  return {
    parse(value, path = '') {
      if (typeof value !== 'string')
        throw new SchemaError(path, `expected ${what}, got ${describeValue(value)}`);
      if (value.length < minLength || value.length > maxLength || (pattern && !pattern.test(value)))
        throw new SchemaError(path, `expected ${what}, got ${describeValue(value)}`);
      return value;
    },
    jsonSchema() {
      const out: JsonSchema = { type: 'string', minLength, maxLength };
      if (pattern) out.pattern = pattern.source;
      return out;
    },
  };
}

export function boolean(): Schema<boolean> {
  return {
    parse(value, path = '') {
      if (typeof value !== 'boolean')
        throw new SchemaError(path, `expected true or false, got ${describeValue(value)}`);
      return value;
    },
    jsonSchema: () => ({ type: 'boolean' }),
  };
}

export function literal<const T extends string | number | boolean>(expected: T): Schema<T> {
  return {
    parse(value, path = '') {
      if (value !== expected)
        throw new SchemaError(path, `expected ${JSON.stringify(expected)}, got ${describeValue(value)}`);
      return expected;
    },
    jsonSchema: () => ({ const: expected }),
  };
}

export function oneOf<const T extends string>(options: readonly T[]): Schema<T> {
  return {
    parse(value, path = '') {
      if (typeof value !== 'string' || !(options as readonly string[]).includes(value))
        throw new SchemaError(path, `expected one of ${options.join(', ')}, got ${describeValue(value)}`);
      return value as T;
    },
    jsonSchema: () => ({ enum: [...options] }),
  };
}

export interface ArrayOptions {
  minItems?: number;
  maxItems?: number;
}

export function array<T>(item: Schema<T>, options: ArrayOptions = {}): Schema<T[]> {
  const { minItems = 0, maxItems = 1_000_000 } = options;
  return {
    parse(value, path = '') {
      if (!Array.isArray(value))
        throw new SchemaError(path, `expected an array, got ${describeValue(value)}`);
      if (value.length < minItems)
        throw new SchemaError(path, `expected at least ${minItems} items, got ${value.length}`);
      if (value.length > maxItems)
        throw new SchemaError(path, `expected at most ${maxItems} items, got ${value.length}`);
      return value.map((v, i) => item.parse(v, join(path, i)));
    },
    accepts(value) {
      if (!Array.isArray(value) || value.length < minItems || value.length > maxItems) return false;
      for (let i = 0; i < value.length; i++) if (!accepts(item, value[i])) return false;
      return true;
    },
    jsonSchema: () => ({ type: 'array', items: item.jsonSchema(), minItems, maxItems }),
  };
}

export function tuple<const S extends readonly Schema<unknown>[]>(
  items: S,
): Schema<{ -readonly [K in keyof S]: Infer<S[K]> }> {
  return {
    parse(value, path = '') {
      if (!Array.isArray(value) || value.length !== items.length)
        throw new SchemaError(path, `expected an array of ${items.length}, got ${describeValue(value)}`);
      return items.map((s, i) => s.parse(value[i], join(path, i))) as {
        -readonly [K in keyof S]: Infer<S[K]>;
      };
    },
    accepts(value) {
      if (!Array.isArray(value) || value.length !== items.length) return false;
      for (let i = 0; i < items.length; i++) if (!accepts(items[i], value[i])) return false;
      return true;
    },
    jsonSchema: () => ({
      type: 'array',
      prefixItems: items.map((s) => s.jsonSchema()),
      minItems: items.length,
      maxItems: items.length,
    }),
  };
}

/** Marks an object key as optional. */
export function optional<T>(schema: Schema<T>): Schema<T | undefined> {
  return {
    optional: true,
    parse: (value, path = '') => (value === undefined ? undefined : schema.parse(value, path)),
    accepts: (value) => value === undefined || accepts(schema, value),
    jsonSchema: () => schema.jsonSchema(),
  };
}

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S];
type RequiredKeys<S extends Shape> = Exclude<keyof S, OptionalKeys<S>>;
export type ObjectOf<S extends Shape> = { [K in RequiredKeys<S>]: Infer<S[K]> } & {
  [K in OptionalKeys<S>]?: Exclude<Infer<S[K]>, undefined>;
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function object<S extends Shape>(shape: S): Schema<ObjectOf<S>> & { shape: S } {
  const keys = Object.keys(shape);
  return {
    shape,
    parse(value, path = '') {
      if (!isPlainObject(value))
        throw new SchemaError(path, `expected an object, got ${describeValue(value)}`);
      for (const key of Object.keys(value)) {
        // Own keys only: "toString" or "constructor" in a file is an unknown field, not Object.prototype's.
        if (!Object.hasOwn(shape, key)) throw new SchemaError(join(path, key), 'unknown field');
      }
      const out: Record<string, unknown> = {};
      for (const key of keys) {
        const schema = shape[key];
        const v = value[key];
        if (v === undefined && !schema.optional) throw new SchemaError(join(path, key), 'missing');
        const parsed = schema.parse(v, join(path, key));
        if (parsed !== undefined) out[key] = parsed;
      }
      return out as ObjectOf<S>;
    },
    accepts(value) {
      if (!isPlainObject(value)) return false;
      for (const key in value) if (Object.hasOwn(value, key) && !Object.hasOwn(shape, key)) return false;
      for (let i = 0; i < keys.length; i++) {
        const schema = shape[keys[i]];
        const v = value[keys[i]];
        if (v === undefined ? !schema.optional : !accepts(schema, v)) return false;
      }
      return true;
    },
    jsonSchema() {
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const key of keys) {
        properties[key] = shape[key].jsonSchema();
        if (!shape[key].optional) required.push(key);
      }
      return { type: 'object', properties, required, additionalProperties: false };
    },
  };
}

/** A map from free-form keys to values of one schema. */
export function record<T>(value: Schema<T>, keyPattern?: RegExp): Schema<Record<string, T>> {
  return {
    parse(input, path = '') {
      if (!isPlainObject(input))
        throw new SchemaError(path, `expected an object, got ${describeValue(input)}`);
      const out: Record<string, T> = {};
      for (const [k, v] of Object.entries(input)) {
        if (keyPattern && !keyPattern.test(k)) throw new SchemaError(join(path, k), 'invalid name');
        // defineProperty: a "__proto__" key stays a plain key instead of replacing the prototype.
        Object.defineProperty(out, k, {
          value: value.parse(v, join(path, k)),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    },
    accepts(input) {
      if (!isPlainObject(input)) return false;
      for (const [k, v] of Object.entries(input))
        if ((keyPattern && !keyPattern.test(k)) || !accepts(value, v)) return false;
      return true;
    },
    jsonSchema() {
      const out: JsonSchema = { type: 'object', additionalProperties: value.jsonSchema() };
      if (keyPattern) out.propertyNames = { pattern: keyPattern.source };
      return out;
    },
  };
}

/** A union discriminated by a string field, e.g. `kind`. Errors name the variant's own fields. */
export function tagged<K extends string, V extends Record<string, Schema<Record<string, unknown>>>>(
  key: K,
  variants: V,
): Schema<Infer<V[keyof V]>> {
  const names = Object.keys(variants);
  const choices =
    names.length <= 9 ? names.join(', ') : `the ${names.length} ${key}s ${names.slice(0, 5).join(', ')}, …`;
  return {
    parse(value, path = '') {
      if (!isPlainObject(value))
        throw new SchemaError(path, `expected an object, got ${describeValue(value)}`);
      const tag = value[key];
      if (typeof tag !== 'string' || !Object.hasOwn(variants, tag))
        // The value first, and a long list shortened: there are 18 constraint kinds, and an error line (the file's
        // path in front) is cut at 200 characters.
        throw new SchemaError(
          join(path, key),
          tag === undefined
            ? `missing (expected one of ${choices})`
            : `${describeValue(tag)} is not one of ${choices}`,
        );
      return variants[tag].parse(value, path) as Infer<V[keyof V]>;
    },
    accepts(value) {
      if (!isPlainObject(value)) return false;
      const tag = value[key];
      return typeof tag === 'string' && Object.hasOwn(variants, tag) && accepts(variants[tag], value);
    },
    jsonSchema: () => ({ oneOf: names.map((n) => variants[n].jsonSchema()) }),
  };
}

/** Nothing at all: for requests without a payload. */
export function none(): Schema<void> {
  return {
    parse(value, path = '') {
      if (value !== undefined && value !== null)
        throw new SchemaError(path, `expected no payload, got ${describeValue(value)}`);
    },
    jsonSchema: () => ({ type: 'null' }),
  };
}

/**
 * A schema with a further check on its parsed value, for rules between fields (u0 < u1, names unique in a list)
 * that belong to the record and so are checked wherever the record is, not by one caller. `rule` returns null
 * when the value is fine, or the problem as [path inside the value, message].
 */
export function refined<S extends Schema<unknown>>(
  schema: S,
  rule: (value: Infer<S>) => [where: string, detail: string] | null,
): S {
  // What else the schema carries (an object schema's `shape`) stays: a refined record still names its fields.
  return {
    ...schema,
    parse(value: unknown, path = '') {
      const parsed = schema.parse(value, path) as Infer<S>;
      const problem = rule(parsed);
      if (problem) {
        const [where, detail] = problem;
        throw new SchemaError(where ? (path ? `${path}.${where}` : where) : path, detail);
      }
      return parsed;
    },
    accepts: (value: unknown) => accepts(schema, value) && rule(value as Infer<S>) === null,
    jsonSchema: () => schema.jsonSchema(),
  };
}
