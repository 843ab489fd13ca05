// Does the main process ever stall during a big drag (issue 19: during a 10,000-curve drag, main's event loop
// never waits more than 16 ms)? The child (main-stall.child.ts), bundled for plain Node as the app's main runs
// bundled code, handles drag:move messages at 60 Hz as main does and measures its own event loop's delay. The
// row's time is the longest delay seen; the note gives the 99th percentile and the handler's own time.

import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import type { BenchCase, CaseResult } from '../types';

const LINE = 'main-stall ';

interface StallLine {
  frames: number;
  handlerMedianMs: number;
  handlerMaxMs: number;
  loopDelayMaxMs: number;
  loopDelayP99Ms: number;
  heartbeatLateMaxMs: number;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

function measure(outfile: string, n: number): StallLine {
  const child = spawnSync(process.execPath, [outfile, String(n)], { encoding: 'utf8', timeout: 300_000 });
  const line = child.stdout?.split('\n').find((l) => l.startsWith(LINE));
  if (child.status !== 0 || !line) {
    const why = (child.stderr || child.error?.message || `exit ${child.status}`).trim().split('\n').at(-1);
    throw new Error(`the main-stall measure failed: ${why}`);
  }
  return JSON.parse(line.slice(LINE.length)) as StallLine;
}

export const mainStallCase: BenchCase = {
  name: 'main-stall',
  title: "Main's event loop during a drag of a chain of N bars (drag:move at 60 Hz): the longest delay",
  sizes: [10_000],
  run(n: number): CaseResult {
    // Bundled for plain Node, as the app's main process runs bundled code (tsx slows typed-array code).
    const root = process.cwd();
    const outfile = join(root, `.cache/bench/main-stall-${process.pid}.cjs`);
    buildSync({
      entryPoints: [join(root, 'bench/cases/main-stall.child.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      logLevel: 'warning',
    });
    try {
      const m = measure(outfile, n);
      return {
        ms: m.loopDelayMaxMs,
        steps: 0,
        stepMs: null,
        rows: 2 * n,
        residual: null,
        heapBytes: 0,
        setupMs: null,
        note:
          `${m.frames} drag:move messages at 60 Hz: event-loop delay p99 ${ms(m.loopDelayP99Ms)}, max ${ms(m.loopDelayMaxMs)} ` +
          `(1 ms heartbeat late by at most ${ms(m.heartbeatLateMaxMs)}); the handler ${ms(m.handlerMedianMs)} median, ` +
          `${ms(m.handlerMaxMs)} at most`,
      };
    } finally {
      rmSync(outfile, { force: true });
    }
  },
};
