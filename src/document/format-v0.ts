// Version 0: the format of the first prototype, kept readable forever. It named things differently ("shapes" with
// a "type", "links" instead of constraints, connectors as {shape, t | end}, circles as {x, y, r}, arcs by start and
// end angle, a flat title and a "camera"), and had no bars, ellipses, equation curves or motors.
// It is validated with its own schema (errors name the version-0 paths the user's file actually has), then
// migrated to the current shape, which is validated again like any version-1 file.

import type { Connector, Constraint, Curve, PlainDrawing, Vec2 } from '../shared/drawing';
import * as s from '../shared/schema';
import { coordinate, id, nonNegativeSize, positiveSize, unitParameter, vec2 } from '../shared/records';

const connectorV0 = s.object({
  shape: id,
  t: s.optional(unitParameter),
  end: s.optional(s.oneOf(['start', 'end', 'center'] as const)),
});

const label = s.optional(s.string({ maxLength: 1000 }));

const shapeV0 = s.tagged('type', {
  point: s.object({ type: s.literal('point'), id, label, x: coordinate, y: coordinate }),
  segment: s.object({ type: s.literal('segment'), id, label, from: vec2, to: vec2 }),
  circle: s.object({ type: s.literal('circle'), id, label, x: coordinate, y: coordinate, r: positiveSize() }),
  arc: s.object({
    type: s.literal('arc'),
    id,
    label,
    x: coordinate,
    y: coordinate,
    r: positiveSize(),
    from: coordinate,
    to: coordinate,
  }),
  bezier: s.object({ type: s.literal('bezier'), id, label, points: s.tuple([vec2, vec2, vec2, vec2]) }),
  spline: s.object({
    type: s.literal('spline'),
    id,
    label,
    points: s.array(vec2, { minItems: 2, maxItems: 100_000 }),
    closed: s.boolean(),
  }),
});

const linkV0 = s.tagged('type', {
  attach: s.object({ type: s.literal('attach'), id, a: connectorV0, b: connectorV0 }),
  pin: s.object({ type: s.literal('pin'), id, point: connectorV0, at: vec2 }),
  'on-curve': s.object({ type: s.literal('on-curve'), id, point: connectorV0, wire: id, at: unitParameter }),
  distance: s.object({
    type: s.literal('distance'),
    id,
    a: connectorV0,
    b: connectorV0,
    length: nonNegativeSize,
  }),
});

export const fileV0 = s.object({
  format: s.literal('curvewright'),
  version: s.literal(0),
  title: s.string({ maxLength: 1000 }),
  created: s.optional(s.string({ maxLength: 100 })),
  modified: s.optional(s.string({ maxLength: 100 })),
  shapes: s.array(shapeV0, { maxItems: 100_000 }),
  links: s.array(linkV0, { maxItems: 100_000 }),
  springs: s.optional(
    s.array(s.object({ id, a: connectorV0, b: connectorV0, k: positiveSize(), rest: nonNegativeSize }), {
      maxItems: 100_000,
    }),
  ),
  traces: s.optional(
    s.array(s.object({ id, point: connectorV0, path: s.array(vec2, { maxItems: 1_000_000 }) }), {
      maxItems: 10_000,
    }),
  ),
  camera: s.object({
    x: coordinate,
    y: coordinate,
    scale: s.number({ min: 1e-6, max: 1e6 }),
  }),
});

export type FileV0 = s.Infer<typeof fileV0>;
type ShapeV0 = FileV0['shapes'][number];
type ConnectorV0 = s.Infer<typeof connectorV0>;

function migrateConnector(c: ConnectorV0): Connector {
  const out: Connector = { curve: c.shape };
  if (c.t !== undefined) out.u = c.t;
  if (c.end !== undefined) out.anchor = c.end;
  return out;
}

function named<T extends Curve>(curve: T, label: string | undefined): T {
  if (label !== undefined) curve.name = label;
  return curve;
}

function migrateShape(sh: ShapeV0): Curve {
  switch (sh.type) {
    case 'point':
      return named({ kind: 'point', id: sh.id, at: [sh.x, sh.y] }, sh.label);
    case 'segment':
      return named({ kind: 'segment', id: sh.id, a: sh.from, b: sh.to }, sh.label);
    case 'circle':
      return named({ kind: 'circle', id: sh.id, center: [sh.x, sh.y], radius: sh.r }, sh.label);
    case 'arc':
      return named(
        {
          kind: 'arc',
          id: sh.id,
          center: [sh.x, sh.y],
          radius: sh.r,
          start: sh.from,
          sweep: sh.to - sh.from,
        },
        sh.label,
      );
    case 'bezier':
      return named({ kind: 'bezier', id: sh.id, points: sh.points as [Vec2, Vec2, Vec2, Vec2] }, sh.label);
    case 'spline':
      return named({ kind: 'spline', id: sh.id, points: sh.points, closed: sh.closed }, sh.label);
  }
}

function migrateLink(link: FileV0['links'][number]): Constraint {
  switch (link.type) {
    case 'attach':
      return { kind: 'attach', id: link.id, a: migrateConnector(link.a), b: migrateConnector(link.b) };
    case 'pin':
      return { kind: 'pin', id: link.id, point: migrateConnector(link.point), at: link.at };
    case 'on-curve':
      return {
        kind: 'on-curve',
        id: link.id,
        point: migrateConnector(link.point),
        curve: link.wire,
        s: link.at,
      };
    case 'distance':
      return {
        kind: 'distance',
        id: link.id,
        a: migrateConnector(link.a),
        b: migrateConnector(link.b),
        length: link.length,
      };
  }
}

/** A shape-checked version-0 file as a version-1 file object (still to be validated as version 1). */
export function migrateV0(file: FileV0): { format: 'curvewright'; version: 1 } & PlainDrawing {
  const epoch = new Date(0).toISOString();
  return {
    format: 'curvewright',
    version: 1,
    curves: file.shapes.map(migrateShape),
    constraints: file.links.map(migrateLink),
    springs: (file.springs ?? []).map((sp) => ({
      id: sp.id,
      a: migrateConnector(sp.a),
      b: migrateConnector(sp.b),
      stiffness: sp.k,
      rest: sp.rest,
    })),
    traces: (file.traces ?? []).map((t) => ({ id: t.id, point: migrateConnector(t.point), points: t.path })),
    equations: [],
    view: { center: [file.camera.x, file.camera.y], zoom: file.camera.scale },
    meta: {
      title: file.title,
      created: file.created ?? epoch,
      modified: file.modified ?? file.created ?? epoch,
    },
  };
}
