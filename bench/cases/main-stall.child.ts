// One process of the main-stall measure (bench/cases/main-stall.ts): main's event loop while a hand pulls a chain
// of n bars, drag:move messages arriving at 60 Hz as the window sends them (one in flight at a time, as the
// editor's drag loop keeps it). Two ways main can hold the session:
//   process     — as the app runs it: the session in a process of its own (src/session/host; a Node child process
//                 here, Electron's utilityProcess in the app), the drawing opened as File ▸ Open does; main
//                 forwards each message and passes the answer on (v8's serializer, the structured clone Electron's
//                 IPC uses, stands in for the crossing to the window).
//   in-process  — the session in main's own event loop (before issue 19): each message checked by the contract's
//                 schema, the session's drag frame, the answer serialised the same way.
// A 1 ms heartbeat timer records how late the event loop ran it: the longest lateness is the longest any other
// event (a menu, a window move, the next message) waited. Prints MAIN_STALL_LINE + JSON.
//   node <bundle> <n> <mode> [<bundled process entry>]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { serialize } from 'node:v8';
import { saveDrawingFile } from '../../src/document/file-io';
import { Session } from '../../src/session/session';
import { SessionLink } from '../../src/session/host/session-link';
import { startNodeSession } from '../../src/session/host/start-process';
import type { MainUi } from '../../src/session/host/protocol';
import { invokeChannels } from '../../src/shared/contract';
import type { Vec2 } from '../../src/shared/drawing';
import { median } from '../median';
import { chainDrawing, chainJoints } from './drawings';

export const MAIN_STALL_LINE = 'main-stall ';
const FRAMES = 240;
const WARMUP_FRAMES = 20;
const STEP_MM = 0.5;

/** A drag:move as main handles it: the answer's round trip, ms. */
type Handle = (cursor: Vec2) => Promise<number>;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function inProcess(n: number, end: Vec2): Promise<{ handle: Handle; stop(): Promise<void> }> {
  const session = new Session({ warmUp: false });
  session.replaceDrawing(chainDrawing(n), null);
  session.dragStart(`b${n - 1}`, 1, end);
  const handle: Handle = async (cursor) => {
    const t = performance.now();
    const request = invokeChannels['drag:move'].request.parse(
      JSON.parse(JSON.stringify({ cursor })),
      'payload',
    );
    serialize(session.dragMove(request.cursor));
    return performance.now() - t;
  };
  return { handle, stop: async () => void session.dragEnd() };
}

async function inProcessOfItsOwn(
  n: number,
  end: Vec2,
  entry: string,
): Promise<{ handle: Handle; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'cw-main-stall-'));
  const refuse = () => Promise.reject(new Error('no dialogs in the measure'));
  const ui = {
    askSaveChanges: refuse,
    askOverwrite: refuse,
    askReload: refuse,
    pickOpenPath: refuse,
    pickImportPath: refuse,
    askImportOptions: refuse,
    pickImagePath: refuse,
    pickSavePath: refuse,
    askRecovery: refuse,
  };
  const child = startNodeSession(entry, {
    recoveryDir: join(dir, 'recovery'),
    examples: [],
    autosaveKey: 'window-1',
  });
  const client = new SessionLink(child.port, {
    ui: { ...ui, showError: (message: string) => process.stderr.write(`${message}\n`) } as MainUi,
    event: (_channel, payload) => serialize(payload),
    touched: () => undefined,
    stateChanged: () => undefined,
  });
  await client.ready;
  const file = join(dir, 'chain.curvewright');
  await saveDrawingFile(file, chainDrawing(n));
  if (!(await client.open(file))) throw new Error('the chain did not open');
  await sleep(2000); // the warm-up after the open (src/session/warm-up.ts) runs its course
  const started = await client.invoke('drag:start', { curve: `b${n - 1}`, u: 1, cursor: end });
  if (!started.ok) throw new Error(started.error);
  const handle: Handle = async (cursor) => {
    const t = performance.now();
    const answer = await client.invoke('drag:move', { cursor });
    if (!answer.ok) throw new Error(answer.error);
    serialize(answer.value);
    return performance.now() - t;
  };
  return {
    handle,
    stop: async () => {
      await client.invoke('drag:end', undefined);
      const ended = new Promise<void>((resolve) => child.onExit(() => resolve()));
      child.kill();
      await ended;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const n = Number(process.argv[2]);
  const mode = process.argv[3];
  const end = chainJoints(n)[n];
  const { handle, stop } =
    mode === 'process' ? await inProcessOfItsOwn(n, end, process.argv[4]) : await inProcess(n, end);
  const cursorAt = (f: number): Vec2 => {
    const a = Math.max(0, f - WARMUP_FRAMES) * 0.01;
    return [end[0] + STEP_MM * f * Math.cos(a), end[1] + STEP_MM * f * Math.sin(a)];
  };
  // Warm-up frames first (V8 compiling): the measure is of the drag in progress.
  for (let f = 1; f <= WARMUP_FRAMES; f++) await handle(cursorAt(f));

  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let lastBeat = performance.now();
  let worstLate = 0;
  const heartbeat = setInterval(() => {
    const t = performance.now();
    worstLate = Math.max(worstLate, t - lastBeat - 1);
    lastBeat = t;
  }, 1);
  histogram.enable();
  const busyBefore = performance.eventLoopUtilization();
  const handled: number[] = [];
  let skipped = 0;
  await new Promise<void>((done, fail) => {
    let f = WARMUP_FRAMES;
    let inFlight = false;
    const message = setInterval(() => {
      f++;
      if (f > WARMUP_FRAMES + FRAMES) {
        if (inFlight) return;
        clearInterval(message);
        return done();
      }
      // The window keeps one drag:move in flight: a cursor that moves meanwhile waits for the answer.
      if (inFlight) return void skipped++;
      inFlight = true;
      handle(cursorAt(f)).then((ms) => {
        handled.push(ms);
        inFlight = false;
      }, fail);
    }, 1000 / 60);
  });
  histogram.disable();
  // How much of the time main's loop was busy (its own work: the messages, their clones, the heartbeat): what is
  // not is the OS running something else — on a shared machine, the delays beyond main's own work.
  const busy = performance.eventLoopUtilization(busyBefore).utilization;
  clearInterval(heartbeat);
  await stop();
  const sorted = [...handled].sort((x, y) => x - y);
  process.stdout.write(
    `${MAIN_STALL_LINE}${JSON.stringify({
      mode,
      frames: handled.length,
      skipped,
      handlerMedianMs: median(handled),
      handlerP95Ms: sorted[Math.floor(0.95 * (sorted.length - 1))],
      handlerMaxMs: sorted[sorted.length - 1],
      loopDelayMaxMs: histogram.max / 1e6,
      loopDelayP99Ms: histogram.percentile(99) / 1e6,
      heartbeatLateMaxMs: worstLate,
      busy,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
});
