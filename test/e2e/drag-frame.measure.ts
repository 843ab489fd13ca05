// Measures the whole drag frame in real Chromium: cursor → IPC (the e2e bridge) → session solve → snapshot →
// Konva redraw, for a chain of N bars (N curves, N constraints) whose free end is pulled by the real mouse.
// Not a test (no timed assertion anywhere): `npm run build && npx tsx test/e2e/drag-frame.measure.ts [N…]`.
//
// Each frame is split where its time goes: the page times cursor sent → answer → mirror applied → redraw
// started → redrawn (src/renderer/editor/frame-clock.ts); this process times the session's handler (solve +
// snapshot). The bridge is the round trip minus the session: Playwright's binding over CDP, JSON both ways, plus
// this process (which also runs the solver) and Chromium sharing the machine's cores. Electron's IPC would not pay
// most of it.

import { deserialize, serialize } from 'node:v8';
import { chainDrawing } from '../../bench/cases/drawings';
import type { Page } from 'playwright-core';
import type { Vec2 } from '../../src/shared/drawing';
import type {} from '../../src/renderer/debug-hook';
import type { FrameBreakdown } from '../../src/renderer/editor/frame-clock';
import { openEditor, shutdown } from './harness';

const MOVES = 150;
/** The traced second drag (tracing costs a little, so the timed drag runs without it). */
const TRACED_MOVES = 60;
/**
 * Chromium's own work after the page has drawn: style, layout, paint on the main thread, and the commit of the
 * frame to the compositor (which holds the main thread), then the compositor's raster of the changed tiles.
 */
const RENDERING_EVENTS = [
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'RasterTask',
];

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Presses at (x, y) and pulls along a widening curl, one cursor about every 10 ms, then releases. */
async function pull(page: Page, [x, y]: Vec2, moves: number): Promise<void> {
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= moves; i++) {
    const a = i * 0.03;
    await page.mouse.move(x - 0.6 * i * Math.sin(a), y - 0.6 * i * Math.cos(a));
    await page.waitForTimeout(8);
  }
  await page.mouse.up();
  await page.evaluate(() => window.__curvewrightDebug!.idle());
}

/**
 * Chromium's rendering work per drag frame (ms, mean over a traced drag): what follows the page's own redraw
 * before the frame reaches the screen, and is not in the page's timing.
 */
async function renderingPerFrame(page: Page, from: Vec2): Promise<Record<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  const events: { name: string; ph: string; dur?: number }[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as typeof events)));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  const before = (await page.evaluate(() => window.__curvewrightDebug!.frames())).length;
  await pull(page, from, TRACED_MOVES);
  await cdp.send('Tracing.end');
  await complete;
  const frames = (await page.evaluate(() => window.__curvewrightDebug!.frames())).length - before;
  const out: Record<string, number> = {};
  for (const name of RENDERING_EVENTS) out[name] = 0;
  for (const e of events)
    if (e.ph === 'X' && e.dur !== undefined && e.name in out)
      out[e.name] += e.dur / 1000 / Math.max(1, frames);
  return out;
}

async function measure(n: number): Promise<void> {
  const editor = await openEditor({ drawing: chainDrawing(n), width: 1400, height: 900 });
  const { page, session } = editor;
  try {
    await page.keyboard.press('f');
    const last = session.drawing.curves.at(-1);
    if (!last || last.kind !== 'bar') throw new Error('no chain');
    const end: Vec2 = [
      last.center[0] + (last.length / 2) * Math.cos(last.angle),
      last.center[1] + (last.length / 2) * Math.sin(last.angle),
    ];
    const toPage = (p: Vec2) => page.evaluate((q) => window.__curvewrightDebug!.toPage(q), p);
    const [x, y] = await toPage(end);
    // Time the session's side of each move in this process: the handler calls session.dragMove.
    // And what Electron's IPC would do with each answer instead of the bridge: a structured clone (V8's
    // serializer, as ipcRenderer.invoke uses), both ends timed here.
    const sessionMs: number[] = [];
    const cloneMs: number[] = [];
    const dragMove = session.dragMove.bind(session);
    session.dragMove = (cursor) => {
      const t = performance.now();
      const snapshot = dragMove(cursor);
      const t1 = performance.now();
      deserialize(serialize(snapshot));
      cloneMs.push(performance.now() - t1);
      sessionMs.push(t1 - t);
      return snapshot;
    };
    await pull(page, [x, y], MOVES);
    const frames = await page.evaluate(() => window.__curvewrightDebug!.frames());
    const solve = session.snapshot(false).status;
    const pick = (key: keyof FrameBreakdown) => median(frames.map((f) => f[key]));
    const totals = frames.map((f) => f.total).sort((a, b) => a - b);
    const sessionMedian = median(sessionMs);
    const solveMedian = pick('solve');
    const ms = (v: number) => `${v.toFixed(2)} ms`;
    console.log(
      `N = ${n}: ${frames.length} drag frames (${sessionMs.length} moves solved), cursor → IPC → solve → snapshot → ` +
        `Konva redraw: median ${ms(median(totals))}, p90 ${ms(totals[Math.floor(0.9 * (totals.length - 1))])}, ` +
        `best ${ms(totals[0])}; max residual ${solve.maxResidual.toExponential(1)}\n` +
        `  medians: round trip ${ms(pick('roundTrip'))} = session ${ms(sessionMedian)} (solve ${ms(solveMedian)}, ` +
        `snapshot ${ms(Math.max(0, sessionMedian - solveMedian))}) + bridge ${ms(Math.max(0, pick('roundTrip') - sessionMedian))}; ` +
        `apply ${ms(pick('apply'))}; wait for a frame ${ms(pick('wait'))}; redraw ${ms(pick('draw'))}\n` +
        `  Electron's IPC would clone the answer instead (structured clone, both ends): ${ms(median(cloneMs))}`,
    );
    const grabbed = session.drawing.curves.at(-1);
    if (!grabbed || grabbed.kind !== 'bar') throw new Error('no chain');
    const rendering = await renderingPerFrame(
      page,
      await toPage([
        grabbed.center[0] + (grabbed.length / 2) * Math.cos(grabbed.angle),
        grabbed.center[1] + (grabbed.length / 2) * Math.sin(grabbed.angle),
      ]),
    );
    const sum = Object.values(rendering).reduce((a, b) => a + b, 0);
    console.log(
      `  then Chromium renders the frame (traced drag, mean per frame, not in the figures above): ${ms(sum)} = ` +
        Object.entries(rendering)
          .map(([name, v]) => `${name} ${v.toFixed(2)}`)
          .join(', '),
    );
  } finally {
    await editor.close();
  }
}

async function main(): Promise<void> {
  const sizes = process.argv.slice(2).map(Number);
  for (const n of sizes.length ? sizes : [100, 1000]) await measure(n);
  await shutdown();
}

void main();
