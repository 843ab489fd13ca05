// Parameters and expressions (issue 31): what every edit of a drawing with expressions pays before it builds — the
// resolver (src/document/parameters.ts) evaluating N parameters chained p_i = p_{i-1} + 1 (the longest dependency
// order there is) and N distance dimensions each driven by one of them, in dependency order, into new records. The
// headline is one resolve; the note gives the same drawing's resolve when no value changes (the common edit).
import { resolveExpressions } from '../../src/document/parameters';
import { emptyDrawing, type Drawing } from '../../src/shared/drawing';
import { cpuNow, heapUsed, median, now } from '../measure';
import type { BenchCase, CaseResult } from '../types';

function chained(n: number): Drawing {
  const d = emptyDrawing();
  d.parameters = [];
  for (let i = 0; i < n; i++) {
    d.parameters.push({
      id: `v${i}`,
      name: `p${i}`,
      value: 0,
      unit: 'mm',
      ...(i > 0 && { expression: `p${i - 1} + 1` }),
    });
    d.constraints.push({
      kind: 'distance',
      id: `k${i}`,
      a: { curve: 'c', anchor: 'start' },
      b: { curve: 'c', anchor: 'end' },
      length: 0,
      expression: `= 2*p${i} + 1`,
    });
  }
  return d;
}

function run(n: number): CaseResult {
  const heap0 = heapUsed();
  const wall: number[] = [];
  const cpu: number[] = [];
  const again: number[] = [];
  let last = 0;
  for (let r = 0; r < 5; r++) {
    const d = chained(n);
    const t0 = now();
    const c0 = cpuNow();
    resolveExpressions(d);
    cpu.push(cpuNow() - c0);
    wall.push(now() - t0);
    const t1 = now();
    resolveExpressions(d);
    again.push(now() - t1);
    last = (d.constraints[n - 1] as { length: number }).length;
  }
  if (last !== 2 * (n - 1) + 1) throw new Error(`parameters: the last dimension is ${last}`);
  return {
    ms: median(wall),
    cpuMs: median(cpu),
    steps: 0,
    stepMs: null,
    rows: null,
    residual: null,
    heapBytes: heapUsed() - heap0,
    setupMs: null,
    note: `${n} parameters chained, ${n} dimensions driven; resolved again, nothing changing: ${median(again).toFixed(2)} ms`,
  };
}

export const parametersCase: BenchCase = {
  name: 'parameters',
  title:
    'Expressions: N chained parameters and N driven dimensions resolved in dependency order (each edit pays it)',
  sizes: [100, 1000, 10_000],
  run,
};
