// Select: click to select (Shift toggles), drag on empty paper for a box, Delete removes the selection, and a press
// on any point of any curve grabs that material point: once the pointer moves, the drag loop pulls it and the rest
// of the drawing yields. States: idle → pointing (pressed on a curve) → dragging; idle → boxing.

import type { Vec2 } from '../../shared/drawing';
import { curvesInBox, pickCurve, pickGlyph, type CurveHit } from '../editor/picking';
import { Tool, ToolState, type PointerInput } from './tool';

/** Movement (px) that turns a press into a drag. */
const DRAG_START_PX = 3;

export class SelectTool extends Tool {
  readonly id = 'select';
  /** The press that may become a drag or a box. */
  press: { screen: Vec2; point: Vec2; hit: CurveHit | null; shift: boolean } | null = null;

  constructor(editor: Tool['editor']) {
    super(editor);
    this.addStates(new Idle(this), new Pointing(this), new Dragging(this), new Boxing(this));
  }

  override reset(): void {
    this.press = null;
    super.reset();
  }

  /**
   * What is under the pointer: the glyph (it sits on top) or else the curve to select, and in either case the
   * nearest curve point, so that a press on a joint selects its glyph on click but pulls the curve on drag.
   */
  hitAt(p: Vec2): { id: string; curve: CurveHit | null } | null {
    const tolerance = this.editor.tolerance();
    const curve = pickCurve(this.editor.mirror, p, tolerance);
    const glyph = pickGlyph(this.editor.mirror, p, tolerance * 0.75);
    if (glyph) return { id: glyph, curve };
    return curve ? { id: curve.curve, curve } : null;
  }
}

class Idle extends ToolState<SelectTool> {
  readonly name = 'idle';
  readonly hint =
    'Select: click to select, Shift-click to add, drag on a curve to pull it, drag on paper to box';
  override onPointerMove(e: PointerInput): void {
    this.editor.setHover(this.tool.hitAt(e.point)?.id ?? null);
  }
  override onPointerDown(e: PointerInput): void {
    if (e.button !== 0) return;
    const hit = this.tool.hitAt(e.point);
    if (hit) {
      const selection = new Set(this.editor.selection);
      if (e.shift) {
        if (selection.has(hit.id)) selection.delete(hit.id);
        else selection.add(hit.id);
        this.editor.setSelection(selection);
      } else if (!selection.has(hit.id)) this.editor.setSelection([hit.id]);
      this.tool.press = { screen: e.screen, point: e.point, hit: hit.curve, shift: e.shift };
      this.tool.transition('pointing');
    } else {
      if (!e.shift) this.editor.setSelection([]);
      this.tool.press = { screen: e.screen, point: e.point, hit: null, shift: e.shift };
      this.tool.transition('boxing');
    }
  }
}

class Pointing extends ToolState<SelectTool> {
  readonly name = 'pointing';
  readonly hint = 'Move to pull the point you pressed';
  override onPointerMove(e: PointerInput): void {
    const press = this.tool.press;
    if (!press) return this.tool.reset();
    if (Math.hypot(e.screen[0] - press.screen[0], e.screen[1] - press.screen[1]) < DRAG_START_PX) return;
    if (!press.hit) return this.tool.reset();
    this.editor.drag.start(press.hit.curve, press.hit.u, press.point);
    this.editor.drag.move(e.point);
    this.editor.overlay.pull = { curve: press.hit.curve, u: press.hit.u, cursor: e.point };
    this.editor.overlayChanged();
    this.tool.transition('dragging');
  }
  override onPointerUp(): void {
    this.tool.reset();
  }
}

class Dragging extends ToolState<SelectTool> {
  readonly name = 'dragging';
  readonly hint = 'Pulling: release to let go — Esc puts everything back';
  override onPointerMove(e: PointerInput): void {
    this.editor.drag.move(e.point);
    if (this.editor.overlay.pull) this.editor.overlay.pull.cursor = e.point;
    this.editor.overlayChanged();
  }
  override onPointerUp(e: PointerInput): void {
    this.editor.drag.move(e.point);
    void this.editor.drag.end();
    this.tool.press = null;
    this.editor.overlay.pull = null;
    this.editor.overlayChanged();
    this.tool.transition('idle');
  }
  override onCancel(): void {
    void this.editor.drag.cancel();
    this.editor.overlay.pull = null;
    this.tool.reset();
  }
}

class Boxing extends ToolState<SelectTool> {
  readonly name = 'boxing';
  readonly hint = 'Box select: release to select the curves inside — Esc cancels';
  override onPointerMove(e: PointerInput): void {
    const press = this.tool.press;
    if (!press) return this.tool.reset();
    this.editor.overlay.box = [press.point, e.point];
    this.editor.overlayChanged();
  }
  override onPointerUp(e: PointerInput): void {
    const press = this.tool.press;
    if (press && Math.hypot(e.screen[0] - press.screen[0], e.screen[1] - press.screen[1]) >= DRAG_START_PX) {
      const inside = curvesInBox(this.editor.mirror, press.point, e.point);
      this.editor.setSelection(press.shift ? [...this.editor.selection, ...inside] : inside);
    }
    this.tool.reset();
  }
}
