// The common shape of the curve-drawing tools: click points (or press, drag and release), each click snapping to
// what is under it; when enough points are in (or Enter / double-click for the open-ended ones) the curve and
// the constraints its snapped points made are sent as one edit. States: idle (nothing placed) → placing.

import type { Connector, Constraint, Curve, Vec2 } from '../../shared/drawing';
import { snapConstraint, snappedPoint, type Snap } from '../editor/snapping';
import { Tool, ToolState, type KeyInput, type PointerInput } from './tool';

/** A press that moves further than this (px) before release is a drag: its release places a point too. */
const DRAG_PX = 5;

export abstract class PlacementTool extends Tool {
  /** Points needed before the curve can be made; `maxPoints` ends it automatically. */
  abstract readonly minPoints: number;
  abstract readonly maxPoints: number;
  abstract readonly hints: { idle: string; placing: string };
  points: Vec2[] = [];
  snaps: (Snap | null)[] = [];
  pressAt: Vec2 | null = null;

  constructor(editor: Tool['editor']) {
    super(editor);
    this.addStates(new PlacementIdle(this), new PlacementPlacing(this));
  }

  /** The curve the points make (null when they are degenerate: zero radius, zero length …). */
  abstract build(points: Vec2[], id: string): Curve | null;

  /** The new curve's connector that the point at `index` (of `count`) stands for, if it can snap. */
  abstract ownConnector(index: number, count: number, curve: Curve): Connector | null;

  override reset(): void {
    this.points = [];
    this.snaps = [];
    this.pressAt = null;
    super.reset();
  }

  /** Ghost of the curve with the cursor as the next point. */
  preview(cursor: Vec2): void {
    const pts = [...this.points, cursor];
    const ghost = pts.length >= Math.min(2, this.minPoints) ? this.build(pts, '__preview') : null;
    this.editor.overlay.preview = ghost ? [ghost] : [];
    this.editor.overlay.marks = [...this.points];
  }

  place(e: PointerInput): void {
    const snap = this.editor.snapAt(e);
    const p = snappedPoint(e.point, snap);
    const last = this.points.at(-1);
    // A double-click's second click lands on the first: one point, not two.
    if (last && Math.hypot(p[0] - last[0], p[1] - last[1]) < this.editor.tolerance() * 0.25) return;
    this.points.push(p);
    this.snaps.push(snap);
    if (this.points.length >= this.maxPoints) this.finish();
    else {
      if (this.state.name !== 'placing') this.transition('placing');
      this.preview(p);
      this.editor.overlayChanged();
    }
  }

  finish(): void {
    if (this.points.length < this.minPoints) {
      this.editor.notify(`${this.label}: place at least ${this.minPoints} points`);
      return;
    }
    const id = this.editor.newId('c');
    const curve = this.build(this.points, id);
    if (!curve) {
      this.editor.notify(`${this.label}: the points are too close together`);
      this.reset();
      return;
    }
    const constraints: Constraint[] = [];
    const count = this.points.length;
    this.snaps.forEach((snap, index) => {
      if (!snap) return;
      const own = this.ownConnector(index, count, curve);
      if (own) constraints.push(snapConstraint(this.editor.newId('k'), own, snap));
    });
    this.editor.commit({ type: 'add', curves: [curve], constraints });
    this.editor.setSelection([id]);
    this.reset();
  }
}

class PlacementIdle extends ToolState<PlacementTool> {
  readonly name = 'idle';
  get hint(): string {
    return this.tool.hints.idle;
  }
  override onPointerMove(e: PointerInput): void {
    this.editor.overlay.snap = this.editor.snapAt(e);
    this.editor.overlayChanged();
  }
  override onPointerDown(e: PointerInput): void {
    if (e.button !== 0) return;
    this.tool.pressAt = e.screen;
  }
  override onPointerUp(e: PointerInput): void {
    if (e.button !== 0 || !this.tool.pressAt) return;
    const press = this.tool.pressAt;
    this.tool.pressAt = null;
    // Press-drag-release: the press is the first point, the release the second.
    if (Math.hypot(e.screen[0] - press[0], e.screen[1] - press[1]) > DRAG_PX) {
      const start = this.editor.view.toDrawing(press);
      this.tool.place({ ...e, screen: press, point: start });
      if (this.tool.points.length > 0) this.tool.place(e);
    } else this.tool.place(e);
  }
}

class PlacementPlacing extends ToolState<PlacementTool> {
  readonly name = 'placing';
  get hint(): string {
    return this.tool.hints.placing;
  }
  override onPointerMove(e: PointerInput): void {
    const snap = this.editor.snapAt(e);
    this.editor.overlay.snap = snap;
    this.tool.preview(snappedPoint(e.point, snap));
    this.editor.overlayChanged();
  }
  override onPointerUp(e: PointerInput): void {
    if (e.button === 0) this.tool.place(e);
  }
  override onDoubleClick(): void {
    if (this.tool.maxPoints > this.tool.minPoints) this.tool.finish();
  }
  override onKeyDown(e: KeyInput): boolean {
    if (e.key === 'Enter' && this.tool.maxPoints > this.tool.minPoints) {
      this.tool.finish();
      return true;
    }
    return false;
  }
}
