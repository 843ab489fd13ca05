// What the user does to the view rather than to the drawing: the canvas resized, the drawing fitted, zoom and pan
// (each kept in the drawing by `view:set`, not undoable), the saved view shown when a drawing opens; and what the
// canvas shows besides the drawing: the grid, Snap to Grid, the instant centres and a four-bar's marks.

import type { FourBarMark } from '../../shared/analysis-samples';
import type { Vec2 } from '../../shared/drawing';
import type { ChangePatch } from './editor-change';
import type { Mirror } from './mirror';
import type { SessionClient } from './session-client';
import type { ViewTransform } from './view-transform';

export interface ViewHost {
  readonly view: ViewTransform;
  readonly mirror: Mirror;
  readonly client: SessionClient;
  change(patch: ChangePatch): void;
  /** Where the pointer last was on the canvas (px), if it has been there: Zoom In and Out zoom about it. */
  pointer(): Vec2 | null;
}

export class ViewOperations {
  showGrid = true;
  /** Snap to Grid: drawn points that snap to nothing else land on the grid's nearest crossing. */
  snapToGrid = false;
  /**
   * View ▸ Instant Centres: while on, the session sends every bar's instant centre with its snapshots
   * (`mirror.centres`) and the analysis layer draws them.
   */
  showCentres = false;
  /**
   * View ▸ Solver Details: each constraint's error and force in the constraints list, the tooltips and beside a
   * held-back drag, the solve's timings in the status bar (constraint-words.ts says them).
   */
  solverDetails = false;
  /** The four-bar's toggles and dead centres, marked while the Plot panel shows its analysis (plot-panel.ts). */
  fourBarMarks: readonly FourBarMark[] = [];

  constructor(private readonly host: ViewHost) {}

  resize(width: number, height: number): void {
    const { view } = this.host;
    view.width = width;
    view.height = height;
    this.host.change({ view: true });
  }

  /** The view the drawing was saved with. */
  showSaved(): void {
    this.takeSaved();
    this.host.change({ view: true });
  }

  /**
   * A drawing was opened (or reverted, or a new one started) under the editor: show it at the view it was saved
   * with, as the user left it; fit it instead when none of it would be on screen there (a file saved on a larger
   * screen, or with a view that was never set).
   */
  showOpened(): void {
    const { view, mirror } = this.host;
    this.takeSaved();
    const box = mirror.bounds();
    if (box) {
      const [x0, y0] = view.toScreen([box[0], box[1]]);
      const [x1, y1] = view.toScreen([box[2], box[3]]);
      const visible = x1 >= 0 && y1 >= 0 && x0 <= view.width && y0 <= view.height;
      if (!visible) return this.fit();
    }
    this.host.change({ view: true });
  }

  /**
   * Curves just added (an import) brought into view: the view stays as it is if their box is on screen whole, else
   * it fits that box — the rest of the drawing may then be off screen, as after any zoom.
   */
  reveal(box: [number, number, number, number]): void {
    const { view } = this.host;
    const [x0, y0] = view.toScreen([box[0], box[1]]);
    const [x1, y1] = view.toScreen([box[2], box[3]]);
    const inside = (x: number, y: number) => x >= 0 && y >= 0 && x <= view.width && y <= view.height;
    if (inside(x0, y0) && inside(x1, y1)) return;
    view.fit(box);
    this.moved();
  }

  private takeSaved(): void {
    const { center, zoom } = this.host.mirror.drawing.view;
    this.host.view.center = [...center] as Vec2;
    this.host.view.zoom = zoom;
  }

  fit(): void {
    const box = this.host.mirror.bounds();
    if (!box) return;
    this.host.view.fit(box);
    this.moved();
  }

  /** Zoom In and Out: about the pointer, or the canvas's centre when it has not been on the canvas. */
  zoomBy(factor: number): void {
    const { view } = this.host;
    this.zoomAbout(this.host.pointer() ?? [view.width / 2, view.height / 2], factor);
  }

  /** Zooms about a point of the canvas (px), which stays where it is. */
  zoomAbout(at: Vec2, factor: number): void {
    this.host.view.zoomAbout(at, factor);
    this.moved();
  }

  /** Pans by screen pixels; kept in the drawing when `save` (a pan by the wheel; a drag's is kept at its end). */
  panBy(dx: number, dy: number, save: boolean): void {
    this.host.view.panBy(dx, dy);
    this.host.change({ view: true });
    if (save) this.saveView();
  }

  toggleGrid(): void {
    this.showGrid = !this.showGrid;
    this.host.change({ view: true });
  }

  toggleGridSnap(): void {
    this.snapToGrid = !this.snapToGrid;
    this.host.change({ status: true });
  }

  toggleSolverDetails(): void {
    this.solverDetails = !this.solverDetails;
    this.host.change({ status: true, overlay: true });
  }

  toggleInstantCentres(): void {
    this.showCentres = !this.showCentres;
    const show = this.showCentres;
    this.host.change({ analysis: true });
    void this.host.client.send((api) => api.showInstantCentres({ show }));
  }

  setFourBarMarks(marks: readonly FourBarMark[]): void {
    this.fourBarMarks = marks;
    this.host.change({ analysis: true });
  }

  /** Keeps the view in the drawing (`view:set`: not an edit, not undoable). */
  saveView(): void {
    const { center, zoom } = this.host.view.state;
    void this.host.client.enqueue((api) => api.setView({ center, zoom })).catch(() => undefined);
  }

  /** The view moved by a zoom or a fit: shown, and kept. */
  private moved(): void {
    this.host.change({ view: true });
    this.saveView();
  }
}
