#!/usr/bin/env node
// `npm run build` (and `prepare`): tsup, into a directory of the build's own, then swapped in.
//
//   node scripts/build.mjs [--silent] [--out-dir dist]
//
// Why not tsup into dist/ in place: bin/bible.js requires dist/launch.cjs, which runs
// dist/cli.cjs and dist/zod.cjs; while tsup rewrote them, a linked `bible` (npm link) failed
// or ran a half-written bundle, and `npm test` builds first. Why not a swap of whole
// directories: rename(2) does not replace a non-empty directory, so dist would be missing
// between two renames; and a symlinked dist is left out of `npm pack`.
//
// So: each build writes its bundles to dist/<build id>/ (the id is __BIBLE_BUILD__), which is
// never written again; the launcher, built with that id, loads the bundles from there; and the
// launcher is moved to dist/launch.cjs last, a rename of one file over another, which is atomic.
// At every instant dist/launch.cjs is a whole launcher whose bundles are all in place, and a run
// loads the launcher and the bundles of one build. The build it replaced is kept (a run that
// started from it may still load zod.cjs); older ones, and the old flat layout's files, go.
// Under `npm pack` or `npm publish` only the new build is kept, so the tarball holds one.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { silent: { type: 'boolean', default: false }, 'out-dir': { type: 'string', default: 'dist' } },
});
const dist = resolve(values['out-dir']);
const id = randomUUID();
const own = join(dist, id);
mkdirSync(dist, { recursive: true });

const require = createRequire(import.meta.url);
const tsup = join(dirname(require.resolve('tsup/package.json')), require('tsup/package.json').bin.tsup);
const built = spawnSync(process.execPath, [tsup, '--out-dir', own, ...(values.silent ? ['--silent'] : [])], {
  stdio: 'inherit',
  env: { ...process.env, BIBLE_BUILD_ID: id },
});
if (built.status !== 0) {
  // The build that was there stays as it was.
  rmSync(own, { recursive: true, force: true });
  process.exit(built.status ?? 1);
}

const previous = readdirSync(dist, { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== id)
  .map((e) => ({ name: e.name, mtime: statSync(join(dist, e.name)).mtimeMs }))
  .sort((a, b) => b.mtime - a.mtime)[0]?.name;
renameSync(join(own, 'launch.cjs'), join(dist, 'launch.cjs'));

const packing = ['pack', 'publish'].includes(process.env.npm_command ?? '');
const keep = new Set(['launch.cjs', id, ...(previous && !packing ? [previous] : [])]);
for (const name of readdirSync(dist)) if (!keep.has(name)) rmSync(join(dist, name), { recursive: true, force: true });
