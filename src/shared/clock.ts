// Time as an input. Every piece of code that spends a time budget (the engine's drag, settle and motor frames, the
// player's frames, the session's calls, the CLI's --timeout) reads the time from a Clock it is given, never from the
// wall clock directly. The app and the CLI give it the real clock; tests give it a SteppedClock, so what a frame
// does is the same on an idle machine and on a busy one (docs/architecture.md, "How it is tested").

export interface Clock {
  /** Milliseconds from an arbitrary origin; never decreases. */
  now(): number;
}

/** The real clock (performance.now(): Node, workers and the page all have it). */
export const wallClock: Clock = { now: () => performance.now() };

/**
 * A deterministic clock: time moves by `tick` ms at every reading, and by `advance`. A budget of B ms then lasts
 * B / tick readings, whatever the machine is doing: a test clock that ends every loop a budget bounds, at the same
 * place in every run. tick 0: time stands still (only `advance` moves it).
 */
export class SteppedClock implements Clock {
  private t = 0;

  constructor(private readonly tick = 0) {
    if (!(tick >= 0 && Number.isFinite(tick)))
      throw new Error(`tick must be a finite number ≥ 0, got ${tick}`);
  }

  now(): number {
    const t = this.t;
    this.t += this.tick;
    return t;
  }

  /** Moves time on by `ms` (a test's "the user waited"). */
  advance(ms: number): void {
    this.t += ms;
  }
}
