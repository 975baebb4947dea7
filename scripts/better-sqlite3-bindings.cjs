// Stands in for the `bindings` package when better-sqlite3 is bundled (tsup.config.ts): `bindings`
// looks for the addon from its caller's file, which in a bundle is dist/<build>/ (scripts/build.mjs),
// not better-sqlite3's own folder. Where an install of this package puts it (its own node_modules,
// beside dist/) it is loaded as Node loads an addon, by path: a require() would first read the
// package scope of the bundle (~0.3 ms of every lookup). Anywhere else (npm hoisted it), Node's resolution finds it.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

module.exports = (name) => {
  const own = join(__dirname, '..', '..', 'node_modules', 'better-sqlite3', 'build', 'Release', name);
  if (existsSync(own)) {
    const addon = { exports: {} };
    process.dlopen(addon, own);
    return addon.exports;
  }
  return require(require.resolve(`better-sqlite3/build/Release/${name}`));
};
