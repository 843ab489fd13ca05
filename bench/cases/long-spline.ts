// One spline of N points (issue 19, "Splines at linear cost"): its file opened and checked as `curvewright check`
// does it (the bytes decoded and validated, the engine built, the drawing diagnosed), then the editor's drag frame
// (drag-frame.ts) with the spline pulled by its end. The headline is the editor frame's median (wall clock); the
// CPU column is the session's share of a frame; the open and check is the set-up column.
import { decodeDrawingDocument } from '../../src/document/file-io';
import { serializeDrawing } from '../../src/document/serialize';
import { Engine } from '../../src/engine';
import { Session } from '../../src/session/session';
import { cpuNow, median, now } from '../measure';
import type { BenchCase, CaseResult } from '../types';
import { dragFrames } from './drag-frame';
import { longSplineDrawing } from './drawings';

const CHECK_RUNS = 3;
const SESSION_FRAMES = 40;

/**
 * CPU ms of the session's share of a drag frame (the engine's step within its budget and the snapshot of what
 * moved), median: on a shared machine the steadier figure of the work itself.
 */
function sessionFrameCpu(n: number): number {
  const session = new Session({ drawing: longSplineDrawing(n) });
  const end = Engine.build(session.drawing).pointAt('long', 1);
  session.dragStart('long', 1, end);
  const times: number[] = [];
  for (let f = 1; f <= SESSION_FRAMES; f++) {
    const t = cpuNow();
    session.dragMove([end[0] + 0.5 * f, end[1] + 0.3 * f]);
    if (f > 10) times.push(cpuNow() - t);
  }
  session.dragEnd();
  return median(times);
}

/** ms to decode, validate, build and diagnose the file's bytes. */
function openAndCheck(bytes: Uint8Array): number {
  const t = now();
  const { drawing } = decodeDrawingDocument('long-spline.curvewright', bytes);
  const diagnostics = Engine.build(drawing).diagnostics();
  if (diagnostics.dof <= 0) throw new Error('the long spline should be free to move');
  return now() - t;
}

function run(n: number): CaseResult {
  const bytes = new TextEncoder().encode(serializeDrawing(longSplineDrawing(n)));
  const checks: number[] = [];
  for (let r = 0; r < CHECK_RUNS; r++) checks.push(openAndCheck(bytes));
  const frames = dragFrames(longSplineDrawing(n), 'long', 2);
  return {
    ...frames,
    cpuMs: sessionFrameCpu(n),
    setupMs: checks[0],
    note: `open + check: first ${checks[0].toFixed(0)} ms, median of ${CHECK_RUNS} ${median(checks).toFixed(0)} ms (${(bytes.length / 1e6).toFixed(1)} MB); cpu ms: the session's frame (engine + snapshot); editor frame ${frames.note ?? ''}`,
  };
}

export const longSplineCase: BenchCase = {
  name: 'long-spline',
  title: 'One N-point spline: open + check its file (set-up), then an editor drag frame by its end (median)',
  sizes: [10000],
  run,
};
