// Starts the built `bible serve --port 0 --quiet` for a benchmark; resolves once it listens.
import { spawn } from 'node:child_process';

const bin = new URL('../bin/bible.js', import.meta.url).pathname;

/** The child and its URL; stderr is inherited unless `stderr: 'pipe'`; `args` are more `bible serve` options. */
export function startServe({ env = process.env, stderr = 'inherit', args = [] } = {}) {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--quiet', ...args], {
    env,
    stdio: ['ignore', 'pipe', stderr],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) resolve({ child, url: m[1] });
    });
    child.on('close', () => reject(new Error(`bible serve exited: ${out}`)));
  });
}
