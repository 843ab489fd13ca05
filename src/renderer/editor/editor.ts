// The editor without pixels: the mirror of the session's drawing, the view transform, selection, hover, the tools
// and their overlay, and the requests to the session (one queue, in order). The Konva view and the DOM panels
// subscribe to its changes; tests drive it with synthetic pointer and key events against a real session.

import type { Api } from '../../../electron/preload/api';
import type { RendererActionName } from '../../shared/actions';
import type { Snapshot } from '../../shared/contract';
import type { Vec2 } from '../../shared/drawing';
import type { EditCommand } from '../../shared/edit-commands';
import type { EditorContext, Overlay } from '../tools/context';
import { createTools } from '../tools';
import type { KeyInput, PointerInput, Tool, ToolId } from '../tools/tool';
import { RENDERER_ACTIONS } from './actions';
import { dimensionField, recordValueOf } from '../../shared/dimension-value';
import { userMessage } from '../../shared/user-message';
import { dimensionById } from './dimensions';
import { curveFieldSchema } from '../../shared/edit-commands';
import { fieldUnit } from '../../shared/field-units';
import { fieldProblem } from '../../shared/user-message';
import { DragLoop, type FrameScheduler } from './drag-loop';
import { FrameClock } from './frame-clock';
import { gridStep } from './grid-step';
import { contextMenuFor, type ContextMenu } from './context-menu';
import { IdSource } from './ids';
import { mainValue } from '../../shared/main-value';
import type { FourBarMark } from '../../shared/analysis-samples';
import { SelectionCommands } from './selection-commands';
import { actionForKey } from './keymap';
import { Mirror } from './mirror';
import { findSnap, type Snap } from './snapping';
import { ViewTransform } from './view-transform';
import { WHEEL_ZOOM, wheelGesture, type WheelInput } from './wheel-gesture';

export type EditorApi = Pick<
  Api,
  | 'snapshot'
  | 'dragStart'
  | 'dragMove'
  | 'dragEnd'
  | 'dragCancel'
  | 'undo'
  | 'redo'
  | 'edit'
  | 'translate'
  | 'setView'
  | 'playControl'
  | 'playFrame'
  | 'showInstantCentres'
>;

/** What changed, so the view redraws only the layers concerned. */
export interface EditorChange {
  structure: boolean;
  /** Curves whose state changed. */
  curves: Set<string>;
  view: boolean;
  overlay: boolean;
  selection: boolean;
  hover: boolean;
  status: boolean;
  tool: boolean;
  /** A session's answer (snapshot) caused it: drawn at once rather than on the next animation frame. */
  answer: boolean;
  /** How the dimensions look changed without the drawing changing (a label dragged): the glyph layer redraws. */
  dimensions: boolean;
  /** The inline editor of a value opened or closed (`dimensionEdit`, `valueEdit`). */
  dimensionEdit: boolean;
  /** The context menu opened or closed (`contextMenu`). */
  contextMenu: boolean;
  /** The pointer moved over the canvas (or left it): the status bar's coordinates. */
  cursor: boolean;
  /** What the analysis layer draws changed (the instant centres shown or hidden, the four-bar's marks). */
  analysis: boolean;
}

function noChange(): EditorChange {
  return {
    structure: false,
    curves: new Set(),
    view: false,
    overlay: false,
    selection: false,
    hover: false,
    status: false,
    tool: false,
    answer: false,
    dimensions: false,
    dimensionEdit: false,
    contextMenu: false,
    cursor: false,
    analysis: false,
  };
}

/** Pick and snap tolerance in screen pixels. */
export const PICK_PX = 8;

export interface EditorOptions {
  width: number;
  height: number;
  /** Animation-frame scheduler for the drag loop (requestAnimationFrame in the page). */
  schedule?: FrameScheduler;
}

export class Editor implements EditorContext {
  readonly mirror = new Mirror();
  readonly view: ViewTransform;
  readonly selection = new Set<string>();
  hover: string | null = null;
  readonly overlay: Overlay = {
    preview: [],
    marks: [],
    snap: null,
    box: null,
    picked: [],
    pull: null,
    label: null,
    aid: null,
  };
  /**
   * The page's in-window sheets and panels, bound when main.ts mounts them (the shortcut sheet: Help ▸ Keyboard
   * Shortcuts; the Plot panel: View ▸ Plot).
   */
  readonly sheets: { shortcuts: () => void; plot: () => void } = {
    shortcuts: () => undefined,
    plot: () => undefined,
  };
  /** The dimension whose value the inline editor is open on (src/renderer/panels/dimension-input.ts). */
  dimensionEdit: string | null = null;
  /** The curve whose main value (radius, length, rx) the same inline editor is open on, and where (mm). */
  valueEdit: { id: string; at: Vec2 } | null = null;
  /** The right-click menu (panels/context-menu.ts): where it opened and the actions it lists. */
  contextMenu: ContextMenu | null = null;
  /** Clipboard and nudge (selection-commands.ts). */
  readonly selectionCommands = new SelectionCommands(this);
  readonly drag: DragLoop;
  readonly tools: Tool[];
  tool: Tool;
  /** The last one-line message for the status bar. */
  message = '';
  /** Where the pointer is on the drawing (mm), for the status bar; null when it is off the canvas. */
  cursor: Vec2 | null = null;
  /** Round-trip time of the last drag frame (cursor sent → snapshot applied), ms. */
  frameRoundTripMs = 0;
  /** Recent drag frames, cursor sent → redrawn, split where the time went (the status bar and measurements). */
  readonly frames = new FrameClock();
  showGrid = true;
  /**
   * View ▸ Instant Centres: while on, the session sends every bar's instant centre with its snapshots
   * (`mirror.centres`) and the analysis layer draws them.
   */
  showCentres = false;
  /** The four-bar's toggles and dead centres, marked while the Plot panel shows its analysis (plot-panel.ts). */
  fourBarMarks: readonly FourBarMark[] = [];
  /** Snap to Grid: drawn points that snap to nothing else land on the grid's nearest crossing. */
  snapToGrid = false;
  /** A play frame request is out (one at a time, one per animation frame). */
  private playInFlight = false;
  private readonly schedule: FrameScheduler;
  private readonly ids = new IdSource(() => this.mirror.drawing);
  private readonly listeners = new Set<(change: EditorChange) => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private pan: { last: Vec2 } | null = null;
  private spaceDown = false;
  private lastPointer: PointerInput | null = null;

  constructor(
    readonly api: EditorApi,
    options: EditorOptions,
  ) {
    this.view = new ViewTransform({ center: [0, 0], zoom: 4 }, options.width, options.height);
    const schedule = options.schedule ?? ((cb: () => void) => requestAnimationFrame(() => cb()));
    this.schedule = schedule;
    this.drag = new DragLoop(
      {
        start: (curve, u, cursor, together, handle) =>
          this.enqueue(() =>
            api.dragStart({
              curve,
              u,
              cursor,
              ...(together.length ? { together } : {}),
              ...(handle === undefined ? {} : { handle }),
            }),
          ),
        move: (cursor) => {
          const sent = performance.now();
          return this.enqueue(async () => {
            this.frames.sent(sent);
            const snapshot = await api.dragMove({ cursor });
            const answered = performance.now();
            this.frameRoundTripMs = answered - sent;
            this.frames.answered(answered, snapshot.status.frameMs);
            return snapshot;
          });
        },
        end: () => this.enqueue(() => api.dragEnd()),
        cancel: () => this.enqueue(() => api.dragCancel()),
      },
      schedule,
      (snapshot) => this.apply(snapshot),
      (error) => this.fail(error),
    );
    this.tools = createTools(this);
    this.tool = this.tools[0];
  }

  // ── Session traffic ────────────────────────────────────────────────────────────────────────────────────────

  /** Loads the session's drawing and frames it. */
  async init(): Promise<void> {
    const snapshot = await this.enqueue(() => this.api.snapshot());
    this.apply(snapshot);
    this.view.center = [...this.mirror.drawing.view.center] as Vec2;
    this.view.zoom = this.mirror.drawing.view.zoom;
    this.change({ view: true });
  }

  private enqueue<T>(request: () => Promise<T>): Promise<T> {
    const next = this.queue.then(request, request);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * A request a panel sends beside the queue (an analysis: it changes nothing, so it need not wait its turn),
   * with what the panel does with its answer: idle() waits for it too.
   */
  aside<T>(work: Promise<T>): Promise<T> {
    this.asides.add(work);
    const done = () => void this.asides.delete(work);
    work.then(done, done);
    return work;
  }
  private readonly asides = new Set<Promise<unknown>>();

  /** Resolves once every request sent so far has been answered and its answer shown (tests; before quitting). */
  async idle(): Promise<void> {
    for (;;) {
      const current = this.queue;
      await current;
      await Promise.allSettled([...this.asides]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (current === this.queue && this.asides.size === 0 && !this.drag.busy && !this.playInFlight) return;
    }
  }

  apply(snapshot: Snapshot): void {
    if (!snapshot.drawing && snapshot.revision < this.mirror.revision) return;
    const changed = this.mirror.apply(snapshot);
    this.frames.applied(performance.now());
    const patch: Partial<EditorChange> = {
      answer: true,
      status: true,
      curves: changed.curves,
      structure: changed.structure,
    };
    if (changed.structure) {
      const alive = new Set<string>([
        ...this.mirror.drawing.curves.map((c) => c.id),
        ...this.mirror.drawing.constraints.map((k) => k.id),
        ...this.mirror.drawing.springs.map((sp) => sp.id),
        ...this.mirror.drawing.traces.map((t) => t.id),
      ]);
      for (const id of [...this.selection]) if (!alive.has(id)) this.selection.delete(id);
      if (this.hover && !alive.has(this.hover)) this.hover = null;
      if (this.dimensionEdit && !alive.has(this.dimensionEdit)) this.closeDimensionEdit();
      if (this.valueEdit && !alive.has(this.valueEdit.id)) this.closeDimensionEdit();
      patch.selection = true;
    }
    this.change(patch);
  }

  private fail(error: unknown): void {
    this.message = userMessage(error, this.mirror.drawing);
    this.change({ status: true });
  }

  /**
   * Sends an edit and answers with null once it is applied, or with why the session refused it, in the user's
   * words (for a message beside the field that asked for it: the status bar keeps the tool's hint).
   */
  tryCommit(command: EditCommand): Promise<string | null> {
    return this.enqueue(() => this.api.edit(command)).then(
      (snapshot) => {
        this.apply(snapshot);
        return null;
      },
      (error: unknown) => userMessage(error, this.mirror.drawing, command),
    );
  }

  commit(command: EditCommand): void {
    void this.enqueue(() => this.api.edit(command)).then(
      (snapshot) => this.apply(snapshot),
      (error) => this.fail(error),
    );
  }

  /** Moves curves by a vector through the solver (the nudge): one undo step, or the session's refusal shown. */
  translate(ids: string[], by: Vec2): void {
    void this.enqueue(() => this.api.translate({ ids, by })).then(
      (snapshot) => this.apply(snapshot),
      (error) => this.fail(error),
    );
  }

  undo(): void {
    this.tool.cancel();
    void this.enqueue(() => this.api.undo()).then(
      (s) => this.apply(s),
      (e) => this.fail(e),
    );
  }

  redo(): void {
    this.tool.cancel();
    void this.enqueue(() => this.api.redo()).then(
      (s) => this.apply(s),
      (e) => this.fail(e),
    );
  }

  /** The view calls this when it has drawn a change's layers (from start to end): a drag frame is complete. */
  drawn(start: number, end: number): void {
    this.frames.drawn(start, end);
  }

  // ── The mechanism player ───────────────────────────────────────────────────────────────────────────────────

  /** Play, pause, step one frame or reset; while playing, one frame is asked for per animation frame. */
  playControl(action: 'play' | 'pause' | 'step' | 'reset', speed?: number): void {
    if (action !== 'pause') this.tool.cancel();
    void this.enqueue(() => this.api.playControl(speed === undefined ? { action } : { action, speed })).then(
      (snapshot) => {
        this.apply(snapshot);
        if (snapshot.play?.state === 'playing') this.requestPlayFrame();
      },
      (error) => this.fail(error),
    );
  }

  togglePlay(): void {
    this.playControl(this.mirror.play.state === 'playing' ? 'pause' : 'play');
  }

  private requestPlayFrame(): void {
    if (this.playInFlight) return;
    this.playInFlight = true;
    this.schedule(() => {
      void this.enqueue(() => this.api.playFrame()).then(
        (snapshot) => {
          this.playInFlight = false;
          this.apply(snapshot);
          if (snapshot.play?.state === 'playing') this.requestPlayFrame();
        },
        (error) => {
          this.playInFlight = false;
          this.fail(error);
        },
      );
    });
  }

  // ── Context for the tools ──────────────────────────────────────────────────────────────────────────────────

  tolerance(): number {
    return this.view.mm(PICK_PX);
  }

  snapAt(e: PointerInput, exclude?: ReadonlySet<string>): Snap | null {
    if (e.alt) return null;
    return findSnap(this.mirror, e.point, this.tolerance(), exclude);
  }

  gridSnapStep(): number | null {
    return this.snapToGrid ? gridStep(this.view.zoom).step : null;
  }

  newId(prefix: 'c' | 'k' | 's' | 't'): string {
    return this.ids.next(prefix);
  }

  setSelection(ids: Iterable<string>): void {
    this.selection.clear();
    for (const id of ids) this.selection.add(id);
    this.change({ selection: true });
  }

  setHover(id: string | null): void {
    if (id === this.hover) return;
    this.hover = id;
    this.change({ hover: true });
  }

  deleteSelection(): void {
    if (this.selection.size === 0) return;
    const ids = [...this.selection];
    this.selection.clear();
    this.commit({ type: 'delete', ids });
    this.change({ selection: true });
  }

  selectAll(): void {
    this.setSelection(this.mirror.drawing.curves.map((c) => c.id));
  }

  selectNone(): void {
    this.setSelection([]);
  }

  notify(message: string): void {
    this.message = message;
    this.change({ status: true });
  }

  clearOverlay(): void {
    this.overlay.preview = [];
    this.overlay.marks = [];
    this.overlay.snap = null;
    this.overlay.box = null;
    this.overlay.picked = [];
    this.overlay.pull = null;
    this.overlay.aid = null;
    this.change({ overlay: true });
  }

  overlayChanged(): void {
    this.change({ overlay: true });
  }

  toolChanged(): void {
    this.change({ tool: true });
  }

  setTool(id: ToolId): void {
    const next = this.tools.find((t) => t.id === id);
    if (!next) return;
    if (next !== this.tool) this.tool.deactivate();
    this.tool = next;
    this.message = '';
    this.setHover(null);
    this.clearOverlay();
    this.change({ tool: true, status: true });
  }

  // ── Dimensions ─────────────────────────────────────────────────────────────────────────────────────────────

  previewLabel(label: { id: string; offset: Vec2 } | null): void {
    this.overlay.label = label;
    this.change({ dimensions: true, overlay: true });
  }

  commitLabel(id: string, offset: Vec2): void {
    this.overlay.label = { id, offset };
    const done = () => {
      if (this.overlay.label?.id === id) this.previewLabel(null);
    };
    void this.enqueue(() => this.api.edit({ type: 'label', id, offset })).then(
      (snapshot) => {
        done();
        this.apply(snapshot);
      },
      (error) => {
        done();
        this.fail(error);
      },
    );
  }

  editDimension(id: string): void {
    if (!dimensionById(this.mirror, id)) return;
    this.dimensionEdit = id;
    this.change({ dimensionEdit: true });
  }

  closeDimensionEdit(): void {
    if (this.dimensionEdit === null && this.valueEdit === null) return;
    this.dimensionEdit = null;
    this.valueEdit = null;
    this.change({ dimensionEdit: true });
  }

  /**
   * Opens the inline editor on a curve's main value (its radius, length or rx), at `at` (mm); false when the curve
   * has none (a point, a Bézier).
   */
  editCurveValue(id: string, at: Vec2): boolean {
    const curve = this.mirror.curve(id);
    if (!curve || !mainValue(curve)) return false;
    this.dimensionEdit = null;
    this.valueEdit = { id, at };
    this.change({ dimensionEdit: true });
    return true;
  }

  /** Edit Value: the inline editor on the one selected dimension, or the one selected curve's main value. */
  editValue(at?: Vec2): void {
    if (this.selection.size !== 1) return this.notify('Edit Value: select one dimension or one curve');
    const [id] = this.selection;
    if (dimensionById(this.mirror, id)) return this.editDimension(id);
    const curve = this.mirror.curve(id);
    if (!curve || !this.editCurveValue(id, at ?? this.mirror.point(curve, 0.5)))
      this.notify('Edit Value: this has no value to edit');
  }

  /**
   * What the user typed as a curve's main value (mm), sent as its `set` edit: the session settles the drawing to
   * it or refuses it (the status bar says why; the curve keeps its value). Not a number: said, nothing sent.
   */
  setCurveValue(id: string, text: string): void {
    const curve = this.mirror.curve(id);
    const main = curve && mainValue(curve);
    if (!main) return;
    const value = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(value)) {
      this.notify(`${curve.name || id} ${main.field}: not a number: ${text}`);
      return;
    }
    // The field's own rule first, in the Properties panel's words ("radius must be more than 0").
    const schema = curveFieldSchema(curve, main.field, this.mirror.drawing);
    const problem =
      schema && fieldProblem(main.field, schema, value, fieldUnit({ curve: curve.kind }, main.field));
    if (problem) {
      this.notify(problem);
      return;
    }
    this.commit({ type: 'set', id, field: main.field, value });
  }

  // ── The context menu ───────────────────────────────────────────────────────────────────────────────────────

  /** Right-click: selects what is under the pointer (unless already selected) and lists what applies to it. */
  openContextMenu(e: PointerInput): void {
    if (!this.tool.atRest) this.tool.cancel();
    this.contextMenu = contextMenuFor(this, e);
    this.change({ contextMenu: true });
  }

  closeContextMenu(): void {
    if (!this.contextMenu) return;
    this.contextMenu = null;
    this.change({ contextMenu: true });
  }

  /** An item of the context menu chosen: Paste lands where the menu opened, Edit Value opens there. */
  runContextItem(action: RendererActionName): void {
    const menu = this.contextMenu;
    this.closeContextMenu();
    if (action === 'edit:paste' && menu) return this.selectionCommands.paste(menu.point);
    if (action === 'edit:value' && menu) return this.editValue(menu.point);
    this.run(action);
  }

  /**
   * What the user typed into a dimension's inline editor, in the unit it shows (mm; degrees for an angle; a
   * diameter for a radius shown as one), sent as the `set` edit of its value: the session settles the drawing to
   * it, or refuses it naming what blocks it (the status bar shows the message, the value stays). Not a number:
   * the status bar says so and nothing is sent.
   */
  setDimensionValue(id: string, text: string): void {
    const k = dimensionById(this.mirror, id);
    if (!k) return;
    const shown = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(shown)) {
      this.notify(`${dimensionField(k)} must be a number, not "${text.trim()}"`);
      return;
    }
    this.commit({ type: 'set', id, field: dimensionField(k), value: recordValueOf(k, shown) });
  }

  // ── Change notification ────────────────────────────────────────────────────────────────────────────────────

  subscribe(listener: (change: EditorChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private change(patch: Partial<EditorChange>): void {
    const c = noChange();
    for (const key of [
      'structure',
      'view',
      'overlay',
      'selection',
      'hover',
      'status',
      'tool',
      'answer',
      'dimensions',
      'dimensionEdit',
      'contextMenu',
      'cursor',
      'analysis',
    ] as const)
      if (patch[key]) c[key] = true;
    if (patch.curves) for (const id of patch.curves) c.curves.add(id);
    for (const listener of this.listeners) listener(c);
  }

  // ── Input ──────────────────────────────────────────────────────────────────────────────────────────────────

  /** Builds a pointer input from canvas coordinates (the view converts to drawing mm). */
  input(screen: Vec2, mods: Partial<Omit<PointerInput, 'screen' | 'point'>> = {}): PointerInput {
    return {
      screen,
      point: this.view.toDrawing(screen),
      button: mods.button ?? 0,
      shift: mods.shift ?? false,
      alt: mods.alt ?? false,
      ctrl: mods.ctrl ?? false,
    };
  }

  pointerDown(e: PointerInput): void {
    this.lastPointer = e;
    if (e.button === 1 || (e.button === 0 && this.spaceDown)) {
      this.pan = { last: e.screen };
      return;
    }
    this.tool.pointerDown(e);
  }

  pointerMove(e: PointerInput): void {
    this.lastPointer = e;
    this.cursor = e.point;
    this.change({ cursor: true });
    if (this.pan) {
      this.view.panBy(e.screen[0] - this.pan.last[0], e.screen[1] - this.pan.last[1]);
      this.pan.last = e.screen;
      this.change({ view: true });
      return;
    }
    this.tool.pointerMove(e);
  }

  pointerUp(e: PointerInput): void {
    this.lastPointer = e;
    if (this.pan) {
      this.pan = null;
      this.saveView();
      return;
    }
    this.tool.pointerUp(e);
  }

  /** The pointer left the canvas: no coordinates to show. */
  pointerLeave(): void {
    this.cursor = null;
    this.change({ cursor: true });
  }

  doubleClick(e: PointerInput): void {
    this.tool.doubleClick(e);
  }

  /** A mouse wheel's vertical delta (px): zoom about the cursor. */
  wheel(screen: Vec2, deltaY: number): void {
    this.view.zoomAbout(screen, Math.pow(WHEEL_ZOOM, -deltaY));
    this.change({ view: true });
    this.saveView();
  }

  /** Any wheel event: a wheel or a pinch zooms about the cursor, a trackpad's swipe pans (wheel-gesture.ts). */
  wheelEvent(screen: Vec2, e: WheelInput): void {
    const gesture = wheelGesture(e);
    if (gesture.kind === 'zoom') this.view.zoomAbout(screen, gesture.factor);
    else this.view.panBy(gesture.dx, gesture.dy);
    this.change({ view: true });
    this.saveView();
  }

  /**
   * Returns true when the key was used (the page then prevents its default). Space held pans; otherwise the tool's
   * current state sees the key first (Enter ends a spline), then the action table's shortcuts (keymap.ts).
   */
  keyDown(e: KeyInput): boolean {
    if (e.key === ' ') {
      this.spaceDown = true;
      return true;
    }
    if (this.tool.keyDown(e)) return true;
    const action = actionForKey(e);
    if (!action) return false;
    this.run(action);
    return true;
  }

  keyUp(e: KeyInput): void {
    if (e.key === ' ') this.spaceDown = false;
  }

  // ── View ───────────────────────────────────────────────────────────────────────────────────────────────────

  resize(width: number, height: number): void {
    this.view.width = width;
    this.view.height = height;
    this.change({ view: true });
  }

  /**
   * A drawing was opened (or reverted, or a new one started) under the editor: show it at the view it was saved
   * with, as the user left it; fit it instead when none of it would be on screen there (a file saved on a larger
   * screen, or with a view that was never set).
   */
  showOpened(): void {
    const { center, zoom } = this.mirror.drawing.view;
    this.view.center = [...center] as Vec2;
    this.view.zoom = zoom;
    const box = this.mirror.bounds();
    if (box) {
      const [x0, y0] = this.view.toScreen([box[0], box[1]]);
      const [x1, y1] = this.view.toScreen([box[2], box[3]]);
      const visible = x1 >= 0 && y1 >= 0 && x0 <= this.view.width && y0 <= this.view.height;
      if (!visible) return this.fit();
    }
    this.change({ view: true });
  }

  fit(): void {
    const box = this.mirror.bounds();
    if (!box) return;
    this.view.fit(box);
    this.change({ view: true });
    this.saveView();
  }

  zoomBy(factor: number): void {
    const at: Vec2 = this.lastPointer?.screen ?? [this.view.width / 2, this.view.height / 2];
    this.view.zoomAbout(at, factor);
    this.change({ view: true });
    this.saveView();
  }

  toggleGrid(): void {
    this.showGrid = !this.showGrid;
    this.change({ view: true });
  }

  toggleInstantCentres(): void {
    this.showCentres = !this.showCentres;
    const show = this.showCentres;
    this.change({ analysis: true });
    void this.enqueue(() => this.api.showInstantCentres({ show })).then(
      (snapshot) => this.apply(snapshot),
      (error) => this.fail(error),
    );
  }

  setFourBarMarks(marks: readonly FourBarMark[]): void {
    this.fourBarMarks = marks;
    this.change({ analysis: true });
  }

  toggleGridSnap(): void {
    this.snapToGrid = !this.snapToGrid;
    this.change({ status: true });
  }

  private saveView(): void {
    const { center, zoom } = this.view.state;
    void this.enqueue(() => this.api.setView({ center, zoom })).catch(() => undefined);
  }

  /** Carries out one of the renderer's actions (a key, a native menu command, a toolbar button). */
  run(action: RendererActionName): void {
    RENDERER_ACTIONS[action](this);
  }

  /**
   * Escape: abandons what the tool was doing, and clears the status bar's message; with nothing in progress, clears
   * the selection.
   */
  cancel(): void {
    const idle = this.tool.atRest;
    this.tool.cancel();
    this.closeContextMenu();
    this.message = '';
    if (idle) this.setSelection([]);
    this.change({ status: true });
  }
}
