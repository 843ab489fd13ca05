// The Konva view of the editor: a stage with five layers — grid (the paper, its grid, then the reference images
// over it and the point sets' marks), curves (the traces, the targets' pulls, then every curve's exact
// Path from the engine's curvePath, all in one Shape and one stroke), glyphs (pins, attachments, beads, motors,
// springs; then the dimensions), analysis (the instant centres and a four-bar's toggles and dead centres) and overlay (hover, selection handles, the tool's preview, the snap marker, the selection box, the
// residual tooltip). Everything is drawn in screen space from the editor's view transform, so strokes keep their
// pixel width at any zoom, and Konva's pixel ratio keeps them crisp on HiDPI screens. Only the layers a change
// concerns are redrawn: a session's answer (a drag or play frame) at once, so the frame is on the canvas for the
// next compositor frame without waiting for an animation frame; pointer-driven changes (hover, the tool's
// overlay, pan and zoom) with batchDraw, at most once per animation frame.

import Konva from 'konva';
import type { Editor } from '../editor/editor';
import type { EditorChange } from '../editor/editor-change';
import { drawGlyphs } from './glyph-painter';
import { drawOverlay, type OverlayDrawn } from './overlay-painter';
import { drawControls } from './control-painter';
import { drawTraceMarkers, drawTraces } from './trace-painter';
import { drawPointSets, drawPulls } from './data-painter';
import { drawGrid } from './grid-painter';
import { drawImages } from './image-painter';
import { drawCurves } from './curve-painter';
import { drawDimensions } from './dimension-painter';
import { drawAnalysis, type DrawnAnalysisMark } from './analysis-painter';

const LAYERS = ['grid', 'curves', 'glyphs', 'analysis', 'overlay'] as const;
type LayerName = (typeof LAYERS)[number];

export class CanvasView {
  readonly stage: Konva.Stage;
  private readonly grid = new Konva.Layer({ listening: false });
  private readonly curves = new Konva.Layer({ listening: false });
  private readonly glyphs = new Konva.Layer({ listening: false });
  private readonly analysis = new Konva.Layer({ listening: false });
  private readonly overlay = new Konva.Layer({ listening: false });
  /** Number of times each layer has drawn (tests check that a change redraws only its layers). */
  readonly draws: Record<LayerName, number> = {
    grid: 0,
    curves: 0,
    glyphs: 0,
    analysis: 0,
    overlay: 0,
  };
  /** What the analysis layer drew last (the debug hook reports it). */
  analysisMarks: DrawnAnalysisMark[] = [];
  /** The colour each sketch glyph and each dimension was last drawn in, by constraint id (the debug hook). */
  glyphColors = new Map<string, string>();
  dimensionColors = new Map<string, string>();
  /** What the overlay drew last: the culprits highlighted, the hovered constraint's tooltip (the debug hook). */
  overlayDrawn: OverlayDrawn = { culprits: [], tooltip: null };
  /** When the first layer of the current redraw began (the overlay, drawn last, ends it). */
  private drawStart: number | null = null;
  /** A trace or an attractor was selected when the curves layer last drew. */
  private traceSelected = false;

  constructor(
    container: HTMLDivElement,
    private readonly editor: Editor,
  ) {
    this.stage = new Konva.Stage({ container, width: editor.view.width, height: editor.view.height });
    this.grid.add(new Konva.Shape({ sceneFunc: (c) => drawGrid(c._context, editor) }));
    const decoded = () => editor.change({ images: true });
    // The reference images on the paper, under the curves (image-painter.ts).
    this.grid.add(new Konva.Shape({ sceneFunc: (c) => drawImages(c._context, editor, decoded) }));
    // The data to fit over them (data-painter.ts): it moves only with the view, so a drag frame does not redraw it.
    this.grid.add(new Konva.Shape({ sceneFunc: (c) => drawPointSets(c._context, editor) }));
    this.glyphs.add(new Konva.Shape({ sceneFunc: (c) => drawTraceMarkers(c._context, editor) }));
    this.glyphs.add(
      new Konva.Shape({ sceneFunc: (c) => void (this.glyphColors = drawGlyphs(c._context, editor)) }),
    );
    this.glyphs.add(
      new Konva.Shape({ sceneFunc: (c) => void (this.dimensionColors = drawDimensions(c._context, editor)) }),
    );
    this.overlay.add(new Konva.Shape({ sceneFunc: (c) => drawControls(c._context, editor) }));
    this.overlay.add(
      new Konva.Shape({ sceneFunc: (c) => void (this.overlayDrawn = drawOverlay(c._context, editor)) }),
    );
    // The traced trails under the curves (their markers are on the glyph layer). Nothing on the canvas listens (no hit graph to draw), and the painters
    // set their own styles (no Konva fill/stroke pass).
    this.curves.add(new Konva.Shape({ sceneFunc: (c) => drawTraces(c._context, editor) }));
    // The targets' pulls and the fits' worst points (data-painter.ts), under the curves.
    this.curves.add(new Konva.Shape({ sceneFunc: (c) => drawPulls(c._context, editor) }));
    this.curves.add(new Konva.Shape({ sceneFunc: (c) => drawCurves(c._context, editor) }));
    this.analysis.add(
      new Konva.Shape({ sceneFunc: (c) => void (this.analysisMarks = drawAnalysis(c._context, editor)) }),
    );
    this.stage.add(this.grid, this.curves, this.glyphs, this.analysis, this.overlay);
    for (const name of LAYERS) {
      this[name].on('draw', () => this.draws[name]++);
      this[name].on('beforeDraw', () => (this.drawStart ??= performance.now()));
    }
    // The overlay is drawn last in a frame: a drag frame's latency ends there.
    this.overlay.on('draw', () => {
      editor.drawn(this.drawStart ?? performance.now(), performance.now());
      this.drawStart = null;
    });
    editor.subscribe((change) => this.update(change));
  }

  resize(width: number, height: number): void {
    this.stage.size({ width, height });
    this.editor.viewOps.resize(width, height);
  }

  /** Every layer again (the theme changed: everything's colour did). */
  repaint(): void {
    for (const layer of LAYERS) this.redraw(layer, false);
  }

  private redraw(layer: LayerName, now: boolean): void {
    if (now) this[layer].draw();
    else this[layer].batchDraw();
  }

  /**
   * What the glyphs show of the status (each constraint's state, residual and tension; what a lock binds on)
   * changed since they were drawn. A drag or play frame's status brings no constraint list (the mirror keeps the
   * last one, the same array): a frame that moved nothing then redraws no glyph — at 10,000 constraints, a
   * paused step's frames (docs/engine.md) redrew them all for nothing.
   */
  private glyphStatusChanged(): boolean {
    const { mirror } = this.editor;
    const binding = mirror.play.binding.join(' ');
    const changed = mirror.status.constraints !== this.glyphStatus || binding !== this.glyphBinding;
    this.glyphStatus = mirror.status.constraints;
    this.glyphBinding = binding;
    return changed;
  }
  private glyphStatus: unknown = null;
  private glyphBinding = '';

  /**
   * Whether the reference images or the point sets look different (the grid layer draws them): a new list (a
   * snapshot that brought the drawing whole), an image decoded or moved, or the selection of one changed. A drawing
   * without either never redraws its grid for them.
   */
  private imagesChanged(change: EditorChange): boolean {
    const { images, pointSets } = this.editor.mirror.drawing;
    const selected = [images ?? [], pointSets ?? []].some((list) =>
      list.some((r) => this.editor.selection.has(r.id)),
    );
    const changed =
      change.images ||
      images !== this.drawnImages ||
      pointSets !== this.drawnPointSets ||
      (change.selection && (selected || this.imageSelected));
    this.drawnImages = images;
    this.drawnPointSets = pointSets;
    this.imageSelected = selected;
    return changed;
  }
  private drawnPointSets: unknown = undefined;
  private drawnImages: unknown = undefined;
  private imageSelected = false;

  private update(change: EditorChange): void {
    const now = change.answer;
    if (change.view) {
      this.redraw('grid', now);
      this.redraw('curves', now);
      this.redraw('glyphs', now);
      this.redraw('analysis', now);
      this.redraw('overlay', now);
      return;
    }
    const moved = change.structure || change.curves.size > 0;
    if (this.imagesChanged(change)) this.redraw('grid', now);
    // The centres move with every answer while shown; the four-bar's marks with the drawing.
    if (
      change.analysis ||
      (moved && this.editor.viewOps.fourBarMarks.length > 0) ||
      (now && this.editor.viewOps.showCentres)
    )
      this.redraw('analysis', now);
    if (moved) {
      this.redraw('curves', now);
      this.redraw('glyphs', now);
    } else if (change.dimensions || (change.status && this.glyphStatusChanged())) this.redraw('glyphs', now);
    // A selected trace is drawn wider, its marker filled, a selected target in the selection's colour:
    // both layers redraw when one joins or leaves the selection.
    if (change.selection && !moved) {
      const { traces, attractors = [] } = this.editor.mirror.drawing;
      const traceSelected = [traces, attractors].some((list) =>
        list.some((r) => this.editor.selection.has(r.id)),
      );
      if (traceSelected || this.traceSelected) {
        this.redraw('curves', now);
        this.redraw('glyphs', now);
      }
      this.traceSelected = traceSelected;
    }
    if (moved || change.overlay || change.hover || change.selection || change.status)
      this.redraw('overlay', now);
  }
}
