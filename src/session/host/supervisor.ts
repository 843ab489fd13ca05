// Main's keeper of the session's process. The session (drawing, engine, file flow, autosave) runs in a process of its
// own, so whatever it does — run out of memory, crash, work on a call that does not end — main stays alive and
// answers the user:
//   - the process ends unexpectedly: a new one is started, and it takes the drawing up as the page shows it (the page
//     sends it back: `session:restored`), or failing that from this window's recovery copy; the user is told in one
//     sentence. The recovery copies stay where they are (the instance's folder is main's: RecoveryInstance).
//   - a call goes unanswered for BUSY_AFTER_MS: the user is asked to wait or to stop it; Stop ends the process and
//     restarts it as above, nothing the user saw lost.
//   - closing and quitting never wait on a busy session: the unsaved-changes question is asked by main itself, and
//     the clean exit gives the session CLOSE_WAIT_MS to remove its recovery copies before main ends it and removes
//     them itself.
// Electron-free: main gives it how to start a process (Electron's utilityProcess; Node's child_process in tests and
// the bench), its dialogs and a timer.
import { wallClock, type Clock } from '../../shared/clock';
import type { Result } from '../../shared/contract';
import type { PlainDrawing } from '../../shared/drawing';
import { errorLine } from '../../shared/error-line';
import { SessionLink, type FlowCommands, type MainSide } from './session-link';
import type { SessionState, ThreadPort, ToMain, ToSession } from './protocol';

/** How a session process ended. */
export interface ProcessExit {
  code: number | null;
  signal: string | null;
  /** It ran out of memory (V8 said so, or the platform did). */
  outOfMemory: boolean;
}

/** A running session process, as main sees it. */
export interface SessionProcess {
  readonly port: ThreadPort<ToMain, ToSession>;
  /** Ends it at once (its exit is still reported). */
  kill(): void;
  /** Called once, when it has ended, however. */
  onExit(listener: (exit: ProcessExit) => void): void;
}

export type SpawnSession = () => SessionProcess;

/** A one-shot timer, as setTimeout: returns what cancels it. */
export type Timer = (ms: number, run: () => void) => () => void;

export const realTimer: Timer = (ms, run) => {
  const handle = setTimeout(run, ms);
  return () => clearTimeout(handle);
};

/** A call unanswered this long (ms) makes main ask the user whether to wait for it. */
export const BUSY_AFTER_MS = 5000;
/** How often main looks at how long the session has been busy, ms. */
export const BUSY_CHECK_MS = 500;
/** How long a restarted session waits for the page's drawing before it takes the recovery copy instead, ms. */
export const RESTORE_WAIT_MS = 3000;
/** How long a clean exit waits for the session to remove its recovery copies before main ends it, ms. */
export const CLOSE_WAIT_MS = 1500;
/** A session busy this long (ms) counts as busy when the window closes: main asks the question itself. */
export const BUSY_AT_CLOSE_MS = 1000;
/** More than this many restarts within RESTART_WINDOW_MS: the drawing is not taken up again (it may be the cause). */
export const MAX_RESTARTS = 2;
export const RESTART_WINDOW_MS = 60_000;

/** What main does for the supervisor besides what it does for the session (MainSide). */
export interface SupervisorSide extends MainSide {
  /** One sentence for the user (a message box that does not hold main). */
  tell(message: string): void;
  /** The session has worked `seconds` on `what`: wait for it, or stop it (its process ends and starts again). */
  askBusy(what: string, seconds: number): Promise<'wait' | 'stop'>;
  /** A new session process is up: the page is asked for the drawing it shows (it answers with `restored`). */
  restarted(reason: string): void;
  /** After a clean exit the session could not finish in time: this instance's recovery copies are removed by main. */
  removeRecovery(): Promise<void>;
}

export interface SupervisorOptions {
  clock?: Clock;
  timer?: Timer;
}

/** What the user reads of a call the session is busy with. */
function describeCall(what: string): string {
  if (what.startsWith('drag:')) return 'a drag';
  if (what.startsWith('analysis:')) return 'an analysis';
  if (what.startsWith('play:')) return 'playing the mechanism';
  if (what === 'edit:apply' || what === 'edit:translate') return 'an edit';
  if (what === 'history:undo' || what === 'history:redo') return 'an undo';
  if (what === 'save' || what === 'save-as' || what === 'file:export') return 'saving';
  if (what === 'import') return 'importing a file';
  if (what.startsWith('file:') || ['open', 'open-example', 'revert', 'new'].includes(what))
    return 'opening a drawing';
  return 'your last action';
}

/** Why a process ended, in the words of the sentence that tells the user. */
export function exitReason(exit: ProcessExit): string {
  if (exit.outOfMemory) return 'it ran out of memory';
  if (exit.signal) return `it crashed (${exit.signal})`;
  return `it exited (code ${exit.code})`;
}

export class Supervisor implements FlowCommands {
  private process: SessionProcess;
  private current: SessionLink;
  /** Why the next exit happens, when main caused it (Stop); null: unexpected. */
  private stopping: string | null = null;
  /** A clean exit is under way: an exit now is the end, not a crash. */
  private closing = false;
  private readonly clock: Clock;
  private readonly timer: Timer;
  private cancelWatch: () => void = () => undefined;
  /** The busy question is open. */
  private askingBusy = false;
  /** When the user last said Wait (clock ms): the question comes again BUSY_AFTER_MS later. */
  private waitedAt = -Infinity;
  private readonly restarts: number[] = [];
  /** Who waits for the next restart to have taken the drawing up (stop). */
  private readonly afterRestart: (() => void)[] = [];
  /** The restart waiting for the page's drawing. */
  private awaitingDrawing: ((drawing: PlainDrawing | null) => void) | null = null;
  /** Settles when the session (the first one, or the last restarted one) is up and has its drawing. */
  ready: Promise<void>;

  constructor(
    private readonly spawn: SpawnSession,
    private readonly side: SupervisorSide,
    options: SupervisorOptions = {},
  ) {
    this.clock = options.clock ?? wallClock;
    this.timer = options.timer ?? realTimer;
    this.process = this.startProcess();
    this.current = this.clientOf(this.process);
    this.ready = this.current.ready;
    this.watch();
  }

  /** The live session's client (a new one after each restart). */
  get client(): SessionLink {
    return this.current;
  }

  get state(): SessionState {
    return this.current.state;
  }

  invoke(channel: string, payload: unknown): Promise<Result<unknown>> {
    return this.current.invoke(channel, payload);
  }

  newDrawing = () => this.current.newDrawing();
  open = (path?: string) => this.current.open(path);
  openExample = (path: string) => this.current.openExample(path);
  save = () => this.current.save();
  saveAs = () => this.current.saveAs();
  revert = () => this.current.revert();
  importFile = () => this.current.importFile();
  placeImage = () => this.current.placeImage();
  offerRecovery = () => this.current.offerRecovery();
  checkExternal = () => this.current.checkExternal();

  /**
   * Before the window closes: true when nothing unsaved would be lost (saved, or the user chose Don't Save). A busy
   * session does not hold the question: main asks it itself, and a Save stops the work first (the drawing is taken
   * up as shown by a new session, which saves it).
   */
  async confirmDiscard(): Promise<boolean> {
    if (!this.current.state.dirty) return true;
    if (this.current.busyFor().ms < BUSY_AT_CLOSE_MS) return this.current.confirmDiscard();
    const choice = await this.side.ui.askSaveChanges(this.current.state.name);
    if (choice === 'cancel') return false;
    if (choice === 'discard') return true;
    await this.stop('you closed the window while it was busy');
    return this.current.save();
  }

  /**
   * A clean exit: the session removes this instance's recovery copies, or, if it does not within CLOSE_WAIT_MS,
   * main ends it and removes them itself. Resolves once the process is gone.
   */
  close(): Promise<void> {
    this.closed ??= this.closeOnce();
    return this.closed;
  }
  private closed: Promise<void> | null = null;

  private async closeOnce(): Promise<void> {
    this.closing = true;
    this.cancelWatch();
    const closed = this.current.close().then(
      () => true,
      () => false,
    );
    const timedOut = new Promise<false>((resolve) => this.timer(CLOSE_WAIT_MS, () => resolve(false)));
    const cleanly = await Promise.race([closed, timedOut]);
    const ended = new Promise<void>((resolve) => this.process.onExit(() => resolve()));
    this.process.kill();
    await ended;
    if (!cleanly) await this.side.removeRecovery().catch(() => undefined);
  }

  /** The page's drawing, for the restarted session (main's `session:restore` channel). */
  restored(drawing: PlainDrawing): void {
    const take = this.awaitingDrawing;
    this.awaitingDrawing = null;
    take?.(drawing);
  }

  /**
   * Ends the session's process (the user stopped a call that did not end, or a close needs it) and resolves once a
   * new one has taken the drawing up.
   */
  async stop(why: string): Promise<void> {
    this.stopping = why;
    const restarted = new Promise<void>((resolve) => this.afterRestart.push(resolve));
    this.process.kill();
    await restarted;
  }

  private startProcess(): SessionProcess {
    const process = this.spawn();
    process.onExit((exit) => void this.exited(process, exit));
    return process;
  }

  private clientOf(process: SessionProcess): SessionLink {
    return new SessionLink(process.port, this.side, this.clock);
  }

  private async exited(process: SessionProcess, exit: ProcessExit): Promise<void> {
    if (process !== this.process || this.closing) return;
    const reason = this.stopping ?? exitReason(exit);
    this.stopping = null;
    // The drawing's own file as the session last said: the new one takes the drawing up under it.
    const { path } = this.current.state;
    this.current.stopped(reason);
    const now = this.clock.now();
    this.restarts.push(now);
    while (this.restarts[0] < now - RESTART_WINDOW_MS) this.restarts.shift();
    const takeUp = this.restarts.length <= MAX_RESTARTS;
    this.process = this.startProcess();
    this.current = this.clientOf(this.process);
    const up = this.current.ready.then(() => this.takeUp(reason, takeUp ? path : false));
    this.ready = up;
    await up;
    for (const resolve of this.afterRestart.splice(0)) resolve();
  }

  /**
   * The new session takes the drawing up under `path` (its own file, or null): the page's drawing, else the
   * recovery copy's; the user is told which. `false`: it stopped too often to take the drawing up again.
   */
  private async takeUp(reason: string, path: string | null | false): Promise<void> {
    if (path === false) {
      this.side.tell(
        errorLine(
          `The drawing's engine stopped again (${reason}) and was started with an empty drawing; your drawing's recovery copy is kept and will be offered at the next start.`,
        ),
      );
      return;
    }
    const drawing = await new Promise<PlainDrawing | null>((resolve) => {
      this.awaitingDrawing = resolve;
      this.side.restarted(reason);
      this.timer(RESTORE_WAIT_MS, () => {
        if (this.awaitingDrawing === resolve) this.awaitingDrawing = null;
        resolve(null);
      });
    });
    let how = 'your drawing as it was on screen';
    let done = false;
    if (drawing) done = await this.current.command('restore', path ?? undefined, drawing).catch(() => false);
    if (!done) {
      how = 'your drawing as of its last recovery copy';
      done = await this.current.command('restore-recovery').catch(() => false);
    }
    this.side.tell(
      errorLine(
        done
          ? `The drawing's engine stopped (${reason}) and was started again with ${how}; undo starts afresh.`
          : `The drawing's engine stopped (${reason}) and was started again with an empty drawing; no copy of yours could be read.`,
      ),
    );
  }

  /** Every BUSY_CHECK_MS: a call unanswered for BUSY_AFTER_MS (since the last Wait) asks the user. */
  private watch(): void {
    this.cancelWatch = this.timer(BUSY_CHECK_MS, () => {
      if (this.closing) return;
      void this.checkBusy();
      this.watch();
    });
  }

  private async checkBusy(): Promise<void> {
    const busy = this.current.busyFor();
    const now = this.clock.now();
    if (this.askingBusy || busy.ms < BUSY_AFTER_MS || now - this.waitedAt < BUSY_AFTER_MS) return;
    this.askingBusy = true;
    const client = this.current;
    try {
      const choice = await this.side.askBusy(describeCall(busy.what), Math.round(busy.ms / 1000));
      // Only if that session is still the one, and still busy: the call may have ended while the user read.
      if (choice === 'stop' && client === this.current && client.busyFor().ms > 0)
        await this.stop('you stopped a call that would not end');
      else this.waitedAt = this.clock.now();
    } finally {
      this.askingBusy = false;
    }
  }
}
