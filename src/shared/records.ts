// The valid values of every record a drawing is made of — curves, constraints, springs, traces, equation
// definitions, the view — written once. The file loader (src/document), the IPC gate's edit commands
// (edit-commands.ts), the session's `set` and the engine's build all check records with these schemas, and the
// published JSON Schema is generated from them, so what one layer accepts every other layer accepts too.
// Cross-references (ids that must exist and be unique) are checked by references.ts, beside this file.

import {
  FIT_LOSSES,
  PARAMETER_UNITS,
  type Parameter,
  type Attractor,
  type Connector,
  type Constraint,
  type Curve,
  type EquationDefinition,
  type PointSet,
  type ReferenceImage,
  type Spring,
  type TraceRecord,
  type ViewState,
} from './drawing';
import {
  MAX_COORDINATE,
  MAX_EQUATION_PARAMS,
  MAX_POINT_SET_POINTS,
  MAX_RPM,
  MAX_SPLINE_POINTS,
} from './limits';
import { IMAGE_MEDIA_TYPES, MAX_IMAGES, MAX_IMAGE_BYTES } from './image-data';
import { imageProblem } from './image-check';
import * as s from './schema';
import { SchemaError, describeValue, type Schema } from './schema';

/** Ids are how constraints name curves: short, printable, no surrounding blanks. */
export const id = s.string({
  minLength: 1,
  maxLength: 200,
  pattern: /^[^\s\p{Cc}](?:[^\p{Cc}]*[^\s\p{Cc}])?$/u,
  describe: 'an id (1–200 printable characters)',
});

/** A coordinate or any other unbounded quantity (an angle in radians): finite and within ±1e9. */
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

export const ANCHORS = ['start', 'end', 'center'] as const;

export const connector: Schema<Connector> = s.refined(
  s.object({
    curve: id,
    u: s.optional(unitParameter),
    anchor: s.optional(s.oneOf(ANCHORS)),
  }),
  (c) =>
    (c.u === undefined) === (c.anchor === undefined) ? ['', 'expected exactly one of u or anchor'] : null,
);

/** A curve's display name (optional; empty clears it in a rename). */
export const curveName = s.string({ maxLength: 1000 });
const name = s.optional(curveName);

/** An equation parameter's name: an identifier (never "__proto__", which JavaScript objects treat specially). */
export const PARAMETER_NAME = /^(?!__proto__$)[A-Za-z_][A-Za-z0-9_]*$/;

export const parameterName = s.string({
  minLength: 1,
  maxLength: 64,
  pattern: PARAMETER_NAME,
  describe: 'a parameter name (letters, digits, _)',
});

export const expression = s.string({ minLength: 1, maxLength: 10_000, describe: 'an expression' });

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
    points: s.array(vec2, { minItems: 2, maxItems: MAX_SPLINE_POINTS }),
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

/** A motor's fields; which of bar or point + pivot it sets is checked on the whole record (below). */
export const motorShape = s.object({
  kind: s.literal('motor'),
  id,
  bar: s.optional(id),
  point: s.optional(connector),
  pivot: s.optional(connector),
  rpm: s.number({ min: -MAX_RPM, max: MAX_RPM, describe: 'a speed within ±1e6 rpm' }),
  angle: coordinate,
  running: s.boolean(),
});

/** What every dimensional constraint carries besides its value (DimensionFields). */
const dimension = {
  reference: s.optional(s.boolean()),
  label: s.optional(vec2),
  name: s.optional(parameterName),
  expression: s.optional(expression),
};
const twoCurves = s.tuple([id, id]);

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
    ...dimension,
  }),
  horizontal: s.object({ kind: s.literal('horizontal'), id, a: connector, b: connector }),
  vertical: s.object({ kind: s.literal('vertical'), id, a: connector, b: connector }),
  parallel: s.object({ kind: s.literal('parallel'), id, lines: twoCurves }),
  perpendicular: s.object({ kind: s.literal('perpendicular'), id, lines: twoCurves }),
  angle: s.refined(
    s.object({
      kind: s.literal('angle'),
      id,
      lines: s.array(id, { maxItems: 2 }),
      at: s.optional(connector),
      angle: coordinate,
      ...dimension,
    }),
    (k) => {
      const directions = k.lines.length + (k.at ? 1 : 0);
      return directions >= 1 && directions <= 2
        ? null
        : ['lines', `expected one or two directions (lines, then at), got ${directions}`];
    },
  ),
  tangent: s.refined(
    s.object({
      kind: s.literal('tangent'),
      id,
      curves: s.optional(twoCurves),
      s: s.optional(unitParameter),
      internal: s.optional(s.boolean()),
      a: s.optional(connector),
      b: s.optional(connector),
    }),
    (t) => {
      const atConnectors = t.a !== undefined || t.b !== undefined;
      if (atConnectors && t.curves !== undefined) return ['', 'expected either curves or a and b, not both'];
      if (atConnectors) {
        if (t.a === undefined || t.b === undefined) return ['', 'expected both a and b'];
        if (t.s !== undefined || t.internal !== undefined)
          return ['', 'a tangent at two connectors has no s or internal'];
        return null;
      }
      if (t.curves === undefined) return ['', 'expected either curves or a and b'];
      if (t.s !== undefined && t.internal !== undefined)
        return ['', 'expected either s or internal, not both'];
      return null;
    },
  ),
  equal: s.object({ kind: s.literal('equal'), id, curves: twoCurves }),
  symmetric: s.object({ kind: s.literal('symmetric'), id, a: connector, b: connector, line: id }),
  midpoint: s.object({ kind: s.literal('midpoint'), id, point: connector, line: id }),
  concentric: s.object({ kind: s.literal('concentric'), id, curves: twoCurves }),
  'point-line-distance': s.object({
    kind: s.literal('point-line-distance'),
    id,
    point: connector,
    line: id,
    distance: nonNegativeSize,
    ...dimension,
  }),
  radius: s.object({
    kind: s.literal('radius'),
    id,
    curve: id,
    radius: positiveSize(),
    diameter: s.optional(s.boolean()),
    ...dimension,
  }),
  length: s.object({ kind: s.literal('length'), id, curve: id, length: positiveSize(), ...dimension }),
  motor: s.refined(motorShape, (m) => {
    if (m.bar !== undefined && (m.point !== undefined || m.pivot !== undefined))
      return ['', 'expected either bar or point and pivot, not both'];
    if (m.bar === undefined && (m.point === undefined || m.pivot === undefined))
      return ['', 'expected either bar or both point and pivot'];
    return null;
  }),
};
export const constraint = s.tagged('kind', constraintVariants);

const springShape = s.object({
  id,
  a: connector,
  /** The other end on a curve … */
  b: s.optional(connector),
  /** … or fixed on the paper, at this point: exactly one of b and at. */
  at: s.optional(vec2),
  stiffness: positiveSize(),
  rest: nonNegativeSize,
});

/** A spring: its first end on a curve, its other on a curve (`b`) or anchored to the paper (`at`). */
export const spring = Object.assign(
  s.refined(springShape, (sp): [string, string] | null => {
    if (sp.b === undefined && sp.at === undefined) return ['b', 'missing (or at: a point on the paper)'];
    if (sp.b !== undefined && sp.at !== undefined)
      return ['at', 'a spring ends on a curve (b) or the paper (at), not both'];
    return null;
  }),
  {
    shape: springShape.shape,
    jsonSchema: () => ({ ...springShape.jsonSchema(), oneOf: [{ required: ['b'] }, { required: ['at'] }] }),
  },
);

/** A colour as the colour picker gives it, "#rrggbb". */
export const color = s.string({
  minLength: 7,
  maxLength: 7,
  pattern: /^#[0-9a-fA-F]{6}$/,
  describe: 'a colour #rrggbb',
});

/**
 * A trace as the file and the IPC carry it. Up to a million raw points; thinned when it comes in, the trail keeps at
 * most MAX_TRACE_POINTS (trace-records.ts).
 */
export const trace: Schema<TraceRecord> = s.object({
  id,
  point: connector,
  points: s.array(vec2, { maxItems: 1_000_000 }),
  color: s.optional(color),
});

/** Whether the expressions compile is the expression compiler's to say (src/document/definitions.ts). */
export const equationDefinition: Schema<EquationDefinition> = s.refined(
  s.object({
    id,
    name: s.string({ maxLength: 1000 }),
    x: expression,
    y: expression,
    u0: coordinate,
    u1: coordinate,
    closed: s.boolean(),
    params: s.array(s.object({ name: parameterName, value: coordinate, free: s.boolean() }), {
      maxItems: MAX_EQUATION_PARAMS,
    }),
  }),
  (eq) => {
    if (!(eq.u0 < eq.u1)) return ['u1', `expected a number greater than u0 (${eq.u0}), got ${eq.u1}`];
    const seen = new Set<string>();
    for (let j = 0; j < eq.params.length; j++) {
      const p = eq.params[j];
      if (seen.has(p.name)) return [`params[${j}].name`, `duplicate parameter ${describeValue(p.name)}`];
      seen.add(p.name);
    }
    return null;
  },
);

export const MIN_ZOOM = 1e-6;
export const MAX_ZOOM = 1e6;

export const view: Schema<ViewState> = s.object({
  center: vec2,
  zoom: s.number({ min: MIN_ZOOM, max: MAX_ZOOM, describe: 'a zoom in [1e-6, 1e6] pixels per mm' }),
});

export const meta = s.object({
  title: s.string({ maxLength: 1000 }),
  created: s.string({ maxLength: 100 }),
  modified: s.string({ maxLength: 100 }),
});

/** Base64 of at most MAX_IMAGE_BYTES bytes. */
const MAX_IMAGE_BASE64 = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

export const imageShape = s.object({
  id,
  name: s.string({ minLength: 1, maxLength: 1000, describe: 'a name (1–1000 characters)' }),
  media: s.oneOf(IMAGE_MEDIA_TYPES),
  data: s.string({ minLength: 1, maxLength: MAX_IMAGE_BASE64 + 4, describe: 'base64 image data' }),
  pixels: s.tuple([
    s.number({ integer: true, min: 1, max: 1e6, describe: 'a pixel count' }),
    s.number({ integer: true, min: 1, max: 1e6, describe: 'a pixel count' }),
  ]),
  center: vec2,
  width: positiveSize(),
  rotation: coordinate,
  opacity: s.number({ min: 0, max: 1 }),
  locked: s.boolean(),
});

/**
 * A reference image: its placement, and its data a PNG or JPEG whose header says the media type and pixel size the
 * record says, within the limits (image-data.ts). Problems name the image by its name.
 */
export const referenceImage: Schema<ReferenceImage> = s.refined(imageShape, imageProblem);

/** A point set: data to fit to (issue 30), named as the user calls it. */
export const pointSet: Schema<PointSet> = s.object({
  id,
  name: s.string({ minLength: 1, maxLength: 1000, describe: 'a name (1–1000 characters)' }),
  points: s.array(vec2, { minItems: 1, maxItems: MAX_POINT_SET_POINTS }),
});

/** The fitted curves of a fit or a snake: at least one, each once (references.ts checks they exist). */
const fittedCurves = s.refined(s.array(id, { minItems: 1, maxItems: 1000 }), (ids) => {
  const seen = new Set<string>();
  for (let i = 0; i < ids.length; i++) {
    if (seen.has(ids[i])) return ['', `curve ${describeValue(ids[i])} listed twice`];
    seen.add(ids[i]);
  }
  return null;
});

const attractorBase = { id, on: s.boolean(), strength: positiveSize() };

export const attractorVariants = {
  points: s.object({
    kind: s.literal('points'),
    ...attractorBase,
    curves: fittedCurves,
    data: id,
    loss: s.oneOf(FIT_LOSSES),
  }),
  edges: s.object({
    kind: s.literal('edges'),
    ...attractorBase,
    curves: fittedCurves,
    image: id,
    range: positiveSize(),
  }),
  target: s.object({ kind: s.literal('target'), ...attractorBase, point: connector, at: vec2 }),
};
/** A fit, a snake or a target (drawing.ts, Attractor). */
export const attractor: Schema<Attractor> = s.tagged('kind', attractorVariants);

/**
 * A named value (drawing.ts, Parameter): an identifier, its value within its bounds (checked with the expressions,
 * src/document/parameters.ts, which says the value as the UI shows it).
 */
export const parameter: Schema<Parameter> = s.refined(
  s.object({
    id,
    name: parameterName,
    value: coordinate,
    unit: s.oneOf(PARAMETER_UNITS),
    min: s.optional(coordinate),
    max: s.optional(coordinate),
    expression: s.optional(expression),
  }),
  (p) =>
    p.min !== undefined && p.max !== undefined && p.min > p.max
      ? ['max', `expected a number not below min (${p.min}), got ${p.max}`]
      : null,
);

/** Most records of each kind a drawing may hold. */
export const MAX_RECORDS = {
  curves: 100_000,
  constraints: 100_000,
  springs: 100_000,
  traces: 10_000,
  equations: 10_000,
  pointSets: 1000,
  attractors: 10_000,
  parameters: 10_000,
} as const;

/**
 * A whole drawing's fields, as plain data (PlainDrawing): the file (document/format-schema.ts) puts its format and
 * version beside them; a drawing the page hands back after the session restarted (contract.ts) is just them.
 */
export const drawingFields = {
  curves: s.array(curve, { maxItems: MAX_RECORDS.curves }),
  constraints: s.array(constraint, { maxItems: MAX_RECORDS.constraints }),
  springs: s.array(spring, { maxItems: MAX_RECORDS.springs }),
  traces: s.array(trace, { maxItems: MAX_RECORDS.traces }),
  equations: s.array(equationDefinition, { maxItems: MAX_RECORDS.equations }),
  view,
  meta,
  images: s.optional(s.array(referenceImage, { maxItems: MAX_IMAGES })),
  pointSets: s.optional(s.array(pointSet, { maxItems: MAX_RECORDS.pointSets })),
  attractors: s.optional(s.array(attractor, { maxItems: MAX_RECORDS.attractors })),
  parameters: s.optional(s.array(parameter, { maxItems: MAX_RECORDS.parameters })),
};

// Compile-time proof that the schemas' output is the shared data model (and so cannot drift from it).
type AssertExtends<A extends B, B> = A;
export type _CurveMatches = AssertExtends<s.Infer<typeof curve>, Curve>;
export type _ConstraintMatches = AssertExtends<s.Infer<typeof constraint>, Constraint>;
export type _SpringMatches = AssertExtends<s.Infer<typeof spring>, Spring>;
export type _AttractorMatches = AssertExtends<s.Infer<typeof attractor>, Attractor>;
