// Opening a huge drawing (issue 19's target: 100,000 constraints open in under 2 s and under 1 GB): the file's
// bytes read from disk, decoded and checked (JSON, schema, references), the session's engine built, and the full
// snapshot the window receives serialised — what File ▸ Open does in main before the window can draw it.
// The drawing: a chain of N bars (N constraints: a pin and N − 1 attachments), written once to a temporary file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeDrawing } from '../../src/document/file-io';
import { serializeDrawing } from '../../src/document/serialize';
import { Session } from '../../src/session/session';
import { heapUsed, median, now } from '../measure';
import type { BenchCase, CaseResult } from '../types';
import { chainDrawing } from './drawings';

const RUNS = 3;

function run(n: number): CaseResult {
  const dir = mkdtempSync(join(tmpdir(), 'cw-bench-open-'));
  try {
    const file = join(dir, 'huge.curvewright');
    writeFileSync(file, serializeDrawing(chainDrawing(n)));
    const times: number[] = [];
    let bytes = 0;
    let heap = 0;
    let rss = 0;
    let residual = 0;
    for (let r = 0; r < RUNS; r++) {
      const before = heapUsed();
      const t0 = now();
      const data = readFileSync(file);
      const drawing = decodeDrawing(file, data);
      const session = new Session({ snapshotsSentAtOnce: true }); // as the session's process runs it
      const snapshot = session.replaceDrawing(drawing, file, { owned: true }); // as File ▸ Open hands it over
      bytes = JSON.stringify(snapshot).length;
      times.push(now() - t0);
      rss = Math.max(rss, process.memoryUsage().rss);
      heap = heapUsed() - before;
      residual = snapshot.status.maxResidual;
    }
    const size = readFileSync(file).length;
    return {
      ms: median(times),
      steps: 0,
      stepMs: null,
      rows: 2 * n,
      residual,
      heapBytes: heap,
      setupMs: null,
      note: `median of ${RUNS} opens of a ${(size / 1e6).toFixed(1)} MB file (${n} constraints), snapshot ${(bytes / 1e6).toFixed(1)} MB; process RSS at most ${(rss / 2 ** 20).toFixed(0)} MB`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const openHugeCase: BenchCase = {
  name: 'open-huge',
  title: 'File ▸ Open of a chain of N bars (N constraints): read, decode and check, build, full snapshot',
  sizes: [100_000],
  run,
};
