// Points from CSV (issue 29: a huge CSV must stay fast, linear in its rows): N rows of x;y;weight with decimal
// commas and a duplicate every hundredth row, read as one spline through them and made a new drawing (checked as
// the loader checks a file) — what `curvewright import --as spline` does between reading and writing. The reader
// alone is the note's second figure.
import { importCsvPoints } from '../../src/document/csv-points';
import { cpuNow, median } from '../measure';
import type { BenchCase, CaseResult } from '../types';
import { measureImport } from './import-run';

/** N rows on a wavy line, a header first; deterministic. */
export function benchCsv(n: number): string {
  const lines = ['x;y;weight'];
  for (let i = 0; i < n; i++) {
    const k = i % 100 === 99 ? i - 1 : i; // a duplicate row: dropped by the spacing
    const x = (k * 0.1).toFixed(4).replace('.', ',');
    const y = (20 * Math.sin(k / 50)).toFixed(6).replace('.', ',');
    lines.push(`${x};${y};1`);
  }
  return `${lines.join('\n')}\n`;
}

function run(n: number): CaseResult {
  const csv = benchCsv(n);
  const read = (text: string) => importCsvPoints(text, { pointsAs: 'spline' });
  const result = measureImport(csv, read, `CSV of ${n} rows as a spline`);
  const readCpu: number[] = [];
  let points = 0;
  for (let r = 0; r < 3; r++) {
    const c0 = cpuNow();
    const records = read(csv);
    readCpu.push(cpuNow() - c0);
    const [spline] = records.curves;
    points = spline.kind === 'spline' ? spline.points.length : 0;
  }
  return {
    ...result,
    note: `${result.note}; the spline has ${points} points; the reader alone ${median(readCpu).toFixed(1)} CPU ms`,
  };
}

export const csvPointsCase: BenchCase = {
  name: 'csv-points',
  title: 'Points from CSV, N rows as one spline: read (delimiter, decimal commas, spacing), drawing checked',
  sizes: [10_000, 100_000],
  run,
};
