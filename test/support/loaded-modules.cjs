// Preloaded (node -r) by tests of the built CLI's start-up: at exit, prints on stderr every
// package file the run loaded through require (the bundle loads its packages so; see tsup.config.ts)
// or as an addon (process.dlopen: scripts/better-sqlite3-bindings.cjs loads SQLite's by its path),
// and the Node builtins it loaded that a bare `node` start had not (from process.moduleLoadList).
// Read before anything is written, and written to the descriptor: process.stderr would load net
// and the stream modules itself.
const { writeSync } = require('node:fs');

const before = new Set(process.moduleLoadList);
const addons = [];
const dlopen = process.dlopen;
process.dlopen = (module, file, ...flags) => {
  addons.push(file);
  return dlopen.call(process, module, file, ...flags);
};
process.on('exit', () => {
  const builtins = process.moduleLoadList
    .filter((m) => !before.has(m) && m.startsWith('NativeModule ') && !m.startsWith('NativeModule internal/'))
    .map((m) => m.slice('NativeModule '.length));
  writeSync(2, `LOADED ${JSON.stringify([...Object.keys(require.cache), ...addons])}\n`);
  writeSync(2, `BUILTINS ${JSON.stringify(builtins)}\n`);
});
