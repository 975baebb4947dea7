#!/usr/bin/env node
// Launcher: runs the built CLI (npm run build). Never a TypeScript loader at run time.
import { main } from '../dist/cli.js';

// Piped into `head`: the reader is gone, so stop quietly.
const quietOnEpipe = (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
};
process.stdout.on('error', quietOnEpipe);
process.stderr.on('error', quietOnEpipe);

main(process.argv).then((code) => {
  process.exitCode = code;
});
