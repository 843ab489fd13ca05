// The attractors' live run in the page (fits, snakes, targets: docs/editor.md, "Fits and attractors"): after any
// answer that says they still move (`pulls.done` false), the next pull frame asked for as soon as it is shown (not
// paced by animation frames: each is a 6 ms frame of the session's, the drag frame's budget, and two or three fit in
// one display frame, so what the user sees rests sooner), one request at a time, until an answer says they came to
// rest. Nothing is asked while a drag is on or the mechanism plays (the
// session pauses the pull then); the drag's end, or the pause, is an answer like any other and starts it again.

import type { Snapshot } from '../../shared/contract';
import type { FrameScheduler } from './drag-loop';

export interface PullHost {
  /** A drag is on (its frames are the drag loop's). */
  dragging(): boolean;
  /** The mechanism plays (its frames are the player's). */
  playing(): boolean;
  /** Asks the session for one pull frame; resolves with its answer, or null when it failed (already said). */
  frame(): Promise<Snapshot | null>;
  /** Shows an answer (the session client's apply): it comes back here through `seen`. */
  apply(snapshot: Snapshot): void;
}

export class PullLoop {
  /** A pull frame is asked for or out (one at a time). */
  private inFlight = false;
  /** Frames asked for since the page loaded (tests). */
  frames = 0;

  constructor(
    private readonly host: PullHost,
    private readonly schedule: FrameScheduler,
  ) {}

  /** A frame is asked for or out: idle() waits for it (and so for the run to come to rest). */
  get busy(): boolean {
    return this.inFlight;
  }

  /** Every answer shown passes here: one that says the attractors still move asks for the next frame. */
  seen(snapshot: Snapshot): void {
    if (this.inFlight || !snapshot.pulls || snapshot.pulls.done) return;
    if (this.host.dragging() || this.host.playing()) return;
    this.inFlight = true;
    this.schedule(() => {
      // A drag or Play began meanwhile: their frames move the drawing; the answer that ends them starts this again.
      if (this.host.dragging() || this.host.playing()) return void (this.inFlight = false);
      this.frames++;
      void this.host.frame().then((answer) => {
        this.inFlight = false;
        if (answer) this.host.apply(answer);
      });
    });
  }
}
