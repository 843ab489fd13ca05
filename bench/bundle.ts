// `npm run bench`: bundles bench/run.ts (with the engine it measures) into one CommonJS file and runs it with
// plain Node, forwarding the arguments. The app's main process runs bundled code too (electron-vite); under a
// TypeScript loader (tsx) V8's typed-array fast paths were measured up to 2× slower — once anything in the process
// has invalidated V8's "array buffer not detached" guarantee, every typed-array access checks for a detached
// buffer — so the figures would be the loader's, not the engine's.

import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// One bundle per process: two benches started at once must not run each other's (half-written) bundle.
const outfile = `${root}.cache/bench/run-${process.pid}.cjs`;

async function main(): Promise<void> {
  await build({
    entryPoints: [`${root}bench/run.ts`],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // The one module of the bench that locates a file by import.meta.url (the planegcs worker, run by tsx).
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(`${root}bench/planegcs/run.ts`).href) },
    external: ['@salusoft89/planegcs'],
    logLevel: 'warning',
    legalComments: 'none',
  });
  // esbuild's service process would otherwise stay alive beside the measurements.
  await stop();
  const run = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit' });
  rmSync(outfile, { force: true });
  process.exitCode = run.status ?? 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${(error as Error).message}\n`);
  process.exitCode = 1;
});
