// The session's host and main's end of it, joined by a MessageChannel in this process (as
// host/host.test.ts joins them), over a disk whose saves can be held open (held-store.ts) and a drawing
// opened from a real file: what the app's file flow, autosave and session do, step by step.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { saveDrawingFile } from '../../document/file-io';
import { serializeDrawing } from '../../document/serialize';
import { parseDrawingText } from '../../document/validate';
import type { Result, Snapshot } from '../../shared/contract';
import type { Drawing } from '../../shared/drawing';
import { testClock } from '../../shared/test-support/clock';
import { SessionLink } from '../host/session-link';
import { hostSession, type SessionHost } from '../host/host';
import { HeldStore } from './held-store';
import { ScriptedUi } from './scripted-ui';

export interface HostScene {
  client: SessionLink;
  host: SessionHost;
  ui: ScriptedUi;
  store: HeldStore;
  /** The drawing's file. */
  file: string;
  /** The snapshots the session pushed to the window (session:changed). */
  pushed: Snapshot[];
  /** A channel as the window calls it: the answer's value, or a throw with its error. */
  call(channel: string, payload?: unknown): Promise<Snapshot>;
  /** The channel's whole answer (a refusal too). */
  invoke(channel: string, payload?: unknown): Promise<Result<unknown>>;
  /** The drawing file as the loader reads it. */
  saved(): Drawing;
  /** The recovery copy's path, or null when there is none. */
  recoveryCopy(): string | null;
  /** Ends the scene: held saves let go, the autosave closed, the ports closed, the folder removed. */
  close(): Promise<void>;
}

/** The drawing as the loader would read it back from its saved text (negative sizes turned, trails thinned). */
export function asLoaded(drawing: Drawing): Drawing {
  return parseDrawingText(serializeDrawing(drawing));
}

/** A host over a fresh folder, with `drawing` saved there and opened through the file flow. */
export async function hostScene(drawing: Drawing): Promise<HostScene> {
  const dir = mkdtempSync(join(tmpdir(), 'cw-save-'));
  const file = join(dir, 'drawing.curvewright');
  await saveDrawingFile(file, drawing);
  const { port1, port2 }: { port1: MessagePort; port2: MessagePort } = new MessageChannel();
  const ui = new ScriptedUi();
  const store = new HeldStore();
  const pushed: Snapshot[] = [];
  const client = new SessionLink(port1, {
    ui,
    event: (_channel, payload) => pushed.push(payload as Snapshot),
    touched: () => undefined,
    stateChanged: () => undefined,
  });
  const recoveryDir = join(dir, 'recovery');
  const host = hostSession(
    port2,
    { recoveryDir, examples: [], autosaveKey: 'window-1' },
    { store, session: { warmUp: false, clock: testClock() } },
  );
  await client.ready;
  if (!(await client.open(file))) throw new Error(`could not open ${file}: ${ui.errors.join('; ')}`);
  const invoke = (channel: string, payload?: unknown) => client.invoke(channel, payload);
  return {
    client,
    host,
    ui,
    store,
    file,
    pushed,
    invoke,
    async call(channel, payload) {
      const answer = await invoke(channel, payload);
      if (!answer.ok) throw new Error(answer.error);
      return answer.value as Snapshot;
    },
    saved: () => parseDrawingText(readFileSync(file, 'utf8')),
    recoveryCopy() {
      if (!existsSync(recoveryDir)) return null;
      for (const folder of readdirSync(recoveryDir)) {
        const copy = join(recoveryDir, folder, 'window-1.curvewright');
        if (existsSync(copy)) return copy;
      }
      return null;
    },
    async close() {
      store.release();
      await host.autosave.close();
      port1.close();
      port2.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
