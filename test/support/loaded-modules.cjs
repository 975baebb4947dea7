// Preloaded (node -r) by tests of the built CLI's start-up: at exit, prints on stderr every
// package file the run loaded through require (the bundle loads its packages so; see tsup.config.ts),
// and the Node builtins it loaded that a bare `node` start had not (from process.moduleLoadList).
const before = new Set(process.moduleLoadList);
process.on('exit', () => {
  process.stderr.write(`LOADED ${JSON.stringify(Object.keys(require.cache))}\n`);
  const builtins = process.moduleLoadList
    .filter((m) => !before.has(m) && m.startsWith('NativeModule ') && !m.startsWith('NativeModule internal/'))
    .map((m) => m.slice('NativeModule '.length));
  process.stderr.write(`BUILTINS ${JSON.stringify(builtins)}\n`);
});
