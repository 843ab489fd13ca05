// A small builder for mechanism drawings: bars given by their two end points, joints, pins, motors and traces,
// with the connector positions evaluated from the data itself. The example generator uses it to write drawings
// whose constraints hold exactly at load; `residuals` re-checks that independently of the engine.

import type {
  Anchor,
  BarCurve,
  Connector,
  Constraint,
  Curve,
  Drawing,
  MotorConstraint,
  Trace,
  Vec2,
} from '../shared/drawing';
import { assertNever } from '../shared/assert-never';
import { emptyDrawing } from '../shared/drawing';
import { curveTurn } from '../shared/motor-turn';
import { emptyTrail } from '../shared/trail';
import { dist } from './assembly';

/** A connector by curve id and anchor or u: `at('crank', 'end')`, `at('coupler', 0.5)`. */
export function at(curve: string, where: Anchor | number): Connector {
  return typeof where === 'number' ? { curve, u: where } : { curve, anchor: where };
}

function anchorParameter(anchor: Anchor): number {
  return anchor === 'start' ? 0 : anchor === 'end' ? 1 : 0.5;
}

/** Where along its curve a connector is: its u, or its anchor's (start 0, end 1, centre ½). */
export function connectorParameter(c: Connector): number {
  return c.anchor !== undefined ? anchorParameter(c.anchor) : (c.u ?? 0);
}

export class DrawingBuilder {
  private readonly drawing: Drawing;
  private readonly counters = new Map<string, number>();

  constructor(title: string) {
    this.drawing = emptyDrawing('2026-01-01T00:00:00.000Z');
    this.drawing.meta.title = title;
  }

  private nextId(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return `${prefix}${n}`;
  }

  private addCurve(curve: Curve): string {
    if (this.drawing.curves.some((c) => c.id === curve.id))
      throw new Error(`duplicate curve id '${curve.id}'`);
    this.drawing.curves.push(curve);
    return curve.id;
  }

  private addConstraint(constraint: Constraint): string {
    this.drawing.constraints.push(constraint);
    return constraint.id;
  }

  curve(id: string): Curve {
    const curve = this.drawing.curves.find((c) => c.id === id);
    if (!curve) throw new Error(`unknown curve '${id}'`);
    return curve;
  }

  point(id: string, p: Vec2, name?: string): string {
    return this.addCurve({ kind: 'point', id, at: [p[0], p[1]], ...(name ? { name } : {}) });
  }

  /**
   * A rigid bar from `a` (u = 0) to `b` (u = 1). A length within 1e-9 of a whole micrometre is stored as that
   * round value (the design length: the ends were computed from it, the difference is rounding).
   */
  bar(id: string, a: Vec2, b: Vec2, name?: string): string {
    const length = dist(a, b);
    const round = Math.round(length * 1e6) / 1e6;
    const bar: BarCurve = {
      kind: 'bar',
      id,
      center: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
      angle: Math.atan2(b[1] - a[1], b[0] - a[0]),
      length: Math.abs(length - round) < 1e-9 ? round : length,
      ...(name ? { name } : {}),
    };
    return this.addCurve(bar);
  }

  /** A segment from `a` to `b`; `fixed` pins both its ends where they are (a guide, a slot). */
  segment(id: string, a: Vec2, b: Vec2, fixed: boolean, name?: string): string {
    this.addCurve({ kind: 'segment', id, a: [a[0], a[1]], b: [b[0], b[1]], ...(name ? { name } : {}) });
    if (fixed) {
      this.pin(at(id, 'start'));
      this.pin(at(id, 'end'));
    }
    return id;
  }

  spline(id: string, points: Vec2[], closed: boolean, name?: string): string {
    return this.addCurve({
      kind: 'spline',
      id,
      points: points.map((p) => [p[0], p[1]] as Vec2),
      closed,
      ...(name ? { name } : {}),
    });
  }

  /** Pin a connector to the page where it is now. */
  pin(point: Connector): string {
    return this.addConstraint({ kind: 'pin', id: this.nextId('pin'), point, at: this.position(point) });
  }

  attach(a: Connector, b: Connector): string {
    return this.addConstraint({ kind: 'attach', id: this.nextId('joint'), a, b });
  }

  /** Hold two connectors at their present distance. */
  distance(a: Connector, b: Connector): string {
    const length = dist(this.position(a), this.position(b));
    return this.addConstraint({ kind: 'distance', id: this.nextId('distance'), a, b, length });
  }

  /** A bead: `point` slides on `curve`, now at parameter `s`. */
  onCurve(point: Connector, curve: string, s: number): string {
    return this.addConstraint({ kind: 'on-curve', id: this.nextId('bead'), point, curve, s });
  }

  /** Drive a bar's angle at `rpm` from its present angle. */
  motorBar(id: string, bar: string, rpm: number): string {
    const curve = this.curve(bar);
    if (curve.kind !== 'bar') throw new Error(`motor '${id}': '${bar}' is not a bar`);
    const motor: MotorConstraint = { kind: 'motor', id, bar, rpm, angle: curve.angle, running: true };
    return this.addConstraint(motor);
  }

  /** Drive the direction from `pivot` to `point` at `rpm` from its present angle. */
  motorAbout(id: string, point: Connector, pivot: Connector, rpm: number): string {
    const p = this.position(point);
    const c = this.position(pivot);
    const angle = Math.atan2(p[1] - c[1], p[0] - c[0]);
    return this.addConstraint({ kind: 'motor', id, point, pivot, rpm, angle, running: true });
  }

  trace(id: string, point: Connector): string {
    const trace: Trace = { id, point, points: emptyTrail() };
    this.drawing.traces.push(trace);
    return id;
  }

  view(center: Vec2, zoom: number): this {
    this.drawing.view = { center: [center[0], center[1]], zoom };
    return this;
  }

  /** Where a connector is in the data as built so far. */
  position(c: Connector): Vec2 {
    return connectorPositionOf(this.drawing, c);
  }

  build(): Drawing {
    return structuredClone(this.drawing);
  }
}

/**
 * A connector's position computed from the drawing data alone, for the curve kinds mechanisms are built of
 * (point, segment, bar, and a spline at one of its own points). Independent of the engine on purpose: the
 * generator and the tests use it to check the engine's assembly against plain geometry.
 */
export function connectorPositionOf(drawing: Drawing, c: Connector): Vec2 {
  const curve = drawing.curves.find((k) => k.id === c.curve);
  if (!curve) throw new Error(`unknown curve '${c.curve}'`);
  const u = connectorParameter(c);
  return curvePointOf(curve, u);
}

export function curvePointOf(curve: Curve, u: number): Vec2 {
  switch (curve.kind) {
    case 'point':
      return [curve.at[0], curve.at[1]];
    case 'segment':
      return [curve.a[0] + u * (curve.b[0] - curve.a[0]), curve.a[1] + u * (curve.b[1] - curve.a[1])];
    case 'bar': {
      const t = (u - 0.5) * curve.length;
      return [curve.center[0] + t * Math.cos(curve.angle), curve.center[1] + t * Math.sin(curve.angle)];
    }
    case 'spline': {
      // Only the spline's own points have a position independent of the interpolation scheme.
      const spans = curve.closed ? curve.points.length : curve.points.length - 1;
      const k = Math.round(u * spans);
      if (Math.abs(k - u * spans) > 1e-12) throw new Error(`spline '${curve.id}': u ${u} is not at a point`);
      return curve.points[k % curve.points.length];
    }
    case 'circle':
    case 'arc':
    case 'ellipse':
    case 'bezier':
    case 'equation':
      throw new Error(`curve '${curve.id}': kind '${curve.kind}' not supported by the mechanism builder`);
    default:
      return assertNever(curve);
  }
}

/**
 * Each constraint's residual (the largest absolute component of C) from the data alone. Beads (on-curve) are
 * checked on segments and bars only; on other curves they, and the sketcher's kinds, report NaN (checked by the
 * engine instead).
 */
export function residuals(drawing: Drawing): { id: string; residual: number }[] {
  const pos = (c: Connector) => connectorPositionOf(drawing, c);
  const wrap = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));
  return drawing.constraints.map((k) => {
    switch (k.kind) {
      case 'attach': {
        const a = pos(k.a);
        const b = pos(k.b);
        return { id: k.id, residual: Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) };
      }
      case 'pin': {
        const a = pos(k.point);
        return { id: k.id, residual: Math.max(Math.abs(a[0] - k.at[0]), Math.abs(a[1] - k.at[1])) };
      }
      case 'distance':
        return { id: k.id, residual: Math.abs(dist(pos(k.a), pos(k.b)) - k.length) };
      case 'on-curve': {
        const curve = drawing.curves.find((c) => c.id === k.curve);
        if (!curve || (curve.kind !== 'segment' && curve.kind !== 'bar')) return { id: k.id, residual: NaN };
        const a = pos(k.point);
        const b = curvePointOf(curve, k.s);
        return { id: k.id, residual: Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) };
      }
      case 'motor': {
        let angle: number;
        if (k.bar !== undefined) {
          const curve = drawing.curves.find((c) => c.id === k.bar);
          const turn = curve ? curveTurn(curve, drawing.equations ?? []) : null;
          if (!turn) throw new Error(`motor '${k.id}': nothing it turns in '${k.bar}'`);
          angle = turn.angle;
        } else {
          if (!k.point || !k.pivot) throw new Error(`motor '${k.id}': needs a bar or a point and a pivot`);
          const p = pos(k.point);
          const c = pos(k.pivot);
          angle = Math.atan2(p[1] - c[1], p[0] - c[0]);
        }
        return { id: k.id, residual: Math.abs(wrap(angle - k.angle)) };
      }
      case 'horizontal':
      case 'vertical':
      case 'parallel':
      case 'perpendicular':
      case 'angle':
      case 'tangent':
      case 'equal':
      case 'symmetric':
      case 'midpoint':
      case 'concentric':
      case 'point-line-distance':
      case 'radius':
      case 'length':
        // The sketcher's constraints are checked by the engine; the builder makes none of them.
        return { id: k.id, residual: NaN };
      default:
        return assertNever(k);
    }
  });
}
