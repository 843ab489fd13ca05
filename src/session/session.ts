// One open drawing in the session's process: the drawing (the truth, as data), the engine built from it, the undo
// history, the file path and whether it is saved. No Electron here: the session's host and the tests drive it alike.
//
// Edits are commands applied to the drawing, then the engine is rebuilt and settled, and what changed (including
// the settle) becomes one history entry. A drag moves the engine frame by frame and the whole drag becomes one
// entry; a cancelled drag restores the mark taken at its start. Whatever the engine moves reaches the drawing in one
// place (writeBack), once per call that moved something, and the same pass makes the frame's snapshot states: the
// drawing is always what the user sees, and reading it has no side effect.

import { Engine, RESIDUAL_TOLERANCE, type FrameReport } from '../engine';
import { takeCheckedEngine } from '../document/validate';
import { EdgeMaps } from '../document/edge-maps';
import { SimulationController } from '../mechanisms';
import type { Drawing, Vec2 } from '../shared/drawing';
import { emptyDrawing } from '../shared/drawing';
import type { EditCommand } from '../shared/edit-commands';
import type { AutosaveFailure, PlayStatus, PullReadout, PullStatus, Snapshot } from '../shared/contract';
import { cloneData } from '../shared/clone-data';
import { movesFreely, translateCurve } from '../shared/rigid-move';
import { wallClock, type Clock } from '../shared/clock';
import { blockingConstraints, breaksConstraints, holdingConstraints } from './blockers';
import { commandSubject } from '../shared/command-subject';
import { formatValue } from '../shared/units';
import { applyCommand, describeCommand } from './commands';
import { History, restoreMark, takeMark, type HistoryEntry, type Mark } from './history';
import { refitToStroke } from './stroke-refit';
import { beginDrag, drawingAtDragStart, restoreDragStart, type DragState } from './drag-state';
import type { SavePoint } from './file-flow';
import { WarmUp, nextMacrotask, type Scheduler } from './warm-up';
import { centresAt } from './analysis';
import { measureStatus, snapshotStatus, type FullStatus } from './session-status';
import { Snapshots } from './snapshots';

/** Time budgets of the engine calls (on the session's clock), so the session answers each call quickly. */
/** The drag frame's share of a 16 ms frame leaves room for the snapshot, IPC and the redraw. */
export const BUDGET_MS = { dragFrame: 6, settle: 250 } as const;

export interface SessionOptions {
  drawing?: Drawing;
  path?: string | null;
  /**
   * What the engine's budgets (BUDGET_MS, the player's frame budget) are measured on: the wall clock in the app;
   * a deterministic clock in tests (src/shared/clock.ts), so a frame does the same work on a busy machine.
   */
  clock?: Clock;
  /** Where the warm-up after an open runs its slices (warm-up.ts); false: no warm-up. Default: each macrotask. */
  warmUp?: Scheduler | false;
  /**
   * Every snapshot is sent (structured-cloned or serialised) as soon as it is made and never kept — the session
   * host posts each answer at once (src/session/host): a full snapshot then shares the drawing's records instead
   * of copying them (a 100,000-curve drawing's copy was ~0.1 s of its open). Off by default: an in-process caller
   * may keep a snapshot while the drawing moves on.
   */
  snapshotsSentAtOnce?: boolean;
}

/** How a drawing comes to the session (replaceDrawing). */
export interface DrawingHandover {
  /** It holds work not in any file (a recovery copy restored), so it starts dirty. */
  unsaved?: boolean;
  /** The caller hands it over and keeps no reference (a drawing just read from a file): the session keeps it uncopied. */
  owned?: boolean;
}

/**
 * A moment of the session a save writes (FileSession.savePoint): the drawing's text is taken then, and markSaved
 * records that moment, not the one the write ends at, as the saved one.
 */
export interface SessionSavePoint extends SavePoint {
  /** The undo entry on top then. */
  readonly top: HistoryEntry | null;
  /** Which drawing it was (replaceDrawing counts them): a save ending after another was opened marks nothing. */
  readonly opened: number;
}

/** What a save during a drag says: it wrote the drawing as it was before the drag (docs/recovery.md). */
export const SAVED_BEFORE_DRAG =
  'Saved the drawing as it was before this drag: the drag is not in the file until you save again.';

/**
 * While a drag is held back, the constraints' tensions (which ones resist, and how hard) are measured on the first
 * held frame and then every this many: a diagnosis costs a factorisation, too much for every frame of a big drawing.
 */
export const MEASURE_HELD_DRAG_EVERY = 10;

/** How near (mm) a moved selection must come to where it was sent for the move to count as done. */
export const TRANSLATE_TOLERANCE = 1e-6;

/** A drag frame that came to rest with the grabbed point still away from the cursor (over a micrometre). */
function heldBack(report: FrameReport, cursor: Vec2): boolean {
  const at = report.grabbed;
  return report.caughtUp && at !== null && Math.hypot(at[0] - cursor[0], at[1] - cursor[1]) > 1e-3;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

export class Session {
  path: string | null;
  /** Set by the autosave (src/session/autosave.ts) while it fails; every snapshot carries it to the status bar. */
  autosaveFailure: AutosaveFailure | null = null;
  private current: Drawing;
  private engine: Engine;
  private readonly history = new History();
  /** The undo entry on top when the file was last saved (null: saved with an empty history). */
  private savedTop: HistoryEntry | null = null;
  private forcedDirty = false;
  /** The drawings this session has held (replaceDrawing counts them): which one a save point was taken of. */
  private opened = 0;
  private drag: DragState | null = null;
  private revision = 0;
  private lastFrameMs = 0;
  /** The status measured since the last change of structure (null: to be measured for the next snapshot). */
  private status: FullStatus | null = null;
  /** The mechanism player: clock, traces, what it is locked against (src/mechanisms). */
  private readonly simulation = new SimulationController();
  /** The engine's warm-up after the last open, while it runs (warm-up.ts): idle work, cancelled by a real call. */
  private warming: WarmUp | null = null;
  private readonly warmUpScheduler: Scheduler | false;
  /** What the renderer is sent, and what it was sent (snapshots.ts). */
  private readonly snapshots: Snapshots;
  /** The instant centres are shown: snapshots carry them (analysis:centres). */
  private centresShown = false;
  /**
   * The attractors' live run (pullFrame) has come to rest since the engine last changed: the renderer stops asking
   * for pull frames. An edit, a drag's end or an open starts it again; an undo or a redo does not (what they put
   * back is exact, and was at rest when it was recorded).
   */
  private pullsDone = true;
  /**
   * The undo entry the attractors' motion belongs to, held open while they move: the edit or drag that set them
   * going (its mark from before it), or a run of its own ("Fit"). Committed when they come to rest or when anything
   * else happens first (settlePulls), so one undo takes back an edit and the fit it caused.
   */
  private pendingPull: { mark: Mark; label: string; moved: boolean } | null = null;
  /** The attractors' readouts as last measured (pullStatus: not during a drag). */
  private readouts: PullReadout[] = [];
  /** The reference images' edge maps snakes read, kept while their images are (document/edge-maps.ts). */
  private readonly edgeMaps = new EdgeMaps();

  /** What the engines' budgets are measured on (SessionOptions.clock). */
  readonly clock: Clock;

  constructor(options: SessionOptions = {}) {
    this.current = cloneData(options.drawing ?? emptyDrawing(new Date().toISOString()));
    this.path = options.path ?? null;
    this.clock = options.clock ?? wallClock;
    this.engine = this.build(this.current);
    this.warmUpScheduler = options.warmUp ?? nextMacrotask;
    this.snapshots = new Snapshots(options.snapshotsSentAtOnce ?? false);
    this.writeBack();
  }

  /** The warm-up started by the last open (null before any, or with the warm-up turned off). */
  get warmUp(): WarmUp | null {
    return this.warming;
  }

  /** A real call arrived: the warm-up, idle work, gives way for good (handlers.ts calls this before every call). */
  cancelWarmUp(): void {
    this.warming?.cancel();
  }

  /** The drawing as it is now (every move of the engine is written into it as it happens). */
  get drawing(): Drawing {
    return this.current;
  }

  /**
   * Unsaved: the history has moved from where it was when the file's text was taken, or the drawing came from no
   * file (a recovery copy), or a drag in progress has moved something (a drag is in no file until it ends and is
   * saved; Escape puts back what was).
   */
  get dirty(): boolean {
    // An entry undone past and then replaced by a new edit can never be on top again, so identity is enough.
    return (
      this.forcedDirty ||
      this.history.top !== this.savedTop ||
      this.drag?.moved === true ||
      this.pendingPull?.moved === true
    );
  }

  get dragging(): boolean {
    return this.drag !== null;
  }

  title(): string {
    const name = this.path ? baseName(this.path) : this.current.meta.title || 'Untitled';
    return `${name}${this.dirty ? ' •' : ''} — Curvewright`;
  }

  /**
   * New, Open, Revert: a different drawing, a fresh history. Throws (changing nothing) if it cannot be built.
   */
  replaceDrawing(drawing: Drawing, path: string | null, how: DrawingHandover = {}): Snapshot {
    // A drawing the caller hands over (just read from a file, held by nobody else) needs no copy: at 100,000
    // curves the copy was ~0.1 s of the open and 60 MB more for the GC to mark.
    const copy = how.owned ? drawing : cloneData(drawing);
    // A drawing just loaded from a file was built once to check it: that engine is this one (same data).
    // (The file check built its engine without edge maps: a drawing with a snake on is built again with them.)
    let checked = takeCheckedEngine(drawing);
    if (checked && hasSnakeOn(copy)) {
      checked.dispose();
      checked = undefined;
    }
    checked?.useClock(this.clock);
    const engine = checked ?? this.build(copy);
    this.drag = null;
    this.pendingPull = null;
    this.pullsDone = false;
    this.opened++;
    this.simulation.reset();
    this.current = copy;
    this.engine = engine;
    this.writeBack();
    this.path = path;
    this.history.clear();
    this.savedTop = null;
    this.forcedDirty = how.unsaved ?? false;
    this.status = null;
    this.revision++;
    const snapshot = this.snapshot(true);
    // After the snapshot: the renderer gets the drawing first; the warm-up runs in the idle time after.
    this.warming?.cancel();
    this.warming = this.warmUpScheduler ? new WarmUp(copy, this.warmUpScheduler, this.clock) : null;
    return snapshot;
  }

  /** An engine for `drawing`, its budgets on the session's clock. */
  private build(drawing: Drawing): Engine {
    return Engine.build(drawing, { clock: this.clock, edgeField: this.edgeMaps.field });
  }

  /**
   * What a save writes now, and this moment for markSaved: the drawing as it is, or during a drag as it was when the
   * drag began (a drag becomes an edit only when it ends; Escape goes back to that). The caller takes the drawing's
   * text before anything else runs: the point is this moment's.
   */
  savePoint(): SessionSavePoint {
    this.settlePulls();
    const base = { top: this.history.top, opened: this.opened };
    if (!this.drag) return { ...base, drawing: this.current };
    return { ...base, drawing: drawingAtDragStart(this.current, this.drag), notice: SAVED_BEFORE_DRAG };
  }

  /**
   * `point`'s text is in the file at `path`: that moment becomes the saved one (what was done since stays unsaved),
   * and `path` the drawing's file — unless another drawing has been opened since, which it does not touch. Answers
   * with the state without the drawing (the title and the marker changed), and the point's notice.
   */
  markSaved(path: string, point: SessionSavePoint): Snapshot {
    if (point.opened === this.opened) {
      this.path = path;
      this.savedTop = point.top;
      this.forcedDirty = false;
    }
    const snapshot = this.snapshot(false);
    if (point.notice) snapshot.notice = point.notice;
    return snapshot;
  }

  /**
   * The one write-back: what the engine moved since the last one (curves, beads, motors, reference dimensions)
   * into the drawing, and the moved curves' states into the next frame's snapshot, in one pass. Called after every
   * engine call that may move something; anything that builds a new engine calls it too (a fresh engine's first
   * write-back stores what reference dimensions measure).
   */
  private writeBack(): void {
    this.engine.writeMoved(this.current, this.snapshots.moved);
  }

  private touch(): void {
    this.revision++;
    this.current.meta.modified = new Date().toISOString();
  }

  private commitSince(mark: Mark, label: string): boolean {
    return this.history.commit(mark, this.current, label);
  }

  /**
   * After an edit or a drag (from `mark`, taken before it) that leaves attractors pulling: its undo entry is held
   * open for their motion (pendingPull); otherwise recorded now. True if something changed or may.
   */
  private commitOrPull(mark: Mark, label: string): boolean {
    if (this.engine.pulling) {
      this.pullsDone = false;
      this.pendingPull = { mark, label, moved: true };
      return true;
    }
    return this.commitSince(mark, label);
  }

  /** The attractors' open undo entry, if any, recorded now (they came to rest, or something else happens). */
  private settlePulls(): void {
    const pending = this.pendingPull;
    if (!pending) return;
    this.pendingPull = null;
    if (this.commitSince(pending.mark, pending.label)) this.touch();
  }

  /**
   * One live frame of the attractors (fits, snakes, targets that are on): the curves move toward what pulls them,
   * every constraint exact, and the snapshot carries their readouts. Nothing during a drag or while playing; the
   * renderer asks while `pulls.done` is false.
   */
  pullFrame(): Snapshot {
    if (this.drag || this.simulation.state === 'playing' || this.pullsDone || !this.engine.pulling) {
      this.pullsDone ||= !this.engine.pulling;
      return this.snapshot(false);
    }
    this.pendingPull ??= { mark: takeMark(this.current), label: 'Fit', moved: false };
    const report = this.engine.relax(BUDGET_MS.dragFrame);
    this.writeBack();
    this.lastFrameMs = report.ms;
    this.revision++;
    this.pendingPull.moved ||= this.snapshots.moved.curves.length > 0;
    if (report.caughtUp) {
      this.pullsDone = true;
      this.settlePulls();
      this.status = null;
    }
    return this.snapshot(false, report.maxResidual);
  }

  /**
   * One undoable edit: apply, rebuild, settle, record. On any failure — a command the records refuse, or one the
   * constraints cannot meet once settled — the drawing and the engine are left as they were.
   */
  edit(command: EditCommand): Snapshot {
    this.settlePulls();
    const mark = takeMark(this.current);
    if (this.drag) {
      // Tried whole first and taken back: a refused command — one the records refuse, or one the constraints
      // cannot meet — must leave a drag in progress as it was (Escape still cancels it); an accepted one ends the
      // drag, which becomes its own undo entry before the edit's (from a fresh mark: the drag's pose is in it).
      this.applyAndSettle(command, mark);
      restoreMark(this.current, mark);
      this.endDragIfAny();
      return this.edit(command);
    }
    this.engine = this.applyAndSettle(command, mark);
    this.writeBack();
    if (command.type === 'add' && command.stroke?.length && command.curves?.length) {
      const ids = command.curves.map((c) => c.id);
      if (refitToStroke(this.current, this.engine, ids, command.stroke, this.clock, BUDGET_MS.settle)) {
        // The fitted records are the drawing's now: its engine built again from them (they meet every constraint).
        this.engine.dispose();
        this.engine = this.build(this.current);
        this.writeBack();
      }
    }
    this.simulation.noteEdit();
    if (this.commitOrPull(mark, describeCommand(command))) this.touch();
    this.status = null;
    return this.snapshot(true);
  }

  /**
   * Applies the command to the drawing and settles a new engine built from it, which it returns; or restores
   * `mark` (taken just before) and throws, the session's engine as it was (built again from the restored drawing).
   */
  private applyAndSettle(command: EditCommand, mark: Mark): Engine {
    const before = this.engine.residual;
    // Never two engines of a big drawing at once: once the records take the command, the present engine lets go of
    // its parts while its successor is built (an edit refused builds it again) — unless a drag holds it, which a
    // refused edit must leave as it was.
    let replaced = false;
    let engine: Engine;
    try {
      // The records have taken the command (applyCommand checks them before it builds): the old engine goes.
      engine = applyCommand(this.current, command, (drawing) => {
        replaced = !this.drag;
        if (replaced) this.engine.dispose();
        return this.build(drawing);
      });
    } catch (error) {
      restoreMark(this.current, mark);
      if (replaced) this.engine = this.build(this.current);
      throw error;
    }
    const report = engine.settle(BUDGET_MS.settle);
    this.lastFrameMs = report.ms;
    if (breaksConstraints(before, report.maxResidual)) {
      // An edit the constraints cannot meet (a crank too long for its loop) is refused, not applied torn: the
      // drawing and the engine stay as they were, and the message names what blocks it.
      const blockers = blockingConstraints(engine.diagnostics(), this.current);
      restoreMark(this.current, mark);
      engine.dispose();
      if (replaced) this.engine = this.build(this.current);
      throw new Error(`${commandSubject(command, this.current)}: ${blockers}`);
    }
    return engine;
  }

  undo(): Snapshot {
    this.endDragIfAny();
    this.settlePulls();
    return this.travel(() => this.history.undo(this.current));
  }

  /** Nothing during a drag: it ends as a new edit, which leaves nothing to redo (so the drag goes on). */
  redo(): Snapshot {
    if (this.drag) return this.snapshot(false);
    this.settlePulls();
    return this.travel(() => this.history.redo(this.current));
  }

  private travel(step: () => HistoryEntry | null): Snapshot {
    if (step()) {
      // The restored fields are exact: rebuild, but do not settle (that could move them) — unless a mechanism has
      // played since: then only what the edit changed came back, beside a played pose it may not fit. (The old
      // engine lets go first: not two of a big drawing at once.)
      this.engine.dispose();
      this.engine = this.build(this.current);
      if (this.simulation.canReset && this.engine.residual > RESIDUAL_TOLERANCE)
        this.engine.settle(BUDGET_MS.settle);
      this.writeBack();
      this.status = null;
      this.pullsDone = true;
      this.touch();
    }
    return this.snapshot(true);
  }

  /** Play, pause, step one frame or reset to the pose at Play; optionally set the speed factor. */
  playControl(action: 'play' | 'pause' | 'step' | 'reset', speed?: number): Snapshot {
    this.settlePulls();
    if (speed !== undefined) this.simulation.setSpeed(speed);
    switch (action) {
      case 'play':
        // Nothing to play (no motor running) is said, and leaves a drag in progress as it was.
        if (this.simulation.startable(this.current)) this.endDragIfAny();
        this.simulation.play(this.current);
        return this.snapshot(false);
      case 'pause':
        this.simulation.pause();
        return this.snapshot(false);
      case 'step':
        if (this.simulation.startable(this.current)) this.endDragIfAny();
        if (!this.simulation.step(this.engine, this.current)) return this.snapshot(false);
        this.writeBack();
        return this.played();
      case 'reset': {
        const pose = this.simulation.reset(this.current);
        // Nothing to go back to: a drag in progress goes on. Otherwise the pose at Play replaces the drag's.
        if (!pose) return this.snapshot(false);
        this.drag = null;
        const engine = this.build(pose);
        // Edits made while playing may not hold at the old pose (a constraint added mid-play): settle them in.
        if (engine.residual > RESIDUAL_TOLERANCE) engine.settle(BUDGET_MS.settle);
        this.current = pose;
        this.engine = engine;
        this.writeBack();
        this.status = null;
        this.revision++;
        return this.snapshot(true);
      }
    }
  }

  /** One animation frame of the player; a no-op answer when it is not playing. */
  playFrame(): Snapshot {
    const frame = this.simulation.advance(this.engine, this.current);
    if (!frame) return this.snapshot(false);
    this.writeBack();
    this.lastFrameMs = frame.motors.ms;
    return this.played(frame.motors.maxResidual);
  }

  /**
   * After motors moved: the drawing changed outside the history (Reset goes back), the traces' new points travel.
   * Not an edit: the played pose is a state the user can Reset, so it does not mark the drawing unsaved.
   */
  private played(residual?: number): Snapshot {
    this.revision++;
    const snapshot = this.snapshot(false, residual);
    snapshot.motors = this.engine.motorAngles();
    return snapshot;
  }

  /** Shows or hides the instant centres (a view setting: not an edit, not undoable). */
  showInstantCentres(show: boolean): Snapshot {
    this.centresShown = show;
    return this.snapshot(false);
  }

  playStatus(): PlayStatus {
    return this.simulation.status();
  }

  setView(center: Vec2, zoom: number): void {
    this.current.view = { center: [center[0], center[1]], zoom };
  }

  /**
   * Grabs the material point (curve, u), or its shape handle `handle` (a control point, a knot). `together`: the
   * selection dragged with it (the curves of a multi-selection, the grabbed one among them), moved rigidly by the
   * cursor's travel as far as the constraints allow (not with a handle: a handle reshapes its own curve).
   */
  dragStart(
    curve: string,
    u: number,
    cursor: Vec2,
    together: readonly string[] = [],
    handle?: number,
  ): Snapshot {
    this.checkCurves([curve, ...together]);
    this.settlePulls();
    // The engine checks the point or the handle before it lets go of any grab: a grab it refuses leaves a drag in
    // progress as it was. One it accepts lets go of that drag, which ends as its own undo entry.
    if (handle === undefined) this.engine.grab(curve, u, together);
    else this.engine.grabHandle(curve, handle);
    this.commitDrag();
    this.drag = beginDrag(this.current, this.simulation.state === 'playing');
    return this.frame(cursor);
  }

  private checkCurves(ids: readonly string[]): void {
    const known = new Set(this.current.curves.map((c) => c.id));
    for (const id of ids) if (!known.has(id)) throw new Error(`unknown curve '${id}'`);
  }

  /**
   * Moves the curves `ids` by `by` (mm) through the solver, as a drag of them all would, to the end — or exactly,
   * as records, when nothing holds them (moveRigidly): one undo entry. Refused, the drawing unchanged, when the constraints keep them from getting all the way there; the
   * message names what holds them.
   */
  translate(ids: readonly string[], by: Vec2): Snapshot {
    if (ids.length === 0) throw new Error('move: nothing to move');
    this.checkCurves(ids);
    this.settlePulls();
    if (movesFreely(this.current, ids)) return this.moveRigidly(ids, by);
    // During a drag, tried on an engine of its own (the session's holds the drag's grab): a refused move leaves the
    // drag as it was; an accepted one ends it first, as its own undo entry.
    const engine = this.drag ? this.build(this.current) : this.engine;
    const from = engine.pointAt(ids[0], 0.5);
    engine.grab(ids[0], 0.5, ids);
    const report = engine.dragFrame([from[0] + by[0], from[1] + by[1]], BUDGET_MS.settle);
    this.lastFrameMs = report.ms;
    if (engine.pullMiss() > TRANSLATE_TOLERANCE) {
      // Refused: nothing was written back, so the drawing is as it was; the engine is built from it afresh.
      const blockers = holdingConstraints(engine.diagnostics(), this.current);
      engine.release();
      if (engine === this.engine) {
        this.engine = this.build(this.current);
        this.status = null;
      }
      throw new Error(`move by (${formatValue('mm', by[0])}, ${formatValue('mm', by[1])}) mm: ${blockers}`);
    }
    engine.release();
    this.endDragIfAny();
    this.engine = engine;
    const mark = takeMark(this.current);
    this.writeBack();
    this.simulation.noteEdit();
    if (this.commitSince(mark, 'Move')) this.touch();
    this.status = null;
    return this.snapshot(true);
  }

  /**
   * Curves nothing holds, moved by exactly `by` as records (src/shared/rigid-move.ts), the solver not asked; a drag
   * in progress ends first, as its own undo entry.
   */
  private moveRigidly(ids: readonly string[], by: Vec2): Snapshot {
    this.endDragIfAny();
    const mark = takeMark(this.current);
    const moved = new Set(ids);
    this.current.curves = this.current.curves.map((c) => (moved.has(c.id) ? translateCurve(c, by) : c));
    this.engine = this.build(this.current);
    this.writeBack();
    this.simulation.noteEdit();
    if (this.commitSince(mark, 'Move')) this.touch();
    this.status = null;
    return this.snapshot(true);
  }

  dragMove(cursor: Vec2): Snapshot {
    if (!this.drag) throw new Error('no drag in progress');
    return this.frame(cursor);
  }

  private frame(cursor: Vec2): Snapshot {
    const report = this.engine.dragFrame(cursor, BUDGET_MS.dragFrame);
    this.writeBack();
    this.lastFrameMs = report.ms;
    this.revision++;
    const drag = this.drag!;
    // The window shows a pose no file holds (dirty) from the first frame that moved a curve.
    drag.moved ||= this.snapshots.moved.curves.length > 0;
    // Held back: measure what resists (tensions under the mouse's pull), after the frame and throttled.
    drag.heldFrames = heldBack(report, cursor) ? drag.heldFrames + 1 : 0;
    const measured = drag.heldFrames % MEASURE_HELD_DRAG_EVERY === 1;
    if (measured) this.status = this.measure();
    const snapshot = this.snapshot(false, report.maxResidual, measured);
    // Not there yet but on the way (a big drawing catches up over several frames; a frame whose time ran out on a
    // refused step moved nothing yet): ask for another frame.
    if (!report.caughtUp && (report.paused || report.outOfTime || (snapshot.states?.curves.length ?? 0) > 0))
      snapshot.catchingUp = true;
    return snapshot;
  }

  /** Ends the drag: the whole of it becomes one undo entry (none if nothing moved). */
  dragEnd(): Snapshot {
    if (!this.drag) return this.snapshot(false);
    this.endDragIfAny();
    return this.snapshot(false);
  }

  private endDragIfAny(): void {
    if (!this.drag) return;
    this.engine.release();
    this.commitDrag();
  }

  /** The drag in progress, if any, becomes one undo entry (none if nothing moved); its grab is let go of already. */
  private commitDrag(): void {
    if (!this.drag) return;
    const { mark, moved } = this.drag;
    this.drag = null;
    // A drag of a fitted curve: the fit resumes at the release, its motion part of the drag's undo entry.
    if (moved ? this.commitOrPull(mark, 'Drag') : this.commitSince(mark, 'Drag')) this.touch();
    this.status = null;
  }

  /** Cancels the drag: the drawing returns to where it was when the drag began. */
  dragCancel(): Snapshot {
    if (!this.drag) return this.snapshot(false);
    const drag = this.drag;
    this.drag = null;
    this.engine.release();
    restoreDragStart(this.current, drag);
    this.engine = this.build(this.current);
    this.writeBack();
    this.status = null;
    this.revision++;
    return this.snapshot(true);
  }

  /** The attractors' readouts at the present state, by id, and whether their run has come to rest. */
  private pullStatus(): PullStatus {
    // Not measured during a drag: a fit's readout places every data point again (a scan of 100,000 points is
    // milliseconds), and a drag frame has no time to spare; the drag shows the readouts from before it, and the
    // pull frames after the release measure again.
    if (!this.drag) {
      const attractors = this.current.attractors ?? [];
      this.readouts = this.engine.pullReadouts().map(({ attractor, ...readout }) => ({
        id: attractors[attractor].id,
        ...readout,
      }));
    }
    return { done: this.pullsDone, readouts: this.readouts };
  }

  private measure(): FullStatus {
    return measureStatus(this.engine, this.current, this.lastFrameMs);
  }

  /**
   * A full snapshot for a renderer that holds nothing yet (a page loaded or reloaded): every trail travels whole.
   */
  resend(): Snapshot {
    this.snapshots.forgetSent();
    return this.snapshot(true);
  }

  /**
   * What the renderer draws. Full: the whole drawing. Otherwise the states of the curves the engine moved since the
   * last snapshot. During a drag the per-constraint diagnostics are the ones from the drag's start (a rank
   * computation per frame would cost more than the frame) unless `measured` (a held-back frame just measured what
   * resists); max residual and frame time are the frame's.
   */
  snapshot(full: boolean, frameResidual?: number, measured = false): Snapshot {
    this.status ??= this.measure();
    const header = {
      revision: this.revision,
      status: snapshotStatus(this.status, this.lastFrameMs, frameResidual, measured),
      title: this.title(),
      dirty: this.dirty,
      canUndo: this.history.canUndo || this.drag !== null,
      canRedo: this.history.canRedo && !this.drag,
      play: this.playStatus(),
      autosaveFailure: this.autosaveFailure,
      // Not in a drag frame: the kinematics would factor the drag's system without its pull, every frame.
      ...(this.centresShown && !this.drag && { centres: centresAt(this.engine, this.current) }),
      ...(this.engine.pulling && { pulls: this.pullStatus() }),
    };
    return full ? this.snapshots.full(header, this.current) : this.snapshots.frame(header, this.current);
  }
}

/** The drawing has a snake that is on (its engine needs the edge maps). */
function hasSnakeOn(drawing: Drawing): boolean {
  return (drawing.attractors ?? []).some((a) => a.kind === 'edges' && a.on);
}
