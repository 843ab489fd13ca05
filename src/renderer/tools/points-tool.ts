// Data Points: clicks on the paper collect points (shown as marks), and Enter — or leaving the tool — adds them as
// one new point set "Points N", one undoable `add`, selected so Fit to Points takes it. Esc abandons the points
// clicked so far. Collected and added once rather than one edit per click: one undo takes the whole set back, and
// the drawing does not change (nor a running fit restart) at every click. States: first → more.

import type { Drawing, Vec2 } from '../../shared/drawing';
import { Tool, ToolState, type KeyInput, type PointerInput } from './tool';

const LABEL = 'Data Points';

/** The first free "Points N" of the drawing's point sets. */
export function nextPointSetName(drawing: Drawing): string {
  const taken = new Set((drawing.pointSets ?? []).map((s) => s.name));
  let n = 1;
  while (taken.has(`Points ${n}`)) n++;
  return `Points ${n}`;
}

export class PointsTool extends Tool {
  readonly id = 'points';
  /** The points clicked so far (drawing mm). */
  points: Vec2[] = [];

  constructor(editor: Tool['editor']) {
    super(editor);
    this.addStates(new First(this), new More(this));
  }

  override reset(): void {
    this.points = [];
    super.reset();
  }

  /** The points clicked, added as one new point set (selected); nothing when none were clicked. */
  finish(): void {
    if (this.points.length === 0) return;
    const id = this.editor.newId('p');
    const name = nextPointSetName(this.editor.mirror.drawing);
    this.editor.commit({ type: 'add', pointSets: [{ id, name, points: this.points }] });
    this.editor.setSelection([id]);
    this.reset();
  }

  add(p: Vec2): void {
    this.points.push([p[0], p[1]]);
    this.editor.overlay.marks = [...this.points];
    this.editor.overlayChanged();
    if (this.state.name !== 'more') this.transition('more');
    else this.editor.toolChanged();
  }

  /** Leaving the tool keeps what was clicked (Esc is the way to drop it). */
  override deactivate(): void {
    this.finish();
    super.deactivate();
  }
}

class First extends ToolState<PointsTool> {
  readonly name = 'first';
  readonly hint = `${LABEL}: click to add points to fit to; Enter makes them a point set`;
  override onPointerUp(e: PointerInput): void {
    if (e.button === 0) this.tool.add(e.point);
  }
}

class More extends ToolState<PointsTool> {
  readonly name = 'more';
  get hint(): string {
    const n = this.tool.points.length;
    return `${LABEL}: ${n} point${n === 1 ? '' : 's'} — click to add more, Enter makes them a point set, Esc drops them`;
  }
  override onPointerUp(e: PointerInput): void {
    if (e.button === 0) this.tool.add(e.point);
  }
  override onKeyDown(e: KeyInput): boolean {
    if (e.key !== 'Enter') return false;
    this.tool.finish();
    return true;
  }
}
