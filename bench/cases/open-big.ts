// Opening drawings whose size is their number of parts or of stacked constraints (issue 26): N unconnected points
// (100,000 took 24 s and 3.5 GB), N points each pinned, and N constraints stacked on one point or pair — pins of one
// point, attachments of one joint, points attached to one hub, distances, angle dimensions and horizontals of one
// pair (src/engine/test-support/stacked.ts; 10,000 reached 8 GB at the first grab or ran past 120 s). Each drawing is
// written once to a file; each run is a fresh process (open-big.child.ts, bundled for plain Node as the session
// thread runs), so its peak resident set is the drawing's own: the open as File ▸ Open does it, a drag of 20 frames,
// its end and an edit (the session's engine built again). Median of RUNS processes; peaks at most.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { serializeDrawing } from '../../src/document/serialize';
import { STACK_KINDS, stackedDrawing, type StackKind } from '../../src/engine/test-support/stacked';
import type { Drawing, Vec2 } from '../../src/shared/drawing';
import { NODE_BUNDLE } from '../../test/e2e/measure/bundle';
import { median } from '../median';
import type { BenchCase, CaseResult } from '../types';
import { freePointsDrawing, pinnedPointsDrawing } from './drawings';
import { OPEN_BIG_LINE, type OpenBigRun } from './open-big.protocol';

const RUNS = 3;

/** A drawing to open, the curve its drag grabs at u = 1 and where the drag pulls it. */
interface Subject {
  drawing: Drawing;
  grab: string;
  to: Vec2;
}

function measure(bundle: string, file: string, subject: Subject): OpenBigRun {
  const args = [bundle, file, subject.grab, String(subject.to[0]), String(subject.to[1])];
  const child = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 600_000 });
  const line = child.stdout?.split('\n').find((l) => l.startsWith(OPEN_BIG_LINE));
  if (child.status !== 0 || !line) {
    const why = (child.stderr || child.error?.message || `exit ${child.status}`).trim().split('\n').at(-1);
    throw new Error(`the open failed: ${why}`);
  }
  return JSON.parse(line.slice(OPEN_BIG_LINE.length)) as OpenBigRun;
}

function run(subject: Subject, constraints: number): CaseResult {
  const root = process.cwd();
  const dir = mkdtempSync(join(tmpdir(), 'cw-bench-open-big-'));
  const bundle = join(root, `.cache/bench/open-big-${process.pid}.cjs`);
  try {
    buildSync({
      entryPoints: [join(root, 'bench/cases/open-big.child.ts')],
      outfile: bundle,
      ...NODE_BUNDLE,
    });
    const file = join(dir, 'big.curvewright');
    writeFileSync(file, serializeDrawing(subject.drawing));
    const runs: OpenBigRun[] = [];
    for (let r = 0; r < RUNS; r++) runs.push(measure(bundle, file, subject));
    const of = (key: keyof OpenBigRun) => median(runs.map((x) => x[key]));
    const most = (key: keyof OpenBigRun) => Math.max(...runs.map((x) => x[key]));
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    return {
      ms: of('openMs'),
      cpuMs: of('openCpuMs'),
      steps: 0,
      stepMs: null,
      rows: null,
      residual: of('residual'),
      heapBytes: of('heapMb') * 2 ** 20,
      setupMs: null,
      note:
        `median of ${RUNS} fresh processes opening a ${of('fileMb').toFixed(1)} MB file (${constraints} constraints): ` +
        `peak RSS ${most('openRssMb').toFixed(0)} MB after the open, ${most('dragRssMb').toFixed(0)} MB after the drag, ` +
        `${most('editRssMb').toFixed(0)} MB after an edit; grab + first drag frame ${ms(of('firstFrameMs'))}, ` +
        `the next ${of('frames') - 1} ${ms(of('laterFrameMs'))} each; drag end ${ms(of('dragEndMs'))}, edit ` +
        `${ms(of('editMs'))}; DOF ${of('dof')}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(bundle, { force: true });
  }
}

export const openFreeCase: BenchCase = {
  name: 'open-free',
  title: 'File ▸ Open of N unconnected points (N parts), a drag of one and an edit, in a fresh process',
  sizes: [100_000],
  run: (n) => run({ drawing: freePointsDrawing(n), grab: `p${n >> 1}`, to: [10, -10] }, 0),
};

export const openPinnedCase: BenchCase = {
  name: 'open-pinned',
  title: 'File ▸ Open of N points each pinned (N parts, N constraints), a drag of one and an edit',
  sizes: [100_000],
  run: (n) => run({ drawing: pinnedPointsDrawing(n), grab: `p${n >> 1}`, to: [10, -10] }, n),
};

/** One case per kind of stack: N constraints on one point or pair. */
export const openStackedCases: BenchCase[] = STACK_KINDS.map((kind: StackKind) => ({
  name: `open-stack-${kind}`,
  title: `File ▸ Open of N ${kind} constraints stacked on one point or pair, a drag and an edit`,
  sizes: [10_000],
  run: (n: number) => {
    const subject = stackedDrawing(kind, n);
    return run(subject, subject.drawing.constraints.length);
  },
}));
