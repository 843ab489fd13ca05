// One fresh process of the open-big measure (open-big.ts): opens the file given as File ▸ Open does in the session
// thread (its bytes read, decoded and checked, the session's engine built, its full snapshot serialised), then drags
// the curve given at u = 1 toward the cursor given over FRAMES frames, ends the drag, and renames that curve (an
// edit: the session builds its engine again). A fresh process, so its peak resident set is this drawing's alone.
// Prints one line: OPEN_BIG_LINE + JSON (OpenBigRun).
//   node <bundle> <file> <curve> <x> <y>

import { readFileSync } from 'node:fs';
import { decodeDrawing } from '../../src/document/file-io';
import { curvePoint } from '../../src/engine';
import { Session } from '../../src/session/session';
import type { Vec2 } from '../../src/shared/drawing';
import { cpuNow, heapUsed, median, now } from '../measure';
import { OPEN_BIG_LINE, type OpenBigRun } from './open-big.protocol';

const FRAMES = 20;
const MB = 2 ** 20;

/** The process's peak resident set so far, MB. */
function peakRss(): number {
  return (process.resourceUsage().maxRSS * 1024) / MB;
}

function main(): void {
  const [file, curve, x, y] = process.argv.slice(2);
  const to: Vec2 = [Number(x), Number(y)];
  let t = now();
  const cpu = cpuNow();
  const bytes = readFileSync(file);
  const drawing = decodeDrawing(file, bytes);
  const session = new Session({ snapshotsSentAtOnce: true, warmUp: false }); // as the session thread runs it
  const opened = session.replaceDrawing(drawing, file, { owned: true }); // as File ▸ Open hands it over
  JSON.stringify(opened);
  const openMs = now() - t;
  const openCpuMs = cpuNow() - cpu;
  const openRssMb = peakRss();
  const heapMb = heapUsed() / MB;
  const record = session.drawing.curves.find((c) => c.id === curve)!;
  const from = curvePoint(record, session.drawing, 1);
  const cursor = (f: number): Vec2 => [
    from[0] + (f / FRAMES) * (to[0] - from[0]),
    from[1] + (f / FRAMES) * (to[1] - from[1]),
  ];
  t = now();
  session.dragStart(curve, 1, from);
  session.dragMove(cursor(1));
  const firstFrameMs = now() - t;
  const later: number[] = [];
  for (let f = 2; f <= FRAMES; f++) {
    t = now();
    session.dragMove(cursor(f));
    later.push(now() - t);
  }
  t = now();
  const ended = session.dragEnd();
  const dragEndMs = now() - t;
  const dragRssMb = peakRss();
  t = now();
  session.edit({ type: 'rename', id: curve, name: 'renamed' });
  const editMs = now() - t;
  const run: OpenBigRun = {
    openMs,
    openCpuMs,
    firstFrameMs,
    laterFrameMs: median(later),
    frames: FRAMES,
    dragEndMs,
    editMs,
    openRssMb,
    dragRssMb,
    editRssMb: peakRss(),
    heapMb,
    residual: ended.status?.maxResidual ?? opened.status.maxResidual,
    dof: opened.status.dof,
    fileMb: bytes.length / 1e6,
  };
  process.stdout.write(`${OPEN_BIG_LINE}${JSON.stringify(run)}\n`);
}

main();
