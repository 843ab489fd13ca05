// The end-to-end harness. The Electron binary cannot be fetched on our build machines, so by default the built
// renderer runs in Debian's Chromium and `window.curvewright` is the very API the preload builds
// (electron/preload/api.ts's createApi, injected as source), with every call forwarded as main forwards it: to the
// session host main starts in its session process (src/session/host), here over a MessageChannel in the test's Node
// process so the specs can look at the session itself; main's own channels (the menu's state) are answered by
// main's own code (electron/main/ipc.ts route, menu-state.ts) on the native menu as main builds it. Payloads cross
// as JSON, as they would cross IPC. With E2E_TARGET=electron (a machine that has the Electron binary) the specs
// drive the real app.
import { join } from 'node:path';
import { _electron, type Browser, type ElectronApplication, type Page } from 'playwright-core';
import { events } from '../../electron/preload/methods';
import type { Api } from '../../electron/preload/api';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Session } from '../../src/session/session';
import { ScriptedUi } from '../../src/session/test-support/scripted-ui';
import { Supervisor } from '../../src/session/host/supervisor';
import { inProcessSpawner } from '../../src/session/host/test-support/in-process';
import { emptyDrawing, type Drawing, type PlainDrawing } from '../../src/shared/drawing';
import type { ChannelName, Snapshot } from '../../src/shared/contract';
import type { Clock } from '../../src/shared/clock';
import { testClock } from '../../src/shared/test-support/clock';
import type { ActionName } from '../../src/shared/actions';
import { findActionItem, menuTemplate } from '../../electron/main/menu';
import { MenuFlags } from '../../electron/main/menu-state';
import { route } from '../../electron/main/ipc';
import { mainActions } from '../../electron/main/main-actions';
import { serveDirectory, type StaticServer } from './static-server';
import { launchChromium } from './chromium';
import { ROOT, e2eDirs } from './harness-dirs';
import { loadRenderer, newRendererPage } from './renderer-page';

export { ROOT, e2eDirs };

export interface Editor {
  page: Page;
  /** The session behind the page (chromium target only: in the Electron target it lives in the app). */
  session: Session;
  fileUi: ScriptedUi;
  /** Calls the window API inside the page, as the renderer would. */
  call<T = unknown>(method: keyof Api, payload?: unknown): Promise<T>;
  snapshot(): Promise<Snapshot>;
  /**
   * Calls `listener` with every answer the session gives the page (channel, then the Result as it crosses IPC),
   * e.g. to check each play or drag frame's residual. Chromium target only. Returns the unsubscribe.
   */
  onAnswer(listener: AnswerListener): () => void;
  /**
   * The window's title as the main process sets it (electron/main/index.ts: the session's title, which
   * comes with every answer and every event). In Chromium, the same client's.
   */
  windowTitle(): Promise<string>;
  /**
   * Clicks the native menu's item of an action, as the user does: main's actions (File ▸ Save …) run the file flow
   * in main, the renderer's arrive as `menu:command` events. Resolves once the click is handled (a renderer
   * action delivered; a main action's flow may still be waiting on a scripted dialog: poll for its effect).
   */
  menu(action: ActionName): Promise<void>;
  /** The native menu's item of an action as it shows now: checked (a toggle's check mark) and enabled. */
  menuItem(action: ActionName): Promise<MenuItemState>;
  /** Console errors and page errors seen so far (CSP violations included). */
  errors: string[];
  /** What main told the user in a message box (the session's process restarted). */
  told: string[];
  /** Ends the session's "process" as running out of memory would (Chromium target only). */
  crashSession(): void;
  /** Resolves once the session (the one started anew after a crash) is up and has taken the drawing up. */
  sessionReady(): Promise<void>;
  close(): Promise<void>;
}

export type AnswerListener = (channel: string, answer: unknown) => void;

export interface MenuItemState {
  checked: boolean;
  enabled: boolean;
}

export interface EditorOptions {
  drawing?: Drawing;
  width?: number;
  height?: number;
  deviceScaleFactor?: number;
  /** The shipped examples main lists (File ▸ Open Example, the start panel). */
  examples?: { title: string; path: string }[];
  /**
   * What the session's budgets are measured on: by default a deterministic clock (src/shared/test-support), so a
   * drag or play frame does the same work however busy the machine is; the measures give the wall clock.
   */
  clock?: Clock;
}

let shared: { browser: Browser; server: StaticServer } | null = null;

async function browserAndServer(): Promise<{ browser: Browser; server: StaticServer }> {
  if (shared) return shared;
  const server = await serveDirectory(join(ROOT, 'out/renderer'));
  const browser = await launchChromium();
  shared = { browser, server };
  return shared;
}

/** Closes the shared browser and server (call from afterAll of the last suite, or let the process end). */
export async function shutdown(): Promise<void> {
  if (!shared) return;
  const current = shared;
  shared = null;
  await current.browser.close();
  await current.server.close();
}

function plain(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

async function openInChromium(options: EditorOptions): Promise<Editor> {
  const { browser, server } = await browserAndServer();
  const { context, page, errors } = await newRendererPage(browser, {
    width: options.width ?? 1200,
    height: options.height ?? 800,
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
  });

  const fileUi = new ScriptedUi();
  // The session host as main's session process runs it, here on a MessageChannel (a "process" whose crash the spec
  // can cause), kept by main's own supervisor: main's end is what the page's calls, the menu's clicks and the window
  // title go through, as in electron/main/index.ts. A session started anew begins empty and takes the page's up.
  const recoveryDir = mkdtempSync(join(e2eDirs().tmp, 'recovery-'));
  const clock = options.clock ?? testClock();
  const spawner = inProcessSpawner(
    { recoveryDir, examples: options.examples ?? [], autosaveKey: 'window-1' },
    (index) => ({
      session: { drawing: index === 0 ? (options.drawing ?? emptyDrawing()) : emptyDrawing(), clock },
    }),
  );
  const emit = (channel: string, payload: unknown) =>
    void page.evaluate(([event, value]) => window.__curvewrightEmit(event, value), [
      channel,
      plain(payload),
    ] as const);
  const told: string[] = [];
  const flow = new Supervisor(spawner.spawn, {
    ui: fileUi,
    event: emit,
    touched: () => undefined,
    stateChanged: () => undefined,
    tell: (message) => told.push(message),
    askBusy: async () => 'wait',
    restarted: (reason) => emit(events.sessionRestarted, reason),
    removeRecovery: async () => undefined,
  });
  await flow.ready;

  // The native menu as main builds it (electron/main/index.ts), its clicks bound the same way.
  let delivered: Promise<void> = Promise.resolve();
  const nativeMenu = menuTemplate(
    {
      main: mainActions(
        flow,
        () => undefined,
        () => undefined,
      ),
      openPath: (path) => void flow.open(path),
      openExample: (path) => void flow.openExample(path),
      send: (command) => {
        delivered = page.evaluate(([event, payload]) => window.__curvewrightEmit(event, payload), [
          events.menuCommand,
          command,
        ] as const);
      },
    },
    { recent: [], examples: [], isMac: false, dev: false },
  );
  const menuItem = (action: ActionName) => {
    const item = findActionItem(nativeMenu, action);
    if (!item) throw new Error(`the menu has no item for ${action}`);
    return item;
  };
  // Main's own channels, answered as main answers them (index.ts): the menu's flags shown on its items.
  const routes = {
    invoke: (channel: string, payload: unknown) => flow.invoke(channel, payload),
    main: {
      ...new MenuFlags((id) => findActionItem(nativeMenu, id as ActionName)).handlers,
      'session:restore': ({ drawing }: { drawing: PlainDrawing }) => flow.restored(drawing),
    },
  };

  const listeners = new Set<AnswerListener>();
  await page.exposeBinding('__curvewrightInvoke', async (_source, channel: unknown, payload: unknown) => {
    const answer = plain(await route(routes, channel as ChannelName, plain(payload)));
    for (const listener of listeners) {
      try {
        listener(String(channel), answer);
      } catch (error) {
        errors.push(`onAnswer listener: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // As text: Playwright would otherwise serialise (and validate) the answer value by value, which costs the
    // bridge milliseconds per thousand numbers that Electron's structured clone does not pay.
    return JSON.stringify(answer);
  });
  // The session's pushed events come back through __curvewrightEmit (page.evaluate); answers as JSON text.
  await loadRenderer(page, server.url, {
    setup: 'window.__curvewrightEmit = emit;',
    invoke:
      '(channel, payload) => window.__curvewrightInvoke(channel, payload).then((text) => JSON.parse(text))',
  });

  const call = <T>(method: keyof Api, payload?: unknown) =>
    page.evaluate(
      ([m, p]) =>
        (window.curvewright as unknown as Record<string, (x?: unknown) => Promise<unknown>>)[m](
          p ?? undefined,
        ),
      [method, plain(payload)] as const,
    ) as Promise<T>;
  return {
    page,
    get session() {
      return spawner.hosts.at(-1)!.session;
    },
    told,
    crashSession: () => spawner.crash({ outOfMemory: true }),
    sessionReady: () => flow.ready,
    fileUi,
    errors,
    call,
    snapshot: () => call<Snapshot>('snapshot'),
    onAnswer: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    windowTitle: async () => flow.state.title,
    menu: async (action) => {
      const item = menuItem(action);
      if (!item.click) throw new Error(`the menu's item for ${action} does nothing`);
      delivered = Promise.resolve();
      (item.click as () => void)();
      await delivered;
    },
    // As Electron's MenuItem reads before anything set them: unchecked, enabled.
    menuItem: async (action) => ({
      checked: menuItem(action).checked ?? false,
      enabled: menuItem(action).enabled ?? true,
    }),
    close: async () => {
      await flow.close();
      await spawner.dispose();
      await context.close();
      rmSync(recoveryDir, { recursive: true, force: true });
    },
  };
}

let electronApp: ElectronApplication | null = null;

async function openInElectron(): Promise<Editor> {
  electronApp = await _electron.launch({ args: [join(ROOT, 'out/main/index.js')], cwd: ROOT });
  const page = await electronApp.firstWindow();
  await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 20_000 });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const call = <T>(method: keyof Api, payload?: unknown) =>
    page.evaluate(
      ([m, p]) =>
        (window.curvewright as unknown as Record<string, (x?: unknown) => Promise<unknown>>)[m](
          p ?? undefined,
        ),
      [method, plain(payload)] as const,
    ) as Promise<T>;
  const app = electronApp;
  return {
    page,
    get session(): Session {
      throw new Error('the session lives in the Electron main process: assert through call() or snapshot()');
    },
    told: [],
    crashSession: () => {
      throw new Error('the session lives in the Electron app: it cannot be made to crash from here');
    },
    sessionReady: async () => undefined,
    fileUi: new ScriptedUi(),
    errors,
    call,
    snapshot: () => call<Snapshot>('snapshot'),
    onAnswer: () => {
      throw new Error('the session answers inside the Electron app: assert through call() or snapshot()');
    },
    windowTitle: () =>
      app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getTitle() ?? ''),
    menu: async (action) => {
      const clicked = await app.evaluate(({ Menu }, id) => {
        const item = Menu.getApplicationMenu()?.getMenuItemById(id);
        item?.click();
        return Boolean(item);
      }, action);
      if (!clicked) throw new Error(`the menu has no item for ${action}`);
    },
    menuItem: async (action) => {
      const state = await app.evaluate(({ Menu }, id) => {
        const item = Menu.getApplicationMenu()?.getMenuItemById(id);
        return item ? { checked: item.checked, enabled: item.enabled } : null;
      }, action);
      if (!state) throw new Error(`the menu has no item for ${action}`);
      return state;
    },
    close: async () => {
      await app.close();
      electronApp = null;
    },
  };
}

export const E2E_TARGET = process.env.E2E_TARGET === 'electron' ? 'electron' : 'chromium';

/** Opens the editor on a fresh session. */
export function openEditor(options: EditorOptions = {}): Promise<Editor> {
  return E2E_TARGET === 'electron' ? openInElectron() : openInChromium(options);
}

declare global {
  interface Window {
    __curvewrightEmit(event: string, payload: unknown): void;
    __curvewrightInvoke(channel: string, payload: unknown): Promise<unknown>;
  }
}
