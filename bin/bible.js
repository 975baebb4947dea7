#!/usr/bin/env node
// Launcher: runs the built CLI (npm run build) through its code cache (src/cli/launch.ts). Never a
// TypeScript loader at run time. CommonJS (bin/package.json), as dist/launch.cjs is: a start that
// loads no ES module skips the setting up of Node's ES module loader.
const { launch } = require('../dist/launch.cjs');

launch(process.argv).then((code) => {
  process.exitCode = code;
});
