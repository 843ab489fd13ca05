// The measure's bundles: for plain Node (the measure itself and the solve probe run bundled, as the app's main
// process does: tsx slows typed-array code) and for the browser (the session worker and the probe worker).

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build, buildSync } from 'esbuild';
import { ROOT } from '../harness-dirs';

/** Bundles `entry` (relative to the checkout) for plain Node into .cache/e2e-measure/`name`; returns its path. */
export function bundleForNode(entry: string, name: string): string {
  const outDir = join(ROOT, '.cache/e2e-measure');
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, name);
  buildSync({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    external: ['playwright-core', 'vitest', 'esbuild'],
    // harness-dirs.ts finds the checkout from its own directory.
    define: { __dirname: JSON.stringify(join(ROOT, 'test/e2e')) },
    logLevel: 'warning',
  });
  return outfile;
}

/** A worker's script bundled for the browser (the session, its handlers and the engine; no node:*). */
export async function bundleWorker(entry = 'test/e2e/measure/session-worker.ts'): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}
