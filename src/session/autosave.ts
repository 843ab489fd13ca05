// Autosave for crash recovery (docs/recovery.md): every 30 s, and whenever the file flow replaces or saves the
// drawing, the drawing with unsaved changes (including one never saved) gets a recovery copy in this instance's
// recovery folder; a drawing without unsaved changes has none. A clean close removes the folder.
//
// A failed autosave is not silent: the failure (what could not be written, and why) goes into the session, whose
// snapshots carry it to the status bar, until an autosave succeeds again.
import { DocumentError } from '../document/file-io';
import type { AutosaveFailure } from '../shared/contract';
import type { Drawing } from '../shared/drawing';
import { errorLine } from '../shared/error-line';

/** Where the copies go (src/document/recovery.ts: RecoveryFolder). */
export interface RecoveryStore {
  /** The copy's path for `key`, named when a failure has no path of its own. */
  copyFile(key: string): string;
  write(key: string, drawing: Drawing, document: string | null): Promise<void>;
  clear(key: string): Promise<void>;
  /** A clean exit: removes every copy of this instance. */
  close(): Promise<void>;
}

/** What the autosave needs of the session (src/session/session.ts implements it). */
export interface AutosaveSession {
  readonly drawing: Drawing;
  readonly dirty: boolean;
  /** The drawing's own file, recorded beside the copy so a restore can save back to it. */
  readonly path: string | null;
  autosaveFailure: AutosaveFailure | null;
}

export type AutosaveOutcome = 'written' | 'cleared' | 'failed';

export const AUTOSAVE_INTERVAL_MS = 30_000;

export function autosaveFailure(error: unknown, fallbackPath: string): AutosaveFailure {
  if (error instanceof DocumentError) return { path: error.file, reason: errorLine(error.detail) };
  return { path: fallbackPath, reason: errorLine(error) };
}

export class Autosave {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<AutosaveOutcome> | null = null;
  private queued: Promise<AutosaveOutcome> | null = null;
  private closed = false;

  constructor(
    private readonly session: AutosaveSession,
    private readonly store: RecoveryStore,
    /** This window's drawing's copy ("window-1"): one window holds one drawing at a time. */
    readonly key: string,
    /** The failure appeared, changed or went away: push a snapshot so the status bar shows it. */
    private readonly failureChanged: () => void = () => undefined,
    private readonly intervalMs = AUTOSAVE_INTERVAL_MS,
  ) {}

  start(): void {
    this.stop();
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * One autosave: writes the copy when there is unsaved work, removes it when there is none. Never two at once: a
   * tick asked for during one runs once it ends (several such asks share that one run).
   */
  tick(): Promise<AutosaveOutcome> {
    if (!this.running) {
      this.running = this.run().finally(() => (this.running = null));
      return this.running;
    }
    this.queued ??= this.running.then(() => {
      this.queued = null;
      return this.tick();
    });
    return this.queued;
  }

  private async run(): Promise<AutosaveOutcome> {
    // After a clean close, a late tick (a save's hook) must not write a copy again.
    if (this.closed) return 'cleared';
    let outcome: AutosaveOutcome;
    let failure: AutosaveFailure | null = null;
    try {
      outcome = await this.follow();
      // Removed while an edit came (a save's end, then a value typed): the work it left unsaved gets its copy now,
      // not a whole interval later.
      if (outcome === 'cleared' && this.session.dirty) outcome = await this.follow();
    } catch (error) {
      failure = autosaveFailure(error, this.store.copyFile(this.key));
      outcome = 'failed';
    }
    const before = this.session.autosaveFailure;
    if (before?.path !== failure?.path || before?.reason !== failure?.reason) {
      this.session.autosaveFailure = failure;
      this.failureChanged();
    }
    return outcome;
  }

  /** The copy made to follow the session: written while it has unsaved work, removed while it has none. */
  private async follow(): Promise<'written' | 'cleared'> {
    if (this.session.dirty) {
      await this.store.write(this.key, this.session.drawing, this.session.path);
      return 'written';
    }
    await this.store.clear(this.key);
    return 'cleared';
  }

  /** Resolves once no autosave is running or waiting to run (what a stopped one was still writing is written). */
  async idle(): Promise<void> {
    await this.queued;
    await this.running;
  }

  /** A clean close (the user saved or discarded every change): nothing is left to recover. */
  async close(): Promise<void> {
    this.stop();
    this.closed = true;
    await this.queued;
    await this.running;
    await this.store.close();
  }
}
