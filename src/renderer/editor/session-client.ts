// The editor's traffic with the session. One queue: requests reach the session in the order they were made and
// their answers come back in that order. `send` is the usual round, written once: a request in its turn, then its
// answer shown (the mirror updated, what the drawing no longer has forgotten, the listeners told) or its failure
// (the status bar says why, in the user's words). A panel's analysis goes beside the queue (`aside`: it changes
// nothing, so it need not wait its turn); `idle` waits for all of it.

import type { Api } from '../../../electron/preload/api';
import type { Snapshot } from '../../shared/contract';
import { withPositiveSizes } from '../../shared/positive-sizes';
import { plainDrawing } from '../../shared/trace-records';
import { userMessage } from '../../shared/user-message';
import type { DragTransport } from './drag-loop';
import type { ChangePatch } from './editor-change';
import type { FrameClock } from './frame-clock';
import type { Mirror } from './mirror';

/** The window API's functions the editor calls. */
export type EditorApi = Pick<
  Api,
  | 'snapshot'
  | 'dragStart'
  | 'dragMove'
  | 'dragEnd'
  | 'dragCancel'
  | 'undo'
  | 'redo'
  | 'edit'
  | 'translate'
  | 'setView'
  | 'playControl'
  | 'playFrame'
  | 'pullFrame'
  | 'showInstantCentres'
  | 'restoreSession'
>;

export type Request<T> = (api: EditorApi) => Promise<T>;

export interface SessionClientHost {
  readonly mirror: Mirror;
  readonly frames: FrameClock;
  /** Forgets what names an id the drawing no longer has (the selection, the hover, a value being edited). */
  forget(alive: ReadonlySet<string>): void;
  /** A one-line message for the status bar. */
  notify(message: string): void;
  change(patch: ChangePatch): void;
  /** A loop may still send (a drag's, the player's, the attractors'): idle() waits for it. */
  busy(): boolean;
  /** Every answer shown, after the listeners: the attractors' loop asks for its next frame (pull-loop.ts). */
  seen(snapshot: Snapshot): void;
}

export class SessionClient {
  /** Round-trip time of the last drag frame (cursor sent → answer received), ms. */
  frameRoundTripMs = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly asides = new Set<Promise<unknown>>();

  constructor(
    readonly api: EditorApi,
    private readonly host: SessionClientHost,
  ) {}

  /** Sends a request in its turn, after every request made before it has been answered. */
  enqueue<T>(request: Request<T>): Promise<T> {
    const run = () => request(this.api);
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Sends a request in its turn and shows its answer, or why it failed (`refused`, where the caller says it its own
   * way: fail's one line by default); resolves with the answer, or null.
   */
  send(
    request: Request<Snapshot>,
    refused: (error: unknown) => void = (error) => this.fail(error),
  ): Promise<Snapshot | null> {
    return this.enqueue(request).then(
      (snapshot) => {
        this.apply(snapshot);
        return snapshot;
      },
      (error: unknown) => {
        refused(error);
        return null;
      },
    );
  }

  /**
   * A request a panel sends beside the queue (an analysis: it changes nothing, so it need not wait its turn),
   * with what the panel does with its answer: idle() waits for it too.
   */
  aside<T>(work: Promise<T>): Promise<T> {
    this.asides.add(work);
    const done = () => void this.asides.delete(work);
    work.then(done, done);
    return work;
  }

  /** Resolves once every request sent so far has been answered and its answer shown (tests; before quitting). */
  async idle(): Promise<void> {
    for (;;) {
      const current = this.queue;
      await current;
      await Promise.allSettled([...this.asides]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (current === this.queue && this.asides.size === 0 && !this.host.busy()) return;
    }
  }

  /** Shows a session's answer: the mirror takes it (unless it is older than what it has), the listeners are told. */
  apply(snapshot: Snapshot): void {
    const { mirror } = this.host;
    if (!snapshot.drawing && snapshot.revision < mirror.revision) return;
    const changed = mirror.apply(snapshot);
    this.host.frames.applied(performance.now());
    const patch: ChangePatch = {
      answer: true,
      status: true,
      curves: changed.curves,
      structure: changed.structure,
    };
    if (changed.structure) {
      const {
        curves,
        constraints,
        springs,
        traces,
        images = [],
        pointSets = [],
        attractors = [],
      } = mirror.drawing;
      const lists = [curves, constraints, springs, traces, images, pointSets, attractors];
      this.host.forget(new Set(lists.flatMap((list) => list.map((r) => r.id))));
      patch.selection = true;
    }
    this.host.change(patch);
    this.host.seen(snapshot);
  }

  /**
   * The session's process was started anew (main told the user why): it takes the drawing up as this page shows
   * it, so nothing the user saw is lost. Goes ahead of the queue: what was waiting there was answered by the old
   * process with its one-line failure. Sent as a file holds it (positive sizes: a radius dragged through zero is
   * its size, the same points), since the new session checks it as it checks a file.
   */
  restore(): Promise<void> {
    return this.api.restoreSession({ drawing: plainDrawing(withPositiveSizes(this.host.mirror.drawing)) });
  }

  /** Shows why a request failed, in the user's words (the drawing's names for its ids). */
  fail(error: unknown): void {
    this.host.notify(userMessage(error, this.host.mirror.drawing));
  }

  /** The drag loop's requests (drag-loop.ts), in the queue; each move timed by the frame clock. */
  dragTransport(): DragTransport {
    const { frames } = this.host;
    return {
      start: (curve, u, cursor, together, handle) =>
        this.enqueue((api) =>
          api.dragStart({
            curve,
            u,
            cursor,
            ...(together.length ? { together } : {}),
            ...(handle === undefined ? {} : { handle }),
          }),
        ),
      move: (cursor) => {
        const sent = performance.now();
        return this.enqueue(async (api) => {
          frames.sent(sent);
          const snapshot = await api.dragMove({ cursor });
          const answered = performance.now();
          this.frameRoundTripMs = answered - sent;
          frames.answered(answered, snapshot.status.frameMs, snapshot.states?.curves.length ?? 0);
          return snapshot;
        });
      },
      end: () => this.enqueue((api) => api.dragEnd()),
      cancel: () => this.enqueue((api) => api.dragCancel()),
    };
  }
}
