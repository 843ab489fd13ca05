// One Curvewright at a time (app.requestSingleInstanceLock): a second launch, e.g. a double-clicked drawing, hands
// its files to the running instance and quits before it opens a window or touches anything. The running instance
// brings its window to the front and opens the file through the usual unsaved-changes question. What is opened and
// when is open-requests.ts's; this file only wires Electron's events to it.
import { app, type BrowserWindow } from 'electron';
import type { FileFlow } from '../../src/session/file-flow';
import {
  OpenRequests,
  filesInArgv,
  filesOfSecondLaunch,
  type CommandLine,
  type Handover,
} from './open-requests';

/**
 * Claims the single-instance lock, before `ready`. The first instance gets the queue of files to open, holding its
 * own launch files until the window is there; a second instance gets null and is quitting.
 */
export function claimSingleInstance(
  launch: CommandLine = { argv: process.argv, cwd: process.cwd(), defaultApp: Boolean(process.defaultApp) },
): OpenRequests | null {
  const files = filesInArgv(launch);
  const handover: Handover = { files };
  if (!app.requestSingleInstanceLock(handover)) {
    app.quit();
    return null;
  }
  const requests = new OpenRequests();
  requests.request(files);
  // macOS: a drawing opened from the Finder or the Dock, also the one the app is launched with (before `ready`).
  app.on('open-file', (event, path) => {
    event.preventDefault();
    requests.request([path]);
  });
  app.on('second-instance', (_event, argv, cwd, data) =>
    requests.request(filesOfSecondLaunch({ argv, cwd, defaultApp: launch.defaultApp }, data)),
  );
  return requests;
}

/** Shows `window` in front of the others: restored if minimised, then focused. */
export function bringToFront(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/** Serves the requests in the main window through the file flow (once both exist). */
export function serveOpenRequests(
  requests: OpenRequests,
  window: () => BrowserWindow | null,
  flow: Pick<FileFlow, 'open'>,
): void {
  requests.attach({
    front: () => {
      const current = window();
      if (current) bringToFront(current);
    },
    open: (path) => flow.open(path),
  });
}
