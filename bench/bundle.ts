// `npm run bench`: bundles bench/run.ts (with the engine it measures) into one CommonJS file and runs it with
// plain Node, forwarding the arguments. The app's main process runs bundled code too (electron-vite); under a
// TypeScript loader (tsx) V8's typed-array fast paths were measured up to 2× slower — once anything in the process
// has invalidated V8's "array buffer not detached" guarantee, every typed-array access checks for a detached
// buffer — so the figures would be the loader's, not the engine's.

import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleForNode, runBundle } from '../test/e2e/measure/bundle';

const root = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<void> {
  // One bundle per process (.cache/bench/run-<pid>.cjs), esbuild's service stopped before the run.
  const outfile = await bundleForNode(`${root}bench/run.ts`, `${root}.cache/bench`, {
    target: 'node20',
    // The one module of the bench that locates a file by import.meta.url (the planegcs worker, run by tsx).
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(`${root}bench/planegcs/run.ts`).href) },
    external: ['@salusoft89/planegcs', 'esbuild'],
    legalComments: 'none',
  });
  process.exitCode = runBundle(outfile, process.argv.slice(2));
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${(error as Error).message}\n`);
  process.exitCode = 1;
});
