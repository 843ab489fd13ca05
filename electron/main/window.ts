// The main window and its hardening: every setting here is one the Electron security checklist asks for, and the
// electron mock tests check each of them.
import { join } from 'node:path';
import { BrowserWindow, type Session, type WebContents } from 'electron';

import { CONTENT_SECURITY_POLICY } from './csp';
import { DEFAULT_SIZE, MIN_SIZE, type WindowPlace } from './window-bounds';

export { CONTENT_SECURITY_POLICY };

/** Denies every permission request, adds the CSP header to every response. Call once per session. */
export function hardenSession(ses: Session): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
}

/** No navigation away from the app, no new windows, no webviews. */
export function lockNavigation(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

export interface WindowOptions {
  /** The dev server's URL under `npm run dev`; the built file otherwise. */
  rendererUrl?: string;
  outDir: string;
  /** Where the window was when the app last quit (window-bounds.ts); the default size, centred, otherwise. */
  place?: WindowPlace | null;
  /** The window's icon (Linux and Windows show it; macOS takes the bundle's): resources/icons/512x512.png. */
  icon?: string;
}

export function createMainWindow(options: WindowOptions): BrowserWindow {
  const place = options.place ?? null;
  const window = new BrowserWindow({
    ...(place ? { x: place.x, y: place.y, width: place.width, height: place.height } : DEFAULT_SIZE),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Curvewright',
    ...(options.icon ? { icon: options.icon } : {}),
    backgroundColor: '#f7f7f4',
    // Written out here, not built by a helper, so the security linter can see every setting.
    webPreferences: {
      // Reviewed for the linter's PRELOAD_JS_CHECK: the preload exposes only the contract's named functions.
      preload: join(options.outDir, 'preload/index.js'), // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click must not open links in new windows.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  lockNavigation(window.webContents);
  window.once('ready-to-show', () => {
    if (place?.maximized) window.maximize();
    window.show();
  });
  if (options.rendererUrl) void window.loadURL(options.rendererUrl);
  else void window.loadFile(join(options.outDir, 'renderer/index.html'));
  return window;
}
