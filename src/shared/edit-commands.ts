// The editor's edit commands as data: what the renderer asks the session to do to the drawing (add what a tool
// made, delete the selection, set one numeric property). Each command is one undoable step. The schemas are strict
// (unknown fields refused, numbers finite) because they guard the IPC gate; the session re-checks references.

import {
  CURVE_STATE_LAYOUT,
  type Constraint,
  type Curve,
  type Drawing,
  type EquationDefinition,
  type Spring,
  type Trace,
} from './drawing';
import * as s from './schema';

const id = s.string({ minLength: 1, maxLength: 64, pattern: /^[A-Za-z_][\w-]*$/, describe: 'an id' });
const coordinate = s.number({ min: -1e9, max: 1e9, describe: 'a coordinate within ±1e9' });
const vec2 = s.tuple([coordinate, coordinate]);
const length = s.number({ positive: true, max: 1e9, describe: 'a positive length' });
const angle = s.number({ min: -1e6, max: 1e6, describe: 'an angle in radians' });
const name = s.optional(s.string({ maxLength: 200 }));

const curveSchemas = {
  point: s.object({ kind: s.literal('point'), id, name, at: vec2 }),
  segment: s.object({ kind: s.literal('segment'), id, name, a: vec2, b: vec2 }),
  bar: s.object({ kind: s.literal('bar'), id, name, center: vec2, angle, length }),
  circle: s.object({ kind: s.literal('circle'), id, name, center: vec2, radius: length }),
  arc: s.object({
    kind: s.literal('arc'),
    id,
    name,
    center: vec2,
    radius: length,
    start: angle,
    sweep: angle,
  }),
  ellipse: s.object({
    kind: s.literal('ellipse'),
    id,
    name,
    center: vec2,
    rx: length,
    ry: length,
    rotation: angle,
  }),
  bezier: s.object({
    kind: s.literal('bezier'),
    id,
    name,
    points: s.tuple([vec2, vec2, vec2, vec2]),
  }),
  spline: s.object({
    kind: s.literal('spline'),
    id,
    name,
    points: s.array(vec2, { minItems: 2, maxItems: 10_000 }),
    closed: s.boolean(),
  }),
  equation: s.object({
    kind: s.literal('equation'),
    id,
    name,
    definition: id,
    params: s.record(s.number(), /^[A-Za-z_]\w*$/),
  }),
};

export const curveSchema = s.tagged('kind', curveSchemas) as s.Schema<Curve>;

const connector = s.object({
  curve: id,
  u: s.optional(s.number({ min: 0, max: 1 })),
  anchor: s.optional(s.oneOf(['start', 'end', 'center'] as const)),
});

const constraintSchemas = {
  attach: s.object({ kind: s.literal('attach'), id, a: connector, b: connector }),
  'on-curve': s.object({
    kind: s.literal('on-curve'),
    id,
    point: connector,
    curve: id,
    s: s.number({ min: 0, max: 1 }),
  }),
  pin: s.object({ kind: s.literal('pin'), id, point: connector, at: vec2 }),
  distance: s.object({ kind: s.literal('distance'), id, a: connector, b: connector, length }),
  motor: s.object({
    kind: s.literal('motor'),
    id,
    bar: s.optional(id),
    point: s.optional(connector),
    pivot: s.optional(connector),
    rpm: s.number({ min: -1e4, max: 1e4, describe: 'a speed in rpm within ±10000' }),
    angle,
    running: s.boolean(),
  }),
};

export const constraintSchema = s.tagged('kind', constraintSchemas) as s.Schema<Constraint>;

export const springSchema: s.Schema<Spring> = s.object({
  id,
  a: connector,
  b: connector,
  stiffness: s.number({ min: 0, max: 1e9, describe: 'a stiffness in [0, 1e9]' }),
  rest: s.number({ min: 0, max: 1e9, describe: 'a rest length in [0, 1e9]' }),
});

const paramName = s.string({ minLength: 1, maxLength: 64, pattern: /^[A-Za-z_]\w*$/, describe: 'a name' });
const expression = s.string({ minLength: 1, maxLength: 10_000, describe: 'an expression' });

export const equationDefinitionSchema: s.Schema<EquationDefinition> = s.object({
  id,
  name: s.string({ maxLength: 200 }),
  x: expression,
  y: expression,
  u0: s.number({ min: -1e9, max: 1e9 }),
  u1: s.number({ min: -1e9, max: 1e9 }),
  closed: s.boolean(),
  params: s.array(s.object({ name: paramName, value: s.number(), free: s.boolean() }), { maxItems: 64 }),
});

export const traceSchema: s.Schema<Trace> = s.object({
  id,
  point: connector,
  points: s.array(vec2, { maxItems: 1_000_000 }),
});

/** A number or a flag: the value of one editable property. */
const propertyValue: s.Schema<number | boolean> = {
  parse(value, path = '') {
    if (typeof value === 'boolean') return value;
    return s.number().parse(value, path);
  },
  jsonSchema: () => ({ oneOf: [{ type: 'number' }, { type: 'boolean' }] }),
};

/**
 * Add curves, constraints and springs together (a drawn curve and the attachments its snapped ends made), and the
 * equation definitions new equation curves use.
 */
export interface AddCommand {
  type: 'add';
  equations?: EquationDefinition[];
  curves?: Curve[];
  constraints?: Constraint[];
  springs?: Spring[];
  /** Trails of material points, recorded while the mechanism plays. */
  traces?: Trace[];
}
/** Delete by id: curves take every constraint, spring and trace that refers to them along. */
export interface DeleteCommand {
  type: 'delete';
  ids: string[];
}
/**
 * Set one property of a curve, constraint or spring. Curve fields are the names of CURVE_STATE_LAYOUT (a spline's
 * `x3`/`y3`, an equation curve's parameter names) plus a bar's `length`; constraints: a pin's `x`/`y`, a distance's
 * `length`, a motor's `rpm`/`angle`/`running`, a bead's `s`; springs: `stiffness`, `rest`.
 */
export interface SetCommand {
  type: 'set';
  id: string;
  field: string;
  value: number | boolean;
}
/**
 * Replace an equation definition (same id). Curves of that definition keep the values of parameters that still
 * exist and take the definition's values for new ones.
 */
export interface DefineCommand {
  type: 'define';
  definition: EquationDefinition;
}
/** Rename a curve (display name; empty clears it). */
export interface RenameCommand {
  type: 'rename';
  id: string;
  name: string;
}

export type EditCommand = AddCommand | DeleteCommand | SetCommand | RenameCommand | DefineCommand;

export const editCommandSchema = s.tagged('type', {
  add: s.object({
    type: s.literal('add'),
    equations: s.optional(s.array(equationDefinitionSchema, { maxItems: 10_000 })),
    curves: s.optional(s.array(curveSchema, { maxItems: 100_000 })),
    constraints: s.optional(s.array(constraintSchema, { maxItems: 100_000 })),
    springs: s.optional(s.array(springSchema, { maxItems: 100_000 })),
    traces: s.optional(s.array(traceSchema, { maxItems: 10_000 })),
  }),
  delete: s.object({ type: s.literal('delete'), ids: s.array(id, { minItems: 1, maxItems: 1_000_000 }) }),
  set: s.object({
    type: s.literal('set'),
    id,
    field: s.string({ minLength: 1, maxLength: 64 }),
    value: propertyValue,
  }),
  rename: s.object({ type: s.literal('rename'), id, name: s.string({ maxLength: 200 }) }),
  define: s.object({ type: s.literal('define'), definition: equationDefinitionSchema }),
}) as s.Schema<EditCommand>;

/** The names a curve's state parameters go by in `set`: CURVE_STATE_LAYOUT, spline x0/y0…, equation params. */
export function curveFieldNames(curve: Curve, drawing: Drawing): string[] {
  if (curve.kind === 'spline') return curve.points.flatMap((_, i) => [`x${i}`, `y${i}`]);
  if (curve.kind === 'equation') {
    const definition = drawing.equations.find((e) => e.id === curve.definition);
    return (definition?.params ?? []).filter((p) => p.free).map((p) => p.name);
  }
  return [...CURVE_STATE_LAYOUT[curve.kind]];
}

/** The editable fields of a constraint kind (see SetCommand). */
export const CONSTRAINT_FIELDS: Record<Constraint['kind'], string[]> = {
  pin: ['x', 'y'],
  distance: ['length'],
  motor: ['rpm', 'angle', 'running'],
  'on-curve': ['s'],
  attach: [],
};
export const SPRING_FIELDS = ['stiffness', 'rest'];
