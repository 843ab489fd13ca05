// The single IPC contract between the renderer and the main process: every channel's name, the schema of its
// request (validated after main's sender check, before any handler runs: in the session's process for the session's
// channels, in main for main's own) and the type of its response. The preload builds one named function per page
// channel from these tables; the session implements one handler per session channel, main one per main channel;
// the e2e bridge forwards to the same handlers. Payloads are plain data (JSON-like): the test bridge is not
// structured clone.

import {
  CHECKED_ACTION_NAMES,
  ENABLED_ACTION_NAMES,
  RENDERER_ACTION_NAMES,
  type ActionFlags,
  type RendererActionName,
} from './actions';
import type { AnalysisSample, BarSample, FourBarAnalysis, InstantCentre } from './analysis-samples';
import type { PlainDrawing, Vec2 } from './drawing';
import { editCommandSchema, type EditCommand } from './edit-commands';
import * as records from './records';
import * as s from './schema';
import { exportChoicesSchema, type ExportChoices } from './export-choices';

/**
 * Declares a channel: the request schema is checked at runtime, the response type only at compile time. Curried
 * so the method name keeps its literal type (the window API's function names are typed from it).
 */
function channel<Req, Res>() {
  return <const M extends string>(method: M, request: s.Schema<Req>): Channel<Req, Res, M> =>
    ({ method, request }) as Channel<Req, Res, M>;
}

export interface Channel<Req, Res, M extends string = string> {
  /** The preload function's name. */
  method: M;
  request: s.Schema<Req>;
  /** Phantom: carries the response type. */
  readonly __response?: Res;
}

const vec2 = s.tuple([s.number(), s.number()]);

/** A drop token (src/session/drop-tokens.ts): 128 random bits in hex. */
export const DROP_TOKEN = /^[0-9a-f]{32}$/;

export interface ConstraintStatus {
  id: string;
  residual: number;
  tension: number;
  conflicting: boolean;
  redundant: boolean;
}

/** A curve's state as the engine sees it. */
export interface CurveStatus {
  id: string;
  /** Fully constrained: no motion the constraints allow moves it (drawn in its own colour). */
  fixed: boolean;
}

export interface SessionStatus {
  dof: number;
  maxResidual: number;
  /** Wall time of the last engine call in the session, ms. */
  frameMs: number;
  /**
   * Every constraint's state. Absent from a drag frame's snapshot: it is computed once per structural change and
   * at the end of a drag, and the renderer keeps the last one it received.
   */
  constraints?: ConstraintStatus[];
  /** Every curve's state; absent from a drag frame's snapshot, like `constraints`. */
  curves?: CurveStatus[];
  /**
   * The constraints that say the same thing, by id, each group in drawing order (the engine's diagnostics): what a
   * redundant constraint just added is already fixed by. Absent from a drag frame's snapshot, like `constraints`.
   */
  redundantGroups?: string[][];
}

/**
 * What the renderer needs to draw. `drawing` is sent whole when the structure changed (a curve added, an undo, a
 * file opened); during a drag only `states` (the changed curves' state vectors, same order as
 * CURVE_STATE_LAYOUT) travel.
 */
/** The mechanism player (Play / Pause / Step / Reset; src/mechanisms). */
export interface PlayStatus {
  state: 'stopped' | 'playing' | 'paused';
  /** Simulated seconds since Play. */
  time: number;
  frame: number;
  speed: number;
  canReset: boolean;
  /**
   * The constraints the mechanism is locked against (drawn red): empty while the motors keep up; when a frame
   * could not advance them (a non-Grashof crank at its limit, a toggle), the stalled motors and the constraints
   * the engine finds binding.
   */
  binding: string[];
  /** Why, in one sentence ("the crank cannot turn past 152°: coupler and rocker are in line"); empty otherwise. */
  lock: string;
  /**
   * What the last Play, Step or Reset did that the user would not see for themselves, in one sentence ("nothing
   * to play: no motor is running…", "back to the pose at Play; the 2 edits made while playing were kept"); empty
   * otherwise.
   */
  notice: string;
}

/**
 * The changed curves' state vectors, flat (a drag or play frame): curve `drawing.curves[curves[i]]` has the values
 * `values[offsets[i]] … values[offsets[i + 1] - 1]`, in CURVE_STATE_LAYOUT order. Plain number arrays, no object
 * per curve: a frame of 1,000 moved bars is three arrays, cheap to clone over IPC and to serialise.
 */
export interface MovedStates {
  /** Indices into the drawing's curves, ascending. */
  curves: number[];
  /** curves.length + 1 entries: where each curve's values start, then the end. */
  offsets: number[];
  values: number[];
}

/**
 * The last autosave failed (src/session/autosave.ts): what it could not write and why. Shown in the status bar
 * until an autosave succeeds; while it lasts, a crash would lose the unsaved work.
 */
export interface AutosaveFailure {
  /** The recovery copy (or folder) that could not be written. */
  path: string;
  /** Why, in words: "permission denied", "the disk is full". */
  reason: string;
}

/**
 * A trace's trail as it changed since the snapshot before: keep its first `from` points, append these (x, y pairs,
 * flat). `from` 0 replaces the trail (a new one: added, cleared, undone, thinned). Only what changed travels: a
 * trail appended to while playing sends its new points, an unchanged one nothing.
 */
export interface TrailDelta {
  id: string;
  from: number;
  xy: number[];
}

/** How near one attractor that is on is to what it pulls toward (mm). */
export interface PullReadout {
  /** The attractor's id. */
  id: string;
  /** A fit's RMS distance of its points from its curves; a target's distance. */
  rms: number;
  max: number;
  /** A fit's point farthest from its curves (drawn highlighted); null for a target or a snake. */
  worst: Vec2 | null;
  /** A snake's mean edge strength under its samples, 0 (no edge) to 1 (the image's strongest); rms and max are 0. */
  edge?: number;
}

/** The attractors' live run (`pull:frame`): whether it has come to rest, and each one's readout. */
export interface PullStatus {
  /** At rest (converged): the renderer stops asking for pull frames until this is false again. */
  done: boolean;
  readouts: PullReadout[];
}

export interface Snapshot {
  revision: number;
  /** The whole drawing when its structure changed; its traces' points are left empty: they travel in `trails`. */
  drawing?: PlainDrawing;
  states?: MovedStates;
  /**
   * A drag frame's answer while the drawing has not caught up with the cursor and is still getting there (it moved,
   * or a step waits half-done: docs/engine.md, "Frames and settling"): the editor sends the cursor again though the
   * mouse is still. Absent otherwise (caught up, or held where it is).
   */
  catchingUp?: true;
  /** The trails that changed since the last snapshot (the renderer keeps its own compact copy of each). */
  trails?: TrailDelta[];
  play?: PlayStatus;
  status: SessionStatus;
  title: string;
  dirty: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /** Present while autosave is failing. */
  autosaveFailure?: AutosaveFailure;
  /**
   * What the call did that the user would not see for themselves, for the status bar, once: a save during a drag
   * wrote the drawing as it was before the drag (src/session/session.ts, SAVED_BEFORE_DRAG).
   */
  notice?: string;
  /**
   * The curves an import just added (File ▸ Import…, a file dropped to import): the page selects them and brings
   * them into view, keeping the view the user had where they are already on screen.
   */
  imported?: string[];
  /**
   * A play frame's motor angles (rad), which its `states` (curves only) do not carry: the Plot panel's marker
   * follows the played pose by them.
   */
  motors?: { id: string; angle: number }[];
  /**
   * While the instant centres are shown (`analysis:centres`) and a motor runs: every bar's instant centre at this
   * pose (src/mechanisms/instant-centres.ts), for the canvas to draw. Absent from a drag frame's snapshot.
   */
  centres?: InstantCentre[];
  /** While any attractor is on: the live run's state and readouts (absent when none is on). */
  pulls?: PullStatus;
}

/**
 * What a plot's samples are sampled over: the driving motor (the first running one), which a scrub sets, its rpm,
 * and the motor time sampled (s: one period, 60/|rpm|, or the seconds asked).
 */
export interface PlotCycle {
  motor: string;
  rpm: number;
  period: number;
}

/** The Plot panel's samples of a material point. */
export interface PointPlot extends PlotCycle {
  samples: AnalysisSample[];
}

/** The Plot panel's samples of a bar: its angle and angular velocity. */
export interface BarPlot extends PlotCycle {
  samples: BarSample[];
}

/** The most samples the Plot panel may ask for in one cycle (one every 0.1°). */
export const MAX_PLOT_SAMPLES = 3600;
/** The longest motor time a plot may sample, s. */
export const MAX_PLOT_SECONDS = 3600;

/** The sampling a plot asks for: how many samples, over one cycle or over `seconds` of motor time. */
const sampling = {
  samples: s.optional(s.number({ integer: true, min: 1, max: MAX_PLOT_SAMPLES })),
  seconds: s.optional(s.number({ positive: true, max: MAX_PLOT_SECONDS })),
};

/** The file flow's commands the page may ask for (the rest are the native menu's). */
export const FILE_COMMANDS = ['new', 'open', 'save'] as const;
export type FileCommand = (typeof FILE_COMMANDS)[number];

export interface StartList {
  /** Each recent file's name and the folder it is in, newest first. */
  recent: { name: string; folder: string }[];
  examples: { title: string }[];
}

export const invokeChannels = {
  'session:snapshot': channel<void, Snapshot>()('snapshot', s.none()),
  /**
   * `together`: the curves dragged with the grabbed one (a multi-selection), moved rigidly as far as they can;
   * `handle`: grab a Bézier's control point or a spline's knot (its index) instead of the material point at u.
   */
  'drag:start': channel<
    { curve: string; u: number; cursor: Vec2; together?: string[]; handle?: number },
    Snapshot
  >()(
    'dragStart',
    s.object({
      curve: records.id,
      u: records.unitParameter,
      cursor: vec2,
      together: s.optional(s.array(records.id, { maxItems: records.MAX_RECORDS.curves })),
      handle: s.optional(s.number({ integer: true, min: 0, max: 1_000_000 })),
    }),
  ),
  'drag:move': channel<{ cursor: Vec2 }, Snapshot>()('dragMove', s.object({ cursor: vec2 })),
  'drag:end': channel<void, Snapshot>()('dragEnd', s.none()),
  'drag:cancel': channel<void, Snapshot>()('dragCancel', s.none()),
  'history:undo': channel<void, Snapshot>()('undo', s.none()),
  'history:redo': channel<void, Snapshot>()('redo', s.none()),
  /** One undoable edit (see edit-commands.ts); answers with the whole drawing. */
  'edit:apply': channel<EditCommand, Snapshot>()('edit', editCommandSchema),
  /**
   * Moves curves by a vector through the solver (the arrow keys' nudge): one undoable edit, refused with what holds
   * them when the constraints keep them from getting there.
   */
  'edit:translate': channel<{ ids: string[]; by: Vec2 }, Snapshot>()(
    'translate',
    s.object({ ids: s.array(records.id, { minItems: 1, maxItems: records.MAX_RECORDS.curves }), by: vec2 }),
  ),
  /** The mechanism player: play, pause, step one frame, reset to the pose at Play; `speed` sets the factor. */
  'play:control': channel<{ action: 'play' | 'pause' | 'step' | 'reset'; speed?: number }, Snapshot>()(
    'playControl',
    s.object({
      action: s.oneOf(['play', 'pause', 'step', 'reset'] as const),
      speed: s.optional(s.number({ positive: true, max: 16 })),
    }),
  ),
  /** One animation frame of the player (the renderer asks once per frame while playing, one in flight). */
  'play:frame': channel<void, Snapshot>()('playFrame', s.none()),
  /**
   * One live frame of the attractors (fits, snakes, targets): the renderer asks again as each answer is shown while
   * a snapshot's `pulls.done` is false and nothing is dragged or playing, one in flight.
   */
  'pull:frame': channel<void, Snapshot>()('pullFrame', s.none()),
  /**
   * The exact position, velocity and acceleration of the material point (curve, u) over one cycle of the running
   * motor (or `seconds` of motor time), from the present pose (src/mechanisms/analysis.ts), computed on a copy:
   * the drawing does not move. Refused in one line: no running motor, an unknown curve.
   */
  'analysis:point': channel<{ curve: string; u: number; samples?: number; seconds?: number }, PointPlot>()(
    'analyzePoint',
    s.object({ curve: records.id, u: records.unitParameter, ...sampling }),
  ),
  /** A bar's angle and angular velocity sampled as `analysis:point` samples a point. Refused: not a bar. */
  'analysis:bar': channel<{ bar: string; samples?: number; seconds?: number }, BarPlot>()(
    'analyzeBar',
    s.object({ bar: records.id, ...sampling }),
  ),
  /**
   * The four-bar analysis (src/mechanisms/four-bar-analysis.ts: Grashof class, transmission angle sampled and its
   * extremes, toggles and dead centres), or null when the drawing is not recognised as a four-bar.
   */
  'analysis:four-bar': channel<{ samples?: number; seconds?: number }, FourBarAnalysis | null>()(
    'analyzeFourBar',
    s.object(sampling),
  ),
  /** Show or hide the instant centres: while shown, snapshots carry `centres`. A view setting, not an edit. */
  'analysis:centres': channel<{ show: boolean }, Snapshot>()(
    'showInstantCentres',
    s.object({ show: s.boolean() }),
  ),
  /** The view (pan and zoom) to keep in the drawing: not an edit, not undoable, does not make it dirty. */
  'view:set': channel<{ center: Vec2; zoom: number }, void>()('setView', records.view),
  // The file flow (src/session/file-handlers.ts; File ▸ New, Open, Save … run in main from the native menu, see
  // electron/main/main-actions.ts): a file dropped on the window, named by the token main issued for it (the page
  // never names a path: see preloadChannels). True when opened, false when the user cancelled or it failed (the
  // failure was shown to the user).
  'file:open-dropped': channel<{ token: string }, boolean>()(
    'openDropped',
    s.object({
      token: s.string({ pattern: DROP_TOKEN, describe: 'a token main issued for a dropped file' }),
    }),
  ),
  /**
   * What the start panel shows when the drawing is empty (issue 17): the recent files (newest first) and the shipped
   * examples, to show only: the page opens one by its index in these lists, never by a path.
   */
  'file:start': channel<void, StartList>()('startList', s.none()),
  /** File ▸ New, Open… or Save from the toolbar or the start panel: main runs the file flow, with its dialogs. */
  'file:command': channel<{ command: FileCommand }, boolean>()(
    'fileCommand',
    s.object({ command: s.oneOf(FILE_COMMANDS) }),
  ),
  /**
   * File ▸ Export…: the export dialog's format and options (the page remembers them), then main's save dialog picks
   * where the file goes. True when written, false when cancelled or it failed (the failure was shown to the user).
   */
  'file:export': channel<ExportChoices, boolean>()('exportDrawing', exportChoicesSchema),
  /** The recent file at `index` of file:start's list (main's own list: a stale index is refused). */
  'file:open-recent': channel<{ index: number }, boolean>()(
    'openRecent',
    s.object({ index: s.number({ integer: true, min: 0, max: 99 }) }),
  ),
  /** The shipped example at `index` of file:start's list, opened as an untitled copy. */
  'file:open-example': channel<{ index: number }, boolean>()(
    'openExample',
    s.object({ index: s.number({ integer: true, min: 0, max: 99 }) }),
  ),
};

/**
 * The channels only the preload calls: never functions of `window.curvewright`, so the page, which has no
 * ipcRenderer, cannot reach them. `file:drop-token` hands main the path Electron gives for a File dropped on the
 * window (webUtils.getPathForFile, in the preload) and answers with a token for `file:open-dropped`. The preload's
 * `dropToken(file)` is its only caller: a page can name a File, never a path, and only a file the user dropped
 * has one.
 */
export const preloadChannels = {
  'file:drop-token': channel<{ path: string }, string>()(
    'dropToken',
    s.object({ path: s.string({ minLength: 1, maxLength: 4096 }) }),
  ),
};

/** One boolean for each of these names, and no other key. */
function flagsOf<N extends string>(names: readonly N[]): s.Schema<Record<N, boolean>> {
  return s.object(Object.fromEntries(names.map((name) => [name, s.boolean()]))) as unknown as s.Schema<
    Record<N, boolean>
  >;
}

/**
 * The channels main answers itself, without the session: the window's own state. `menu:state` carries
 * the action table's flags (src/shared/actions.ts: each toggle's check mark, each rule-bound action's enabled) as
 * the renderer computes them, for the native menu's items; sent when they change.
 */
export const mainChannels = {
  'menu:state': channel<ActionFlags, void>()(
    'setMenuState',
    s.object({ checked: flagsOf(CHECKED_ACTION_NAMES), enabled: flagsOf(ENABLED_ACTION_NAMES) }),
  ),
  /**
   * The drawing as the page shows it, sent when main asks (`session:restarted`): the session's process stopped
   * (it ran out of memory, crashed, or the user stopped a call that would not end) and a new one takes the drawing
   * up from here, so nothing the user saw is lost. Main hands it to the new process, which checks it as it checks
   * a file, under the drawing's own path (main's, never the page's).
   */
  'session:restore': channel<{ drawing: PlainDrawing }, void>()(
    'restoreSession',
    s.object({ drawing: s.object(records.drawingFields) }),
  ),
};

/** The page's API, `window.curvewright`: the session's channels and main's own. */
export const pageChannels = { ...invokeChannels, ...mainChannels };
/** Every channel the session answers (its dispatch's table): the page's and the preload's own. */
export const sessionChannels = { ...invokeChannels, ...preloadChannels };
/** Every channel main answers: the session's, which it hands to the session's process, and its own. */
export const allChannels = { ...sessionChannels, ...mainChannels };

/** Channels handled by the file flow rather than the session's own handlers. */
export const FILE_CHANNELS = [
  'file:open-dropped',
  'file:drop-token',
  'file:start',
  'file:command',
  'file:export',
  'file:open-recent',
  'file:open-example',
] as const;
export type FileChannelName = (typeof FILE_CHANNELS)[number];

export type PageChannels = typeof pageChannels;
export type AllChannels = typeof allChannels;
/** A channel of the page's API. */
export type PageChannelName = keyof PageChannels;
/** A channel the session answers. */
export type SessionChannelName = keyof typeof sessionChannels;
/** A channel main answers itself. */
export type MainChannelName = keyof typeof mainChannels;
/** Any channel main answers. */
export type ChannelName = keyof AllChannels;
export type RequestOf<C extends ChannelName> =
  AllChannels[C] extends Channel<infer Req, unknown> ? Req : never;
export type ResponseOf<C extends ChannelName> =
  AllChannels[C] extends Channel<unknown, infer Res> ? Res : never;

/** Every invoke answers with a Result, so an error arrives as one clean line rather than a wrapped exception. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** Main → renderer events. */
export const eventChannels = {
  /** A menu command (Edit ▸ Undo, Tools ▸ Circle, …) for the renderer to carry out. */
  menuCommand: 'menu:command',
  /** The session changed without the renderer asking (a file opened or saved from the menu, a drop). */
  sessionChanged: 'session:changed',
  /**
   * The session's process was started anew (why, in one sentence, as its payload): the page sends back the drawing
   * it shows (`restoreSession`), which the new process takes up.
   */
  sessionRestarted: 'session:restarted',
} as const;

/** What a `menu:command` event may carry: the actions the renderer carries out (src/shared/actions.ts). */
export const MENU_COMMANDS = RENDERER_ACTION_NAMES;
export type MenuCommand = RendererActionName;
