// The same drag, solved by the session alone (no page, no IPC): the chain's free end pulled in small steps along a
// curl, each step one session.dragMove. Small steps so that every frame catches up inside the drag budget: the
// work is then the same sequence of steps wherever it runs, and its time compares the JavaScript engines (Node's
// V8 against Chromium's in a Web Worker). Used by test/e2e/measure/solve-compare.ts.

import { chainDrawing } from '../../../bench/cases/drawings';
import { Session } from '../../../src/session/session';
import type { Vec2 } from '../../../src/shared/drawing';
import { barEnds } from '../geometry';

export interface ProbeResult {
  /** Each dragMove's time, ms (performance.now: 100 µs steps in a Chromium worker, finer in Node). */
  moveMs: number[];
  /** The engine's own frame times (snapshot.status.frameMs). */
  frameMs: number[];
  /** The whole loop of moves, ms (one clock reading at each end). */
  totalMs: number;
  /** Max residual after the last move (the same in both places if the work was the same). */
  residual: number;
  /** The last bar's centre after the drag (ditto). */
  end: Vec2;
}

export function runProbe(n: number, moves: number, step: number): ProbeResult {
  const session = new Session({ drawing: chainDrawing(n) });
  const last = session.drawing.curves.at(-1);
  if (!last || last.kind !== 'bar') throw new Error('no chain');
  const [x, y] = barEnds(last)[1];
  session.dragStart(last.id, 1, [x, y]);
  const moveMs: number[] = [];
  const frameMs: number[] = [];
  const start = performance.now();
  for (let i = 1; i <= moves; i++) {
    const a = i * 0.03;
    const t = performance.now();
    const snapshot = session.dragMove([x - step * i * Math.sin(a), y + step * i * Math.cos(a)]);
    moveMs.push(performance.now() - t);
    frameMs.push(snapshot.status.frameMs);
  }
  const totalMs = performance.now() - start;
  const status = session.dragEnd().status;
  const bar = session.drawing.curves.at(-1);
  return {
    moveMs,
    frameMs,
    totalMs,
    residual: status.maxResidual,
    end: bar && bar.kind === 'bar' ? bar.center : [NaN, NaN],
  };
}
