// The Electron main process: app lifecycle, the window, the menu, IPC wiring, native dialogs, autosave. Thin:
// the drawing, the engine and every handler live in src/session, which imports nothing from Electron.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, screen, session as electronSession } from 'electron';
import { eventChannels, type MenuCommand, type Snapshot } from '../../src/shared/contract';
import { emptyDrawing } from '../../src/shared/drawing';
import { Session } from '../../src/session/session';
import { createHandlers } from '../../src/session/handlers';
import { createFileHandlers } from '../../src/session/file-handlers';
import { RecentFiles } from '../../src/session/recent-files';
import { FileFlow } from '../../src/session/file-flow';
import { Autosave } from '../../src/session/autosave';
import { offerRecovery } from '../../src/session/recovery-offer';
import { RecoveryFolder } from '../../src/document/recovery';
import { createMainWindow, hardenSession, lockNavigation } from './window';
import { parseWindowPlace, windowPlaceText } from './window-bounds';
import { registerIpc } from './ipc';
import { menuTemplate } from './menu';
import { mainActions } from './main-actions';
import { showAbout } from './about';
import { electronFileUi, electronRecoveryUi, diskStore, listExamples } from './files';
import { claimSingleInstance, serveOpenRequests } from './instance';
import type { OpenRequests } from './open-requests';

async function main(openRequests: OpenRequests): Promise<void> {
  await app.whenReady();
  hardenSession(electronSession.defaultSession);
  app.on('web-contents-created', (_event, contents) => lockNavigation(contents));

  const outDir = join(__dirname, '..');
  const dev = Boolean(process.env.ELECTRON_RENDERER_URL);
  const recent = new RecentFiles();
  const examples = listExamples(join(app.getAppPath(), 'resources/examples'));

  const session = new Session({ drawing: emptyDrawing(new Date().toISOString()) });
  // The window opens where it was (window-bounds.ts), if that is still on a display.
  const placeFile = join(app.getPath('userData'), 'window-state.json');
  let placeText = '';
  try {
    placeText = readFileSync(placeFile, 'utf8');
  } catch {
    // First run, or unreadable: the default place.
  }
  let window: BrowserWindow | null = createMainWindow({
    rendererUrl: process.env.ELECTRON_RENDERER_URL,
    outDir,
    place: parseWindowPlace(
      placeText,
      screen.getAllDisplays().map((d) => d.workArea),
    ),
  });
  const rememberPlace = () => {
    if (!window) return;
    try {
      writeFileSync(placeFile, windowPlaceText(window.getNormalBounds(), window.isMaximized()));
    } catch {
      // Not worth a dialog on the way out: the next run opens at the default place.
    }
  };

  const send = (channel: string, payload: unknown) => window?.webContents.send(channel, payload);
  // Recovery copies (docs/recovery.md): this instance's folder; a failure reaches the status bar in a snapshot.
  const recovery = new RecoveryFolder(join(app.getPath('userData'), 'recovery'));
  const autosave = new Autosave(session, recovery, 'window-1', () =>
    send(eventChannels.sessionChanged, session.snapshot(false)),
  );
  const refreshTitle = () => {
    if (!window) return;
    window.setTitle(session.title());
    window.setDocumentEdited(session.dirty);
  };
  const flow = new FileFlow(
    session,
    electronFileUi(() => window),
    diskStore(),
    {
      changed: (snapshot: Snapshot) => {
        send(eventChannels.sessionChanged, snapshot);
        refreshTitle();
        void autosave.tick(); // a drawing replaced or saved: its copy follows now, not in 30 s
      },
      touched: (path: string) => {
        app.addRecentDocument(path);
        recent.touch(path);
        rebuildMenu();
        refreshTitle();
      },
    },
    () => emptyDrawing(new Date().toISOString()),
  );

  const handlers = {
    ...createHandlers(session),
    ...createFileHandlers(flow, { recent, examples: () => examples }),
  };
  registerIpc(ipcMain, {
    trusted: () => window?.webContents ?? null,
    handlers: () => handlers,
    after: refreshTitle,
  });

  function rebuildMenu(): void {
    const template = menuTemplate(
      {
        main: mainActions(
          flow,
          () => app.quit(),
          () => showAbout(window),
        ),
        openPath: (path) => void flow.open(path),
        openExample: (path) => void flow.openExample(path),
        send: (command: MenuCommand) => send(eventChannels.menuCommand, command),
      },
      { recent: [...recent.list()], examples, isMac: process.platform === 'darwin', dev },
    );
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  }
  rebuildMenu();

  autosave.start();
  // Recovery copies are offered first; files from the OS (this launch's arguments, macOS's open-file, a second
  // launch's) wait in openRequests and open after it, so their questions never stack on its dialogs.
  void offerRecovery(
    recovery,
    electronRecoveryUi(() => window),
    flow,
    autosave.key,
  ).finally(() => serveOpenRequests(openRequests, () => window, flow));

  // Closing with unsaved work asks Save / Don't Save / Cancel first.
  let closeConfirmed = false;
  window.on('close', (event) => {
    rememberPlace();
    if (closeConfirmed || !session.dirty) return;
    event.preventDefault();
    void flow.confirmDiscard().then((ok) => {
      if (!ok || !window) return;
      closeConfirmed = true;
      window.close();
    });
  });
  window.on('closed', () => {
    window = null;
    void autosave.close().finally(() => app.quit());
  });
  refreshTitle();
}

// Before anything else, one instance at a time (instance.ts): a second one hands its files to the first and quits.
const openRequests = claimSingleInstance();
if (openRequests) {
  app.on('window-all-closed', () => app.quit());
  main(openRequests).catch((error: unknown) => {
    console.error(`Curvewright could not start: ${error instanceof Error ? error.message : String(error)}`);
    app.exit(1);
  });
}
