// The editor without pixels: the mirror of the session's drawing, the view transform, selection, hover, the tools
// and their overlay, the context menu. It wires its parts, each a file of its own: the session client (one queue
// of requests, in order), the drag loop, the player, value editing, input routing, view operations, and the
// clipboard and nudge; and it is the tools' context (tools/context.ts). The Konva view and the DOM panels subscribe
// to its changes; tests drive it with synthetic pointer and key events against a real session.

import type { RendererActionName } from '../../shared/actions';
import type { Attractor, Drawing, ReferenceImage, Vec2 } from '../../shared/drawing';
import type { EditCommand } from '../../shared/edit-commands';
import { userMessage } from '../../shared/user-message';
import type { EditorContext, Overlay } from '../tools/context';
import { createTools } from '../tools';
import type { PointerInput, Tool, ToolId } from '../tools/tool';
import { ActionFlagsWatch } from './action-flags';
import { RENDERER_ACTIONS } from './actions';
import { contextMenuFor, type ContextMenu } from './context-menu';
import { DragLoop, type FrameScheduler } from './drag-loop';
import { changeOf, type ChangePatch, type EditorChange } from './editor-change';
import { FrameClock } from './frame-clock';
import { gridStep } from './grid-step';
import { IdSource } from './ids';
import { redundancyNotice, refusalNotice, type Notice, type NoticeOffer, type Subject } from './notice';
import { InputRouter } from './input-router';
import { Mirror } from './mirror';
import { PlayLoop } from './play-loop';
import { PullLoop } from './pull-loop';
import { SelectionCommands } from './selection-commands';
import { SessionClient, type EditorApi } from './session-client';
import { findSnap, type Snap } from './snapping';
import { ValueEditing } from './value-editing';
import { ViewOperations } from './view-operations';
import { ViewTransform } from './view-transform';

/** Pick and snap tolerance in screen pixels. */
export const PICK_PX = 8;

export interface EditorOptions {
  width: number;
  height: number;
  /** Animation-frame scheduler for the drag loop and the player (requestAnimationFrame in the page). */
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
   * Shortcuts; the Plot panel: View ▸ Plot; the export dialog: File ▸ Export SVG…).
   */
  readonly sheets: { shortcuts: () => void; plot: () => void; export: () => void } = {
    shortcuts: () => undefined,
    plot: () => undefined,
    export: () => undefined,
  };
  /** The right-click menu (panels/context-menu.ts): where it opened and the actions it lists. */
  contextMenu: ContextMenu | null = null;
  /** The last one-line message for the status bar. */
  message = '';
  /**
   * What goes with the message when it is a refusal or a redundancy (notice.ts): the culprits highlighted on the
   * canvas and listed in the constraints panel, the offers beside the message.
   */
  notice: Notice | null = null;
  /** Recent drag frames, cursor sent → redrawn, split where the time went (the status bar and measurements). */
  readonly frames = new FrameClock();
  /** The requests to the session, in one queue, and what is done with their answers (session-client.ts). */
  readonly client: SessionClient;
  readonly drag: DragLoop;
  /** Play, Pause, Step, Reset and the frames while playing (play-loop.ts). */
  readonly player: PlayLoop;
  /** The attractors' live run: a pull frame per animation frame while they move (pull-loop.ts). */
  readonly pulls: PullLoop;
  /** The inline editor of a dimension's or a curve's value (value-editing.ts). */
  readonly values = new ValueEditing(this);
  /** Fit, zoom, pan, the grid and the other view toggles (view-operations.ts). */
  readonly viewOps: ViewOperations;
  /** The page's pointer, wheel and key events (input-router.ts). */
  readonly inputs = new InputRouter(this);
  /** Clipboard and nudge (selection-commands.ts). */
  readonly selectionCommands = new SelectionCommands(this);
  readonly tools: Tool[];
  tool: Tool;
  /** What the action table's checked and enabled rules say now (action-flags.ts): the menu, toolbar, context menu. */
  readonly actionFlags: ActionFlagsWatch;
  private readonly ids = new IdSource(() => this.mirror.drawing);
  private readonly listeners = new Set<(change: EditorChange) => void>();

  constructor(api: EditorApi, options: EditorOptions) {
    this.view = new ViewTransform({ center: [0, 0], zoom: 4 }, options.width, options.height);
    const schedule = options.schedule ?? ((cb: () => void) => requestAnimationFrame(() => cb()));
    this.client = new SessionClient(api, {
      mirror: this.mirror,
      frames: this.frames,
      forget: (alive) => this.forget(alive),
      notify: (message) => this.notify(message),
      change: (patch) => this.change(patch),
      busy: () => this.drag.busy || this.player.busy || this.pulls.busy,
      seen: (snapshot) => this.pulls.seen(snapshot),
    });
    this.drag = new DragLoop(
      this.client.dragTransport(),
      schedule,
      (snapshot) => this.client.apply(snapshot),
      (error) => this.client.fail(error),
    );
    this.player = new PlayLoop(
      { mirror: this.mirror, client: this.client, cancelTool: () => this.tool.cancel() },
      schedule,
    );
    this.pulls = new PullLoop(
      {
        dragging: () => this.drag.dragging,
        playing: () => this.mirror.play.state === 'playing',
        frame: () => this.client.enqueue((api) => api.pullFrame()).catch(this.failed),
        apply: (snapshot) => this.client.apply(snapshot),
      },
      // As soon as an answer is shown, not at the next animation frame: a pull frame has the drag frame's 6 ms
      // budget, and two or three fit in a display frame, so a fit rests in a third of the time (pull-loop.ts).
      options.schedule ?? ((cb: () => void) => void setTimeout(cb, 0)),
    );
    this.viewOps = new ViewOperations({
      view: this.view,
      mirror: this.mirror,
      client: this.client,
      change: (patch) => this.change(patch),
      pointer: () => this.inputs.last?.screen ?? null,
    });
    this.tools = createTools(this);
    this.tool = this.tools[0];
    this.actionFlags = new ActionFlagsWatch(this);
  }

  /** Loads the session's drawing and shows it at its saved view. */
  async init(): Promise<void> {
    this.client.apply(await this.client.enqueue((api) => api.snapshot()));
    this.viewOps.showSaved();
  }

  /** A request's failure said in the status bar; null for the caller (a loop that stops there). */
  private readonly failed = (error: unknown): null => {
    this.client.fail(error);
    return null;
  };

  // ── Edits and history ──────────────────────────────────────────────────────────────────────────────────────

  /**
   * Sends an edit and answers with null once it is applied, or with why the session refused it, in the user's
   * words (for a message beside the field that asked for it: the status bar keeps the tool's hint).
   */
  tryCommit(command: EditCommand): Promise<string | null> {
    return this.client
      .enqueue((api) => api.edit(command))
      .then(
        (snapshot) => {
          this.client.apply(snapshot);
          return null;
        },
        (error: unknown) => userMessage(error, this.mirror.drawing, command),
      );
  }

  /**
   * Sends one undoable edit. A refusal is said as its gist, its culprits highlighted and listed (notice.ts); a
   * constraint added that others already fix is said at once, with what fixes it and the offers.
   */
  commit(command: EditCommand): void {
    void this.client
      .send(
        (api) => api.edit(command),
        (error) => this.refused(error, { command }),
      )
      .then((snapshot) => {
        if (snapshot && command.type === 'add' && command.constraints?.length)
          this.noteRedundancy(command.constraints.map((k) => k.id));
      });
  }

  /**
   * Fit to Points, Follow Edges (fit-commands.ts): the attractor `make` gives for the selection, added as one
   * undoable edit that the session then runs live; or, when it does not apply, why, in the status bar.
   */
  attract(make: (drawing: Drawing, selection: ReadonlySet<string>, id: string) => Attractor | string): void {
    const made = make(this.mirror.drawing, this.selection, this.newId('a'));
    if (typeof made === 'string') return this.notify(made);
    this.commit({ type: 'add', attractors: [made] });
  }

  /** Moves curves by a vector through the solver (the nudge): one undo step, or the session's refusal shown. */
  translate(ids: string[], by: Vec2): void {
    void this.client.send(
      (api) => api.translate({ ids, by }),
      (error) => this.refused(error, { move: { ids, by } }),
    );
  }

  /** Says why the session refused an action, in the user's words, the culprits highlighted and listed. */
  private refused(error: unknown, subject: Subject): void {
    this.report(refusalNotice(error, this.mirror.drawing, this.mirror.names(), subject));
  }

  /** The constraints just added: any that another already fixes is said, with the offers. */
  private noteRedundancy(added: string[]): void {
    const { drawing, status } = this.mirror;
    const notice = redundancyNotice(added, status.redundantGroups, drawing, this.mirror.names());
    if (notice) this.report(notice);
  }

  undo(): void {
    this.tool.cancel();
    void this.client.send((api) => api.undo());
  }

  redo(): void {
    this.tool.cancel();
    void this.client.send((api) => api.redo());
  }

  /**
   * The view calls this when it has drawn a change's layers (from start to end): a drag frame is complete, the
   * grabbed point drawn where the mirror has it, so far from the mouse.
   */
  drawn(start: number, end: number): void {
    const { pull } = this.overlay;
    const at = pull && this.mirror.connectorPosition({ curve: pull.curve, u: pull.u });
    this.frames.drawn(start, end, at ? Math.hypot(at[0] - pull.cursor[0], at[1] - pull.cursor[1]) : null);
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
    return this.viewOps.snapToGrid ? gridStep(this.view.zoom).step : null;
  }

  newId(prefix: 'c' | 'k' | 's' | 't' | 'p' | 'a' | 'v'): string {
    return this.ids.next(prefix);
  }

  setSelection(ids: Iterable<string>): void {
    this.selection.clear();
    for (const id of ids) this.selection.add(id);
    this.change({ selection: true });
  }

  /** Curves an import added (Snapshot.imported): selected, and brought into view if they are not on screen whole. */
  showImported(ids: readonly string[]): void {
    const wanted = new Set(ids);
    const curves = this.mirror.drawing.curves.filter((c) => wanted.has(c.id));
    this.setSelection(curves.map((c) => c.id));
    if (curves.length) this.viewOps.reveal(this.mirror.curveBounds(curves));
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
    const had = this.notice !== null;
    this.message = message;
    this.notice = null;
    this.change({ status: true, overlay: had });
  }

  /** A message with what goes with it: culprits to highlight and list, offers (notice.ts). */
  report(notice: Notice): void {
    this.message = notice.text;
    this.notice = notice;
    this.change({ status: true, overlay: true });
  }

  /**
   * A message belongs to the action and the drawing that caused it: the next action (a press on the canvas, a
   * command, another drawing opened) takes it away, with its highlights and offers.
   */
  clearMessage(): void {
    if (this.message === '' && this.notice === null) return;
    const had = this.notice !== null;
    this.message = '';
    this.notice = null;
    this.change({ status: true, overlay: had });
  }

  /** One of the notice's offers taken (Make Reference, Remove): its edit sent, the notice done with. */
  takeOffer(offer: NoticeOffer): void {
    this.clearMessage();
    this.commit(offer.command);
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
    // Picking the current tool again starts it afresh (a Segment chain ends, a half-made curve goes).
    this.tool.deactivate();
    this.tool = next;
    this.message = '';
    this.notice = null;
    this.setHover(null);
    this.clearOverlay();
    this.change({ tool: true, status: true });
  }

  /**
   * A tool's action (its key, its menu item, its button): a constraint tool applies to the selection when the
   * selection fits, and says so; otherwise — and always while a drawing tool is on, whose selection is the curve it
   * just drew, not one the user picked — the tool becomes the current one and picks. `picked`: the user chose the
   * selection for it (the right-click menu lists the tools that fit it).
   */
  useTool(id: ToolId, picked = false): void {
    const tool = this.tools.find((t) => t.id === id);
    if (!tool) return;
    if ((picked || !this.tool.draws) && tool.applyToSelection()) return;
    this.setTool(id);
  }

  previewLabel(label: { id: string; offset: Vec2 } | null): void {
    this.overlay.label = label;
    this.change({ dimensions: true, overlay: true });
  }

  commitLabel(id: string, offset: Vec2): void {
    this.overlay.label = { id, offset };
    // The preview goes when the answer comes, before it is shown: the label is then drawn where its record says.
    const done = () => {
      if (this.overlay.label?.id === id) this.previewLabel(null);
    };
    void this.client.send((api) => api.edit({ type: 'label', id, offset }).finally(done));
  }

  /** The Properties panel's Calibrate…: the image selected, the Calibrate Image tool on (tools/calibrate-image.ts). */
  calibrateImage(id: string): void {
    this.setSelection([id]);
    this.setTool('calibrate-image');
  }

  previewImage(image: Overlay['image']): void {
    this.overlay.image = image ?? null;
    this.change({ images: true });
  }

  commitImage(id: string, placement: Partial<Pick<ReferenceImage, 'center' | 'width' | 'rotation'>>): void {
    const done = () => {
      if (this.overlay.image?.id === id) this.previewImage(null);
    };
    void this.client.send((api) => api.edit({ type: 'image', id, ...placement }).finally(done));
  }

  /** What the drawing no longer has is neither selected, hovered nor edited. */
  private forget(alive: ReadonlySet<string>): void {
    for (const id of [...this.selection]) if (!alive.has(id)) this.selection.delete(id);
    if (this.hover && !alive.has(this.hover)) this.hover = null;
    this.values.forget(alive);
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
    if (action === 'edit:value' && menu) return this.values.editValue(menu.point);
    if (action.startsWith('tool:')) {
      this.clearMessage();
      return this.useTool(action.slice('tool:'.length) as ToolId, true);
    }
    this.run(action);
  }

  // ── Change notification and actions ────────────────────────────────────────────────────────────────────────

  subscribe(listener: (change: EditorChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener what changed. */
  change(patch: ChangePatch): void {
    const change = changeOf(patch);
    for (const listener of this.listeners) listener(change);
  }

  /** Carries out one of the renderer's actions (a key, a native menu command, a toolbar button). */
  run(action: RendererActionName): void {
    this.clearMessage();
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
    this.clearMessage();
    if (idle) this.setSelection([]);
    this.change({ status: true });
  }
}
