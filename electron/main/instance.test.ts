import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FileFlow, type FileStore, type FileUi, type SaveChoice } from '../../src/session/file-flow';
import { Session } from '../../src/session/session';
import { emptyDrawing } from '../../src/shared/drawing';
import { testClock } from '../../src/shared/test-support/clock';
import { readImportFile } from '../../src/document/import-file';
import { readImageFile } from '../../src/document/image-file';

// The Electron glue under test with `electron` mocked: the real module needs the binary. `app` records its
// listeners, so a test emits the OS's events (open-file, second-instance) as Electron would.
const app = {
  gotLock: true,
  listeners: new Map<string, (...args: any[]) => void>(),
  requestSingleInstanceLock: vi.fn((_data?: unknown) => app.gotLock),
  quit: vi.fn(),
  on(event: string, listener: (...args: any[]) => void) {
    app.listeners.set(event, listener);
    return app;
  },
  emit(event: string, ...args: any[]) {
    app.listeners.get(event)!(...args);
  },
};
vi.mock('electron', () => ({ app }));

const { claimSingleInstance, serveOpenRequests } = await import('./instance');

const EXE = '/opt/Curvewright/curvewright';

function fakeWindow(minimized = false) {
  const calls: string[] = [];
  return {
    calls,
    isMinimized: () => minimized,
    restore: () => calls.push('restore'),
    show: () => calls.push('show'),
    focus: () => calls.push('focus'),
  };
}

/** The real file flow over a real session, a scripted unsaved-changes question and a disk of named drawings. */
function fileFlow() {
  const session = new Session({ clock: testClock(), drawing: emptyDrawing() });
  const asked: string[] = [];
  const answers: ((choice: SaveChoice) => void)[] = [];
  const ui: FileUi = {
    askSaveChanges: (name) => {
      asked.push(name);
      return new Promise((answer) => answers.push(answer));
    },
    askOverwrite: async () => 'cancel',
    askReload: async () => 'keep',
    pickOpenPath: async () => null,
    pickImportPath: async () => null,
    askImportOptions: async () => null,
    pickImagePath: async () => null,
    pickSavePath: async () => null,
    showError: (message) => {
      throw new Error(`unexpected error shown: ${message}`);
    },
  };
  const loaded: string[] = [];
  const store: FileStore = {
    load: async (path) => {
      loaded.push(path);
      const drawing = emptyDrawing();
      drawing.meta.title = path;
      return drawing;
    },
    save: async () => undefined,
    writeExport: async () => undefined,
    readImport: (path, choose) => readImportFile(path, { choose }),
    readImage: (path) => readImageFile(path),
  };
  const flow = new FileFlow(session, ui, store, { changed: () => {}, touched: () => {} }, emptyDrawing);
  return { session, flow, asked, answers, loaded };
}

beforeEach(() => {
  app.gotLock = true;
  app.listeners.clear();
  app.requestSingleInstanceLock.mockClear();
  app.quit.mockClear();
});

describe('one instance at a time', () => {
  it('a second launch hands its files to the first, quits, and listens to nothing', () => {
    app.gotLock = false;
    const requests = claimSingleInstance({
      argv: [EXE, '--no-sandbox', 'a.curvewright'],
      cwd: '/home/u',
      defaultApp: false,
    });
    expect(requests).toBeNull();
    expect(app.requestSingleInstanceLock).toHaveBeenCalledWith({ files: ['/home/u/a.curvewright'] });
    expect(app.quit).toHaveBeenCalledOnce();
    expect([...app.listeners.keys()]).toEqual([]);
  });

  it('the first instance opens the file it was launched with once its window is there', async () => {
    const requests = claimSingleInstance({
      argv: [EXE, 'a.curvewright'],
      cwd: '/home/u',
      defaultApp: false,
    })!;
    expect(app.quit).not.toHaveBeenCalled();
    const { session, flow, loaded } = fileFlow();
    const window = fakeWindow();
    expect(loaded).toEqual([]);
    serveOpenRequests(requests, () => window as never, flow);
    await requests.settled();
    expect(loaded).toEqual(['/home/u/a.curvewright']);
    expect(session.path).toBe('/home/u/a.curvewright');
    expect(window.calls).toEqual([]); // the window shows itself when it is ready
  });

  it("macOS's open-file before ready is kept for the window, and Electron's default handling prevented", async () => {
    const requests = claimSingleInstance({ argv: [EXE], cwd: '/', defaultApp: false })!;
    const preventDefault = vi.fn();
    app.emit('open-file', { preventDefault }, '/Users/u/b.curvewright');
    expect(preventDefault).toHaveBeenCalledOnce();
    const { session, flow } = fileFlow();
    serveOpenRequests(requests, () => fakeWindow() as never, flow);
    await requests.settled();
    expect(session.path).toBe('/Users/u/b.curvewright');
  });

  it('a second launch brings the window to the front and opens its file through the unsaved-changes question', async () => {
    const requests = claimSingleInstance({ argv: [EXE], cwd: '/', defaultApp: false })!;
    const { session, flow, asked, answers, loaded } = fileFlow();
    const window = fakeWindow(true);
    serveOpenRequests(requests, () => window as never, flow);
    session.edit({ type: 'add', curves: [{ kind: 'point', id: 'p', at: [1, 2] }] });
    expect(session.dirty).toBe(true);

    app.emit('second-instance', {}, [EXE, 'ignored.curvewright'], '/x', { files: ['/home/u/c.curvewright'] });
    expect(window.calls).toEqual(['restore', 'show', 'focus']);
    await vi.waitFor(() => expect(asked).toEqual(['Untitled.curvewright']));
    // Another launch while the question is open waits its turn: no second question on top.
    app.emit('second-instance', {}, [EXE, 'd.curvewright'], '/home/u', null);
    expect(asked).toHaveLength(1);
    expect(loaded).toEqual([]);
    answers[0]('discard');
    await requests.settled();
    expect(loaded).toEqual(['/home/u/c.curvewright', '/home/u/d.curvewright']);
    expect(session.path).toBe('/home/u/d.curvewright');
    expect(asked).toHaveLength(1); // c opened clean, so d replaced it without asking
  });

  it('Cancel on the question keeps the drawing shown', async () => {
    const requests = claimSingleInstance({ argv: [EXE], cwd: '/', defaultApp: false })!;
    const { session, flow, answers, loaded } = fileFlow();
    serveOpenRequests(requests, () => fakeWindow() as never, flow);
    session.edit({ type: 'add', curves: [{ kind: 'point', id: 'p', at: [1, 2] }] });
    app.emit('second-instance', {}, [EXE, 'e.curvewright'], '/home/u', undefined);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]('cancel');
    await requests.settled();
    expect(loaded).toEqual([]);
    expect(session.drawing.curves.map((c) => c.id)).toEqual(['p']);
  });
});
