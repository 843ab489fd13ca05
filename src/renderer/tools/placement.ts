// The common shape of the curve-drawing tools: click points (or press, drag and release), each click snapping to
// what is under it; when enough points are in (or Enter / double-click for the open-ended ones) the curve, the
// constraints its snapped points made and the auto-constraints of the drawing aids are sent as one edit. Where a
// click lands (aim): Shift rounds the drawn direction to 15° steps; else a connector or curve near it; else, with
// Snap to Grid on, the nearest grid crossing; then the tool's aid may add an auto-constraint (a nearly horizontal
// segment gets H), shown as a marker beside the cursor before the click. Alt turns all of it off.
// States: idle (nothing placed) → placing.

import type { Connector, Constraint, Curve, Vec2 } from '../../shared/drawing';
import { snapConstraint, snappedPoint, type Snap } from '../editor/snapping';
import { nearestGridPoint, roundDirection } from './drawing-aids';
import { Tool, ToolState, type KeyInput, type PointerInput } from './tool';

/** A constraint a drawing aid adds with the new curve. */
export type AutoConstraint =
  /** Between the new curve's start and end. */
  | { kind: 'horizontal' | 'vertical' }
  /** G1 between the new curve's connector at the aimed point and `to`, the connector it snapped to. */
  | { kind: 'tangent'; to: Connector };

/** The marker an auto-constraint shows beside the cursor. */
const AID_LABELS: Record<AutoConstraint['kind'], string> = {
  horizontal: 'H',
  vertical: 'V',
  tangent: 'tangent',
};

/** Where a click would land, and what it would bring. */
export interface Aim {
  point: Vec2;
  snap: Snap | null;
  auto: AutoConstraint | null;
  /** An earlier point the aid moves so that its auto-constraint holds as drawn (an arc's centre). */
  moved?: { index: number; point: Vec2 };
}

/** A press that moves further than this (px) before release is a drag: its release places a point too. */
const DRAG_PX = 5;

export abstract class PlacementTool extends Tool {
  /** Points needed before the curve can be made; `maxPoints` ends it automatically. */
  abstract readonly minPoints: number;
  abstract readonly maxPoints: number;
  /** Status-bar hints: before the first point, while placing, and while a chain goes on (chaining tools). */
  abstract readonly hints: { idle: string; placing: string; chained?: string };
  points: Vec2[] = [];
  snaps: (Snap | null)[] = [];
  autos: (AutoConstraint | null)[] = [];
  pressAt: Vec2 | null = null;
  /**
   * Each curve made starts the next at its end, attached (the Segment tool), until Esc, Enter, a double-click, or a
   * click on the chain's first point, which closes the outline with an attachment.
   */
  readonly chains: boolean = false;
  /** The chain in progress: its first curve's first connector and where it is (null: no chain). */
  chain: { first: Connector; at: Vec2 } | null = null;

  constructor(editor: Tool['editor']) {
    super(editor);
    this.addStates(new PlacementIdle(this), new PlacementPlacing(this));
  }

  /** The curve the points make (null when they are degenerate: zero radius, zero length …). */
  abstract build(points: Vec2[], id: string): Curve | null;

  /** The new curve's connector that the point at `index` (of `count`) stands for, if it can snap. */
  abstract ownConnector(index: number, count: number, curve: Curve): Connector | null;

  /** The point a direction drawn to the point at `index` starts from (Shift rounds it to 15° steps), or null. */
  protected directionFrom(_index: number): Vec2 | null {
    return null;
  }

  /** The tool's drawing aid for the point at `index`: an auto-constraint and the point moved to hold it. */
  protected aid(_index: number, aim: Aim): Aim {
    return aim;
  }

  override get draws(): boolean {
    return true;
  }

  override reset(): void {
    this.points = [];
    this.snaps = [];
    this.autos = [];
    this.pressAt = null;
    this.chain = null;
    super.reset();
  }

  /** Ends a chain (Enter, a double-click): what is made stays, nothing is half-made. */
  endChain(): void {
    this.reset();
  }

  /**
   * A click on (or near) the chain's first point, placing the point that would close it: that point, attached to
   * the chain's first connector (the drawing aid still asked: a closing side nearly level gets its H).
   */
  private closingAim(e: PointerInput): Aim | null {
    const chain = this.chain;
    if (!chain || e.alt || this.points.length !== this.minPoints - 1) return null;
    const near = Math.hypot(e.point[0] - chain.at[0], e.point[1] - chain.at[1]) <= this.editor.tolerance();
    if (!near) return null;
    const snap: Snap = { type: 'connector', connector: { ...chain.first }, point: [...chain.at] as Vec2 };
    return this.aid(this.points.length, { point: [...chain.at] as Vec2, snap, auto: null });
  }

  /** Where a click at e lands (see the file's comment). */
  aim(e: PointerInput): Aim {
    const index = this.points.length;
    const origin = e.alt ? null : this.directionFrom(index);
    if (e.shift && origin)
      return this.aid(index, { point: roundDirection(origin, e.point), snap: null, auto: null });
    const snap = this.editor.snapAt(e);
    const step = e.alt ? null : this.editor.gridSnapStep();
    const point = snap || step === null ? snappedPoint(e.point, snap) : nearestGridPoint(e.point, step);
    const aim: Aim = { point, snap, auto: null };
    return e.alt ? aim : this.aid(index, aim);
  }

  /** The points placed so far with what `aim` would move. */
  private pointsWith(aim: Aim): Vec2[] {
    const points = [...this.points];
    if (aim.moved) points[aim.moved.index] = aim.moved.point;
    return points;
  }

  /** Ghost of the curve with the cursor's aim as the next point, and the marker of its auto-constraint. */
  preview(aim: Aim, cursor: Vec2): void {
    const pts = [...this.pointsWith(aim), aim.point];
    const ghost = pts.length >= Math.min(2, this.minPoints) ? this.build(pts, '__preview') : null;
    const { overlay } = this.editor;
    overlay.preview = ghost ? [ghost] : [];
    overlay.marks = pts.slice(0, -1);
    overlay.aid = aim.auto ? { label: AID_LABELS[aim.auto.kind], at: cursor } : null;
  }

  place(e: PointerInput): void {
    const closing = this.closingAim(e);
    const aim = closing ?? this.aim(e);
    const p = aim.point;
    const last = this.points.at(-1);
    // A double-click's second click lands on the first: one point, not two.
    if (last && Math.hypot(p[0] - last[0], p[1] - last[1]) < this.editor.tolerance() * 0.25) return;
    this.points = this.pointsWith(aim);
    this.points.push(p);
    this.snaps.push(aim.snap);
    this.autos.push(aim.auto);
    if (this.points.length >= this.maxPoints) this.finish(closing !== null);
    else {
      if (this.state.name !== 'placing') this.transition('placing');
      this.preview({ point: p, snap: null, auto: null }, e.point);
      this.editor.overlayChanged();
    }
  }

  /** The constraint an auto-constraint of the point at `index` makes on the new curve. */
  private autoConstraint(auto: AutoConstraint, index: number, curve: Curve): Constraint | null {
    const id = this.editor.newId('k');
    if (auto.kind === 'tangent') {
      const own = this.ownConnector(index, this.points.length, curve);
      return own ? { kind: 'tangent', id, a: own, b: { ...auto.to } } : null;
    }
    return {
      kind: auto.kind,
      id,
      a: { curve: curve.id, anchor: 'start' },
      b: { curve: curve.id, anchor: 'end' },
    };
  }

  /** Makes the curve of the points placed; a chain then goes on from its end, unless `closed` (or not chaining). */
  finish(closed = false): void {
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
    this.autos.forEach((auto, index) => {
      const made = auto && this.autoConstraint(auto, index, curve);
      if (made) constraints.push(made);
    });
    this.editor.commit({ type: 'add', curves: [curve], constraints });
    this.editor.setSelection([id]);
    const first = this.ownConnector(0, count, curve);
    const last = this.ownConnector(count - 1, count, curve);
    if (!this.chains || closed || !first || !last) return this.reset();
    // The next curve starts at this one's end, attached there.
    const chain = this.chain ?? { first, at: [...this.points[0]] as Vec2 };
    const end = [...this.points[count - 1]] as Vec2;
    this.points = [end];
    this.snaps = [{ type: 'connector', connector: last, point: end }];
    this.autos = [null];
    this.chain = chain;
    this.preview({ point: end, snap: null, auto: null }, end);
    this.editor.overlayChanged();
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
    return (this.tool.chain && this.tool.hints.chained) || this.tool.hints.placing;
  }
  override onPointerMove(e: PointerInput): void {
    const aim = this.tool.aim(e);
    this.editor.overlay.snap = aim.snap;
    this.tool.preview(aim, e.point);
    this.editor.overlayChanged();
  }
  override onPointerUp(e: PointerInput): void {
    if (e.button === 0) this.tool.place(e);
  }
  override onDoubleClick(): void {
    if (this.tool.chain) this.tool.endChain();
    else if (this.tool.maxPoints > this.tool.minPoints) this.tool.finish();
  }
  override onKeyDown(e: KeyInput): boolean {
    if (e.key !== 'Enter') return false;
    if (this.tool.chain) this.tool.endChain();
    else if (this.tool.maxPoints > this.tool.minPoints) this.tool.finish();
    else return false;
    return true;
  }
}
