// Times each drag frame in the page, split where the time goes: cursor sent → answer back (the IPC, or in the
// end-to-end tests the Playwright bridge, plus the session's solve and snapshot) → mirror updated → redraw
// started → redrawn. The solve is the session's own figure (the snapshot's frameMs), so the bridge and the
// snapshot are what the round trip has beyond it.

/** One drag frame, ms. */
export interface FrameBreakdown {
  /** Cursor sent → the changed layers redrawn. */
  total: number;
  /** Cursor sent → answer received: transport both ways + the session's solve and snapshot. */
  roundTrip: number;
  /** The engine's drag frame as the session timed it (part of roundTrip). */
  solve: number;
  /** Answer received → mirror updated. */
  apply: number;
  /** Mirror updated → redraw started (non-zero only if the redraw waits for an animation frame). */
  wait: number;
  /** The Konva redraw of the changed layers. */
  draw: number;
  /** How many curves the answer moved (0: the picture did not change). */
  moved: number;
  /** When the redraw ended (the page's clock, ms): what the user saw, and when. */
  at: number;
  /** How far the grabbed point was drawn from the mouse then, mm (null: no pull shown). */
  lag: number | null;
}

/** Samples kept: enough for a measurement run, bounded for a long session. */
const KEEP = 600;

interface OpenFrame {
  sent: number;
  answered: number | null;
  solve: number;
  moved: number;
  applied: number | null;
}

export class FrameClock {
  /** Recent whole frames, newest last. */
  readonly samples: FrameBreakdown[] = [];
  /** The request out (sent, maybe answered). */
  private open: OpenFrame | null = null;
  /**
   * The answers applied since the last redraw, the newest's times kept: while the editor is behind the cursor it
   * sends its next request before the page draws (drag-loop.ts), so a redraw may show more than one answer.
   */
  private ready: OpenFrame | null = null;

  /** A cursor left for the session. */
  sent(at: number): void {
    this.open = { sent: at, answered: null, solve: 0, moved: 0, applied: null };
  }

  /** The answer came back: the session's solve took `solveMs` and moved `moved` curves. */
  answered(at: number, solveMs: number, moved = 0): void {
    if (!this.open) return;
    this.open.answered = at;
    this.open.solve = solveMs;
    this.open.moved = moved;
  }

  applied(at: number): void {
    const f = this.open;
    if (f?.answered == null || f.applied !== null) return;
    f.applied = at;
    if (this.ready) f.moved += this.ready.moved;
    this.ready = f;
    this.open = null;
  }

  /**
   * The view drew the frame's layers between start and end, the grabbed point `lag` mm from the mouse (null: no
   * pull shown): the sample is complete.
   */
  drawn(start: number, end: number, lag: number | null = null): void {
    const f = this.ready;
    if (!f || f.answered === null || f.applied === null) return;
    this.ready = null;
    this.samples.push({
      total: end - f.sent,
      roundTrip: f.answered - f.sent,
      solve: f.solve,
      apply: f.applied - f.answered,
      wait: Math.max(0, start - f.applied),
      draw: end - start,
      moved: f.moved,
      at: end,
      lag,
    });
    if (this.samples.length > KEEP) this.samples.splice(0, this.samples.length - KEEP);
  }

  get last(): FrameBreakdown | undefined {
    return this.samples.at(-1);
  }
}
