// Measures the whole drag frame in real Chromium: cursor → IPC → session solve → snapshot → Konva redraw, for a
// chain of N bars (N curves, N constraints) whose free end is pulled by the real mouse, or (`--drawing sketch`) a
// sketch of N mixed constraints of every sketcher kind (bench/cases/sketch.ts) pulled by a tangent line's end. Not a
// test (no timed assertion anywhere). One command bundles and runs it (test/e2e/measure/run.ts; docs/editor.md,
// "Performance"):
//
//   npm run build && npx tsx test/e2e/measure/run.ts [--bridge worker|cdp|both] [--drawing chain|sketch|data] [--runs K]
//     [--json] [--trace-out FILE] [N…]
//
// Two stand-ins for Electron's IPC (the page is the built renderer and `window.curvewright` the preload's own API
// in both):
// - `worker` (default): the session runs in a dedicated Web Worker of the page and every invoke and answer
//   crosses by postMessage, a structured clone on a thread hop, as ipcRenderer.invoke does between the renderer
//   and the main process (test/e2e/measure/worker-page.ts).
// - `cdp`: the e2e harness's bridge (test/e2e/harness.ts): Playwright's binding over CDP to this Node process,
//   which runs the session, JSON both ways. Electron's IPC does not pay most of it.
//
// Each frame is split where its time goes: the page times cursor sent → answer → mirror applied → redraw started
// → redrawn (src/renderer/editor/frame-clock.ts); the session's side (session.dragMove: solve + snapshot) is
// timed where it runs, in the worker or in this process. IPC is the round trip minus the session.

import { writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { chainDrawing } from '../../bench/cases/drawings';
import { sketchDrawing } from '../../bench/cases/sketch';
import type { Page } from 'playwright-core';
import type { SessionStatus } from '../../src/shared/contract';
import type { Drawing, Vec2 } from '../../src/shared/drawing';
import type {} from '../../src/renderer/debug-hook';
import type { FrameBreakdown } from '../../src/renderer/editor/frame-clock';
import { median as medianOf } from '../../bench/median';
import { BUDGET_MS } from '../../src/session/session';
import { barEnds } from './geometry';
import { openEditor, shutdown } from './harness';
import { bundleWorker } from './measure/bundle';
import { openWorkerEditor } from './measure/worker-page';
import {
  JSON_PREFIX,
  MOVES,
  type Bridge,
  type Figures,
  type Follow,
  type Hop,
  type MeasureLine,
} from './measure/protocol';
import { wallClock } from '../../src/shared/clock';

/** The traced second drag (tracing costs a little, so the timed drag runs without it). */
const TRACED_MOVES = 60;
/**
 * Chromium's own work after the page has drawn: style, layout, paint on the main thread, and the commit of the
 * frame to the compositor (which holds the main thread), then the compositor's raster of the changed tiles.
 */
/** The traced drag's categories: the timeline's, enough for the rendering figures. */
const TIMELINE = 'devtools.timeline,disabled-by-default-devtools.timeline';
/**
 * With --trace-out, also the main thread's tasks and V8's (scripts, GC) and the compositor's frames, so the saved
 * trace shows where a frame's time goes (open it in Chromium's DevTools, Performance ▸ Load profile).
 */
const FULL_TRACE = `${TIMELINE},toplevel,v8,disabled-by-default-v8.gc,blink,cc,disabled-by-default-devtools.timeline.frame`;

const RENDERING_EVENTS = [
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'RasterTask',
];

/** The page and its session, whichever bridge joins them. */
interface Target {
  page: Page;
  drawing(): Promise<Drawing>;
  status(): Promise<SessionStatus>;
  /** session.dragMove's times (solve + snapshot) since the last call, ms. */
  sessionMs(): Promise<number[]>;
  /** Marks each drag:move's trip in the trace (worker bridge; a no-op for CDP). */
  marks(on: boolean): Promise<void>;
  /** A bridge-specific line for the report. */
  note(): Promise<string>;
  close(): Promise<void>;
}

const ms = (v: number) => `${v.toFixed(2)} ms`;

/** The median, 0 for none (a figure that did not occur reads 0 in the measure's tables and its --json line). */
const median = (values: readonly number[]): number => (values.length ? medianOf(values) : 0);

/**
 * The IPC's share of a frame: per frame, its round trip minus the session's time for that move, when every move
 * made a frame (so they pair in order); else the difference of the medians. (The session's time is skewed — the
 * solver shares two cores with Chromium — so the difference of medians alone would misplace its tail.)
 */
function ipcMedian(frames: FrameBreakdown[], sessionMs: number[]): number {
  if (frames.length !== sessionMs.length)
    return Math.max(0, median(frames.map((f) => f.roundTrip)) - median(sessionMs));
  return median(frames.map((f, i) => f.roundTrip - sessionMs[i]));
}

/**
 * Presses at (x, y) and pulls along a widening half-turn curl (up, back along the chain, down: never out past the
 * chain's reach), one cursor about every 10 ms, then releases. Until 2026-11-23 12:40 the curl turned 0.03 rad a
 * move, so its last ~40 moves pulled the end out past the chain's reach: there the engine spends its whole
 * drag budget every frame straightening the chain (by design, see docs/editor.md), and those frames set the
 * median at 100 curves.
 */
async function pull(page: Page, [x, y]: Vec2, moves: number): Promise<void> {
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= moves; i++) {
    const a = i * (Math.PI / MOVES);
    await page.mouse.move(x - 0.6 * i * Math.sin(a), y - 0.6 * i * Math.cos(a));
    await page.waitForTimeout(8);
  }
  await page.mouse.up();
  await page.evaluate(() => window.__curvewrightDebug!.idle());
}

/** The follow pull's pace: 0.5 mm per display frame, as a hand pulls steadily, for FOLLOW_FRAMES (2 s at 60 Hz). */
const FOLLOW_MM = 0.5;
const FOLLOW_FRAMES = 120;
/** Caught up: the grabbed point drawn within this of the mouse (mm). */
const CAUGHT_UP_MM = 0.01;
/** How long the measure waits for the drawing to catch up after the mouse stops. */
const CATCH_UP_WAIT_MS = 5000;

/**
 * What the user sees while pulling steadily (docs/performance.md, "Following the mouse"): the mouse pressed on
 * `from` (drawing mm) and moved up 0.5 mm per display frame for 120 frames, then held still until the grabbed point is drawn on it (or 5 s), then
 * released. From the page's frames: answers per second that redrew moved curves, the grabbed point's distance
 * from the mouse as drawn, the time from the mouse stopping to the last answer it took to catch up.
 */
async function follow(page: Page, from: Vec2): Promise<Follow> {
  const toPage = (p: Vec2) => page.evaluate((q) => window.__curvewrightDebug!.toPage(q), p);
  const [x, y] = await toPage(from);
  const above = await toPage([from[0], from[1] - 1]);
  const pxPerMm = Math.hypot(above[0] - x, above[1] - y);
  const before = (await page.evaluate(() => window.__curvewrightDebug!.frames())).length;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // The moves are made in the page, one per animation frame, 0.5 mm each: a cursor every frame however busy the
  // page is (Playwright's mouse.move waits for the page to handle each, at most one per drawn frame). Each is the
  // pointermove a real mouse sends the canvas, at the same client coordinates.
  const pull = await page.evaluate(
    ({ x, y, dy, frames }) =>
      new Promise<{ stopped: number; elapsed: number; last: number }>((resolve) => {
        const host = document.getElementById('canvas')!;
        const move = (i: number) =>
          host.dispatchEvent(
            new PointerEvent('pointermove', {
              clientX: x,
              clientY: y - i * dy,
              buttons: 1,
              pointerId: 1,
              pointerType: 'mouse',
              isPrimary: true,
              bubbles: true,
            }),
          );
        const t0 = performance.now();
        let i = 0;
        const frame = () => {
          move(++i);
          if (i < frames) requestAnimationFrame(frame);
          else resolve({ stopped: performance.now(), elapsed: performance.now() - t0, last: y - i * dy });
        };
        requestAnimationFrame(frame);
      }),
    { x, y, dy: FOLLOW_MM * pxPerMm, frames: FOLLOW_FRAMES },
  );
  const stopped = pull.stopped;
  // Held still: the page's frames until one draws the grabbed point on the mouse (or the wait ends).
  const deadline = performance.now() + CATCH_UP_WAIT_MS;
  let frames: FrameBreakdown[] = [];
  for (;;) {
    frames = (await page.evaluate(() => window.__curvewrightDebug!.frames())).slice(before);
    const last = frames.at(-1);
    if (
      (last && last.at > stopped && last.lag !== null && last.lag <= CAUGHT_UP_MM) ||
      performance.now() > deadline
    )
      break;
    await page.waitForTimeout(20);
  }
  await page.mouse.move(x, pull.last);
  await page.mouse.up();
  await page.evaluate(() => window.__curvewrightDebug!.idle());
  return { ...followFigures(frames, stopped, pull.elapsed), seconds: pull.elapsed / 1000 };
}

/** The follow pull's figures from the page's frames (`stopped`: when the mouse stopped, the page's clock). */
function followFigures(frames: FrameBreakdown[], stopped: number, elapsed: number): Omit<Follow, 'seconds'> {
  const pulling = frames.filter((f) => f.at <= stopped);
  const span = elapsed / 1000;
  const visible = pulling.filter((f) => f.moved > 0).length;
  // (over the pull's own length: the answers drawn while the mouse moved)
  const lags = pulling.map((f) => f.lag ?? 0);
  const behind = frames.filter((f) => (f.lag ?? 0) > CAUGHT_UP_MM);
  const caught = frames.find((f) => f.at > stopped && f.lag !== null && f.lag <= CAUGHT_UP_MM);
  return {
    answers: pulling.length,
    visible: visible / span,
    idle: behind.filter((f) => f.moved === 0).length,
    behind: behind.length,
    lag: median(lags),
    lagMax: lags.length ? Math.max(...lags) : 0,
    catchUp: caught ? caught.at - stopped : Infinity,
  };
}

/** A trace event, as far as read here. */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { data?: { message?: string } };
}

/**
 * Chromium's rendering work per drag frame (ms, mean over a traced drag): what follows the page's own redraw
 * before the frame reaches the screen, and is not in the page's timing. The trace's events come back too.
 */
async function renderingPerFrame(
  page: Page,
  from: Vec2,
  categories: string,
): Promise<{ perFrame: Record<string, number>; events: TraceEvent[] }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories,
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
  return { perFrame: out, events };
}

/**
 * The worker bridge marks each drag:move's trip in the trace (console.timeStamp): the page posting the invoke and
 * taking the answer up (on its main thread), the worker posting the answer. Per trip, means in ms: its length on the
 * trace's clock, the part after the worker posted the answer, and how much of that part the page's main thread spent
 * on Chromium's rendering (style, layout, paint, commit), during which it cannot take the answer up. Null without
 * marks.
 */
function renderingInTrips(
  events: TraceEvent[],
): { trips: number; trip: number; back: number; rendering: number } | null {
  const stamp = (e: TraceEvent) => e.args?.data?.message ?? '';
  const marks = events
    .filter((e) => e.name === 'TimeStamp' && stamp(e).startsWith('curvewright:'))
    .sort((a, b) => a.ts - b.ts);
  const main = marks.find((e) => stamp(e) === 'curvewright:sent')?.tid;
  if (main === undefined) return null;
  const busy = events.filter(
    (e) =>
      e.tid === main &&
      e.ph === 'X' &&
      e.dur !== undefined &&
      RENDERING_EVENTS.includes(e.name) &&
      e.name !== 'RasterTask',
  );
  let trips = 0;
  let trip = 0;
  let back = 0;
  let rendering = 0;
  for (let i = 0; i + 2 < marks.length; i++) {
    const [sent, posted, arrived] = [marks[i], marks[i + 1], marks[i + 2]];
    if (stamp(sent) !== 'curvewright:sent' || stamp(posted) !== 'curvewright:posted') continue;
    if (stamp(arrived) !== 'curvewright:arrived') continue;
    trips++;
    trip += (arrived.ts - sent.ts) / 1000;
    back += (arrived.ts - posted.ts) / 1000;
    for (const e of busy)
      rendering += Math.max(0, Math.min(arrived.ts, e.ts + (e.dur ?? 0)) - Math.max(posted.ts, e.ts)) / 1000;
  }
  return trips ? { trips, trip: trip / trips, back: back / trips, rendering: rendering / trips } : null;
}

/** The e2e harness's bridge: the session in this process, the page's calls over Playwright's CDP binding. */
async function cdpTarget(drawing: Drawing): Promise<Target> {
  const editor = await openEditor({ drawing, width: 1400, height: 900, clock: wallClock });
  const { page, session } = editor;
  // Time the session's side of each move in this process: the handler calls session.dragMove. And what
  // Electron's IPC would do with each answer instead of the bridge: a structured clone (V8's serializer, as
  // ipcRenderer.invoke uses), both ends timed here.
  let sessionMs: number[] = [];
  let cloneMs: number[] = [];
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
  return {
    page,
    drawing: async () => session.drawing,
    status: async () => session.snapshot(false).status,
    sessionMs: async () => {
      const out = sessionMs;
      sessionMs = [];
      return out;
    },
    marks: async () => {},
    note: async () => {
      const out = `Electron's IPC would clone the answer instead (structured clone, both ends): ${ms(median(cloneMs))}`;
      cloneMs = [];
      return out;
    },
    close: async () => {
      await editor.close();
      await shutdown();
    },
  };
}

/** The session in a Web Worker of the page, invokes and answers by postMessage (test/e2e/measure). */
async function workerTarget(drawing: Drawing, worker: string): Promise<Target> {
  const editor = await openWorkerEditor({ drawing, width: 1400, height: 900, worker });
  let handlerMs: number[] = [];
  let hops: Hop[] = [];
  return {
    page: editor.page,
    drawing: () => editor.control('drawing'),
    status: () => editor.control('status'),
    sessionMs: async () => {
      const timings = await editor.control('timings');
      handlerMs = timings.handler;
      hops = await editor.hops();
      return timings.session;
    },
    marks: async (on) => {
      await editor.page.evaluate((flag) => {
        window.__curvewrightMarks = flag;
      }, on);
    },
    note: async () => {
      const echo = median(await editor.echo(drawing.curves.length, 100));
      const errors = editor.errors.length ? `; page errors: ${editor.errors.join(' | ')}` : '';
      // Means, which add up (medians of skewed parts do not): the trip = there + in the worker + back.
      const mean = (f: (h: Hop) => number) =>
        hops.reduce((sum, h) => sum + f(h), 0) / Math.max(1, hops.length);
      return (
        `IPC trips (${hops.length}), means: page → worker → page ${ms(mean((h) => h.arrived - h.sent))} = ` +
        `there ${ms(mean((h) => h.received - h.sent))} (clone, hop, the worker's queue) + ` +
        `in the worker ${ms(mean((h) => h.posted - h.received))} (gate + session.dragMove + posting) + ` +
        `back ${ms(mean((h) => h.arrived - h.posted))} (clone, hop, waiting for the page's main thread); ` +
        `the bare crossing at rest (an invoke answered at once with an answer this size, median of 100): ${ms(echo)}; ` +
        `medians: there ${ms(median(hops.map((h) => h.received - h.sent)))}, in the worker ` +
        `${ms(median(handlerMs))}, back ${ms(median(hops.map((h) => h.arrived - h.posted)))}${errors}`
      );
    },
    close: () => editor.close(),
  };
}

/**
 * What is dragged: a chain of N bars by its free end, or a sketch of N mixed constraints by a tangent line's end; or
 * (`data`) the chain over a point set of 100,000 points spread across it (issue 30: the data marks are drawn on the
 * curves layer, so every drag frame redraws them all).
 */
type DrawingKind = 'chain' | 'sketch' | 'data';

/** Points of the data drawing's set. */
const DATA_POINTS = 100_000;

function drawingOf(kind: DrawingKind, n: number): Drawing {
  if (kind === 'sketch') return sketchDrawing(n);
  const drawing = chainDrawing(n);
  if (kind === 'data') drawing.pointSets = [{ id: 'data', name: 'Scan', points: spreadOver(drawing) }];
  return drawing;
}

/** DATA_POINTS points on a grid over the box of the chain's bar ends (all on screen once the view is fitted). */
function spreadOver(drawing: Drawing): Vec2[] {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const c of drawing.curves)
    if (c.kind === 'bar')
      for (const [x, y] of barEnds(c)) {
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.max(box[2], x);
        box[3] = Math.max(box[3], y);
      }
  const columns = 400;
  const rows = DATA_POINTS / columns;
  return Array.from({ length: DATA_POINTS }, (_, i): Vec2 => [
    box[0] + ((box[2] - box[0]) * (i % columns)) / (columns - 1),
    box[1] + ((box[3] - box[1]) * Math.floor(i / columns)) / (rows - 1),
  ]);
}

/** The point pulled, in drawing mm: the chain's last bar's free end, or the end of the sketch's first tangent line. */
function grabbedEnd(drawing: Drawing, kind: DrawingKind): Vec2 {
  const grabbed = kind === 'sketch' ? drawing.curves.find((c) => c.id === 'c0-touch') : drawing.curves.at(-1);
  if (grabbed?.kind === 'bar') return barEnds(grabbed)[1];
  if (grabbed?.kind === 'segment') return grabbed.b;
  throw new Error(`no ${kind}`);
}

/** The point pulled now, in page pixels. */
async function freeEnd(target: Target, kind: DrawingKind): Promise<Vec2> {
  const end = grabbedEnd(await target.drawing(), kind);
  return target.page.evaluate((q) => window.__curvewrightDebug!.toPage(q), end);
}

/** The follow pull's view: the grabbed end in the middle, 4 px a mm (a 0.5 mm move is 2 px). */
const FOLLOW_ZOOM = 4;

async function measure(
  n: number,
  bridge: Bridge,
  worker: string,
  kind: DrawingKind,
  traceOut: string | null,
): Promise<Figures> {
  const drawing = drawingOf(kind, n);
  const end = grabbedEnd(drawing, kind);
  // Opened zoomed in on the grabbed end (the saved view is taken up), for the follow pull; then fitted.
  drawing.view = { center: [...end], zoom: FOLLOW_ZOOM };
  const target = bridge === 'worker' ? await workerTarget(drawing, worker) : await cdpTarget(drawing);
  const { page } = target;
  try {
    const followed = await follow(page, end);
    await target.sessionMs(); // the follow pull's, not in the frame figures
    console.log(
      `${kind} N = ${n}, ${bridge} bridge, following the mouse (pulled ${FOLLOW_MM} mm per display frame for ` +
        `${FOLLOW_FRAMES} frames, ${followed.seconds.toFixed(2)} s, then held): ${followed.visible.toFixed(1)} visible updates/s ` +
        `(${followed.answers} answers drawn while pulling, a move per display frame, ${(FOLLOW_FRAMES / followed.seconds).toFixed(1)} frames/s); the grabbed point ${followed.lag.toFixed(2)} mm from the ` +
        `mouse at the median, ${followed.lagMax.toFixed(2)} mm at most; answers that moved nothing while behind: ` +
        `${followed.idle} of ${followed.behind}; caught up (≤ ${CAUGHT_UP_MM} mm) ` +
        `${Number.isFinite(followed.catchUp) ? ms(followed.catchUp) : `not within ${CATCH_UP_WAIT_MS} ms`} after the mouse stopped`,
    );
    await page.keyboard.press('f');
    const before = (await page.evaluate(() => window.__curvewrightDebug!.frames())).length;
    await pull(page, await freeEnd(target, kind), MOVES);
    const frames = (await page.evaluate(() => window.__curvewrightDebug!.frames())).slice(before);
    const sessionMs = await target.sessionMs();
    const solve = await target.status();
    const pick = (key: Exclude<keyof FrameBreakdown, 'lag'>) => median(frames.map((f) => f[key]));
    const totals = frames.map((f) => f.total).sort((a, b) => a - b);
    const sessionMedian = median(sessionMs);
    const solveMedian = pick('solve');
    const caughtUp = frames.filter((f) => f.solve < BUDGET_MS.dragFrame).map((f) => f.total);
    const figures: Omit<Figures, 'rendering'> = {
      frame: median(totals),
      p90: totals[Math.floor(0.9 * (totals.length - 1))],
      p95: totals[Math.floor(0.95 * (totals.length - 1))],
      caughtUp: median(caughtUp),
      session: sessionMedian,
      ipc: ipcMedian(frames, sessionMs),
      apply: pick('apply'),
      wait: pick('wait'),
      draw: pick('draw'),
      fitVisible: frames.filter((f) => f.moved > 0).length,
      ...followed,
    };
    console.log(
      `${kind} N = ${n}, ${bridge} bridge: ${frames.length} drag frames (${sessionMs.length} moves solved), cursor → IPC → ` +
        `solve → snapshot → Konva redraw: median ${ms(figures.frame)}, p90 ${ms(figures.p90)}, ` +
        `p95 ${ms(figures.p95)}, ` +
        `best ${ms(totals[0])}; max residual ${solve.maxResidual.toExponential(1)}\n` +
        `  medians (of skewed parts: they need not add up): round trip ${ms(pick('roundTrip'))}; session ` +
        `${ms(sessionMedian)} (solve ${ms(solveMedian)}, snapshot ${ms(Math.max(0, sessionMedian - solveMedian))}); ` +
        `IPC ${ms(figures.ipc)} (per frame: round trip − session); ` +
        `apply ${ms(figures.apply)}; wait for a frame ${ms(figures.wait)}; redraw ${ms(figures.draw)}\n` +
        `  ${budgetLine(frames, caughtUp.length ? figures.caughtUp : null)}; answers that redrew moved curves: ` +
        `${figures.fitVisible} of ${frames.length}\n` +
        `  ${await target.note()}`,
    );
    await target.marks(true);
    const { perFrame: rendering, events } = await renderingPerFrame(
      page,
      await freeEnd(target, kind),
      traceOut ? FULL_TRACE : TIMELINE,
    );
    if (traceOut) {
      const file = traceOut.replace(/(\.json)?$/, `-${kind}-${n}-${bridge}-${Date.now()}.json`);
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
      console.log(`  the traced drag's trace: ${file}`);
    }
    await target.marks(false);
    await target.sessionMs(); // the traced drag's, not reported
    const sum = Object.values(rendering).reduce((a, b) => a + b, 0);
    console.log(
      `  then Chromium renders the frame (traced drag, mean per frame, not in the figures above): ${ms(sum)} = ` +
        Object.entries(rendering)
          .map(([name, v]) => `${name} ${v.toFixed(2)}`)
          .join(', '),
    );
    const inTrips = renderingInTrips(events);
    if (inTrips)
      console.log(
        `  traced trips (${inTrips.trips}), means: page → worker → page ${ms(inTrips.trip)}; from the worker's ` +
          `answer to the page taking it up ${ms(inTrips.back)}, of which the page's main thread was rendering ` +
          `(style, layout, paint, commit) ${ms(inTrips.rendering)}`,
      );
    return { ...figures, rendering: sum };
  } finally {
    await target.close();
  }
}

/**
 * How many frames' solves ran out the session's drag budget (BUDGET_MS.dragFrame: the engine stops there and the
 * chain follows on later frames), and `caughtUp`, the median frame of the others, where the solve caught up with
 * the cursor (null if none did).
 */
function budgetLine(frames: FrameBreakdown[], caughtUp: number | null): string {
  const bound = frames.filter((f) => f.solve >= BUDGET_MS.dragFrame);
  return (
    `frames whose solve ran out the ${BUDGET_MS.dragFrame} ms drag budget: ${bound.length} of ${frames.length}` +
    (caughtUp === null ? '' : `; the others' median frame ${ms(caughtUp)}`)
  );
}

function parseArgs(argv: string[]): {
  bridges: Bridge[];
  runs: number;
  sizes: number[];
  json: boolean;
  kind: DrawingKind;
  traceOut: string | null;
} {
  let bridges: Bridge[] = ['worker'];
  let runs = 1;
  let json = false;
  let kind: DrawingKind = 'chain';
  let traceOut: string | null = null;
  const sizes: number[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') json = true;
    else if (arg === '--trace-out') traceOut = argv[++i] ?? null;
    else if (arg === '--drawing') {
      const value = argv[++i];
      if (value !== 'chain' && value !== 'sketch' && value !== 'data')
        throw new Error(`--drawing: chain, sketch or data, not ${JSON.stringify(value)}`);
      kind = value;
    } else if (arg === '--bridge') {
      const value = argv[++i];
      if (value === 'both') bridges = ['worker', 'cdp'];
      else if (value === 'worker' || value === 'cdp') bridges = [value];
      else throw new Error(`--bridge: worker, cdp or both, not ${JSON.stringify(value)}`);
    } else if (arg === '--runs') {
      runs = Number(argv[++i]);
      if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a positive whole number');
    } else {
      const n = Number(arg);
      if (!Number.isInteger(n) || n < 2) throw new Error(`not a chain size: ${JSON.stringify(arg)}`);
      sizes.push(n);
    }
  }
  return { bridges, runs, sizes: sizes.length ? sizes : [100, 1000], json, kind, traceOut };
}

/** "lo–hi (median)" of one figure over the runs. */
function spread(values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 1
    ? s[0].toFixed(2)
    : `${s[0].toFixed(2)}–${s[s.length - 1].toFixed(2)} (${median(s).toFixed(2)})`;
}

async function main(): Promise<void> {
  const { bridges, runs, sizes, json, kind, traceOut } = parseArgs(process.argv.slice(2));
  const worker = bridges.includes('worker') ? await bundleWorker() : '';
  const results = new Map<string, Figures[]>();
  // Runs alternate between sizes and bridges, so a noisy spell of the machine spreads over all of them.
  for (let run = 1; run <= runs; run++)
    for (const n of sizes)
      for (const bridge of bridges) {
        const key = `${n} ${bridge}`;
        results.set(key, [...(results.get(key) ?? []), await measure(n, bridge, worker, kind, traceOut)]);
      }
  if (runs > 1 || bridges.length > 1) {
    const columns: (keyof Figures)[] = [
      'frame',
      'p90',
      'p95',
      'caughtUp',
      'session',
      'ipc',
      'apply',
      'wait',
      'draw',
      'rendering',
      'visible',
      'lag',
      'lagMax',
      'idle',
      'catchUp',
    ];
    console.log(`\nmedians per run, ms: lowest–highest (median of the ${runs} runs)`);
    console.log(`| N | bridge | ${columns.join(' | ')} |`);
    for (const [key, list] of results) {
      const [n, bridge] = key.split(' ');
      console.log(`| ${n} | ${bridge} | ${columns.map((c) => spread(list.map((f) => f[c]))).join(' | ')} |`);
    }
  }
  // For `npm run bench` (bench/cases/editor-frame.ts): one line per size and bridge, each figure's median over
  // the runs.
  if (json)
    for (const [key, list] of results) {
      const [n, bridge] = key.split(' ');
      const figures = Object.fromEntries(
        (Object.keys(list[0]) as (keyof Figures)[]).map((k) => [k, median(list.map((f) => f[k]))]),
      ) as unknown as Figures;
      const line: MeasureLine = { n: Number(n), bridge: bridge as Bridge, runs: list.length, ...figures };
      console.log(`${JSON_PREFIX}${JSON.stringify(line)}`);
    }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
