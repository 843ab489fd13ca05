// Bundles for plain Node — `npm run bench` (bench/bundle.ts), the measure itself and the solve probe all run bundled,
// as the app's main process does: tsx slows typed-array code — and for the browser (the session worker and the
// probe worker).

import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build, stop, type BuildOptions } from 'esbuild';
import { BUNDLE_EXTERNALS } from '../../../src/shared/bundle-externals';
import { ROOT } from '../harness-dirs';

/** How every bundle for plain Node is built (main-stall's synchronous bench case uses it with esbuild's buildSync). */
export const NODE_BUNDLE: BuildOptions & { platform: 'node' } = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  logLevel: 'warning',
  external: [...BUNDLE_EXTERNALS],
};

/**
 * Bundles `entry` (an absolute path) for plain Node into `outDir`/<entry's name>-<pid>.cjs and returns its path. One
 * bundle per process: two runs started at once must not run each other's (half-written) bundle. The caller removes
 * it when done (runBundle does).
 */
export async function bundleForNode(
  entry: string,
  outDir: string,
  options: BuildOptions = {},
): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${basename(entry, '.ts')}-${process.pid}.cjs`);
  const external = [...(NODE_BUNDLE.external ?? []), ...(options.external ?? [])];
  await build({ entryPoints: [entry], outfile, ...NODE_BUNDLE, ...options, external });
  // esbuild's service process would otherwise stay alive beside the measurements.
  await stop();
  return outfile;
}

/** Runs the bundle `outfile` with plain Node and `args` (output inherited), then removes it; the exit code. */
export function runBundle(outfile: string, args: string[], cwd?: string): number {
  const child = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit', cwd });
  rmSync(outfile, { force: true });
  return child.status ?? 1;
}

/** The measure's own Node bundles: `entry` relative to the checkout, into .cache/e2e-measure. */
export function bundleMeasureForNode(entry: string): Promise<string> {
  return bundleForNode(join(ROOT, entry), join(ROOT, '.cache/e2e-measure'), {
    external: ['playwright-core', 'vitest', 'esbuild'],
    // harness-dirs.ts finds the checkout from its own directory.
    define: { __dirname: JSON.stringify(join(ROOT, 'test/e2e')) },
  });
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
