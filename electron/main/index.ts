// The Electron main process: app lifecycle, the window, the menu, IPC wiring, native dialogs. Thin: the drawing,
// the engine, every handler, the file flow and the autosave live in src/session, which imports nothing from
// Electron, and run in the session's own process (src/session/host, kept by its supervisor), so that a big drag or
// a big file never holds main's event loop and nothing the session does can take main down (docs/architecture.md,
// "The session process").
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, screen, session as electronSession } from 'electron';
import { eventChannels, type MenuCommand } from '../../src/shared/contract';
import { errorLine } from '../../src/shared/error-line';
import { RecoveryFolder, newInstance } from '../../src/document/recovery';
import { Supervisor } from '../../src/session/host/supervisor';
import { startUtilitySession, unpacked } from './session-process';
import { createMainWindow, hardenSession, lockNavigation } from './window';
import { parseWindowPlace, windowPlaceText } from './window-bounds';
import { registerIpc } from './ipc';
import { menuTemplate } from './menu';
import { MenuFlags } from './menu-state';
import { mainActions } from './main-actions';
import { showAbout } from './about';
import { electronFileUi, electronRecoveryUi, electronSessionUi, listExamples } from './files';
import { claimSingleInstance, serveOpenRequests } from './instance';
import type { OpenRequests } from './open-requests';

async function main(openRequests: OpenRequests): Promise<void> {
  await app.whenReady();
  hardenSession(electronSession.defaultSession);
  app.on('web-contents-created', (_event, contents) => lockNavigation(contents));

  const outDir = join(__dirname, '..');
  const dev = Boolean(process.env.ELECTRON_RENDERER_URL);
  let recent: readonly string[] = [];
  // The examples the session's process opens, as plain files (electron-builder.yml's asarUnpack).
  const examples = listExamples(unpacked(join(app.getAppPath(), 'resources/examples')));

  // The window opens where it was (window-bounds.ts), if that is still on a display.
  const placeFile = join(app.getPath('userData'), 'window-state.json');
  let placeText = '';
  try {
    placeText = readFileSync(placeFile, 'utf8');
  } catch {
    // First run, or unreadable: the default place.
  }
  let window: BrowserWindow | null = createMainWindow({
    icon: join(app.getAppPath(), 'resources/icons/512x512.png'),
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
    window.setTitle(flow.state.title);
    window.setDocumentEdited(flow.state.dirty);
  };
  // The session's process (its entry bundled beside this file): the drawing, its engine, the file flow and the
  // autosave, with this app instance's recovery copies (docs/recovery.md) in userData, in a folder main owns, so a
  // session started anew after a crash keeps writing there.
  const recoveryDir = join(app.getPath('userData'), 'recovery');
  const instance = await newInstance();
  const config = { recoveryDir, examples, autosaveKey: 'window-1', instance };
  const entry = unpacked(join(__dirname, 'session-process.js'));
  const flow = new Supervisor(() => startUtilitySession(entry, config), {
    ui: { ...electronFileUi(() => window), askRecovery: electronRecoveryUi(() => window).askRecovery },
    ...electronSessionUi(() => window),
    event: send,
    touched: (path, list) => {
      app.addRecentDocument(path);
      recent = list;
      rebuildMenu();
    },
    stateChanged: refreshTitle,
    restarted: (reason) => send(eventChannels.sessionRestarted, reason),
    removeRecovery: () => new RecoveryFolder(recoveryDir, { instance }).close(),
  });

  registerIpc(ipcMain, {
    trusted: () => window?.webContents ?? null,
    invoke: (channel, payload) => flow.invoke(channel, payload),
    main: { ...menuFlags.handlers, 'session:restore': ({ drawing }) => flow.restored(drawing) },
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
  // Back in the window: has another program changed the drawing's file? (Offered for reload when nothing is unsaved.)
  window.on('focus', () => void flow.checkExternal().catch(() => undefined));
  window.on('closed', () => {
    window = null;
  });
  // A clean exit (the window closed, Quit): the quit waits while the session removes this instance's recovery
  // copies (docs/recovery.md) — at most CLOSE_WAIT_MS, after which main ends it and removes them itself — then the
  // app ends. (A crash of main skips this: its copies stay for the next start.)
  let sessionClosed = false;
  app.on('will-quit', (event) => {
    if (sessionClosed) return;
    event.preventDefault();
    void flow.close().finally(() => {
      sessionClosed = true;
      app.quit();
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
