// The session's end (docs/architecture.md, "The session process"): the session, its handlers, the file flow,
// the autosave and the recovery offer, as main ran them before, now answering main's messages. Native dialogs are
// asked of main (they need Electron); everything else — the engine, the disk, the recovery folder — is here, so a
// long solve or a big save never holds main's event loop. Electron-free and Worker-free: it talks to any
// ThreadPort, so tests drive it over a MessageChannel as well as from a real worker thread.
import { RecoveryFolder } from '../../document/recovery';
import { eventChannels, type Result, type Snapshot } from '../../shared/contract';
import { emptyDrawing, type PlainDrawing } from '../../shared/drawing';
import { CURRENT_VERSION, FORMAT_NAME } from '../../document/format-schema';
import { parseDrawingText } from '../../document/validate';
import { errorLine } from '../../shared/error-line';
import { Autosave } from '../autosave';
import { dispatch, type Handlers } from '../dispatch';
import { diskStore } from '../disk-store';
import { FileFlow, type FileStore } from '../file-flow';
import { createFileHandlers } from '../file-handlers';
import { DropTokens } from '../drop-tokens';
import { createHandlers } from '../handlers';
import { RecentFiles } from '../recent-files';
import { offerRecovery } from '../recovery-offer';
import { Session, type SessionOptions } from '../session';
import { PendingCalls } from './pending-calls';
import type {
  MainUi,
  SessionState,
  SessionConfig,
  ThreadCommand,
  ThreadPort,
  ToMain,
  ToSession,
  UiQuestion,
} from './protocol';

export interface SessionHost {
  readonly session: Session;
  readonly autosave: Autosave;
}

export interface HostOptions {
  /** The disk behind the file flow (tests give their own). Default: the real one. */
  store?: FileStore;
  /** The session's options (tests turn the warm-up off). */
  session?: SessionOptions;
}

/** Serves the session on `port` until its process ends. */
export function hostSession(
  port: ThreadPort<ToSession, ToMain>,
  config: SessionConfig,
  options: HostOptions = {},
): SessionHost {
  // Every answer and event is posted (cloned) as soon as it is made: snapshots need no copy of their own.
  const session = new Session({
    drawing: emptyDrawing(new Date().toISOString()),
    snapshotsSentAtOnce: true,
    ...options.session,
  });
  const state = (): SessionState => ({
    title: session.title(),
    dirty: session.dirty,
    path: session.path,
    name: flow.documentName(),
  });
  // The session changed without the window asking (a file opened, an autosave failure): the window is told.
  const changed = (snapshot: Snapshot) =>
    port.postMessage({
      kind: 'event',
      channel: eventChannels.sessionChanged,
      payload: snapshot,
      state: state(),
    });

  // Main's native dialogs, asked for over the port.
  const asked = new PendingCalls<Result<unknown>>();
  const ask =
    <Q extends UiQuestion>(question: Q) =>
    async (...args: Parameters<MainUi[Q]>): Promise<Awaited<ReturnType<MainUi[Q]>>> => {
      const { id, answer } = asked.start();
      port.postMessage({ kind: 'ask', id, question, args });
      const result = await answer;
      if (!result.ok) throw new Error(result.error);
      return result.value as Awaited<ReturnType<MainUi[Q]>>;
    };
  const ui: MainUi = {
    askSaveChanges: ask('askSaveChanges'),
    askOverwrite: ask('askOverwrite'),
    askReload: ask('askReload'),
    pickOpenPath: ask('pickOpenPath'),
    pickImportPath: ask('pickImportPath'),
    askImportOptions: ask('askImportOptions'),
    pickImagePath: ask('pickImagePath'),
    pickSavePath: ask('pickSavePath'),
    askRecovery: ask('askRecovery'),
    // Fire and forget, as a native error box is for its caller.
    showError: (message) => void ask('showError')(message).catch(() => undefined),
  };

  const recent = new RecentFiles();
  const recovery = new RecoveryFolder(config.recoveryDir, { instance: config.instance });
  const autosave = new Autosave(
    session,
    recovery,
    config.autosaveKey,
    () => changed(session.snapshot(false)),
    config.autosaveIntervalMs,
  );
  const flow = new FileFlow(
    session,
    ui,
    options.store ?? diskStore(),
    {
      changed: (snapshot) => {
        changed(snapshot);
        void autosave.tick(); // a drawing replaced or saved: its copy follows now, not in 30 s
      },
      touched: (path) => {
        recent.touch(path);
        port.postMessage({ kind: 'touched', path, recent: [...recent.list()] });
      },
    },
    () => emptyDrawing(new Date().toISOString()),
  );
  const handlers: Handlers = {
    ...createHandlers(session),
    ...createFileHandlers(flow, { recent, examples: () => config.examples }, new DropTokens(session.clock)),
  };

  const commands: Record<ThreadCommand, (path?: string, drawing?: PlainDrawing) => Promise<boolean>> = {
    new: () => flow.newDrawing(),
    open: (path) => flow.open(path),
    'open-example': (path) => (path ? flow.openExample(path) : Promise.resolve(false)),
    save: () => flow.save(),
    'save-as': () => flow.saveAs(),
    revert: () => flow.revert(),
    import: () => flow.importFile(),
    'place-image': () => flow.placeImage(),
    'confirm-discard': () => flow.confirmDiscard(),
    'offer-recovery': async () => (await offerRecovery(recovery, ui, flow, autosave.key)).restored > 0,
    close: async () => {
      await autosave.close();
      return true;
    },
    // A session started anew (supervisor.ts) takes the drawing up unsaved, under its own file: the one the page
    // showed, checked as a file is; or this window's recovery copy.
    restore: async (path, drawing) => {
      if (!drawing) return false;
      const checked = parseDrawingText(
        JSON.stringify({ format: FORMAT_NAME, version: CURRENT_VERSION, ...drawing }),
      );
      return flow.restore(checked, path ?? null, async () => undefined);
    },
    'check-external': () => flow.checkExternal(),
    'restore-recovery': async () => {
      const copy = await recovery.own(autosave.key);
      return copy ? flow.restore(copy.drawing, copy.document, async () => undefined) : false;
    },
  };

  // An answer that cannot cross (postMessage's structured clone refuses it) still answers: main's call never hangs.
  const reply = (id: number, result: Result<unknown>) => {
    try {
      port.postMessage({ kind: 'reply', id, result, state: state() });
    } catch (error) {
      const failed = errorLine(`the answer could not be sent: ${errorLine(error)}`);
      port.postMessage({ kind: 'reply', id, result: { ok: false, error: failed }, state: state() });
    }
  };
  port.on('message', (message: ToSession) => {
    switch (message.kind) {
      case 'invoke':
        void dispatch(handlers, message.channel, message.payload).then((result) => reply(message.id, result));
        return;
      case 'command':
        void runCommand(commands, message).then((result) => reply(message.id, result));
        return;
      case 'answer':
        asked.settle(message.id, message.result);
        return;
    }
  });

  autosave.start();
  port.postMessage({ kind: 'ready', state: state() });
  return { session, autosave };
}

/** A command, its failure (a dialog that could not open) as a one-line answer, never an exception. */
async function runCommand(
  commands: Record<ThreadCommand, (path?: string, drawing?: PlainDrawing) => Promise<boolean>>,
  { command, path, drawing }: Extract<ToSession, { kind: 'command' }>,
): Promise<Result<unknown>> {
  const run = Object.prototype.hasOwnProperty.call(commands, command) ? commands[command] : null;
  if (!run) return { ok: false, error: errorLine(`unknown command ${JSON.stringify(String(command))}`) };
  try {
    return { ok: true, value: await run(path, drawing) };
  } catch (error) {
    return { ok: false, error: errorLine(`${command}: ${errorLine(error)}`) };
  }
}
