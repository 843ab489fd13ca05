// The push-and-pull drag loop: at most one cursor per animation frame and at most one request in flight. A cursor
// that arrives while a request is out replaces any older waiting one, so a slow solve drops stale cursors instead
// of queueing them. While an answer says the drawing is still catching up (`catchingUp`), the last cursor is sent
// again on the next frame though the mouse is still. End waits for the request in flight, sends the last cursor,
// then ends the drag.

import type { Snapshot } from '../../shared/contract';
import type { Vec2 } from '../../shared/drawing';

export interface DragTransport {
  /**
   * `together`: the curves of a multi-selection dragged with the grabbed one (empty: it alone); `handle`: a shape
   * handle of the curve (editor/handles.ts) rather than its material point at u.
   */
  start(curve: string, u: number, cursor: Vec2, together: string[], handle?: number): Promise<Snapshot>;
  move(cursor: Vec2): Promise<Snapshot>;
  end(): Promise<Snapshot>;
  cancel(): Promise<Snapshot>;
}

/** Runs a callback on the next animation frame (requestAnimationFrame in the page; injectable in tests). */
export type FrameScheduler = (callback: () => void) => void;

export class DragLoop {
  private pending: Vec2 | null = null;
  /** The last cursor sent: sent again while the session says the drawing is still catching up to it. */
  private lastSent: Vec2 | null = null;
  private inFlight: Promise<void> | null = null;
  private frameRequested = false;
  private active = false;
  /** Requests sent so far in this drag (for tests and the status bar). */
  sent = 0;

  constructor(
    private readonly transport: DragTransport,
    private readonly schedule: FrameScheduler,
    private readonly onSnapshot: (snapshot: Snapshot) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  get dragging(): boolean {
    return this.active;
  }

  /** A request out, or (during a drag) a cursor waiting or a frame requested. */
  get busy(): boolean {
    return this.inFlight !== null || (this.active && (this.pending !== null || this.frameRequested));
  }

  start(curve: string, u: number, cursor: Vec2, together: string[] = [], handle?: number): void {
    this.active = true;
    this.pending = null;
    this.sent = 1;
    this.lastSent = cursor;
    this.track(this.transport.start(curve, u, cursor, together, handle));
  }

  /** A new cursor: sent on the next frame if nothing is in flight, else it waits (replacing any older one). */
  move(cursor: Vec2): void {
    if (!this.active) return;
    this.pending = cursor;
    this.requestFrame();
  }

  private requestFrame(): void {
    if (this.frameRequested) return;
    this.frameRequested = true;
    this.schedule(() => {
      this.frameRequested = false;
      this.flush();
    });
  }

  private flush(): void {
    if (!this.active || this.inFlight || !this.pending) return;
    const cursor = this.pending;
    this.pending = null;
    this.sent++;
    this.lastSent = cursor;
    this.track(this.transport.move(cursor));
  }

  private track(request: Promise<Snapshot>): void {
    const done = request
      .then((snapshot) => {
        // Still catching up to the last cursor (a drawing too big for one frame) with the mouse still: again.
        if (snapshot.catchingUp && this.active && !this.pending) this.pending = this.lastSent;
        this.onSnapshot(snapshot);
      }, this.onError)
      .finally(() => {
        if (this.inFlight === done) this.inFlight = null;
        if (this.pending) this.requestFrame();
      });
    this.inFlight = done;
  }

  private async drain(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  /** Finishes the drag: the last cursor is still applied, then the session records one undo step. */
  async end(): Promise<void> {
    if (!this.active) return;
    await this.drain();
    if (this.pending) {
      const cursor = this.pending;
      this.pending = null;
      this.sent++;
      this.track(this.transport.move(cursor));
      await this.drain();
    }
    this.active = false;
    await this.transport.end().then(this.onSnapshot, this.onError);
  }

  async cancel(): Promise<void> {
    if (!this.active) return;
    this.pending = null;
    await this.drain();
    this.active = false;
    await this.transport.cancel().then(this.onSnapshot, this.onError);
  }
}
