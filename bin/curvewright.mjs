#!/usr/bin/env node
// The installed `curvewright` command: runs the bundled CLI (out/cli/curvewright.cjs, made by `npm run build`),
// which needs only Node, no TypeScript loader.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../out/cli/curvewright.cjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write(
    'curvewright: the CLI is not built yet; run `npm run build:cli` (or `npm run build`) first\n',
  );
  process.exit(1);
}
createRequire(import.meta.url)(fileURLToPath(bundle));
