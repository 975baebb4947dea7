// Preloaded (node -r) by tests of the built CLI's start-up: at exit, prints on stderr every
// package file the run loaded through require (the bundle loads its packages so; see tsup.config.ts).
process.on('exit', () => {
  process.stderr.write(`LOADED ${JSON.stringify(Object.keys(require.cache))}\n`);
});
