// The first drag after an open (issue 19's target: ≤ 20 ms at 1,000 curves). V8 compiles the engine's hot paths
// the first time they run, and compiled code lives per process, so each figure comes from a fresh process: the
// runner (first-drag.runner.ts) runs the child (first-drag.child.ts) RUNS times with the session's warm-up and as
// many without, each opening the chain of n bars through the session and timing its first drag frame
// (dragStart + the first dragMove). The row's time is the warm median; the note gives the cold one, the later
// frames' and what the warm-up cost (its longest slice is how long a call arriving during it could wait).

import { spawnSync } from 'node:child_process';
import { median } from '../median';
import type { BenchCase, CaseResult } from '../types';
import { FIRST_DRAG_RUNS_LINE, LATER_FRAMES, type FirstDragRun } from './first-drag.protocol';

/** Processes per mode. */
const RUNS = 5;

const ms = (v: number) => `${v.toFixed(1)} ms`;

function run(n: number): CaseResult {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/cases/first-drag.runner.ts', String(n), String(RUNS)],
    // npm runs the bench from the package's root.
    { cwd: process.cwd(), encoding: 'utf8', timeout: 600_000 },
  );
  const line = child.stdout?.split('\n').find((l) => l.startsWith(FIRST_DRAG_RUNS_LINE));
  if (child.status !== 0 || !line) {
    const why = (child.stderr || child.error?.message || `exit ${child.status}`).trim().split('\n').at(-1);
    throw new Error(`the first-drag measure failed: ${why}`);
  }
  const runs = JSON.parse(line.slice(FIRST_DRAG_RUNS_LINE.length)) as FirstDragRun[];
  const warm = runs.filter((r) => r.mode === 'warm');
  const cold = runs.filter((r) => r.mode === 'cold');
  const of = (list: FirstDragRun[], key: keyof FirstDragRun) => median(list.map((r) => r[key] as number));
  return {
    ms: of(warm, 'firstMs'),
    steps: 0,
    stepMs: null,
    rows: 2 * n,
    residual: null,
    heapBytes: 0,
    setupMs: of(warm, 'openMs'),
    note:
      `median of ${RUNS} fresh processes: first frame warm ${ms(of(warm, 'firstMs'))} ` +
      `(start ${ms(of(warm, 'startMs'))} + move ${ms(of(warm, 'firstMoveMs'))}), ` +
      `cold ${ms(of(cold, 'firstMs'))} (start ${ms(of(cold, 'startMs'))} + move ${ms(of(cold, 'firstMoveMs'))}); ` +
      `the ${LATER_FRAMES} frames after it ${ms(of(warm, 'laterMs'))}; warm-up ${ms(of(warm, 'warmUpMs'))} in ` +
      `${of(warm, 'slices')} slices, the longest ${ms(Math.max(...warm.map((r) => r.longestSliceMs)))}`,
  };
}

export const firstDragCase: BenchCase = {
  name: 'first-drag',
  title: 'First drag frame after an open, in a fresh process: with the idle warm-up (cold in the note)',
  sizes: [1000],
  run,
};
