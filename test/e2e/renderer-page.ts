// The built renderer (out/renderer, served) in a Chromium page, with `window.curvewright` the very API the preload
// builds: electron/preload/api.ts's createApi, injected as source before the renderer's own scripts (as the
// preload runs first). The e2e harness (harness.ts) and the drag-frame measure's worker bridge
// (measure/worker-page.ts) open the page alike and differ only in the bridge: how an invoke reaches the session and
// how the session's pushed events come back.

import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createApi } from '../../electron/preload/api';
import { events, methodTable, preloadMethodTable } from '../../electron/preload/methods';
import { e2eDirs } from './harness-dirs';

export interface RendererPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far (CSP violations included). */
  errors: string[];
}

/** A fresh context and page of `browser` at the given size, collecting the page's console and page errors. */
export async function newRendererPage(
  browser: Browser,
  { width, height, deviceScaleFactor }: { width: number; height: number; deviceScaleFactor: number },
): Promise<RendererPage> {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The page's side of a bridge, as script source. */
export interface PageBridge {
  /**
   * Run first, with `emit(event, payload)` in scope: it hands a pushed event to the listeners the API subscribed.
   */
  setup: string;
  /** An expression: the API's invoke, (channel, payload) => a promise of the answer (the Result). */
  invoke: string;
}

/**
 * Injects the API over `bridge` into `page`, loads `url` and waits until the renderer says it is ready. The last
 * argument of createApi stands in for Electron's webUtils.getPathForFile, as `invoke` stands in for ipcRenderer:
 * Chromium has no webUtils, so a File dropped in a test is taken to be <tmp>/dropped/<its name>. The rest of a drop's
 * route (the API's dropToken, main's token for the path, openDropped redeeming it) is the app's own code.
 */
export async function loadRenderer(page: Page, url: string, bridge: PageBridge): Promise<void> {
  await page.addInitScript(
    `(() => {
      const listeners = new Map();
      const emit = (event, payload) => {
        for (const listener of listeners.get(event) ?? []) listener(payload);
      };
      const subscribe = (event, listener) => {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event).add(listener);
        return () => listeners.get(event).delete(listener);
      };
      ${bridge.setup}
      const createApi = ${createApi.toString()};
      window.curvewright = createApi(${JSON.stringify(methodTable())}, ${JSON.stringify(preloadMethodTable())},
        ${JSON.stringify(events)}, ${bridge.invoke}, subscribe,
        (file) => ${JSON.stringify(join(e2eDirs().tmp, 'dropped'))} + '/' + file.name);
    })();`,
  );
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 20_000 });
}
