import { readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

export default defineConfig({
  // As tsup defines it for the build: tests run the CLI in-process from src/ too.
  define: { __BIBLE_VERSION__: JSON.stringify(pkg.version), __BIBLE_BUILD__: JSON.stringify('tests') },
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
