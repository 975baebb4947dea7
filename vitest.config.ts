import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The packed-install test has its own script and config (vitest.pack.config.ts).
    exclude: [...configDefaults.exclude, 'test/pack/**'],
    testTimeout: 30_000,
    hookTimeout: 300_000,
    // e2e suites share one built library; one fork at a time keeps the 2-core machines steady.
    fileParallelism: false,
    globalSetup: ['test/global-setup.ts'],
  },
});
