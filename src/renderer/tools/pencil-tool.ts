// The Pencil (issue 30): press, draw a stroke, release — the stroke becomes clean curves (stroke-fit.ts: segments,
// arcs, circles, Bézier chains split at corners) within PENCIL_TOLERANCE_PX at the present zoom, their ends
// attached, sent as one edit with the stroke, to which the session then fits them under every constraint (their
// snapped ends, H/V, their joins: Engine.fitOnce). Its ends snap as the other drawing tools' do: a stroke begun or ended on a curve's end
// is attached there (on a curve: held on it), unless Alt is down. While drawing, the stroke shows as a thin ghost.
// States: idle → drawing.

import type { Constraint, Curve, Vec2 } from '../../shared/drawing';
import { snapConstraint, snappedPoint, type Snap } from '../editor/snapping';
import { fitStroke } from './stroke-fit';
import { MAX_STROKE_POINTS } from '../../shared/edit-commands';
import { Tool, ToolState, type PointerInput } from './tool';

/** What the fitted curves may stray from the stroke, in screen pixels at the present zoom. */
export const PENCIL_TOLERANCE_PX = 2;

export class PencilTool extends Tool {
  readonly id = 'pencil';
  stroke: Vec2[] = [];
  startSnap: Snap | null = null;

  constructor(editor: Tool['editor']) {
    super(editor);
    this.addStates(new PencilIdle(this), new PencilDrawing(this));
  }

  override get draws(): boolean {
    return true;
  }

  override reset(): void {
    this.stroke = [];
    this.startSnap = null;
    super.reset();
  }

  /** The stroke so far as a ghost: a polyline of segments (what the overlay draws). */
  showStroke(): void {
    const ghost: Curve[] = [];
    for (let i = 1; i < this.stroke.length; i++)
      ghost.push({ kind: 'segment', id: `pencil-${i}`, a: this.stroke[i - 1], b: this.stroke[i] });
    this.editor.overlay.preview = ghost;
    this.editor.overlayChanged();
  }

  /** The stroke ended at e: fitted, its ends snapped, sent as one edit, the new curves selected. */
  finish(e: PointerInput): void {
    const endSnap = this.editor.snapAt(e);
    const stroke = this.stroke;
    if (this.startSnap) stroke[0] = snappedPoint(stroke[0], this.startSnap);
    stroke.push(snappedPoint(e.point, endSnap));
    const fit = fitStroke(stroke, this.editor.view.mm(PENCIL_TOLERANCE_PX), (prefix) =>
      this.editor.newId(prefix),
    );
    if (fit.curves.length === 0) {
      this.editor.notify('Pencil: draw a longer stroke');
      return this.reset();
    }
    const constraints: Constraint[] = [...fit.constraints];
    const first = fit.curves[0];
    const last = fit.curves[fit.curves.length - 1];
    // A closed stroke's ends are its own; a circle has none.
    if (!fit.closed) {
      if (this.startSnap)
        constraints.push(
          snapConstraint(this.editor.newId('k'), { curve: first.id, anchor: 'start' }, this.startSnap),
        );
      if (endSnap)
        constraints.push(snapConstraint(this.editor.newId('k'), { curve: last.id, anchor: 'end' }, endSnap));
    }
    // The stroke goes along: the session fits the curves to it once their ends are snapped (the constrained fit).
    this.editor.commit({ type: 'add', curves: fit.curves, constraints, stroke: strokeSample(stroke) });
    this.editor.setSelection(fit.curves.map((c) => c.id));
    this.reset();
  }
}

/** The stroke as sent: every point, or evenly thinned to MAX_STROKE_POINTS for a very long one. */
function strokeSample(stroke: Vec2[]): Vec2[] {
  if (stroke.length <= MAX_STROKE_POINTS) return stroke;
  const step = stroke.length / MAX_STROKE_POINTS;
  return Array.from({ length: MAX_STROKE_POINTS }, (_, i) => stroke[Math.floor(i * step)]);
}

class PencilIdle extends ToolState<PencilTool> {
  readonly name = 'idle';
  readonly hint = 'Pencil: press and draw a stroke; it becomes lines, arcs and curves (Alt: no snapping)';
  override onPointerMove(e: PointerInput): void {
    this.editor.overlay.snap = this.editor.snapAt(e);
    this.editor.overlayChanged();
  }
  override onPointerDown(e: PointerInput): void {
    if (e.button !== 0) return;
    this.tool.startSnap = this.editor.snapAt(e);
    this.tool.stroke = [[e.point[0], e.point[1]]];
    this.editor.overlay.snap = null;
    this.tool.transition('drawing');
  }
}

class PencilDrawing extends ToolState<PencilTool> {
  readonly name = 'drawing';
  readonly hint = 'Pencil: draw, then release — Esc cancels';
  override onPointerMove(e: PointerInput): void {
    this.tool.stroke.push([e.point[0], e.point[1]]);
    this.editor.overlay.snap = this.editor.snapAt(e);
    this.tool.showStroke();
  }
  override onPointerUp(e: PointerInput): void {
    if (e.button === 0) this.tool.finish(e);
  }
}
