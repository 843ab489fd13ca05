// The Konva view of the editor: a stage with four layers — grid, curves (one Shape per curve, drawing the curve's
// exact Path from the engine's curvePath), glyphs (pins, attachments, beads, motors, springs) and overlay (hover,
// selection handles, the tool's preview, the snap marker, the selection box, the residual tooltip). Everything is
// drawn in screen space from the editor's view transform, so strokes keep their pixel width at any zoom, and
// Konva's pixel ratio keeps them crisp on HiDPI screens. Only the layers a change concerns are redrawn
// (batchDraw: at most once per animation frame).

import Konva from 'konva';
import type { Editor, EditorChange } from '../editor/editor';
import { drawGlyphs, drawOverlay, drawTraces } from './glyph-painter';
import { drawGrid } from './grid-painter';
import { safePath, traceInView } from './paths';
import { THEME } from './theme';

/** The dot a point curve is drawn as, px. */
export const POINT_RADIUS = 3;

export class CanvasView {
  readonly stage: Konva.Stage;
  private readonly grid = new Konva.Layer({ listening: false });
  private readonly curves = new Konva.Layer({ listening: false });
  private readonly glyphs = new Konva.Layer({ listening: false });
  private readonly overlay = new Konva.Layer({ listening: false });
  private readonly shapes = new Map<string, Konva.Shape>();
  /** The traced trails, under the curves. */
  private readonly traces: Konva.Shape;
  /** Number of times each layer has drawn (tests check that a change redraws only its layers). */
  readonly draws = { grid: 0, curves: 0, glyphs: 0, overlay: 0 };

  constructor(
    container: HTMLDivElement,
    private readonly editor: Editor,
  ) {
    this.stage = new Konva.Stage({ container, width: editor.view.width, height: editor.view.height });
    this.grid.add(new Konva.Shape({ sceneFunc: (c) => drawGrid(c._context, editor) }));
    this.glyphs.add(new Konva.Shape({ sceneFunc: (c) => drawGlyphs(c._context, editor) }));
    this.overlay.add(new Konva.Shape({ sceneFunc: (c) => drawOverlay(c._context, editor) }));
    this.traces = new Konva.Shape({ sceneFunc: (c) => drawTraces(c._context, editor) });
    this.curves.add(this.traces);
    this.stage.add(this.grid, this.curves, this.glyphs, this.overlay);
    for (const name of ['grid', 'curves', 'glyphs', 'overlay'] as const)
      this[name].on('draw', () => this.draws[name]++);
    // The overlay is drawn last in a frame: a drag frame's latency ends there.
    this.overlay.on('draw', () => editor.drawn(performance.now()));
    this.rebuildCurves();
    editor.subscribe((change) => this.update(change));
  }

  private curveShape(id: string): Konva.Shape {
    const editor = this.editor;
    return new Konva.Shape({
      id,
      sceneFunc: (context) => {
        const curve = editor.mirror.curve(id);
        if (!curve) return;
        const path = safePath(curve, editor.mirror.drawing);
        if (!path) return;
        const ctx = context._context;
        if (path.segments.length === 0) {
          // A point curve: no extent to stroke, so a dot.
          const [x, y] = editor.view.toScreen(path.start);
          ctx.beginPath();
          ctx.arc(x, y, POINT_RADIUS, 0, 2 * Math.PI);
          ctx.fillStyle = THEME.curve.color;
          ctx.fill();
          return;
        }
        ctx.beginPath();
        traceInView(ctx, editor, path);
        ctx.lineWidth = THEME.curve.width;
        ctx.lineJoin = THEME.curve.lineJoin;
        ctx.lineCap = THEME.curve.lineCap;
        ctx.setLineDash(THEME.curve.dash as number[]);
        ctx.strokeStyle = THEME.curve.color;
        ctx.stroke();
      },
    });
  }

  /** One Shape per curve, in drawing order; kept when the curve survives a structural change. */
  private rebuildCurves(): void {
    const ids = this.editor.mirror.drawing.curves.map((c) => c.id);
    const keep = new Set(ids);
    for (const [id, shape] of this.shapes)
      if (!keep.has(id)) {
        shape.destroy();
        this.shapes.delete(id);
      }
    ids.forEach((id, index) => {
      let shape = this.shapes.get(id);
      if (!shape) {
        shape = this.curveShape(id);
        this.shapes.set(id, shape);
        this.curves.add(shape);
      }
      shape.zIndex(index + 1);
    });
    this.traces.zIndex(0);
  }

  resize(width: number, height: number): void {
    this.stage.size({ width, height });
    this.editor.resize(width, height);
  }

  private redraw(layer: 'grid' | 'curves' | 'glyphs' | 'overlay'): void {
    this[layer].batchDraw();
  }

  private update(change: EditorChange): void {
    if (change.structure) this.rebuildCurves();
    if (change.view) {
      this.redraw('grid');
      this.redraw('curves');
      this.redraw('glyphs');
      this.redraw('overlay');
      return;
    }
    const moved = change.structure || change.curves.size > 0;
    if (moved) {
      this.redraw('curves');
      this.redraw('glyphs');
    } else if (change.status) this.redraw('glyphs');
    if (moved || change.overlay || change.hover || change.selection || change.status) this.redraw('overlay');
  }
}
