// The drag-frame measure in one command: bundles test/e2e/drag-frame.measure.ts for plain Node (tsx slows
// typed-array code, and the CDP bridge solves in this process) and runs it with the arguments given, e.g.
//   npm run build && npx tsx test/e2e/measure/run.ts --bridge both --runs 3 100 1000
// The page must be built first (npm run build → out/renderer). The session worker is bundled by the measure.

import { ROOT } from '../harness-dirs';
import { bundleMeasureForNode, runBundle } from './bundle';

bundleMeasureForNode('test/e2e/drag-frame.measure.ts')
  .then((outfile) => {
    process.exitCode = runBundle(outfile, process.argv.slice(2), ROOT);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
