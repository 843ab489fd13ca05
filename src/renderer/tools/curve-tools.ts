// The curve tools: which clicks make which curve, which of the new curve's connectors each click stands for (so
// that a click that snapped attaches that connector), which direction Shift rounds, and their drawing aids: a
// segment drawn nearly horizontal or vertical gets H or V; an arc started at a line's end is tangent to it.

import { LINE_KINDS } from '../../shared/constraint-targets';
import type { Connector, Curve, Vec2 } from '../../shared/drawing';
import { SweepFollower, sweepToward } from './arc-sweep';
import { nearAxis, onAxis, tangentArcCentre } from './drawing-aids';
import { PlacementTool, type Aim } from './placement';
import type { PointerInput } from './tool';

const TAU = 2 * Math.PI;
/** Below this (mm) a length or radius is treated as a mis-click. */
const MIN_SIZE = 1e-3;

const dist = (a: Vec2, b: Vec2) => Math.hypot(b[0] - a[0], b[1] - a[1]);
const ends = (index: number, count: number): Connector['anchor'] | null =>
  index === 0 ? 'start' : index === count - 1 ? 'end' : null;

/** The tools whose points are drawn one from the last: Shift rounds the direction from the previous point. */
abstract class ChainTool extends PlacementTool {
  protected override directionFrom(index: number): Vec2 | null {
    return index > 0 ? this.points[index - 1] : null;
  }
}

export class PointTool extends PlacementTool {
  readonly id = 'point';
  readonly minPoints = 1;
  readonly maxPoints = 1;
  readonly hints = { idle: 'Point: click to place a point (on a curve it becomes a bead)', placing: '' };
  build(points: Vec2[], id: string): Curve {
    return { kind: 'point', id, at: [...points[0]] as Vec2 };
  }
  ownConnector(_index: number, _count: number, curve: Curve): Connector {
    return { curve: curve.id, anchor: 'start' };
  }
}

export class SegmentTool extends ChainTool {
  readonly id = 'segment';
  readonly minPoints = 2;
  readonly maxPoints = 2;
  /** Each click continues from the last end, until Esc, Enter, a double-click or a click on the first point. */
  override readonly chains = true;
  readonly hints = {
    idle: 'Segment: click the first end (snaps to ends and curves; Alt: no snapping)',
    placing:
      'Segment: click the second end (nearly level or upright: H or V; Shift: 15° steps) — Esc cancels',
    chained:
      'Segment: click the next end (a click on the first point closes the outline) — Esc, Enter or ' +
      'double-click ends',
  };
  /** Nearly horizontal or vertical: made exactly so (unless the end snapped to something), and kept so by H or V. */
  protected override aid(index: number, aim: Aim): Aim {
    const axis = index === 1 ? nearAxis(this.points[0], aim.point) : null;
    if (!axis) return aim;
    return {
      ...aim,
      point: aim.snap ? aim.point : onAxis(this.points[0], aim.point, axis),
      auto: { kind: axis },
    };
  }
  build(points: Vec2[], id: string): Curve {
    return { kind: 'segment', id, a: [...points[0]] as Vec2, b: [...points[1]] as Vec2 };
  }
  ownConnector(index: number, count: number, curve: Curve): Connector | null {
    const anchor = ends(index, count);
    return anchor ? { curve: curve.id, anchor } : null;
  }
}

export class BarTool extends ChainTool {
  readonly id = 'bar';
  readonly minPoints = 2;
  readonly maxPoints = 2;
  readonly hints = {
    idle: 'Bar (rigid link): click the first end',
    placing: 'Bar: click the second end — Esc cancels',
  };
  build(points: Vec2[], id: string): Curve | null {
    const [a, b] = points;
    const length = dist(a, b);
    if (length < MIN_SIZE) return null;
    return {
      kind: 'bar',
      id,
      center: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
      angle: Math.atan2(b[1] - a[1], b[0] - a[0]),
      length,
    };
  }
  ownConnector(index: number, count: number, curve: Curve): Connector | null {
    const anchor = ends(index, count);
    return anchor ? { curve: curve.id, anchor } : null;
  }
}

/** u of the point at angle atan2(p − c) on a circle of centre c (u = 0 at angle 0). */
function circleU(c: Vec2, p: Vec2): number {
  const u = Math.atan2(p[1] - c[1], p[0] - c[0]) / TAU;
  return u - Math.floor(u);
}

export class CircleTool extends PlacementTool {
  readonly id = 'circle';
  readonly minPoints = 2;
  readonly maxPoints = 2;
  readonly hints = {
    idle: 'Circle: click the centre',
    placing: 'Circle: click a point of the rim — Esc cancels',
  };
  build(points: Vec2[], id: string): Curve | null {
    const radius = dist(points[0], points[1]);
    if (radius < MIN_SIZE) return null;
    return { kind: 'circle', id, center: [...points[0]] as Vec2, radius };
  }
  ownConnector(index: number, _count: number, curve: Curve): Connector {
    if (index === 0) return { curve: curve.id, anchor: 'center' };
    return { curve: curve.id, u: circleU(this.points[0], this.points[1]) };
  }
}

export class ArcTool extends PlacementTool {
  readonly id = 'arc';
  readonly minPoints = 3;
  readonly maxPoints = 3;
  readonly hints = {
    idle: 'Arc: click the centre',
    placing:
      "Arc: click where it starts (at a line's end: tangent to it), then move round the way it goes and click " +
      'where it ends — Esc cancels',
  };
  /** How far, and which way, the cursor has turned about the centre since the start was placed. */
  private readonly sweep = new SweepFollower();
  override reset(): void {
    this.sweep.reset();
    super.reset();
  }
  override preview(aim: Aim, cursor: Vec2): void {
    if (this.points.length === 2) {
      const [c, a] = this.points;
      const angle = (p: Vec2) => Math.atan2(p[1] - c[1], p[0] - c[0]);
      if (aim.point[0] === a[0] && aim.point[1] === a[1]) this.sweep.begin(angle(a));
      else this.sweep.follow(angle(aim.point));
    }
    super.preview(aim, cursor);
  }
  protected override directionFrom(index: number): Vec2 | null {
    return index > 0 ? this.points[0] : null;
  }
  /**
   * Started at a line's end, with its centre free and near the line's normal there: the centre moves onto the
   * normal and the arc is tangent to the line (G1 at the attachment).
   */
  protected override aid(index: number, aim: Aim): Aim {
    if (index !== 1 || aim.snap?.type !== 'connector' || this.snaps[0]) return aim;
    const to = aim.snap.connector;
    const line = this.editor.mirror.curve(to.curve);
    if (!line || !LINE_KINDS.includes(line.kind) || (to.anchor !== 'start' && to.anchor !== 'end'))
      return aim;
    const a = this.editor.mirror.connectorPosition({ curve: line.id, anchor: 'start' });
    const b = this.editor.mirror.connectorPosition({ curve: line.id, anchor: 'end' });
    if (!a || !b) return aim;
    const centre = tangentArcCentre(this.points[0], aim.point, [b[0] - a[0], b[1] - a[1]]);
    if (!centre) return aim;
    return { ...aim, auto: { kind: 'tangent', to: { ...to } }, moved: { index: 0, point: centre } };
  }
  build(points: Vec2[], id: string): Curve | null {
    const [c, a] = points;
    const radius = dist(c, a);
    if (radius < MIN_SIZE) return null;
    const start = Math.atan2(a[1] - c[1], a[0] - c[0]);
    let sweep = Math.PI / 2;
    if (points.length >= 3) {
      const end = Math.atan2(points[2][1] - c[1], points[2][0] - c[0]);
      sweep = sweepToward(start, end, this.sweep.turned);
    }
    return { kind: 'arc', id, center: [...c] as Vec2, radius, start, sweep };
  }
  ownConnector(index: number, _count: number, curve: Curve): Connector {
    return { curve: curve.id, anchor: index === 0 ? 'center' : index === 1 ? 'start' : 'end' };
  }
}

export class EllipseTool extends PlacementTool {
  readonly id = 'ellipse';
  readonly minPoints = 2;
  readonly maxPoints = 2;
  readonly hints = {
    idle: 'Ellipse: click the centre',
    placing: 'Ellipse: click a corner of its bounding box — Esc cancels',
  };
  build(points: Vec2[], id: string): Curve | null {
    const [c, k] = points;
    const rx = Math.abs(k[0] - c[0]);
    const ry = Math.abs(k[1] - c[1]);
    if (rx < MIN_SIZE || ry < MIN_SIZE) return null;
    return { kind: 'ellipse', id, center: [...c] as Vec2, rx, ry, rotation: 0 };
  }
  ownConnector(index: number, _count: number, curve: Curve): Connector | null {
    return index === 0 ? { curve: curve.id, anchor: 'center' } : null;
  }
}

export class BezierTool extends ChainTool {
  readonly id = 'bezier';
  readonly minPoints = 2;
  readonly maxPoints = 4;
  readonly hints = {
    idle: 'Bézier: click the start',
    placing: 'Bézier: click control points and the end (Enter or double-click ends early) — Esc cancels',
  };
  /** 2 points: a straight cubic (controls at thirds); 3: the quadratic through them, elevated; 4: as clicked. */
  build(points: Vec2[], id: string): Curve | null {
    const p = points.map((q) => [...q] as Vec2);
    const lerp = (a: Vec2, b: Vec2, t: number): Vec2 => [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
    let controls: [Vec2, Vec2, Vec2, Vec2];
    if (p.length === 2) controls = [p[0], lerp(p[0], p[1], 1 / 3), lerp(p[0], p[1], 2 / 3), p[1]];
    else if (p.length === 3) controls = [p[0], lerp(p[0], p[1], 2 / 3), lerp(p[2], p[1], 2 / 3), p[2]];
    else controls = [p[0], p[1], p[2], p[3]];
    if (dist(controls[0], controls[3]) < MIN_SIZE && p.length === 2) return null;
    return { kind: 'bezier', id, points: controls };
  }
  ownConnector(index: number, count: number, curve: Curve): Connector | null {
    const anchor = ends(index, count);
    return anchor ? { curve: curve.id, anchor } : null;
  }
}

/** A closed spline needs this many points at least (fewer would fold back on itself). */
export const MIN_CLOSED_SPLINE_POINTS = 3;

export class SplineTool extends ChainTool {
  readonly id = 'spline';
  readonly minPoints = 2;
  readonly maxPoints = Infinity;
  readonly hints = {
    idle: 'Spline: click its first point',
    placing:
      'Spline: click more points; a click on the first point closes it; Enter or double-click ends — Esc cancels',
  };
  /** Closed by a click on its first point. */
  private closing = false;
  override reset(): void {
    this.closing = false;
    super.reset();
  }
  /** A click on the first point (once there are enough to close) closes the spline there. */
  override place(e: PointerInput): void {
    const first = this.points[0];
    const near =
      first !== undefined &&
      !e.alt &&
      this.points.length >= MIN_CLOSED_SPLINE_POINTS &&
      dist(e.point, first) <= this.editor.tolerance();
    if (!near) return super.place(e);
    this.closing = true;
    this.finish();
  }
  build(points: Vec2[], id: string): Curve | null {
    if (points.length < 2) return null;
    return { kind: 'spline', id, points: points.map((q) => [...q] as Vec2), closed: this.closing };
  }
  ownConnector(index: number, count: number, curve: Curve): Connector | null {
    const anchor = ends(index, count);
    // A closed spline has no end of its own: its first point is its one anchor.
    if (!anchor || (this.closing && anchor === 'end')) return null;
    return { curve: curve.id, anchor };
  }
}
