// Warm-up after a drawing opens: V8 compiles the engine's hot paths the first time they run, so the first drag on
// a freshly opened drawing used to cost several times a later one (38–97 ms at 1,000 curves). In idle time after
// the open, the warm-up builds a throwaway engine from a sample of the drawing (warm-up-sample.ts) and drags one
// curve of each kind a few frames. It never touches the session's drawing, engine or history: nothing the user
// sees or saves changes. It runs in slices, one per macrotask (setImmediate, or setTimeout 0 where there is none,
// in a Web Worker), so a call that arrives waits at most one slice; a real call cancels what is left.

import { Engine } from '../engine';
import { wallClock, type Clock } from '../shared/clock';
import type { Drawing, Vec2 } from '../shared/drawing';
import { warmUpSample } from './warm-up-sample';

/** Runs `slice` on a later macrotask; returns what cancels it. */
export type Scheduler = (slice: () => void) => () => void;

/** Node's setImmediate where there is one (main, the CLI); the session also runs in a Web Worker, which has none. */
const node = globalThis as {
  setImmediate?: (run: () => void) => unknown;
  clearImmediate?: (handle: unknown) => void;
};

export const nextMacrotask: Scheduler =
  node.setImmediate && node.clearImmediate
    ? (slice) => {
        const handle = node.setImmediate!(slice);
        return () => node.clearImmediate!(handle);
      }
    : (slice) => {
        const handle = setTimeout(slice, 0);
        return () => clearTimeout(handle);
      };

/** Drag frames per curve dragged: the first compiles, the next run the compiled code and its re-optimisations. */
export const WARM_UP_FRAMES = 8;
/** Engine budget of one warm-up frame, ms: a slice stays short (the first frame's compile aside). */
const FRAME_BUDGET_MS = 4;
/** How far the cursor moves each frame, mm: a hand's pace, as in the drag-frame bench. */
const STEP_MM = 0.5;

/** `failed`: a slice threw (a sample the engine refused): the warm-up stops there, quietly — it is only idle work. */
export type WarmUpState = 'waiting' | 'running' | 'done' | 'cancelled' | 'failed';

/**
 * The slices of a warm-up on `sample` (warmUpSample): build, then for the last curve of each kind, WARM_UP_FRAMES
 * drag frames pulling it along x (grabbed in the first, released in the last).
 */
function warmUpSlices(sample: Drawing, clock: Clock): (() => void)[] {
  let engine: Engine | null = null;
  const slices = [() => void (engine = Engine.build(sample, { clock }))];
  const lastOfKind = new Map(sample.curves.map((c) => [c.kind, c.id]));
  for (const id of lastOfKind.values()) {
    let from: Vec2 = [0, 0];
    for (let f = 1; f <= WARM_UP_FRAMES; f++) {
      slices.push(() => {
        const e = engine!;
        if (f === 1) {
          from = e.pointAt(id, 1);
          e.grab(id, 1);
        }
        e.dragFrame([from[0] + STEP_MM * f, from[1]], FRAME_BUDGET_MS);
        if (f === WARM_UP_FRAMES) e.release();
      });
    }
  }
  return slices;
}

export class WarmUp {
  private current: WarmUpState = 'waiting';
  private readonly slices: (() => void)[];
  private done = 0;
  private cancelNext: (() => void) | null = null;
  private readonly schedule: Scheduler;
  private finish!: (state: WarmUpState) => void;
  /** Settles when the warm-up has ended (done, cancelled or failed), with which. */
  readonly finished: Promise<WarmUpState>;

  /** Starts warming up on `drawing` (read now, not kept) from the next macrotask. */
  constructor(drawing: Drawing, schedule: Scheduler = nextMacrotask, clock: Clock = wallClock) {
    this.schedule = schedule;
    this.finished = new Promise((resolve) => (this.finish = resolve));
    this.slices = warmUpSlices(warmUpSample(drawing), clock);
    this.next();
  }

  get state(): WarmUpState {
    return this.current;
  }

  /** Stops it: no further slice runs (one under way has already finished: JavaScript runs one task at a time). */
  cancel(): void {
    if (this.current !== 'waiting' && this.current !== 'running') return;
    this.cancelNext?.();
    this.cancelNext = null;
    this.end('cancelled');
  }

  private next(): void {
    this.cancelNext = this.schedule(() => {
      this.cancelNext = null;
      this.current = 'running';
      try {
        this.slices[this.done++]();
      } catch {
        return this.end('failed');
      }
      if (this.done === this.slices.length) this.end('done');
      else this.next();
    });
  }

  private end(state: WarmUpState): void {
    this.current = state;
    this.finish(state);
  }
}
