import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/better-sqlite3-bindings.cjs stands in for `bindings` in the bundle (tsup.config.ts).
const load = (dir: string) => {
  copyFileSync('scripts/better-sqlite3-bindings.cjs', join(dir, 'bindings.cjs'));
  const bindings = createRequire(join(dir, 'bindings.cjs'))('./bindings.cjs') as (name: string) => {
    Database?: unknown;
  };
  return bindings('better_sqlite3.node');
};

describe("the bundle's loading of the SQLite addon", () => {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it("loads it by path from the package's own node_modules (dist/ beside it), as an install lays it out", () => {
    // A bundle is in its build's directory, dist/<build>/ (scripts/build.mjs).
    const dist = mkdtempSync(join(process.cwd(), 'dist-test-'));
    made.push(dist);
    const build = join(dist, 'build');
    mkdirSync(build);
    expect(typeof load(build).Database).toBe('function');
  });

  it('else finds it by Node’s resolution, where npm hoisted better-sqlite3 above the package', () => {
    const root = mkdtempSync(join(process.cwd(), 'test', 'hoisted-'));
    made.push(root);
    const build = join(root, 'pkg', 'dist', 'build');
    mkdirSync(build, { recursive: true });
    expect(typeof load(build).Database).toBe('function');
  });
});
