// One process of the main-stall measure (bench/cases/main-stall.ts): the session as Electron's main process runs
// it, its engine in the same thread, driven by drag:move messages at 60 Hz as the window sends them while a hand
// pulls a chain of n bars. Each message is handled as main handles an invoke: the request checked by the
// contract's schema, the session's drag frame, the snapshot serialised (JSON stands in for the structured clone).
// A 1 ms heartbeat timer records how late the event loop ran it: the longest lateness is the longest any other
// event (a menu, a window move, an autosave, the next message) waited. Prints MAIN_STALL_LINE + JSON.
//   node <bundle> <n>

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Session } from '../../src/session/session';
import { invokeChannels } from '../../src/shared/contract';
import type { Vec2 } from '../../src/shared/drawing';
import { median } from '../median';
import { chainDrawing, chainJoints } from './drawings';

export const MAIN_STALL_LINE = 'main-stall ';
const FRAMES = 240;
const WARMUP_FRAMES = 20;
const STEP_MM = 0.5;

async function main(): Promise<void> {
  const n = Number(process.argv[2]);
  const session = new Session({ warmUp: false });
  session.replaceDrawing(chainDrawing(n), null);
  const end = chainJoints(n)[n];
  session.dragStart(`b${n - 1}`, 1, end);
  const handle = (cursor: Vec2): number => {
    const t = performance.now();
    const request = invokeChannels['drag:move'].request.parse(
      JSON.parse(JSON.stringify({ cursor })),
      'payload',
    );
    JSON.stringify(session.dragMove(request.cursor));
    return performance.now() - t;
  };
  // Warm-up frames first (V8 compiling): the measure is of the drag in progress.
  for (let f = 1; f <= WARMUP_FRAMES; f++) handle([end[0] + STEP_MM * f, end[1]]);

  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let lastBeat = performance.now();
  let worstLate = 0;
  const heartbeat = setInterval(() => {
    const t = performance.now();
    worstLate = Math.max(worstLate, t - lastBeat - 1);
    lastBeat = t;
  }, 1);
  histogram.enable();
  const handled: number[] = [];
  await new Promise<void>((done) => {
    let f = WARMUP_FRAMES;
    const message = setInterval(() => {
      f++;
      const a = (f - WARMUP_FRAMES) * 0.01;
      handled.push(handle([end[0] + STEP_MM * f * Math.cos(a), end[1] + STEP_MM * f * Math.sin(a)]));
      if (f >= WARMUP_FRAMES + FRAMES) {
        clearInterval(message);
        done();
      }
    }, 1000 / 60);
  });
  histogram.disable();
  clearInterval(heartbeat);
  session.dragEnd();
  const sorted = [...handled].sort((x, y) => x - y);
  process.stdout.write(
    `${MAIN_STALL_LINE}${JSON.stringify({
      frames: FRAMES,
      handlerMedianMs: median(handled),
      handlerMaxMs: sorted[sorted.length - 1],
      loopDelayMaxMs: histogram.max / 1e6,
      loopDelayP99Ms: histogram.percentile(99) / 1e6,
      heartbeatLateMaxMs: worstLate,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
});
