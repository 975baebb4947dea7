#!/usr/bin/env node
// Launcher: runs the built CLI (npm run build). Never a TypeScript loader at run time.
import { main } from '../dist/cli.js';

main(process.argv).then((code) => {
  process.exitCode = code;
});
