// A drawing holding a reference image at the limit (issue 29): a 4 MB PNG of noise (it does not compress), 1150 ×
// 1150 pixels, beside a chain of 100 bars. Measured: opening the file (read, decode, check the image's header and
// base64, build, the full snapshot the window receives) and one edit while the image is there (the session checks
// the whole drawing after every edit: the image's check is remembered, so an edit costs what it did without it). A
// bar's rename goes first, for comparison: the first edit after an open also pays for warming up (about 10 ms).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeDrawing } from '../../src/document/file-io';
import { serializeDrawing } from '../../src/document/serialize';
import { makePng, imageRecord } from '../../src/document/test-support/png';
import { Session } from '../../src/session/session';
import { heapUsed, median, now } from '../measure';
import type { BenchCase, CaseResult } from '../types';
import { chainDrawing } from './drawings';

const RUNS = 5;

/** Noise that no deflate shrinks: a fixed linear congruential sequence. */
function noisePng(side: number): Buffer {
  let seed = 12345;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
  return makePng(side, side, () => [next(), next(), next()]);
}

function run(side: number): CaseResult {
  const dir = mkdtempSync(join(tmpdir(), 'cw-bench-image-'));
  try {
    const png = noisePng(side);
    const drawing = chainDrawing(100);
    drawing.images = [imageRecord(png, { width: 300 })];
    const file = join(dir, 'traced.curvewright');
    writeFileSync(file, serializeDrawing(drawing));
    const opens: number[] = [];
    const edits: number[] = [];
    const renames: number[] = [];
    let heap = 0;
    let bytes = 0;
    for (let r = 0; r < RUNS; r++) {
      const before = heapUsed();
      const t0 = now();
      const loaded = decodeDrawing(file, readFileSync(file));
      const session = new Session({ snapshotsSentAtOnce: true });
      const snapshot = session.replaceDrawing(loaded, file, { owned: true });
      bytes = JSON.stringify(snapshot).length;
      opens.push(now() - t0);
      heap = heapUsed() - before;
      const t2 = now();
      session.edit({ type: 'rename', id: drawing.curves[0].id, name: `bar ${r}` });
      renames.push(now() - t2);
      const t1 = now();
      session.edit({ type: 'image', id: 'img1', opacity: 0.25 + r / 100 });
      edits.push(now() - t1);
    }
    return {
      ms: median(opens),
      steps: 0,
      stepMs: null,
      rows: null,
      residual: null,
      heapBytes: heap,
      setupMs: null,
      note: `median of ${RUNS} opens of a ${(readFileSync(file).length / 1e6).toFixed(1)} MB file with a ${(png.length / 1e6).toFixed(1)} MB image; snapshot ${(bytes / 1e6).toFixed(1)} MB; one image edit after: median ${median(edits).toFixed(1)} ms (a bar's rename: ${median(renames).toFixed(1)} ms)`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const referenceImageCase: BenchCase = {
  name: 'reference-image',
  title:
    'A drawing with a 4 MB reference image: File ▸ Open (read, check, build, snapshot), then one image edit',
  sizes: [1150],
  run,
};
