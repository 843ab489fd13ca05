// The Electron main process: app lifecycle, the window, the menu, IPC wiring, native dialogs. Thin: the drawing,
// the engine, every handler, the file flow and the autosave live in src/session, which imports nothing from
// Electron, and run in the session thread (src/session/host), so that a big drag or a big file never holds main's
// event loop (docs/architecture.md, "The session thread").
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, screen, session as electronSession } from 'electron';
import { eventChannels, type MenuCommand } from '../../src/shared/contract';
import { errorLine } from '../../src/shared/error-line';
import { startSessionThread } from '../../src/session/host/start-thread';
import { createMainWindow, hardenSession, lockNavigation } from './window';
import { parseWindowPlace, windowPlaceText } from './window-bounds';
import { registerIpc } from './ipc';
import { menuTemplate } from './menu';
import { MenuFlags } from './menu-state';
import { mainActions } from './main-actions';
import { showAbout } from './about';
import { electronFileUi, electronRecoveryUi, listExamples } from './files';
import { claimSingleInstance, serveOpenRequests } from './instance';
import type { OpenRequests } from './open-requests';

async function main(openRequests: OpenRequests): Promise<void> {
  await app.whenReady();
  hardenSession(electronSession.defaultSession);
  app.on('web-contents-created', (_event, contents) => lockNavigation(contents));

  const outDir = join(__dirname, '..');
  const dev = Boolean(process.env.ELECTRON_RENDERER_URL);
  let recent: readonly string[] = [];
  const examples = listExamples(join(app.getAppPath(), 'resources/examples'));

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
  // The menu's check marks and enabled items, as the page's flags say (menu-state.ts).
  const menuFlags = new MenuFlags((id) => Menu.getApplicationMenu()?.getMenuItemById(id));
  const refreshTitle = () => {
    if (!window) return;
    window.setTitle(thread.client.state.title);
    window.setDocumentEdited(thread.client.state.dirty);
  };
  let quitting = false;
  // The session thread (bundled beside this file): the drawing, its engine, the file flow and the autosave, with
  // this instance's recovery copies (docs/recovery.md) in userData.
  const thread = startSessionThread(
    join(__dirname, 'session-thread.js'),
    { recoveryDir: join(app.getPath('userData'), 'recovery'), examples, autosaveKey: 'window-1' },
    {
      ui: { ...electronFileUi(() => window), askRecovery: electronRecoveryUi(() => window).askRecovery },
      event: send,
      touched: (path, list) => {
        app.addRecentDocument(path);
        recent = list;
        rebuildMenu();
      },
      stateChanged: refreshTitle,
    },
    (reason) => {
      if (quitting) return;
      // Nothing more can be drawn or saved; the last recovery copy is offered at the next start.
      dialog.showErrorBox(
        'Curvewright',
        errorLine(
          `The drawing's engine stopped (${reason}). Your last recovery copy will be offered the next time Curvewright starts.`,
        ),
      );
      app.exit(1);
    },
  );
  const flow = thread.client;

  registerIpc(ipcMain, {
    trusted: () => window?.webContents ?? null,
    invoke: (channel, payload) => flow.invoke(channel, payload),
    main: menuFlags.handlers,
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
      { recent: [...recent], examples, isMac: process.platform === 'darwin', dev },
    );
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
    menuFlags.show();
  }
  rebuildMenu();

  // Recovery copies are offered first; files from the OS (this launch's arguments, macOS's open-file, a second
  // launch's) wait in openRequests and open after it, so their questions never stack on its dialogs.
  void flow
    .offerRecovery()
    .catch((error: unknown) => console.error(`Curvewright: ${errorLine(error)}`))
    .finally(() => serveOpenRequests(openRequests, () => window, flow));

  // Closing with unsaved work asks Save / Don't Save / Cancel first.
  let closeConfirmed = false;
  window.on('close', (event) => {
    rememberPlace();
    if (closeConfirmed || !flow.state.dirty) return;
    event.preventDefault();
    void flow
      .confirmDiscard()
      .catch(() => false)
      .then((ok) => {
        if (!ok || !window) return;
        closeConfirmed = true;
        window.close();
      });
  });
  window.on('closed', () => {
    window = null;
  });
  // A clean exit (the window closed, Quit): the quit waits while the thread removes this instance's recovery
  // copies (docs/recovery.md), then the thread ends and the app with it. (A crash's app.exit skips this: its copies
  // stay for the next start.)
  let threadClosed = false;
  app.on('will-quit', (event) => {
    if (threadClosed) return;
    event.preventDefault();
    quitting = true;
    void flow
      .close()
      .catch(() => false)
      .finally(() => {
        threadClosed = true;
        void thread.worker.terminate().finally(() => app.quit());
      });
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
