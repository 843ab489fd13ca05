import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'electron/**/*.test.ts', 'test/unit/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**', 'out/**'],
    environment: 'node',
    testTimeout: 60_000,
    pool: 'forks',
    // A condition polled for waits as long as a busy machine needs (see vitest.e2e.config.mts).
    expect: { poll: { timeout: 10_000 } },
    setupFiles: ['test/fast-check-seed.ts'],
  },
});
