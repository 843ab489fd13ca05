// The schema of a .curvewright file, version 1: the one source of truth from which both the loader's runtime
// validation (validate.ts) and the published JSON Schema (json-schema.ts → docs/curvewright.schema.json) come.
// Cross-references (ids that must exist, ids that must be unique) cannot be said in JSON Schema; references.ts
// checks them after this shape check.

import type {
  Constraint,
  Curve,
  Drawing,
  EquationDefinition,
  Spring,
  Trace,
  ViewState,
} from '../shared/drawing';
import * as s from '../shared/schema';
import { SchemaError, describeValue, type Schema } from '../shared/schema';

export const FORMAT_NAME = 'curvewright';
export const CURRENT_VERSION = 1;

/** Anything bigger than a kilometre-sized sheet is a corrupted number, not a drawing: reject it early. */
export const MAX_COORDINATE = 1e9;

/** Ids are how constraints name curves: short, printable, no surrounding blanks. */
export const id = s.string({
  minLength: 1,
  maxLength: 200,
  pattern: /^[^\s\p{Cc}](?:[^\p{Cc}]*[^\s\p{Cc}])?$/u,
  describe: 'an id (1–200 printable characters)',
});

/** A coordinate or any other unbounded quantity: finite and within ±1e9. */
export const coordinate = s.number({
  min: -MAX_COORDINATE,
  max: MAX_COORDINATE,
  describe: 'a number within ±1e9',
});

/**
 * A strictly positive size (radius, length, stiffness). The sign is checked first so the message for a negative
 * radius is the plain "expected a positive number, got -2"; a huge one gets its own message.
 */
export function positiveSize(): Schema<number> {
  const sign = s.number({ positive: true });
  return {
    parse(value, path = '') {
      const n = sign.parse(value, path);
      if (n > MAX_COORDINATE)
        throw new SchemaError(path, `expected a positive number up to 1e9, got ${describeValue(n)}`);
      return n;
    },
    jsonSchema: () => ({ type: 'number', exclusiveMinimum: 0, maximum: MAX_COORDINATE }),
  };
}

/** A size that may be zero (a spring's rest length, a distance). */
export const nonNegativeSize = s.number({
  min: 0,
  max: MAX_COORDINATE,
  describe: 'a number in [0, 1e9]',
});

export const vec2 = s.tuple([coordinate, coordinate]);
export const unitParameter = s.number({ min: 0, max: 1 });

export const connector = s.object({
  curve: id,
  u: s.optional(unitParameter),
  anchor: s.optional(s.oneOf(['start', 'end', 'center'] as const)),
});

const name = s.optional(s.string({ maxLength: 1000 }));

/** An equation parameter's name: an identifier (never "__proto__", which JavaScript objects treat specially). */
export const PARAMETER_NAME = /^(?!__proto__$)[A-Za-z_][A-Za-z0-9_]*$/;

export const curveVariants = {
  point: s.object({ kind: s.literal('point'), id, name, at: vec2 }),
  segment: s.object({ kind: s.literal('segment'), id, name, a: vec2, b: vec2 }),
  bar: s.object({
    kind: s.literal('bar'),
    id,
    name,
    center: vec2,
    angle: coordinate,
    length: positiveSize(),
  }),
  circle: s.object({ kind: s.literal('circle'), id, name, center: vec2, radius: positiveSize() }),
  arc: s.object({
    kind: s.literal('arc'),
    id,
    name,
    center: vec2,
    radius: positiveSize(),
    start: coordinate,
    sweep: coordinate,
  }),
  ellipse: s.object({
    kind: s.literal('ellipse'),
    id,
    name,
    center: vec2,
    rx: positiveSize(),
    ry: positiveSize(),
    rotation: coordinate,
  }),
  bezier: s.object({ kind: s.literal('bezier'), id, name, points: s.tuple([vec2, vec2, vec2, vec2]) }),
  spline: s.object({
    kind: s.literal('spline'),
    id,
    name,
    points: s.array(vec2, { minItems: 2, maxItems: 100_000 }),
    closed: s.boolean(),
  }),
  equation: s.object({
    kind: s.literal('equation'),
    id,
    name,
    definition: id,
    params: s.record(coordinate, PARAMETER_NAME),
  }),
};
export const curve = s.tagged('kind', curveVariants);

export const constraintVariants = {
  attach: s.object({ kind: s.literal('attach'), id, a: connector, b: connector }),
  'on-curve': s.object({ kind: s.literal('on-curve'), id, point: connector, curve: id, s: unitParameter }),
  pin: s.object({ kind: s.literal('pin'), id, point: connector, at: vec2 }),
  distance: s.object({
    kind: s.literal('distance'),
    id,
    a: connector,
    b: connector,
    length: nonNegativeSize,
  }),
  motor: s.object({
    kind: s.literal('motor'),
    id,
    bar: s.optional(id),
    point: s.optional(connector),
    pivot: s.optional(connector),
    rpm: s.number({ min: -1e6, max: 1e6 }),
    angle: coordinate,
    running: s.boolean(),
  }),
};
export const constraint = s.tagged('kind', constraintVariants);

export const spring = s.object({
  id,
  a: connector,
  b: connector,
  stiffness: positiveSize(),
  rest: nonNegativeSize,
});

export const trace = s.object({ id, point: connector, points: s.array(vec2, { maxItems: 1_000_000 }) });

export const parameterName = s.string({
  minLength: 1,
  maxLength: 64,
  pattern: PARAMETER_NAME,
  describe: 'a parameter name (letters, digits, _)',
});

const expression = s.string({ minLength: 1, maxLength: 10_000, describe: 'an expression' });

export const equationDefinition = s.object({
  id,
  name: s.string({ maxLength: 1000 }),
  x: expression,
  y: expression,
  u0: coordinate,
  u1: coordinate,
  closed: s.boolean(),
  params: s.array(s.object({ name: parameterName, value: coordinate, free: s.boolean() }), { maxItems: 100 }),
});

export const view = s.object({
  center: vec2,
  zoom: s.number({ min: 1e-6, max: 1e6, describe: 'a zoom in [1e-6, 1e6] pixels per mm' }),
});

export const meta = s.object({
  title: s.string({ maxLength: 1000 }),
  created: s.string({ maxLength: 100 }),
  modified: s.string({ maxLength: 100 }),
});

/** The whole file, version 1: the Drawing's fields at the top level next to format and version. */
export const fileV1 = s.object({
  format: s.literal(FORMAT_NAME),
  version: s.literal(CURRENT_VERSION),
  curves: s.array(curve, { maxItems: 100_000 }),
  constraints: s.array(constraint, { maxItems: 100_000 }),
  springs: s.array(spring, { maxItems: 100_000 }),
  traces: s.array(trace, { maxItems: 10_000 }),
  equations: s.array(equationDefinition, { maxItems: 10_000 }),
  view,
  meta,
});

// Compile-time proof that the schema's output is the shared Drawing model (and so cannot drift from it).
type Parsed = s.Infer<typeof fileV1>;
type AssertExtends<A extends B, B> = A;
export type _CurvesMatch = AssertExtends<Parsed['curves'][number], Curve>;
export type _ConstraintsMatch = AssertExtends<Parsed['constraints'][number], Constraint>;
export type _SpringsMatch = AssertExtends<Parsed['springs'][number], Spring>;
export type _TracesMatch = AssertExtends<Parsed['traces'][number], Trace>;
export type _EquationsMatch = AssertExtends<Parsed['equations'][number], EquationDefinition>;
export type _ViewMatch = AssertExtends<Parsed['view'], ViewState>;
export type _DrawingMatch = AssertExtends<Omit<Parsed, 'format' | 'version'>, Drawing>;
