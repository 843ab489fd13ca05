// Main's end of the session's channel (protocol.ts): the window's messages and main's file commands go to
// the session, its dialog questions come back to main's native dialogs, its events go on to the window. Main never
// waits on the session synchronously: the window title and the unsaved flag come with every answer. It also knows
// how long the session has been working on what it was last asked (busyFor: its supervisor asks).
import { wallClock, type Clock } from '../../shared/clock';
import type { Result } from '../../shared/contract';
import type { PlainDrawing } from '../../shared/drawing';
import { errorLine } from '../../shared/error-line';
import type { FileFlow } from '../file-flow';
import { PendingCalls } from './pending-calls';
import {
  UI_QUESTIONS,
  type MainUi,
  type SessionState,
  type ThreadCommand,
  type ThreadPort,
  type ToMain,
  type ToSession,
} from './protocol';

/** What main does for the session. */
export interface MainSide {
  ui: MainUi;
  /** An event for the window: the session changed without the window asking. */
  event(channel: string, payload: unknown): void;
  /** A file was opened or saved; `recent` is the Open Recent list now, newest first. */
  touched(path: string, recent: readonly string[]): void;
  /** The title or the unsaved flag may have changed. */
  stateChanged(state: SessionState): void;
}

/** The file commands main's menu and the OS start, as the file flow names them. */
export type FlowCommands = Pick<
  FileFlow,
  | 'newDrawing'
  | 'open'
  | 'openExample'
  | 'save'
  | 'saveAs'
  | 'revert'
  | 'importFile'
  | 'placeImage'
  | 'confirmDiscard'
  | 'checkExternal'
>;

export class SessionLink implements FlowCommands {
  /** The session's title and unsaved flag, as of the session's last message. */
  state: SessionState = { title: 'Curvewright', dirty: false, path: null, name: 'Untitled.curvewright' };
  /** Why the session is gone, once it is. */
  private stoppedBecause: string | null = null;
  private readonly calls = new PendingCalls<Result<unknown>>();
  /** The calls the session has not answered yet: since when (on `clock`) and what, by id. */
  private readonly inFlight = new Map<number, { since: number; what: string }>();
  /** Main's dialogs the session is waiting on: meanwhile it is not busy, the user is. */
  private asking = 0;
  /** Resolves when the session has said it is up. */
  readonly ready: Promise<void>;
  private markReady: () => void = () => undefined;

  constructor(
    private readonly port: ThreadPort<ToMain, ToSession>,
    private readonly main: MainSide,
    private readonly clock: Clock = wallClock,
  ) {
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    port.on('message', (message: ToMain) => this.receive(message));
  }

  /** A contract channel as the window sent it (its sender already checked); the session checks the payload. */
  async invoke(channel: string, payload: unknown): Promise<Result<unknown>> {
    if (this.stoppedBecause) return { ok: false, error: `${channel}: ${this.stoppedBecause}` };
    const { id, answer } = this.start(channel);
    this.port.postMessage({ kind: 'invoke', id, channel, payload });
    try {
      return await answer;
    } catch (error) {
      return { ok: false, error: errorLine(`${channel}: ${errorLine(error)}`) };
    }
  }

  /**
   * A file command; true when it went through. A failure to carry it out is thrown as one line. `drawing`: the
   * drawing a restarted session takes up (restore).
   */
  async command(command: ThreadCommand, path?: string, drawing?: PlainDrawing): Promise<boolean> {
    if (this.stoppedBecause) throw new Error(this.stoppedBecause);
    const { id, answer } = this.start(command);
    this.port.postMessage({
      kind: 'command',
      id,
      command,
      ...(path === undefined ? {} : { path }),
      ...(drawing === undefined ? {} : { drawing }),
    });
    const result = await answer;
    if (!result.ok) throw new Error(result.error);
    return result.value === true;
  }

  /** A call sent to the session, counted in flight until it is answered (or the session is gone). */
  private start(what: string): { id: number; answer: Promise<Result<unknown>> } {
    const call = this.calls.start();
    this.inFlight.set(call.id, { since: this.clock.now(), what });
    const done = () => void this.inFlight.delete(call.id);
    call.answer.then(done, done);
    return call;
  }

  /**
   * How long (ms, on the clock) the session has been at the oldest call it has not answered, and what that call is;
   * 0 while it answers everything, or while it waits on one of main's dialogs (then the user is the one deciding).
   * An analysis does not count: it runs in slices between the other calls (src/session/analyses.ts), never holding
   * the session, and the drawing's next change drops it.
   */
  busyFor(): { ms: number; what: string } {
    if (this.asking > 0) return { ms: 0, what: '' };
    for (const call of this.inFlight.values())
      if (!call.what.startsWith('analysis:')) return { ms: this.clock.now() - call.since, what: call.what };
    return { ms: 0, what: '' };
  }

  newDrawing = () => this.command('new');
  open = (path?: string) => this.command('open', path);
  openExample = (path: string) => this.command('open-example', path);
  save = () => this.command('save');
  saveAs = () => this.command('save-as');
  revert = () => this.command('revert');
  importFile = () => this.command('import');
  placeImage = () => this.command('place-image');
  confirmDiscard = () => this.command('confirm-discard');
  checkExternal = () => this.command('check-external');
  /** Start-up: the recovery copies left by instances that crashed are offered (recovery-offer.ts). */
  offerRecovery = () => this.command('offer-recovery');
  /** A clean exit: the session removes this instance's recovery copies. */
  close = () => this.command('close');

  /** The session is gone (it exited or failed): every waiting call fails, and every later one, naming why. */
  stopped(reason: string): void {
    this.stoppedBecause ??= errorLine(`the drawing's engine stopped: ${reason}`);
    this.calls.failAll(new Error(this.stoppedBecause));
  }

  private receive(message: ToMain): void {
    switch (message.kind) {
      case 'ready':
        this.setState(message.state);
        this.markReady();
        return;
      case 'reply':
        this.setState(message.state);
        this.calls.settle(message.id, message.result);
        return;
      case 'event':
        this.setState(message.state);
        this.main.event(message.channel, message.payload);
        return;
      case 'touched':
        this.main.touched(message.path, message.recent);
        return;
      case 'ask':
        void this.answer(message.id, message.question, message.args);
        return;
    }
  }

  private setState(state: SessionState): void {
    const changed = state.title !== this.state.title || state.dirty !== this.state.dirty;
    this.state = state;
    if (changed) this.main.stateChanged(state);
  }

  /** One of main's dialogs for the session; its answer (or why it could not be shown) goes back. */
  private async answer(id: number, question: string, args: unknown[]): Promise<void> {
    let result: Result<unknown>;
    if (!(UI_QUESTIONS as readonly string[]).includes(question)) {
      result = { ok: false, error: `unknown dialog ${JSON.stringify(question)}` };
    } else {
      this.asking++;
      try {
        const ask = this.main.ui[question as keyof MainUi] as (...a: unknown[]) => unknown;
        result = { ok: true, value: await ask.apply(this.main.ui, args) };
      } catch (error) {
        result = { ok: false, error: errorLine(error) };
      } finally {
        this.asking--;
      }
    }
    if (this.stoppedBecause) return;
    this.port.postMessage({ kind: 'answer', id, result });
  }
}
