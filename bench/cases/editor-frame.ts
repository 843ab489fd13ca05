// The editor's drag frame in real Chromium (issue 4's target): cursor → IPC → solve → snapshot → Konva redraw, a
// chain of N bars pulled by its free end with the real mouse, the session in a Web Worker behind a structured-clone
// bridge like Electron's IPC. The measure itself is test/e2e/drag-frame.measure.ts (docs/editor.md,
// "Performance"); this case runs it in a child process and reads its --json line. It needs the built renderer
// (`npm run build`) and Chromium; without them the row fails with the reason.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { JSON_PREFIX, MOVES, type MeasureLine } from '../../test/e2e/measure/protocol';
import type { BenchCase, CaseResult } from '../types';

const ms = (v: number) => `${v.toFixed(1)} ms`;

function run(n: number, drawing: 'chain' | 'sketch' | 'data' = 'chain'): CaseResult {
  // npm runs the bench from the package's root.
  const root = process.cwd();
  if (!existsSync(join(root, 'out/renderer/index.html')))
    throw new Error('out/renderer is missing: run `npm run build` first');
  const child = spawnSync(
    process.execPath,
    [
      // tsx's loader for the runner, which bundles the measure for plain Node and runs it.
      '--import',
      'tsx',
      'test/e2e/measure/run.ts',
      '--bridge',
      'worker',
      '--drawing',
      drawing,
      '--json',
      String(n),
    ],
    { cwd: root, encoding: 'utf8', timeout: 300_000 },
  );
  const line = child.stdout
    ?.split('\n')
    .find((l) => l.startsWith(JSON_PREFIX))
    ?.slice(JSON_PREFIX.length);
  if (child.status !== 0 || !line) {
    const why = (child.stderr || child.error?.message || `exit ${child.status}`).trim().split('\n').at(-1);
    throw new Error(`the Chromium measure failed: ${why}`);
  }
  const m = JSON.parse(line) as MeasureLine;
  return {
    ms: m.frame,
    steps: 0,
    stepMs: null,
    rows: null,
    residual: null,
    heapBytes: 0,
    setupMs: null,
    note:
      `median frame over a ${MOVES}-move pull, p90 ${ms(m.p90)}, p95 ${ms(m.p95)}: session ${ms(m.session)}, IPC ${ms(m.ipc)}, ` +
      `redraw ${ms(m.draw)}; then Chromium renders ${ms(m.rendering)} (software, not in the frame); ` +
      `following a steady 0.5 mm/frame pull: ${m.visible.toFixed(1)} visible updates/s, lag ${m.lag.toFixed(2)} mm ` +
      `(max ${m.lagMax.toFixed(2)}), ${m.idle} of ${m.behind} answers behind moved nothing, caught up ` +
      `${m.catchUp === null || !Number.isFinite(m.catchUp) ? 'never (5 s)' : ms(m.catchUp)} after the mouse stopped`,
  };
}

export const editorFrameCase: BenchCase = {
  name: 'editor-frame',
  title: 'The drag frame in Chromium (worker bridge): cursor → IPC → solve → snapshot → Konva redraw',
  sizes: [100, 1000, 10_000],
  run,
};

export const editorFrameSketchCase: BenchCase = {
  name: 'editor-frame-sketch',
  title:
    'The drag frame in Chromium of a sketch of N mixed constraints (every sketcher kind), a tangent line pulled',
  sizes: [1000],
  run: (n) => run(n, 'sketch'),
};

export const editorFrameDataCase: BenchCase = {
  name: 'editor-frame-data',
  title:
    'The drag frame in Chromium of a chain of N bars over a point set of 100,000 points (issue 30): every frame ' +
    'redraws the data marks',
  sizes: [100],
  run: (n) => run(n, 'data'),
};
