// Runs the first-drag measure's child (first-drag.child.ts) in fresh processes: bundles it for plain Node once (as
// the app's main process runs bundled code: tsx slows typed-array code), then runs it `runs` times warm and as many
// cold, alternating so a busy spell of the machine falls on both, and prints every run on one line
// (FIRST_DRAG_RUNS_LINE). Run by the first-drag case (first-drag.ts) under tsx:
//   node --import tsx bench/cases/first-drag.runner.ts <n> <runs>

import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundleForNode } from '../../test/e2e/measure/bundle';
import { FIRST_DRAG_LINE, FIRST_DRAG_RUNS_LINE, type FirstDragRun } from './first-drag.protocol';

async function main(): Promise<void> {
  const [n, runs] = process.argv.slice(2).map(Number);
  const root = process.cwd();
  const outfile = await bundleForNode(
    join(root, 'bench/cases/first-drag.child.ts'),
    join(root, '.cache/bench'),
  );
  try {
    const all: FirstDragRun[] = [];
    for (let r = 0; r < runs; r++) {
      for (const mode of ['cold', 'warm']) {
        const child = spawnSync(process.execPath, [outfile, String(n), mode], {
          encoding: 'utf8',
          timeout: 120_000,
        });
        const line = child.stdout?.split('\n').find((l) => l.startsWith(FIRST_DRAG_LINE));
        if (child.status !== 0 || !line) {
          const why = (child.stderr || child.error?.message || `exit ${child.status}`)
            .trim()
            .split('\n')
            .at(-1);
          throw new Error(`a ${mode} run failed: ${why}`);
        }
        all.push(JSON.parse(line.slice(FIRST_DRAG_LINE.length)) as FirstDragRun);
      }
    }
    process.stdout.write(`${FIRST_DRAG_RUNS_LINE}${JSON.stringify(all)}\n`);
  } finally {
    rmSync(outfile, { force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
});
