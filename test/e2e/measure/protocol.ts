// The messages between the measure's page and its session worker (test/e2e/measure/session-worker.ts). Every one
// crosses with postMessage, i.e. a structured clone each way, as Electron's ipcRenderer.invoke and
// webContents.send do between the renderer and the main process.

import type { SessionStatus } from '../../../src/shared/contract';
import type { Drawing } from '../../../src/shared/drawing';

/** Page → worker. */
export type ToWorker =
  | { type: 'init'; drawing: Drawing }
  /** `mark`: stamp the answer's posting in the trace (console.timeStamp), for the traced drag. */
  | { type: 'invoke'; id: number; channel: string; payload: unknown; mark?: boolean }
  | { type: 'control'; id: number; kind: ControlKind }
  /**
   * Answered at once with a ready answer the size of a drag frame's for n curves: the bare crossing (a small
   * request there, a big answer back, no work between), for comparison.
   */
  | { type: 'echo'; id: number; n: number };

/** Worker → page. */
export type FromWorker =
  | {
      type: 'answer';
      id: number;
      result: unknown;
      /** When the worker took the invoke up and when it posted the answer (ms, timeOrigin + now: one clock). */
      received: number;
      posted: number;
    }
  | { type: 'event'; event: string; payload: unknown }
  | { type: 'control'; id: number; value: unknown }
  | { type: 'echo'; id: number; value: unknown };

/**
 * The measure's own questions, asked outside the timed drag: `drawing` and `status` are the session's (as the
 * harness's `editor.session` gives them), `timings` hands over and clears what the worker timed.
 */
export type ControlKind = 'drawing' | 'status' | 'timings';

export interface ControlValues {
  drawing: Drawing;
  status: SessionStatus;
  timings: WorkerTimings;
}

/** Per drag:move handled in the worker, ms. */
export interface WorkerTimings {
  /** session.dragMove: the engine's drag frame + the snapshot (what the CDP mode times in Node). */
  session: number[];
  /** The whole handling: the gate (dispatch: channel + schema) around session.dragMove. */
  handler: number[];
}

/**
 * One drag:move's trip, page → worker → page, on the clock both share (performance.timeOrigin + now(), ms):
 * the page posted the invoke, the worker took it up, posted the answer, the page's bridge took the answer up.
 */
export interface Hop {
  sent: number;
  received: number;
  posted: number;
  arrived: number;
}

/** The cursor moves of the measure's timed drag (test/e2e/drag-frame.measure.ts). */
export const MOVES = 150;

/** How the page reaches the session: a Web Worker of the page (postMessage), or the harness's CDP binding. */
export type Bridge = 'worker' | 'cdp';

/** What the user sees while pulling steadily and after the mouse stops (drag-frame.measure.ts, `follow`). */
export interface Follow {
  /** Answers drawn while the mouse moved; how long it moved (s: 120 display frames, a move each). */
  answers: number;
  seconds: number;
  /** Answers per second that redrew moved curves while the mouse moved. */
  visible: number;
  /** Answers that moved nothing while the grabbed point was behind the mouse, of `behind` answers then. */
  idle: number;
  behind: number;
  /** The grabbed point's distance from the mouse as drawn while pulling, mm: median and largest. */
  lag: number;
  lagMax: number;
  /** From the mouse stopping to the answer that drew the grabbed point on it (≤ 0.01 mm), ms (Infinity: never). */
  catchUp: number;
}

/** One run's medians (ms), for the summary. */
export interface Figures extends Follow {
  /** The fit pull's answers that redrew moved curves. */
  fitVisible: number;
  frame: number;
  p90: number;
  /** Issue 19's target reads the 95th percentile (at most 33 ms at 10,000 curves). */
  p95: number;
  /** The median frame of those whose solve caught up inside the drag budget (0 if none did). */
  caughtUp: number;
  session: number;
  ipc: number;
  apply: number;
  wait: number;
  draw: number;
  rendering: number;
}

/**
 * With --json the measure also prints one line per size and bridge: this prefix, then a JSON object (n, bridge,
 * runs, and each figure's median over the runs, ms: a MeasureLine). `npm run bench` reads them
 * (bench/cases/editor-frame.ts).
 */
export const JSON_PREFIX = 'drag-frame-json ';

/** A --json line's object (the text after JSON_PREFIX). */
export interface MeasureLine extends Figures {
  n: number;
  bridge: Bridge;
  runs: number;
}
