// The measure's worker bridge: the built renderer (out/renderer, as the e2e tests load it) in Chromium, with
// `window.curvewright` the preload's own API (electron/preload/api.ts's createApi, injected as source as the
// harness does: test/e2e/renderer-page.ts) whose invoke posts the payload to a dedicated Web Worker running the
// session (test/e2e/measure/session-worker.ts) and resolves with the worker's reply; the worker's pushed events come
// back the same way. Each crossing is one structured clone on a thread hop, as Electron's IPC is (renderer ↔ main over
// Mojo), instead of the CDP round trip to the test's Node process that test/e2e/harness.ts uses.

import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Drawing } from '../../../src/shared/drawing';
import { launchChromium } from '../chromium';
import { ROOT } from '../harness-dirs';
import { loadRenderer, newRendererPage, type PageBridge } from '../renderer-page';
import { serveDirectory } from '../static-server';
import type { ControlKind, ControlValues, Hop } from './protocol';

/** Where the page finds the worker: same origin (the app's CSP allows workers from 'self' only). */
const WORKER_PATH = '/__measure/session-worker.js';

export interface WorkerEditor {
  page: Page;
  /** Asks the worker's session (outside the timed drag: this crosses CDP). */
  control<K extends ControlKind>(kind: K): Promise<ControlValues[K]>;
  /** The drag:move trips since the last call (see Hop). */
  hops(): Promise<Hop[]>;
  /** `count` bare round trips (echoes) of a drag answer's size for n curves, one at a time, ms. */
  echo(n: number, count: number): Promise<number[]>;
  /** Console errors and page errors seen so far (the worker's included). */
  errors: string[];
  close(): Promise<void>;
}

/** The page's side of the bridge (injected before the renderer's own scripts, as the preload runs first). */
function workerBridge(drawing: Drawing): PageBridge {
  return {
    setup: `
    const worker = new Worker(${JSON.stringify(WORKER_PATH)}, { name: 'curvewright-session' });
    const pending = new Map();
    const now = () => performance.timeOrigin + performance.now();
    let hops = [];
    let next = 0;
    const post = (message) => new Promise((resolve) => {
      const id = ++next;
      if (window.__curvewrightMarks && message.channel === 'drag:move') console.timeStamp('curvewright:sent');
      pending.set(id, { resolve, channel: message.channel, sent: now() });
      worker.postMessage({ ...message, id });
    });
    worker.onmessage = ({ data }) => {
      if (data.type === 'event') {
        emit(data.event, data.payload);
        return;
      }
      const request = pending.get(data.id);
      pending.delete(data.id);
      if (!request) return;
      if (window.__curvewrightMarks && request.channel === 'drag:move') console.timeStamp('curvewright:arrived');
      if (request.channel === 'drag:move')
        hops.push({ sent: request.sent, received: data.received, posted: data.posted, arrived: now() });
      request.resolve(data.type === 'answer' ? data.result : data.value);
    };
    worker.onerror = (event) => console.error('session worker: ' + event.message);
    worker.postMessage({ type: 'init', drawing: ${JSON.stringify(drawing)} });
    window.__curvewrightMeasure = {
      control: (kind) => post({ type: 'control', kind }),
      hops: () => {
        const out = hops;
        hops = [];
        return out;
      },
      // The bare crossing with nothing else running: count invokes, one at a time, answered at once with an
      // answer the size of a drag frame's for n curves; their round trips, ms.
      echo: async (n, count) => {
        const out = [];
        for (let i = 0; i < count; i++) {
          const t = performance.now();
          await post({ type: 'echo', n });
          out.push(performance.now() - t);
        }
        return out;
      },
    };`,
    invoke:
      "(channel, payload) => post({ type: 'invoke', channel, payload, mark: !!window.__curvewrightMarks })",
  };
}

/** Opens the built renderer on a session of `drawing` running in a Web Worker of the page. */
export async function openWorkerEditor(options: {
  drawing: Drawing;
  width: number;
  height: number;
  worker: string;
}): Promise<WorkerEditor> {
  const server = await serveDirectory(join(ROOT, 'out/renderer'), { [WORKER_PATH]: options.worker });
  let browser: Browser | null = null;
  try {
    browser = await launchChromium();
    const { page, errors } = await newRendererPage(browser, {
      width: options.width,
      height: options.height,
      deviceScaleFactor: 1,
    });
    page.on('worker', (worker) => worker.on('close', () => errors.push('session worker closed')));
    await loadRenderer(page, server.url, workerBridge(options.drawing));
    const opened = browser;
    return {
      page,
      errors,
      control: (kind) =>
        page.evaluate((k) => window.__curvewrightMeasure!.control(k), kind) as Promise<
          ControlValues[typeof kind]
        >,
      hops: () => page.evaluate(() => window.__curvewrightMeasure!.hops()),
      echo: (n, count) => page.evaluate(([k, c]) => window.__curvewrightMeasure!.echo(k, c), [n, count]),
      close: async () => {
        await opened.close();
        await server.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.close();
    throw error;
  }
}

declare global {
  interface Window {
    /** While set, the bridge marks each drag:move's trip in the trace (console.timeStamp). */
    __curvewrightMarks?: boolean;
    __curvewrightMeasure?: {
      control(kind: ControlKind): Promise<unknown>;
      hops(): Hop[];
      echo(n: number, count: number): Promise<number[]>;
    };
  }
}
