import { beforeEach, describe, expect, it, vi } from 'vitest';

// The Electron glue under test with `electron` mocked: the real module needs the binary.
const created: { options: Record<string, any>; contents: FakeContents }[] = [];
class FakeContents {
  handlers = new Map<string, (...args: any[]) => void>();
  openHandler: (() => { action: string }) | null = null;
  on(event: string, handler: (...args: any[]) => void) {
    this.handlers.set(event, handler);
    return this;
  }
  setWindowOpenHandler(handler: () => { action: string }) {
    this.openHandler = handler;
  }
}
vi.mock('electron', () => ({
  BrowserWindow: class {
    webContents = new FakeContents();
    constructor(options: Record<string, any>) {
      created.push({ options, contents: this.webContents });
    }
    once() {}
    loadURL = vi.fn(async () => undefined);
    loadFile = vi.fn(async () => undefined);
  },
}));

const { createMainWindow, hardenSession, lockNavigation, CONTENT_SECURITY_POLICY } = await import('./window');

describe('main window', () => {
  beforeEach(() => {
    created.length = 0;
  });

  it('opens where it was remembered, or at the default size', () => {
    createMainWindow({
      outDir: '/app/out',
      place: { x: 40, y: 30, width: 900, height: 600, maximized: false },
    });
    expect(created[0].options).toMatchObject({ x: 40, y: 30, width: 900, height: 600, minWidth: 720 });
    createMainWindow({ outDir: '/app/out', place: null });
    expect(created[1].options).toMatchObject({ width: 1280, height: 820 });
    expect(created[1].options.x).toBeUndefined();
  });

  it("wears Curvewright's icon, one of the sizes the installers ship", () => {
    createMainWindow({ outDir: '/app/out', icon: '/app/resources/icons/512x512.png' });
    expect(created[0].options.icon).toBe('/app/resources/icons/512x512.png');
  });

  it('is created with the secure web preferences', () => {
    createMainWindow({ outDir: '/app/out' });
    const prefs = created[0].options.webPreferences;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(prefs.preload).toBe('/app/out/preload/index.js');
  });

  it('blocks navigation, redirects, webviews and new windows', () => {
    const contents = new FakeContents();
    lockNavigation(contents as never);
    for (const event of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const preventDefault = vi.fn();
      contents.handlers.get(event)!({ preventDefault });
      expect(preventDefault, event).toHaveBeenCalledOnce();
    }
    expect(contents.openHandler!()).toEqual({ action: 'deny' });
  });

  it('denies every permission and sends the CSP on every response', () => {
    let request: any;
    let check: any;
    let headers: any;
    hardenSession({
      setPermissionRequestHandler: (h: unknown) => (request = h),
      setPermissionCheckHandler: (h: unknown) => (check = h),
      webRequest: { onHeadersReceived: (h: unknown) => (headers = h) },
    } as never);
    const answer = vi.fn();
    request(null, 'media', answer);
    expect(answer).toHaveBeenCalledWith(false);
    expect(check(null, 'geolocation')).toBe(false);
    const done = vi.fn();
    headers({ responseHeaders: { 'X-Other': ['1'] } }, done);
    expect(done.mock.calls[0][0].responseHeaders).toEqual({
      'X-Other': ['1'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    });
  });

  it('has a CSP with no eval, no inline script and no remote origin', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
  });
});
