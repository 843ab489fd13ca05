// The drawing as data: what the file stores, what the session keeps, what the engine is built from and what the
// renderer mirrors. Plain JSON-compatible values (no classes, no undefined-as-meaning) except a trace's trail, which
// memory keeps compact (a Float64Array: trail.ts); PlainDrawing is the drawing with its trails as [x, y] arrays, as
// the file stores it and as it crosses IPC and the test bridge (trace-records.ts converts).
//
// Units: millimetres, y down (as in SVG). Angles in radians, counter-clockwise as seen on screen is *negative*
// because y points down; the engine simply uses (cos θ, sin θ) in these coordinates.

import type { Trail } from './trail';

export type Vec2 = [number, number];

/** The state parameters of each curve kind, in the order the engine stores them in q. */
export const CURVE_STATE_LAYOUT = {
  point: ['x', 'y'],
  segment: ['ax', 'ay', 'bx', 'by'],
  bar: ['cx', 'cy', 'angle'],
  circle: ['cx', 'cy', 'radius'],
  arc: ['cx', 'cy', 'radius', 'start', 'sweep'],
  ellipse: ['cx', 'cy', 'rx', 'ry', 'rotation'],
  bezier: ['x0', 'y0', 'x1', 'y1', 'x2', 'y2', 'x3', 'y3'],
  spline: [], // 2 per point: x0, y0, x1, y1, …
  equation: [], // the definition's free parameters, in declared order
} as const;

export type CurveKind = keyof typeof CURVE_STATE_LAYOUT;
export const CURVE_KINDS = Object.keys(CURVE_STATE_LAYOUT) as CurveKind[];

interface CurveBase {
  id: string;
  /** Optional display name. */
  name?: string;
}

export interface PointCurve extends CurveBase {
  kind: 'point';
  at: Vec2;
}
/** A stretchy segment: both endpoints free. */
export interface SegmentCurve extends CurveBase {
  kind: 'segment';
  a: Vec2;
  b: Vec2;
}
/** A rigid link: centre and angle are state, length is a shape constant (editable). u = 0 is centre − L/2 · dir. */
export interface BarCurve extends CurveBase {
  kind: 'bar';
  center: Vec2;
  angle: number;
  length: number;
}
export interface CircleCurve extends CurveBase {
  kind: 'circle';
  center: Vec2;
  radius: number;
}
export interface ArcCurve extends CurveBase {
  kind: 'arc';
  center: Vec2;
  radius: number;
  /** Angle of u = 0. */
  start: number;
  /** Signed angle from u = 0 to u = 1. */
  sweep: number;
}
export interface EllipseCurve extends CurveBase {
  kind: 'ellipse';
  center: Vec2;
  rx: number;
  ry: number;
  rotation: number;
}
export interface BezierCurve extends CurveBase {
  kind: 'bezier';
  points: [Vec2, Vec2, Vec2, Vec2];
}
/** A smooth interpolating spline through its points (n ≥ 2). */
export interface SplineCurve extends CurveBase {
  kind: 'spline';
  points: Vec2[];
  closed: boolean;
}
/** A curve of the user's own equations: `definition` names an entry of Drawing.equations. */
export interface EquationCurve extends CurveBase {
  kind: 'equation';
  definition: string;
  /** Value of every parameter of the definition, free or fixed, by name. */
  params: Record<string, number>;
}

export type Curve =
  | PointCurve
  | SegmentCurve
  | BarCurve
  | CircleCurve
  | ArcCurve
  | EllipseCurve
  | BezierCurve
  | SplineCurve
  | EquationCurve;

/** A named parameter of an equation definition: free ones are state (moved by the dynamics), fixed ones are shape. */
export interface EquationParam {
  name: string;
  value: number;
  free: boolean;
}

/** x(u, params…), y(u, params…) over u in [u0, u1], in the project's own expression language. */
export interface EquationDefinition {
  id: string;
  name: string;
  x: string;
  y: string;
  u0: number;
  u1: number;
  closed: boolean;
  params: EquationParam[];
}

export type Anchor = 'start' | 'end' | 'center';

/**
 * Whether a curve's 'center' anchor is its geometric centre, off the curve — circles, arcs and ellipses: the state's
 * cx, cy (CURVE_STATE_LAYOUT's first two), with no u — rather than the material point at u = anchorU('center').
 * The one place this is decided: the engine's connectors, the models' anchors, the renderer's snapping all ask it.
 */
export function centerIsOffCurve(kind: CurveKind): boolean {
  return kind === 'circle' || kind === 'arc' || kind === 'ellipse';
}

/** A material point of a curve: at a fixed u in [0, 1], or at a named anchor. Exactly one of u / anchor is set. */
export interface Connector {
  curve: string;
  u?: number;
  anchor?: Anchor;
}

interface ConstraintBase {
  id: string;
}
/** Two connectors coincide. */
export interface AttachConstraint extends ConstraintBase {
  kind: 'attach';
  a: Connector;
  b: Connector;
}
/** A connector slides on another curve: s (the bead's parameter on `curve`, in [0, 1]) is part of the state. */
export interface OnCurveConstraint extends ConstraintBase {
  kind: 'on-curve';
  point: Connector;
  curve: string;
  s: number;
}
/** A connector fixed in the page. */
export interface PinConstraint extends ConstraintBase {
  kind: 'pin';
  point: Connector;
  at: Vec2;
}
/**
 * A time-driven angle: of a bar (`bar` set), or of `point` about `pivot`. `angle` is the current driven angle,
 * unwrapped (any number of turns), advanced by rpm while running.
 */
export interface MotorConstraint extends ConstraintBase {
  kind: 'motor';
  bar?: string;
  point?: Connector;
  pivot?: Connector;
  rpm: number;
  angle: number;
  running: boolean;
}

/**
 * What every dimensional constraint (distance, point-line-distance, angle, radius, length) may carry besides its
 * value: `reference` — it measures and does not drive (no rows; its value follows the geometry), and `label` — where
 * the user dragged its label, an offset in mm from the placement the editor would choose.
 */
export interface DimensionFields {
  reference?: boolean;
  label?: Vec2;
  /** A name other expressions use for this dimension's value (an identifier, unique among names). */
  name?: string;
  /**
   * The value as an expression over parameters and named dimensions, in the units the UI shows (mm, degrees):
   * the value field is computed from it (src/document/parameters.ts).
   */
  expression?: string;
}

/** Distance between two connectors. */
export interface DistanceConstraint extends ConstraintBase, DimensionFields {
  kind: 'distance';
  a: Connector;
  b: Connector;
  length: number;
}
/** The line from connector a to connector b is horizontal (same y) or vertical (same x). */
export interface HorizontalConstraint extends ConstraintBase {
  kind: 'horizontal';
  a: Connector;
  b: Connector;
}
export interface VerticalConstraint extends ConstraintBase {
  kind: 'vertical';
  a: Connector;
  b: Connector;
}
/** Two line-like curves (segments, bars; each the line from its start to its end) parallel or perpendicular. */
export interface ParallelConstraint extends ConstraintBase {
  kind: 'parallel';
  lines: [string, string];
}
export interface PerpendicularConstraint extends ConstraintBase {
  kind: 'perpendicular';
  lines: [string, string];
}
/**
 * The angle (radians) between two directions, from the first to the second, or of one direction from the +x axis;
 * positive clockwise on screen (y down, as every angle of the drawing). The directions are the lines' (start to
 * end), in order, then — with `at` — the tangent (∂p/∂u) of `at`'s curve at that point: one or two in all.
 */
export interface AngleConstraint extends ConstraintBase, DimensionFields {
  kind: 'angle';
  lines: string[];
  /** A point of a curve with a direction (not a point curve, not a centre): its tangent is the last direction. */
  at?: Connector;
  angle: number;
}
/**
 * Tangency, in one of three forms:
 * - `curves: [line, curve]` and `s`: the line-like curve's line touches `curve` at its parameter s (state, like a
 *   bead's): a line tangent to a circle, arc, ellipse or any curve; a flat-faced cam follower;
 * - `curves: [round, round]` and `internal`: two circles or arcs touching, outside or (internal) inside;
 * - `a` and `b`: G1 where two curves meet: their directions at the two connectors are parallel.
 */
export interface TangentConstraint extends ConstraintBase {
  kind: 'tangent';
  curves?: [string, string];
  s?: number;
  internal?: boolean;
  a?: Connector;
  b?: Connector;
}
/** Equal lengths (two segments or bars) or equal radii (two circles or arcs). */
export interface EqualConstraint extends ConstraintBase {
  kind: 'equal';
  curves: [string, string];
}
/** Connectors a and b mirrored about the line of a line-like curve. */
export interface SymmetricConstraint extends ConstraintBase {
  kind: 'symmetric';
  a: Connector;
  b: Connector;
  line: string;
}
/** A connector at the middle of a line-like curve. */
export interface MidpointConstraint extends ConstraintBase {
  kind: 'midpoint';
  point: Connector;
  line: string;
}
/** Circles, arcs and ellipses sharing a centre. */
export interface ConcentricConstraint extends ConstraintBase {
  kind: 'concentric';
  curves: [string, string];
}
/** A connector's distance from the (infinite) line of a line-like curve, kept on the side it is on. */
export interface PointLineDistanceConstraint extends ConstraintBase, DimensionFields {
  kind: 'point-line-distance';
  point: Connector;
  line: string;
  distance: number;
}
/** A circle's or arc's radius; shown as a diameter when `diameter` is set. */
export interface RadiusConstraint extends ConstraintBase, DimensionFields {
  kind: 'radius';
  curve: string;
  radius: number;
  diameter?: boolean;
}
/** The length of a segment (or a bar, whose length it then is). */
export interface LengthConstraint extends ConstraintBase, DimensionFields {
  kind: 'length';
  curve: string;
  length: number;
}

export type Constraint =
  | AttachConstraint
  | OnCurveConstraint
  | PinConstraint
  | DistanceConstraint
  | MotorConstraint
  | HorizontalConstraint
  | VerticalConstraint
  | ParallelConstraint
  | PerpendicularConstraint
  | AngleConstraint
  | TangentConstraint
  | EqualConstraint
  | SymmetricConstraint
  | MidpointConstraint
  | ConcentricConstraint
  | PointLineDistanceConstraint
  | RadiusConstraint
  | LengthConstraint;
export type ConstraintKind = Constraint['kind'];

/** A soft spring from a connector to another (`b`), or to a fixed point of the paper (`at`): exactly one of them. */
export interface Spring {
  id: string;
  a: Connector;
  b?: Connector;
  at?: Vec2;
  stiffness: number;
  rest: number;
}

/** The trail left by a material point, as the file and the IPC carry it: its points as [x, y] pairs. */
export interface TraceRecord {
  id: string;
  point: Connector;
  points: Vec2[];
  /** The trail's colour ("#rrggbb"); absent: the theme's trace colour (TRACE_STROKE). */
  color?: string;
}

/** A trace in memory: its trail compact (trail.ts), thinned to what the drawn polyline needs. */
export interface Trace extends Omit<TraceRecord, 'points'> {
  points: Trail;
}

export interface ViewState {
  /** Drawing coordinates at the centre of the canvas. */
  center: Vec2;
  /** Screen pixels per millimetre. */
  zoom: number;
}

export interface DrawingMeta {
  title: string;
  created: string;
  modified: string;
}

/**
 * A picture to trace over (a photo, a scan), drawn under the curves: its file embedded (base64 of a PNG or JPEG),
 * placed on the paper in mm. Its height follows its pixels' aspect: width × pixels[1] / pixels[0].
 */
export interface ReferenceImage {
  id: string;
  /** What the user calls it (the file's name when placed); errors name the image by it. */
  name: string;
  media: 'image/png' | 'image/jpeg';
  /** The image file's bytes, base64. */
  data: string;
  /** Its width and height in pixels, as its header says (checked against it). */
  pixels: [number, number];
  /** Where its centre is on the paper (mm). */
  center: Vec2;
  /** Its width on the paper (mm). */
  width: number;
  /** Radians about its centre, clockwise on screen (y down, as every angle). */
  rotation: number;
  /** 0 (invisible) to 1 (opaque). */
  opacity: number;
  /** A locked image is not picked or dragged on the canvas. */
  locked: boolean;
}

/**
 * Data to fit curves to (issue 30): measured points on the paper (mm), drawn as small marks. From a CSV import, from
 * clicks, or from a trace.
 */
export interface PointSet {
  id: string;
  /** What the user calls it; errors and the properties panel name the set by it. */
  name: string;
  points: Vec2[];
}

/** How a data point's distance counts in a fit: squared, or Huber's (robust to a few outliers). */
export const FIT_LOSSES = ['squared', 'huber'] as const;
export type FitLoss = (typeof FIT_LOSSES)[number];

/**
 * A soft pull the drawing moves toward while it is on, live, with every constraint kept exact (the 1990 paper's
 * attractors; engine: forces/data-fit.ts, forces/edge-fit.ts, forces/user-spring.ts):
 * - `points`: curves fitted to a point set, each point a spring to its nearest point of the curves;
 * - `edges`: curves pulled to a reference image's edges (a snake);
 * - `target`: a point of a curve pulled toward a point of the paper.
 * `strength` is the whole pull's stiffness, in a spring's units (a fit's n points pull with strength/n each).
 */
export type Attractor = PointsAttractor | EdgesAttractor | TargetAttractor;
export type AttractorKind = Attractor['kind'];

interface AttractorBase {
  id: string;
  /** Pulling now: off, it is kept (and drawn dimmed) but moves nothing. */
  on: boolean;
  strength: number;
}
export interface PointsAttractor extends AttractorBase {
  kind: 'points';
  /** The fitted curves (one outline of several may share one fit). */
  curves: string[];
  /** The point set's id. */
  data: string;
  loss: FitLoss;
}
export interface EdgesAttractor extends AttractorBase {
  kind: 'edges';
  curves: string[];
  /** The reference image's id. */
  image: string;
  /** Capture range (mm): the blur of the image's edge map, how far from an edge a curve still feels it. */
  range: number;
}
export interface TargetAttractor extends AttractorBase {
  kind: 'target';
  point: Connector;
  at: Vec2;
}

export const PARAMETER_UNITS = ['mm', 'deg', 'none'] as const;
export type ParameterUnit = (typeof PARAMETER_UNITS)[number];

/**
 * A named value (issue 31): `value` stored in mm for 'mm', radians for 'deg', plain for 'none'; `min`/`max` bound
 * it in the same units. In an expression its name reads as the UI shows it (a 'deg' parameter in degrees). With an
 * `expression` its value is computed from it (src/document/parameters.ts).
 */
export interface Parameter {
  id: string;
  name: string;
  value: number;
  unit: ParameterUnit;
  min?: number;
  max?: number;
  expression?: string;
}

export interface Drawing {
  curves: Curve[];
  constraints: Constraint[];
  springs: Spring[];
  traces: Trace[];
  equations: EquationDefinition[];
  view: ViewState;
  meta: DrawingMeta;
  /** Reference images, bottom first; absent when there are none (so such a file is what it was before images). */
  images?: ReferenceImage[];
  /** Data to fit to; absent when there is none (as images). */
  pointSets?: PointSet[];
  /** Fits, snakes and targets; absent when there is none. */
  attractors?: Attractor[];
  /** Named values that drive dimensions through expressions; absent when there is none. */
  parameters?: Parameter[];
}

/** The drawing as plain data: the file's contents and what IPC carries (trace-records.ts converts). */
export interface PlainDrawing extends Omit<Drawing, 'traces'> {
  traces: TraceRecord[];
}

export function emptyDrawing(now = new Date(0).toISOString()): Drawing {
  return {
    curves: [],
    constraints: [],
    springs: [],
    traces: [],
    equations: [],
    view: { center: [0, 0], zoom: 4 },
    meta: { title: 'Untitled', created: now, modified: now },
  };
}
