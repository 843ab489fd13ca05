// Mechanism analysis (issue 18's target: ≤ 50 ms): one motor cycle of every example analysed at n samples
// (analyzePoint: advance to each sample's settled pose, then the exact velocity and acceleration there), from a
// freshly built engine, at the example's traced point. The headline ms is the slowest example's median; the note
// gives each example's.
import { Engine } from '../../src/engine';
import { analyzePoint } from '../../src/mechanisms/analysis';
import { EXAMPLES } from '../../src/mechanisms/examples';
import type { Connector, Drawing } from '../../src/shared/drawing';
import { heapUsed, median, now, retained } from '../measure';
import type { BenchCase, CaseResult } from '../types';

/** Warm-up runs per example (V8 compiles the engine's hot code over the first few), then measured ones. */
const WARM_UP = 5;
const MEASURED = 9;

/** The point analysed: the example's first trace, else its first curve's middle. */
function pointOf(drawing: Drawing): { curve: string; u: number } {
  const c: Connector = drawing.traces[0]?.point ?? { curve: drawing.curves[0].id, u: 0.5 };
  const u = c.u ?? (c.anchor === 'start' ? 0 : c.anchor === 'end' ? 1 : 0.5);
  return { curve: c.curve, u };
}

function analyseOnce(
  build: () => Drawing,
  samples: number,
): { ms: number; setupMs: number; undefinedCount: number } {
  const drawing = build();
  const { curve, u } = pointOf(drawing);
  const t0 = now();
  const engine = Engine.build(drawing);
  const t1 = now();
  const result = analyzePoint(engine, drawing, curve, u, { samples });
  const ms = now() - t0;
  retained.value = result;
  return { ms, setupMs: t1 - t0, undefinedCount: result.filter((s) => s.note).length };
}

function run(n: number): CaseResult {
  const heapBefore = heapUsed();
  const rows: string[] = [];
  let worst = 0;
  let worstSetup = 0;
  for (const example of EXAMPLES) {
    for (let i = 0; i < WARM_UP; i++) analyseOnce(example.build, n);
    const times: number[] = [];
    const setups: number[] = [];
    let undefinedCount = 0;
    for (let i = 0; i < MEASURED; i++) {
      const r = analyseOnce(example.build, n);
      times.push(r.ms);
      setups.push(r.setupMs);
      undefinedCount = r.undefinedCount;
    }
    const ms = median(times);
    if (ms > worst) {
      worst = ms;
      worstSetup = median(setups);
    }
    rows.push(`${example.name} ${ms.toFixed(1)}${undefinedCount ? ` (${undefinedCount} undefined)` : ''}`);
  }
  return {
    ms: worst,
    steps: 0,
    stepMs: null,
    rows: null,
    residual: null,
    heapBytes: Math.max(0, heapUsed() - heapBefore),
    setupMs: worstSetup,
    note: `ms per example (engine build included): ${rows.join(', ')}`,
  };
}

export const analyzeCase: BenchCase = {
  name: 'analyze',
  title:
    'One motor cycle of every example analysed (position, velocity, acceleration at n samples): the slowest',
  sizes: [360],
  run,
};
