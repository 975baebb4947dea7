import { defineConfig } from 'vitest/config';

/**
 * `npm run test:pack`: npm pack and a global install of the tarball (about three minutes, most
 * of it better-sqlite3's native build), kept out of `npm test`; CI runs it after the tests.
 */
export default defineConfig({
  test: {
    include: ['test/pack/**/*.test.ts'],
    testTimeout: 600_000,
  },
});
