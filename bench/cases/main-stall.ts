// Does the main process ever stall during a big drag (issue 19: during a 10,000-curve drag, main's event loop
// never waits more than 16 ms)? The child (main-stall.child.ts), bundled for plain Node as the app's main runs
// bundled code, handles drag:move messages at 60 Hz as main does and measures its own event loop's delay: once
// with the session in its own process, as the app runs it (the row's time: the longest delay seen), and once
// with the session in main's own loop, as before, for the added latency (the note: the round trip's median in
// both, and the 99th percentile of the delay).

import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { NODE_BUNDLE } from '../../test/e2e/measure/bundle';
import type { BenchCase, CaseResult } from '../types';

const LINE = 'main-stall ';

interface StallLine {
  mode: string;
  frames: number;
  skipped: number;
  handlerMedianMs: number;
  handlerP95Ms: number;
  handlerMaxMs: number;
  loopDelayMaxMs: number;
  loopDelayP99Ms: number;
  heartbeatLateMaxMs: number;
  busy: number;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

function measure(args: string[]): StallLine {
  const child = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 300_000 });
  const line = child.stdout?.split('\n').find((l) => l.startsWith(LINE));
  if (child.status !== 0 || !line) {
    const why = (child.stderr || child.error?.message || `exit ${child.status}`).trim().split('\n').at(-1);
    throw new Error(`the main-stall measure failed: ${why}`);
  }
  return JSON.parse(line.slice(LINE.length)) as StallLine;
}

function bundle(entry: string, outfile: string): void {
  buildSync({ entryPoints: [entry], outfile, ...NODE_BUNDLE });
}

export const mainStallCase: BenchCase = {
  name: 'main-stall',
  title:
    "Main's event loop during a drag of a chain of N bars (drag:move at 60 Hz), session process: the longest delay",
  sizes: [10_000],
  run(n: number): CaseResult {
    // Bundled for plain Node, as the app's main process and its session process run bundled code.
    const root = process.cwd();
    const child = join(root, `.cache/bench/main-stall-${process.pid}.cjs`);
    const entry = join(root, `.cache/bench/session-process-${process.pid}.cjs`);
    bundle(join(root, 'bench/cases/main-stall.child.ts'), child);
    bundle(join(root, 'src/session/host/process-entry.ts'), entry);
    try {
      const t = measure([child, String(n), 'process', entry]);
      const p = measure([child, String(n), 'in-process']);
      return {
        ms: t.loopDelayMaxMs,
        steps: 0,
        stepMs: null,
        rows: 2 * n,
        residual: null,
        heapBytes: 0,
        setupMs: null,
        note:
          `session process: event-loop delay p99 ${ms(t.loopDelayP99Ms)}, max ${ms(t.loopDelayMaxMs)} (heartbeat late ` +
          `≤ ${ms(t.heartbeatLateMaxMs)}), busy ${(100 * t.busy).toFixed(0)}% of the time; drag:move round trip ${ms(t.handlerMedianMs)} median, p95 ` +
          `${ms(t.handlerP95Ms)}, ${t.frames} answered. In main's loop: delay max ${ms(p.loopDelayMaxMs)}, p99 ` +
          `${ms(p.loopDelayP99Ms)}, busy ${(100 * p.busy).toFixed(0)}%; the handler ${ms(p.handlerMedianMs)} median, p95 ${ms(p.handlerP95Ms)}`,
      };
    } finally {
      rmSync(child, { force: true });
      rmSync(entry, { force: true });
    }
  },
};
