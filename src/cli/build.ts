// `npm run build:cli`: writes out/cli/curvewright.cjs (see bundle.ts).
import { fileURLToPath } from 'node:url';
import { CLI_BUNDLE, bundleCli } from './bundle';

bundleCli(fileURLToPath(new URL(`../../${CLI_BUNDLE}`, import.meta.url))).catch((error: unknown) => {
  process.stderr.write(`build:cli failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
});
