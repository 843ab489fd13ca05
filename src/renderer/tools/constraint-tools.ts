// The tools that join what exists: Pin (a connector fixed in the page), Attach and Spring (pick two connectors),
// Motor (click a curve that turns, or a point and its pivot). A pick lands on a connector (an end, a centre) if one is near, else on the nearest point of
// a curve (a material point at that u).

import type { Connector, Vec2 } from '../../shared/drawing';
import type { Snap } from '../editor/snapping';
import { pickCurve } from '../editor/picking';
import { curveTurn } from '../../shared/motor-turn';
import { Tool, ToolState, type PointerInput } from './tool';

function connectorOf(snap: Snap): Connector {
  return snap.type === 'connector' ? { ...snap.connector } : { curve: snap.curve, u: snap.u };
}

/** Connector picking ignores Alt: without a target there is nothing to pin or join. */
function pickAt(tool: Tool, e: PointerInput): Snap | null {
  return tool.editor.snapAt({ ...e, alt: false });
}

/** A state that picks a connector: the snap marker follows the pointer over what a click would pick. */
abstract class ConnectorPick<T extends Tool = Tool> extends ToolState<T> {
  override onPointerMove(e: PointerInput): void {
    this.editor.overlay.snap = pickAt(this.tool, e);
    this.editor.overlayChanged();
  }
}

class PinIdle extends ConnectorPick {
  readonly name = 'idle';
  readonly hint = 'Pin: click an end, a centre or any point of a curve to fix it in the page';
  override onPointerUp(e: PointerInput): void {
    if (e.button !== 0) return;
    const snap = pickAt(this.tool, e);
    if (!snap) return this.editor.notify('Pin: nothing here to pin');
    const id = this.editor.newId('k');
    const at: Vec2 = [snap.point[0], snap.point[1]];
    this.editor.commit({ type: 'add', constraints: [{ kind: 'pin', id, point: connectorOf(snap), at }] });
    this.editor.setSelection([id]);
  }
}

export class PinTool extends Tool {
  readonly id = 'pin';
  constructor(editor: Tool['editor']) {
    super(editor);
    this.addStates(new PinIdle(this));
  }
}

/** Attach and Spring: first pick, then second pick; Escape after the first forgets it. */
export abstract class TwoConnectorTool extends Tool {
  first: { connector: Connector; point: Vec2 } | null = null;
  abstract readonly hints: { first: string; second: string };
  /** The second pick may be empty paper: the other end is fixed there (a spring anchored to the page). */
  readonly paperEnd: boolean = false;
  constructor(editor: Tool['editor']) {
    super(editor);
    this.addStates(new FirstPick(this), new SecondPick(this));
  }
  /** `b`: the second connector, or the paper point picked (only when `paperEnd`). */
  abstract make(a: Connector, b: Connector | Vec2, distance: number): void;
  override reset(): void {
    this.first = null;
    super.reset();
  }
}

class FirstPick extends ConnectorPick<TwoConnectorTool> {
  readonly name = 'first';
  get hint(): string {
    return this.tool.hints.first;
  }
  override onPointerUp(e: PointerInput): void {
    if (e.button !== 0) return;
    const snap = pickAt(this.tool, e);
    if (!snap) return this.editor.notify(`${this.tool.label}: pick an end, a centre or a point of a curve`);
    this.tool.first = { connector: connectorOf(snap), point: snap.point };
    this.editor.overlay.picked = [this.tool.first.connector];
    this.tool.transition('second');
    this.editor.overlayChanged();
  }
}

class SecondPick extends ConnectorPick<TwoConnectorTool> {
  readonly name = 'second';
  get hint(): string {
    return this.tool.hints.second;
  }
  override onPointerUp(e: PointerInput): void {
    if (e.button !== 0 || !this.tool.first) return;
    const snap = pickAt(this.tool, e);
    const a = this.tool.first;
    if (!snap && this.tool.paperEnd) {
      this.tool.make(a.connector, e.point, Math.hypot(e.point[0] - a.point[0], e.point[1] - a.point[1]));
      return this.tool.reset();
    }
    if (!snap) return this.editor.notify(`${this.tool.label}: pick the second connector`);
    const b = connectorOf(snap);
    if (a.connector.curve === b.curve && a.connector.anchor === b.anchor && a.connector.u === b.u)
      return this.editor.notify(`${this.tool.label}: pick a different connector`);
    this.tool.make(a.connector, b, Math.hypot(snap.point[0] - a.point[0], snap.point[1] - a.point[1]));
    this.tool.reset();
  }
}

export class AttachTool extends TwoConnectorTool {
  readonly id = 'attach';
  readonly hints = {
    first: 'Attach: pick the first connector (an end, a centre, a point of a curve)',
    second: 'Attach: pick the connector to join it to — Esc cancels',
  };
  make(a: Connector, b: Connector | Vec2): void {
    if (Array.isArray(b)) return; // no paper end (paperEnd is off)
    const id = this.editor.newId('k');
    this.editor.commit({ type: 'add', constraints: [{ kind: 'attach', id, a, b }] });
    this.editor.setSelection([id]);
  }
}

export class SpringTool extends TwoConnectorTool {
  readonly id = 'spring';
  readonly hints = {
    first: 'Spring: pick its first end',
    second:
      'Spring: pick its other end, or click the paper to anchor it there (its rest length is the distance now) — ' +
      'Esc cancels',
  };
  override readonly paperEnd = true;
  make(a: Connector, b: Connector | Vec2, distance: number): void {
    const id = this.editor.newId('s');
    const end = Array.isArray(b) ? { at: [b[0], b[1]] as Vec2 } : { b };
    this.editor.commit({ type: 'add', springs: [{ id, a, ...end, stiffness: 1, rest: distance }] });
    this.editor.setSelection([id]);
  }
}

/**
 * Motor: a curve with a turn (a bar, an ellipse, a cam: motor-turn.ts) is turned by one click; any other curve's
 * point turns about a pivot picked next (a point motor). Escape after the point forgets it.
 */
export class MotorTool extends Tool {
  readonly id = 'motor';
  point: { connector: Connector; point: Vec2 } | null = null;
  constructor(editor: Tool['editor']) {
    super(editor);
    this.addStates(new MotorIdle(this), new MotorPivot(this));
  }
  override reset(): void {
    this.point = null;
    super.reset();
  }
  /** Adds the motor (30 rpm, running, at the angle it has now) and selects it. */
  make(motor: { bar: string } | { point: Connector; pivot: Connector }, angle: number): void {
    const id = this.editor.newId('k');
    this.editor.commit({
      type: 'add',
      constraints: [{ kind: 'motor', id, ...motor, rpm: 30, angle, running: true }],
    });
    this.editor.setSelection([id]);
  }
}

class MotorIdle extends ToolState<MotorTool> {
  readonly name = 'idle';
  readonly hint =
    'Motor: click a bar, an ellipse or a cam to turn it, or a point and then the pivot it turns about (30 rpm; Play turns it)';
  private curveAt(e: PointerInput): string | null {
    return pickCurve(this.editor.mirror, e.point, this.editor.tolerance())?.curve ?? null;
  }
  override onPointerMove(e: PointerInput): void {
    this.editor.setHover(this.curveAt(e));
  }
  override onPointerUp(e: PointerInput): void {
    if (e.button !== 0) return;
    const id = this.curveAt(e);
    const curve = id ? this.editor.mirror.curve(id) : undefined;
    if (!curve) return this.editor.notify('Motor: click a curve to turn, or a point to turn about a pivot');
    const turn = curveTurn(curve, this.editor.mirror.drawing.equations);
    if (turn) return this.tool.make({ bar: curve.id }, turn.angle);
    const snap = pickAt(this.tool, e);
    if (!snap) return this.editor.notify('Motor: click a point of the curve to turn');
    this.tool.point = { connector: connectorOf(snap), point: snap.point };
    this.editor.overlay.picked = [this.tool.point.connector];
    this.tool.transition('pivot');
    this.editor.overlayChanged();
  }
}

class MotorPivot extends ConnectorPick<MotorTool> {
  readonly name = 'pivot';
  readonly hint = 'Motor: click the pivot the point turns about — Esc cancels';
  override onPointerUp(e: PointerInput): void {
    const picked = this.tool.point;
    if (e.button !== 0 || !picked) return;
    const snap = pickAt(this.tool, e);
    if (!snap) return this.editor.notify('Motor: click the pivot: an end, a centre or a point of a curve');
    const dx = picked.point[0] - snap.point[0];
    const dy = picked.point[1] - snap.point[1];
    if (Math.hypot(dx, dy) < 1e-9)
      return this.editor.notify('Motor: pick a pivot away from the point it turns');
    this.tool.make({ point: picked.connector, pivot: connectorOf(snap) }, Math.atan2(dy, dx));
    this.tool.reset();
  }
}

class TraceIdle extends ConnectorPick {
  readonly name = 'idle';
  readonly hint = 'Trace: click a point of a curve to record its path while the mechanism plays';
  override onPointerUp(e: PointerInput): void {
    if (e.button !== 0) return;
    const snap = pickAt(this.tool, e);
    if (!snap) return this.editor.notify('Trace: click a point of a curve');
    const id = this.editor.newId('t');
    this.editor.commit({ type: 'add', traces: [{ id, point: connectorOf(snap), points: [] }] });
  }
}

export class TraceTool extends Tool {
  readonly id = 'trace';
  constructor(editor: Tool['editor']) {
    super(editor);
    this.addStates(new TraceIdle(this));
  }
}
