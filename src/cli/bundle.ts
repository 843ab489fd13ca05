// Bundles the CLI (src/cli/main.ts and everything it imports: document, engine, shared) into one CommonJS file
// that plain Node runs, so the installed `curvewright` command needs neither tsx nor TypeScript.
// `npm run build:cli` runs build.ts, which calls this; the CLI tests bundle into a temporary folder the same way.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BUNDLE_EXTERNALS } from '../shared/bundle-externals';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const CLI_BUNDLE = 'out/cli/curvewright.cjs';

export async function bundleCli(outfile: string): Promise<void> {
  const { version } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { version: string };
  await build({
    entryPoints: [`${root}/src/cli/main.ts`],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    banner: { js: '// Curvewright command-line tool, bundled by src/cli/bundle.ts. Do not edit.' },
    define: { __CURVEWRIGHT_VERSION__: JSON.stringify(version) },
    logLevel: 'warning',
    legalComments: 'none',
    external: [...BUNDLE_EXTERNALS],
  });
}
