// One fresh process of the first-drag measure (bench/cases/first-drag.ts): V8 compiles per process, so only a new
// process shows the first drag's cost. Opens the chain of n bars through the session as File ▸ Open does (the
// file's text parsed, then replaceDrawing), lets the warm-up run to its end (or, with `cold`, has none: one idle
// macrotask all the same), then times the first drag frame — dragStart and the first dragMove — and the frames
// after it. Prints one line: FIRST_DRAG_LINE + JSON (FirstDragRun, first-drag.protocol.ts).
//   node <bundle> <n> warm|cold

import { serializeDrawing } from '../../src/document/serialize';
import { parseDrawingText } from '../../src/document/validate';
import { Session } from '../../src/session/session';
import { nextMacrotask, type Scheduler } from '../../src/session/warm-up';
import type { Vec2 } from '../../src/shared/drawing';
import { median } from '../median';
import { chainDrawing, chainJoints } from './drawings';
import { FIRST_DRAG_LINE, LATER_FRAMES, type FirstDragRun } from './first-drag.protocol';

const STEP_MM = 0.5;
/** Idle time between the open (and its warm-up) and the first drag, ms, in both modes. */
const IDLE_MS = 100;

async function main(): Promise<void> {
  const n = Number(process.argv[2]);
  const mode = process.argv[3] === 'cold' ? 'cold' : 'warm';
  const text = serializeDrawing(chainDrawing(n));
  const slices: number[] = [];
  const timed: Scheduler = (slice) =>
    nextMacrotask(() => {
      const t = performance.now();
      slice();
      slices.push(performance.now() - t);
    });
  const session = new Session({ warmUp: mode === 'warm' ? timed : false });
  let t = performance.now();
  session.replaceDrawing(parseDrawingText(text), null);
  const openMs = performance.now() - t;
  t = performance.now();
  if (mode === 'warm') await session.warmUp!.finished;
  else await new Promise((done) => setImmediate(done));
  const warmUpMs = mode === 'warm' ? performance.now() - t : 0;
  // No hand drags within a tenth of a second of the drawing appearing; V8 finishes compiling in the background.
  await new Promise((done) => setTimeout(done, IDLE_MS));
  // The chain's free end, from its closed form: building an engine to ask would warm the build.
  const end = chainJoints(n)[n];
  const cursor = (f: number): Vec2 => [end[0] + STEP_MM * f, end[1] + STEP_MM * f * 0.2];
  t = performance.now();
  session.dragStart(`b${n - 1}`, 1, end);
  const startMs = performance.now() - t;
  t = performance.now();
  session.dragMove(cursor(1));
  const firstMoveMs = performance.now() - t;
  const later: number[] = [];
  for (let f = 2; f <= LATER_FRAMES + 1; f++) {
    t = performance.now();
    session.dragMove(cursor(f));
    later.push(performance.now() - t);
  }
  session.dragEnd();
  const run: FirstDragRun = {
    mode,
    openMs,
    warmUpMs,
    slices: slices.length,
    longestSliceMs: Math.max(0, ...slices),
    firstMs: startMs + firstMoveMs,
    startMs,
    firstMoveMs,
    laterMs: median(later),
  };
  process.stdout.write(`${FIRST_DRAG_LINE}${JSON.stringify(run)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`first-drag: ${(error as Error).message}\n`);
  process.exitCode = 1;
});
