// One import measured, whatever the format: the text imported and made a drawing checked as the loader checks a
// file — what `curvewright import` does between reading and writing — RUNS times, the median.
import type { ImportedRecords } from '../../src/document/import-geometry/records';
import { drawingOfImported } from '../../src/document/import-merge';
import { cpuNow, heapUsed, median, now } from '../measure';
import type { CaseResult } from '../types';

const RUNS = 3;

/** `read` of `text` measured; the note says what it was (`what`: "SVG of 3000 paths") and what it made. */
export function measureImport(
  text: string,
  read: (text: string) => ImportedRecords,
  what: string,
): CaseResult {
  const times: number[] = [];
  const cpu: number[] = [];
  let heap = 0;
  let curves = 0;
  let attachments = 0;
  for (let r = 0; r < RUNS; r++) {
    const before = heapUsed();
    const t0 = now();
    const c0 = cpuNow();
    const records = read(text);
    const drawing = drawingOfImported(records, 'bench');
    times.push(now() - t0);
    cpu.push(cpuNow() - c0);
    heap = heapUsed() - before;
    curves = drawing.curves.length;
    attachments = records.summary.attachments;
  }
  return {
    ms: median(times),
    cpuMs: median(cpu),
    steps: 0,
    stepMs: null,
    rows: null,
    residual: null,
    heapBytes: heap,
    setupMs: null,
    note: `median of ${RUNS} imports of a ${(text.length / 1e6).toFixed(2)} MB ${what}: ${curves} curves, ${attachments} attachments`,
  };
}
