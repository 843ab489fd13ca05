// The mechanism player's side in the page: Play, Pause, Step and Reset sent to the session (src/mechanisms plays
// there), and while it plays, one frame asked for per animation frame, one request at a time.

import type { Snapshot } from '../../shared/contract';
import type { FrameScheduler } from './drag-loop';
import type { Mirror } from './mirror';
import type { SessionClient } from './session-client';

export type PlayAction = 'play' | 'pause' | 'step' | 'reset';

export interface PlayHost {
  readonly mirror: Mirror;
  readonly client: SessionClient;
  /** Abandons what the tool was doing: playing, stepping or resetting moves the drawing under it. */
  cancelTool(): void;
}

export class PlayLoop {
  /** A play frame request is out (one at a time, one per animation frame). */
  private inFlight = false;

  constructor(
    private readonly host: PlayHost,
    private readonly schedule: FrameScheduler,
  ) {}

  /** A frame is asked for or out: idle() waits for it. */
  get busy(): boolean {
    return this.inFlight;
  }

  /** Play, pause, step one frame or reset; `speed` sets the factor. */
  control(action: PlayAction, speed?: number): void {
    if (action !== 'pause') this.host.cancelTool();
    const request = speed === undefined ? { action } : { action, speed };
    void this.host.client.send((api) => api.playControl(request)).then((snapshot) => this.next(snapshot));
  }

  /** Play / Pause. */
  toggle(): void {
    this.control(this.host.mirror.play.state === 'playing' ? 'pause' : 'play');
  }

  /** While the answer says it plays, the next frame on the next animation frame. */
  private next(snapshot: Snapshot | null): void {
    if (snapshot?.play?.state !== 'playing' || this.inFlight) return;
    this.inFlight = true;
    this.schedule(() => {
      void this.host.client
        .send((api) => api.playFrame())
        .then((answer) => {
          this.inFlight = false;
          this.next(answer);
        });
    });
  }
}
