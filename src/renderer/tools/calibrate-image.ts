// Calibrate Image: two clicks on a reference image (two points whose real distance is known — a scale bar, two
// marks of a grid), then that distance typed in the inline editor; the image is scaled about the first point so the
// two are that far apart, one undoable `image` edit. The image is the selected one, else the one first clicked.
// Esc cancels at any step. States: first → second → distance (the editor open).

import type { ReferenceImage, Vec2 } from '../../shared/drawing';
import { calibrated, imageAt, imageContains } from '../../shared/image-geometry';
import { formatShown } from '../../shared/units';
import { UNIT_SYMBOL } from '../../shared/units';
import type { EditorContext } from './context';
import { Tool, ToolState, type PointerInput, type ToolId } from './tool';

const LABEL = 'Calibrate Image';

export class CalibrateImageTool extends Tool {
  readonly id: ToolId = 'calibrate-image';
  /** The image being calibrated and the first point clicked on it. */
  target: { image: ReferenceImage; first: Vec2 } | null = null;

  constructor(editor: EditorContext) {
    super(editor);
    this.addStates(new FirstPoint(this), new SecondPoint(this), new Distance(this));
  }

  override reset(): void {
    this.target = null;
    this.editor.overlay.marks = [];
    this.editor.overlayChanged();
    super.reset();
  }

  /** The image a click at p calibrates: the selected one (locked or not), else an unlocked one under p. */
  imageFor(p: Vec2): ReferenceImage | null {
    const images = this.editor.mirror.drawing.images ?? [];
    const selected = images.find((i) => this.editor.selection.has(i.id));
    if (selected) return imageContains(selected, p) ? selected : null;
    return imageAt(images, p);
  }

  /** Asks for the distance between the two points, then sends the placement that makes it so. */
  ask(image: ReferenceImage, first: Vec2, second: Vec2): void {
    this.transition('distance');
    const now = Math.hypot(second[0] - first[0], second[1] - first[1]);
    this.editor.values.ask({
      caption: `${image.name}: distance`,
      unit: UNIT_SYMBOL.mm,
      at: second,
      initial: Number(formatShown(now, 3)),
      submit: (distance) => {
        const placed = calibrated(image, first, second, distance);
        if (!placed) return this.editor.notify(`${LABEL}: the distance must be a positive number of mm`);
        this.editor.commitImage(image.id, placed);
      },
      closed: () => {
        if (this.state.name === 'distance') this.reset();
      },
    });
  }
}

class FirstPoint extends ToolState<CalibrateImageTool> {
  readonly name = 'first';
  readonly hint = `${LABEL}: click the first of two points of the image whose distance you know`;
  override onPointerUp(e: PointerInput): void {
    if (e.button !== 0) return;
    const image = this.tool.imageFor(e.point);
    if (!image) return this.editor.notify(`${LABEL}: click on the image (select a locked one first)`);
    this.tool.target = { image, first: e.point };
    this.editor.setSelection([image.id]);
    this.editor.overlay.marks = [e.point];
    this.editor.overlayChanged();
    this.tool.transition('second');
  }
}

class SecondPoint extends ToolState<CalibrateImageTool> {
  readonly name = 'second';
  readonly hint = `${LABEL}: click the second point — Esc cancels`;
  override onPointerUp(e: PointerInput): void {
    const target = this.tool.target;
    if (e.button !== 0 || !target) return;
    if (e.point[0] === target.first[0] && e.point[1] === target.first[1])
      return this.editor.notify(`${LABEL}: click a second point away from the first`);
    this.editor.overlay.marks = [target.first, e.point];
    this.editor.overlayChanged();
    this.tool.ask(target.image, target.first, e.point);
  }
}

class Distance extends ToolState<CalibrateImageTool> {
  readonly name = 'distance';
  readonly hint = `${LABEL}: type the distance between the two points in mm and press Enter — Esc cancels`;
  override onCancel(): void {
    this.editor.values.close();
    this.tool.reset();
  }
}
