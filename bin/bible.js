#!/usr/bin/env node
// Launcher: runs the built CLI (npm run build) through its code cache (src/cli/launch.ts). Never a
// TypeScript loader at run time.
import { launch } from '../dist/launch.js';

// Piped into `head`: the reader is gone, so stop quietly.
const quietOnEpipe = (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
};
process.stdout.on('error', quietOnEpipe);
process.stderr.on('error', quietOnEpipe);

launch(process.argv).then((code) => {
  process.exitCode = code;
});
