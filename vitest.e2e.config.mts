import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// End-to-end specs: the built renderer in real Chromium (see test/e2e/harness.ts). One file at a time: a
// browser per worker on a 2-core machine would only make every spec slower.
const root = import.meta.dirname;
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: 'forks',
    // A condition polled for (a sheet shown, a file written) waits as long as a busy machine needs: a poll's
    // timeout only says how long to wait before calling it failed, never what passes.
    expect: { poll: { timeout: 10_000 } },
    env: {
      TMPDIR: resolve(root, '.tmp/e2e'),
      XDG_CONFIG_HOME: resolve(root, '.cache/e2e/config'),
      XDG_CACHE_HOME: resolve(root, '.cache/e2e/cache'),
      XDG_DATA_HOME: resolve(root, '.cache/e2e/data'),
    },
    globalSetup: ['test/e2e/global-setup.ts'],
  },
});
