// Runs once before the e2e specs: the folders Chromium and the tools write to exist inside the checkout, and the
// renderer has been built (npm run test:e2e builds first; a missing build is a clear error, not a blank page).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { e2eDirs, ROOT } from './harness-dirs';

export default function setup(): void {
  e2eDirs();
  if (!existsSync(join(ROOT, 'out/renderer/index.html')))
    throw new Error('out/renderer is missing: run `npm run build` first (npm run test:e2e does)');
}
