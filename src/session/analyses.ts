// The Plot panel's and the four-bar status's analyses, run off the interactive path: each is a generator that
// yields after every sample (src/mechanisms/analysis.ts), run in slices of SLICE_MS on the session's clock with a
// macrotask between them, so a drag or a key the user sends meanwhile is answered within a slice, however long the
// analysis (3,600 samples over an hour of motor time: seconds). An analysis is dropped — its answer a one-line
// refusal the panels ignore — when the same one is asked again, or when the drawing changes under it (an edit, an
// undo, an open: its answer would describe a drawing that is gone; the panels ask again anyway).
import type { Clock } from '../shared/clock';
import { nextMacrotask, type Scheduler } from './warm-up';

/** Work done between two looks at the messages waiting, ms on the session's clock. */
export const SLICE_MS = 8;

/** What a dropped analysis answers. */
export const SUPERSEDED = 'dropped: the drawing changed, or the same analysis was asked again';

export class Analyses {
  /** The analyses running, by what was asked (channel and payload): the key a repeat replaces. */
  private readonly running = new Map<string, { cancelled: boolean }>();

  constructor(
    private readonly clock: Clock,
    private readonly schedule: Scheduler = nextMacrotask,
  ) {}

  /** Runs `steps` in slices; `key` names the request (a repeat of it drops this one). */
  async run<T>(key: string, steps: Generator<unknown, T>): Promise<T> {
    const previous = this.running.get(key);
    if (previous) previous.cancelled = true;
    const task = { cancelled: false };
    this.running.set(key, task);
    try {
      for (;;) {
        const sliceEnd = this.clock.now() + SLICE_MS;
        for (;;) {
          const next = steps.next();
          if (next.done) return next.value;
          if (this.clock.now() >= sliceEnd) break;
        }
        await new Promise<void>((resume) => this.schedule(resume));
        if (task.cancelled) throw new Error(SUPERSEDED);
      }
    } finally {
      if (this.running.get(key) === task) this.running.delete(key);
    }
  }

  /** The drawing changed: every analysis running is dropped at its next slice. */
  cancelAll(): void {
    for (const task of this.running.values()) task.cancelled = true;
    this.running.clear();
  }
}
