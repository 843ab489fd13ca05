// Select: click to select (Shift toggles), drag on empty paper for a box, Delete removes the selection, and a press
// on any point of any curve grabs that material point: once the pointer moves, the drag loop pulls it and the rest
// of the drawing yields; a curve of a multi-selection brings the other selected curves along, moved rigidly.
// Double-click on a curve edits its main value (a circle's radius…) in place. A dimension (its value or its lines) selects its constraint; dragged, it moves its label;
// double-clicked, it opens the inline editor of its value. A press on an unlocked reference image where no curve is
// selects it; dragged, it moves it. A point set's marks, where no curve is, select the set. States: idle → pointing (pressed on a curve, a dimension or an image) →
// dragging, labelling or moving-image; idle → boxing.

import type { Vec2 } from '../../shared/drawing';
import { dimensionById, pickDimension } from '../editor/dimensions';
import { pickHandle } from '../editor/handles';
import { curvesInBox, pickCurve, pickGlyph, pickPointSet, type CurveHit } from '../editor/picking';
import { imageAt } from '../../shared/image-geometry';
import { Tool, ToolState, type PointerInput } from './tool';

/** Movement (px) that turns a press into a drag. */
const DRAG_START_PX = 3;

export class SelectTool extends Tool {
  readonly id = 'select';
  /** The press that may become a drag or a box. */
  press: {
    screen: Vec2;
    point: Vec2;
    hit: CurveHit | null;
    shift: boolean;
    /** Pressed on a dimension: its id and its label (the record's) then. */
    dimension?: { id: string; label: Vec2 };
    /** Pressed on a shape handle of a selected curve (a control point, a knot): its index. */
    handle?: number;
    /** Pressed on a reference image (where no curve is): its id and its centre then. */
    image?: { id: string; center: Vec2 };
  } | null = null;

  constructor(editor: Tool['editor']) {
    super(editor);
    this.addStates(
      new Idle(this),
      new Pointing(this),
      new Dragging(this),
      new Labelling(this),
      new MovingImage(this),
      new Boxing(this),
    );
  }

  override reset(): void {
    this.press = null;
    super.reset();
  }

  /**
   * What is under the pointer: the glyph (it sits on top) or else the curve to select, and in either case the
   * nearest curve point, so that a press on a joint selects its glyph on click but pulls the curve on drag.
   */
  hitAt(p: Vec2): { id: string; curve: CurveHit | null; dimension?: boolean; image?: boolean } | null {
    const tolerance = this.editor.tolerance();
    const curve = pickCurve(this.editor.mirror, p, tolerance);
    const glyph = pickGlyph(this.editor.mirror, p, tolerance * 0.75, this.editor.view.mm(1));
    if (glyph) return { id: glyph, curve };
    // A dimension nearer than any curve (its value, or its lines, which keep a gap from the geometry).
    const dimension = pickDimension(this.editor, p, tolerance);
    if (dimension && (!curve || dimension.distance < curve.distance))
      return { id: dimension.id, curve: null, dimension: true };
    if (curve) return { id: curve.curve, curve };
    // A point set's marks, where no curve is (a fitted curve runs through its data: a click there takes the curve).
    const data = pickPointSet(this.editor.mirror.drawing.pointSets, p, tolerance);
    if (data) return { id: data, curve: null };
    // Under everything: an unlocked reference image, where nothing else is (a curve over it is grabbed, not it).
    const image = imageAt(this.editor.mirror.drawing.images, p);
    return image ? { id: image.id, curve: null, image: true } : null;
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
    // A selected curve's control point or knot, shown over the curve: grabbed as itself.
    const handle = e.shift
      ? null
      : pickHandle(this.editor.mirror, this.editor.selection, e.point, this.editor.tolerance());
    if (handle) {
      this.tool.press = {
        screen: e.screen,
        point: e.point,
        hit: { curve: handle.curve, u: 0, distance: 0, point: handle.at },
        shift: false,
        handle: handle.index,
      };
      return this.tool.transition('pointing');
    }
    const hit = this.tool.hitAt(e.point);
    if (hit) {
      const selection = new Set(this.editor.selection);
      if (e.shift) {
        if (selection.has(hit.id)) selection.delete(hit.id);
        else selection.add(hit.id);
        this.editor.setSelection(selection);
      } else if (!selection.has(hit.id)) this.editor.setSelection([hit.id]);
      const k = hit.dimension ? dimensionById(this.editor.mirror, hit.id) : null;
      const image = hit.image ? this.editor.mirror.drawing.images?.find((i) => i.id === hit.id) : undefined;
      this.tool.press = {
        screen: e.screen,
        point: e.point,
        hit: hit.curve,
        shift: e.shift,
        ...(k && { dimension: { id: k.id, label: k.label ?? [0, 0] } }),
        ...(image && { image: { id: image.id, center: image.center } }),
      };
      this.tool.transition('pointing');
    } else {
      if (!e.shift) this.editor.setSelection([]);
      this.tool.press = { screen: e.screen, point: e.point, hit: null, shift: e.shift };
      this.tool.transition('boxing');
    }
  }
  /** A dimension: the inline editor of its value; a curve: of its main value (radius, length, rx), where clicked. */
  override onDoubleClick(e: PointerInput): void {
    const hit = this.tool.hitAt(e.point);
    if (hit?.dimension) this.editor.values.editDimension(hit.id);
    else if (hit?.curve && hit.curve.curve === hit.id) this.editor.values.editCurveValue(hit.id, e.point);
  }
}

class Pointing extends ToolState<SelectTool> {
  readonly name = 'pointing';
  readonly hint = 'Move to pull the point you pressed';
  override onPointerMove(e: PointerInput): void {
    const press = this.tool.press;
    if (!press) return this.tool.reset();
    if (Math.hypot(e.screen[0] - press.screen[0], e.screen[1] - press.screen[1]) < DRAG_START_PX) return;
    if (press.dimension) {
      this.tool.transition('labelling');
      return this.tool.state.onPointerMove(e);
    }
    if (press.image) {
      this.tool.transition('moving-image');
      return this.tool.state.onPointerMove(e);
    }
    if (!press.hit) return this.tool.reset();
    // A curve of a multi-selection carries the selected curves along (the session moves them rigidly with it); a
    // handle reshapes its own curve alone.
    const together =
      press.handle === undefined && this.editor.selection.has(press.hit.curve) ? this.selectedCurves() : [];
    this.editor.drag.start(
      press.hit.curve,
      press.hit.u,
      press.point,
      together.length > 1 ? together : [],
      press.handle,
    );
    this.editor.drag.move(e.point);
    // The pull line runs from a material point; a handle is under the cursor itself.
    if (press.handle === undefined)
      this.editor.overlay.pull = { curve: press.hit.curve, u: press.hit.u, cursor: e.point };
    this.editor.overlayChanged();
    this.tool.transition('dragging');
  }
  override onPointerUp(): void {
    this.tool.reset();
  }

  private selectedCurves(): string[] {
    return [...this.editor.selection].filter((id) => this.editor.mirror.curve(id));
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

/** A dimension's label follows the pointer; release moves it for good (one undoable `label` edit). */
class Labelling extends ToolState<SelectTool> {
  readonly name = 'labelling';
  readonly hint = 'Moving the dimension: release to place it — Esc puts it back';
  private offset(e: PointerInput): { id: string; offset: Vec2 } | null {
    const press = this.tool.press;
    if (!press?.dimension) return null;
    const { id, label } = press.dimension;
    return { id, offset: [label[0] + e.point[0] - press.point[0], label[1] + e.point[1] - press.point[1]] };
  }
  override onPointerMove(e: PointerInput): void {
    const moved = this.offset(e);
    if (moved) this.editor.previewLabel(moved);
  }
  override onPointerUp(e: PointerInput): void {
    const moved = this.offset(e);
    if (moved) this.editor.commitLabel(moved.id, moved.offset);
    this.tool.reset();
  }
  override onCancel(): void {
    this.editor.previewLabel(null);
    this.tool.reset();
  }
}

/** An unlocked reference image follows the pointer; release places it (one undoable `image` edit). */
class MovingImage extends ToolState<SelectTool> {
  readonly name = 'moving-image';
  readonly hint = 'Moving the image: release to place it — Esc puts it back';
  private center(e: PointerInput): { id: string; center: Vec2 } | null {
    const press = this.tool.press;
    if (!press?.image) return null;
    const { id, center } = press.image;
    return { id, center: [center[0] + e.point[0] - press.point[0], center[1] + e.point[1] - press.point[1]] };
  }
  override onPointerMove(e: PointerInput): void {
    const moved = this.center(e);
    const image = moved && this.editor.mirror.drawing.images?.find((i) => i.id === moved.id);
    if (moved && image)
      this.editor.previewImage({
        id: moved.id,
        placement: { center: moved.center, width: image.width, rotation: image.rotation },
      });
  }
  override onPointerUp(e: PointerInput): void {
    const moved = this.center(e);
    if (moved) this.editor.commitImage(moved.id, { center: moved.center });
    this.tool.reset();
  }
  override onCancel(): void {
    this.editor.previewImage(null);
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
