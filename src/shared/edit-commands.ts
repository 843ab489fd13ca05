// The editor's edit commands as data: what the renderer asks the session to do to the drawing (add what a tool
// made, delete the selection, set one numeric property). Each command is one undoable step. The schemas are strict
// (unknown fields refused, numbers finite) because they guard the IPC gate; the session re-checks references.

import {
  CURVE_STATE_LAYOUT,
  PARAMETER_UNITS,
  type Attractor,
  type Constraint,
  type Curve,
  type Drawing,
  type EquationDefinition,
  type FitLoss,
  type Parameter,
  type ParameterUnit,
  type PointSet,
  type ReferenceImage,
  type Spring,
  type TraceRecord,
  type Vec2,
} from './drawing';
import { MAX_IMAGES } from './image-data';
import * as r from './records';
import * as s from './schema';

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
  traces?: TraceRecord[];
  /** Reference images to trace over (File ▸ Place Image…), put on top of the ones there are. */
  images?: ReferenceImage[];
  /** Data to fit to (a CSV's points, clicked points). */
  pointSets?: PointSet[];
  /** Fits, snakes and targets. */
  attractors?: Attractor[];
  /** Named values (the Parameters panel's Add). */
  parameters?: Parameter[];
  /**
   * The freehand stroke the added curves were seeded from (the Pencil): once added and settled, they are fitted to
   * it once under every constraint — their snapped ends, H/V, their joins — and nothing of it is kept.
   */
  stroke?: Vec2[];
}
/** Delete by id: curves take every constraint, spring and trace that refers to them along. */
export interface DeleteCommand {
  type: 'delete';
  ids: string[];
}
/**
 * Set one property of a curve, constraint or spring. Curve fields are the names of CURVE_STATE_LAYOUT (a spline's
 * `x3`/`y3`, an equation curve's parameter names) plus a bar's or a segment's `length`; constraints: a pin's `x`/`y`, a distance's
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
/**
 * Rename a curve (display name; empty clears it), or name a dimension (an identifier expressions use; empty clears
 * it).
 */
export interface RenameCommand {
  type: 'rename';
  id: string;
  name: string;
}

/**
 * Move a dimension's value (and its dimension line with it): `offset` is the record's `label`, mm from where the
 * editor would place it (src/shared/dimension-layout.ts); [0, 0] puts it back there.
 */
export interface LabelCommand {
  type: 'label';
  id: string;
  offset: Vec2;
}

/**
 * Change a trace: `clear` empties its recorded trail (the traced point stays, and records again on the next Play);
 * `color` gives the trail a colour ("#rrggbb"). One undoable step.
 */
export interface TraceCommand {
  type: 'trace';
  id: string;
  clear?: boolean;
  color?: string;
}

/**
 * Change a reference image: any of its placement (moved, rotated, calibrated: centre and width together), opacity,
 * lock and name. One undoable step; what is absent stays.
 */
export interface ImageCommand {
  type: 'image';
  id: string;
  center?: Vec2;
  width?: number;
  rotation?: number;
  opacity?: number;
  locked?: boolean;
  name?: string;
}

/**
 * Change an attractor: switch it on or off, its strength, a fit's loss, a snake's capture range, a target's place
 * on the paper. One undoable step; what is absent stays; a field its kind does not have is refused.
 */
export interface AttractorCommand {
  type: 'attractor';
  id: string;
  on?: boolean;
  strength?: number;
  loss?: FitLoss;
  range?: number;
  at?: Vec2;
}

/**
 * Change a parameter: any of its name, value (in its stored unit: mm, radians, plain), unit, bounds and expression
 * ('' clears it). A value given without an expression clears the expression (typing a number replaces a formula, as
 * in a spreadsheet). One undoable step; what is absent stays.
 */
export interface ParameterCommand {
  type: 'parameter';
  id: string;
  name?: string;
  value?: number;
  unit?: ParameterUnit;
  min?: number;
  max?: number;
  expression?: string;
}

/** Drive a dimension by an expression (in the units the UI shows: mm, degrees); '' clears it. */
export interface ExpressionCommand {
  type: 'expression';
  id: string;
  expression: string;
}

/** One command of a batch: any but a batch. */
export type SingleEditCommand =
  | AddCommand
  | DeleteCommand
  | SetCommand
  | RenameCommand
  | DefineCommand
  | LabelCommand
  | TraceCommand
  | ImageCommand
  | AttractorCommand
  | ParameterCommand
  | ExpressionCommand;

/**
 * Several commands applied in order as one undoable edit, checked and settled once at the end (a fillet: the
 * corner's attachment deleted, the two lines trimmed, the arc added with its tangencies and radius). `label` names
 * the entry in the history ("Fillet").
 */
export interface BatchCommand {
  type: 'batch';
  label: string;
  commands: SingleEditCommand[];
}

export type EditCommand = SingleEditCommand | BatchCommand;

/** The most points a Pencil stroke sent with its curves may have (a minute of drawing at 240 Hz is 14,400). */
export const MAX_STROKE_POINTS = 20_000;

/** The most commands one batch may carry. */
export const MAX_BATCH_COMMANDS = 64;

const singleCommandVariants = {
  add: s.object({
    type: s.literal('add'),
    equations: s.optional(s.array(r.equationDefinition, { maxItems: r.MAX_RECORDS.equations })),
    curves: s.optional(s.array(r.curve, { maxItems: r.MAX_RECORDS.curves })),
    constraints: s.optional(s.array(r.constraint, { maxItems: r.MAX_RECORDS.constraints })),
    springs: s.optional(s.array(r.spring, { maxItems: r.MAX_RECORDS.springs })),
    traces: s.optional(s.array(r.trace, { maxItems: r.MAX_RECORDS.traces })),
    images: s.optional(s.array(r.referenceImage, { maxItems: MAX_IMAGES })),
    pointSets: s.optional(s.array(r.pointSet, { maxItems: r.MAX_RECORDS.pointSets })),
    attractors: s.optional(s.array(r.attractor, { maxItems: r.MAX_RECORDS.attractors })),
    parameters: s.optional(s.array(r.parameter, { maxItems: r.MAX_RECORDS.parameters })),
    stroke: s.optional(s.array(r.vec2, { maxItems: MAX_STROKE_POINTS })),
  }),
  delete: s.object({
    type: s.literal('delete'),
    ids: s.array(r.id, { minItems: 1, maxItems: 1_000_000 }),
  }),
  set: s.object({
    type: s.literal('set'),
    id: r.id,
    field: s.string({ minLength: 1, maxLength: 64 }),
    value: propertyValue,
  }),
  rename: s.object({ type: s.literal('rename'), id: r.id, name: r.curveName }),
  define: s.object({ type: s.literal('define'), definition: r.equationDefinition }),
  label: s.object({ type: s.literal('label'), id: r.id, offset: r.vec2 }),
  trace: s.object({
    type: s.literal('trace'),
    id: r.id,
    clear: s.optional(s.boolean()),
    color: s.optional(r.color),
  }),
  image: s.object({
    type: s.literal('image'),
    id: r.id,
    center: s.optional(r.vec2),
    width: s.optional(r.imageShape.shape.width),
    rotation: s.optional(r.coordinate),
    opacity: s.optional(r.imageShape.shape.opacity),
    locked: s.optional(s.boolean()),
    name: s.optional(r.imageShape.shape.name),
  }),
  attractor: s.object({
    type: s.literal('attractor'),
    id: r.id,
    on: s.optional(s.boolean()),
    strength: s.optional(r.attractorVariants.points.shape.strength),
    loss: s.optional(r.attractorVariants.points.shape.loss),
    range: s.optional(r.attractorVariants.edges.shape.range),
    at: s.optional(r.vec2),
  }),
  parameter: s.object({
    type: s.literal('parameter'),
    id: r.id,
    name: s.optional(r.parameterName),
    value: s.optional(r.coordinate),
    unit: s.optional(s.oneOf(PARAMETER_UNITS)),
    min: s.optional(r.coordinate),
    max: s.optional(r.coordinate),
    expression: s.optional(s.string({ maxLength: 10_000 })),
  }),
  expression: s.object({
    type: s.literal('expression'),
    id: r.id,
    expression: s.string({ maxLength: 10_000 }),
  }),
};

export const editCommandSchema = s.tagged('type', {
  ...singleCommandVariants,
  batch: s.object({
    type: s.literal('batch'),
    label: s.string({ minLength: 1, maxLength: 64 }),
    commands: s.array(s.tagged('type', singleCommandVariants), { minItems: 1, maxItems: MAX_BATCH_COMMANDS }),
  }),
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

/** A curve's flag that `set` may change (a spline's `closed`: closed and opened from its properties), or null. */
export function curveFlagSchema(curve: Curve, field: string): s.Schema<boolean> | null {
  return curve.kind === 'spline' && field === 'closed' ? r.curveVariants.spline.shape.closed : null;
}

/** A settable property's valid values: a number or a flag, as its record's schema says (records.ts). */
export type FieldSchema = s.Schema<number | boolean>;

const v = r.constraintVariants;
const reference = s.boolean();
/** The editable fields of each constraint kind (see SetCommand) and their valid values. */
export const CONSTRAINT_FIELD_SCHEMAS: Record<Constraint['kind'], Record<string, FieldSchema>> = {
  pin: { x: r.coordinate, y: r.coordinate },
  distance: { length: v.distance.shape.length, reference },
  'point-line-distance': { distance: v['point-line-distance'].shape.distance, reference },
  angle: { angle: v.angle.shape.angle, reference },
  radius: { radius: v.radius.shape.radius, diameter: s.boolean(), reference },
  length: { length: v.length.shape.length, reference },
  horizontal: {},
  vertical: {},
  parallel: {},
  perpendicular: {},
  tangent: {},
  equal: {},
  symmetric: {},
  midpoint: {},
  concentric: {},
  motor: {
    rpm: r.motorShape.shape.rpm,
    angle: r.motorShape.shape.angle,
    running: r.motorShape.shape.running,
  },
  'on-curve': { s: r.constraintVariants['on-curve'].shape.s },
  attach: {},
};
/** The editable fields of a constraint kind, in the order the Properties panel lists them. */
export const CONSTRAINT_FIELDS = Object.fromEntries(
  Object.entries(CONSTRAINT_FIELD_SCHEMAS).map(([kind, fields]) => [kind, Object.keys(fields)]),
) as Record<Constraint['kind'], string[]>;

export const SPRING_FIELD_SCHEMAS: Record<string, FieldSchema> = {
  stiffness: r.spring.shape.stiffness,
  rest: r.spring.shape.rest,
};
export const SPRING_FIELDS = Object.keys(SPRING_FIELD_SCHEMAS);

/**
 * The valid values of a curve's settable field (a name of curveFieldNames, or a bar's `length`): the record's own
 * field where it has one of that name (radius, rx, angle…), a coordinate otherwise (cx, x3, equation parameters).
 * Null when the curve has no such field.
 */
export function curveFieldSchema(curve: Curve, field: string, drawing: Drawing): s.Schema<number> | null {
  const shape: Record<string, s.Schema<unknown>> = r.curveVariants[curve.kind].shape;
  const own = (name: string) => (Object.hasOwn(shape, name) ? (shape[name] as s.Schema<number>) : null);
  if (curve.kind === 'bar' && field === 'length') return own('length');
  // A segment's length: not a state parameter, set by moving its end along it (commands.ts).
  if (curve.kind === 'segment' && field === 'length')
    return r.curveVariants.bar.shape.length as s.Schema<number>;
  if (!curveFieldNames(curve, drawing).includes(field)) return null;
  return own(field) ?? r.coordinate;
}
