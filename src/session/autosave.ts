// Autosave for crash recovery: every 30 s while the drawing has unsaved changes (including one never saved), a
// recovery copy goes to the app's data folder; a clean close removes it; the next start offers what is left.
import type { Drawing } from '../shared/drawing';

export interface RecoveryStore {
  write(key: string, drawing: Drawing): Promise<void>;
  clear(key: string): Promise<void>;
}

export interface AutosaveSource {
  readonly drawing: Drawing;
  readonly dirty: boolean;
}

export const AUTOSAVE_INTERVAL_MS = 30_000;

export class Autosave {
  private timer: ReturnType<typeof setInterval> | null = null;
  private writing = false;
  /** The last failure, kept so the app can show it once rather than every 30 s. */
  lastError: string | null = null;

  constructor(
    private readonly source: () => AutosaveSource,
    private readonly store: RecoveryStore,
    readonly key: string,
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

  /** One autosave: writes a recovery copy when there is unsaved work, removes it when there is none. */
  async tick(): Promise<'written' | 'cleared' | 'busy' | 'failed'> {
    if (this.writing) return 'busy';
    this.writing = true;
    try {
      const session = this.source();
      if (session.dirty) {
        await this.store.write(this.key, session.drawing);
        this.lastError = null;
        return 'written';
      }
      await this.store.clear(this.key);
      return 'cleared';
    } catch (error) {
      this.lastError = error instanceof Error ? error.message : String(error);
      return 'failed';
    } finally {
      this.writing = false;
    }
  }

  /** A clean close: nothing to recover. */
  async discard(): Promise<void> {
    this.stop();
    await this.store.clear(this.key);
  }
}
