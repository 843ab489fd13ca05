// The drag-frame measure in one command: bundles test/e2e/drag-frame.measure.ts for plain Node (tsx slows
// typed-array code, and the CDP bridge solves in this process) and runs it with the arguments given, e.g.
//   npm run build && npx tsx test/e2e/measure/run.ts --bridge both --runs 3 100 1000
// The page must be built first (npm run build → out/renderer). The session worker is bundled by the measure.

import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { ROOT } from '../harness-dirs';

const outDir = join(ROOT, '.cache/e2e-measure');
mkdirSync(outDir, { recursive: true });
const outfile = join(outDir, 'measure.cjs');
buildSync({
  entryPoints: [join(ROOT, 'test/e2e/drag-frame.measure.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  outfile,
  external: ['playwright-core', 'vitest', 'esbuild'],
  // harness-dirs.ts finds the checkout from its own directory.
  define: { __dirname: JSON.stringify(join(ROOT, 'test/e2e')) },
  logLevel: 'warning',
});
const child = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: ROOT,
});
process.exitCode = child.status ?? 1;
