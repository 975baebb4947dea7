#!/usr/bin/env node
// Median wall time of `bible passage "John 3:16"` beside `node -e 0`, in the same run:
//  - embedded mode, library built, --no-cache (the in-process service answers);
//  - embedded mode, a repeat (answered from the on-disk response cache);
//  - a cache hit against `bible serve` (no request leaves the process).
// Usage: npm run build && node bench/startup.mjs [runs=15]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.argv[2] ?? 15);
const bin = new URL('../bin/bible.js', import.meta.url).pathname;
const cache = mkdtempSync(join(tmpdir(), 'bible-bench-cache-'));
const base = { ...process.env, BIBLE_CACHE_DIR: cache, NO_COLOR: '1' };

function median(cmd, args, env) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

// Make sure the library exists and the cache holds the passage.
execFileSync(process.execPath, [bin, 'passage', 'John 3:16'], { env: base, stdio: 'ignore' });

const key = execFileSync(process.execPath, [bin, 'keys', 'create', '--name', 'startup-bench', '--json'], {
  encoding: 'utf8',
}).match(/"key": "([^"]+)"/)[1];
const server = spawn(process.execPath, [bin, 'serve', '--port', '0', '--quiet'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    const m = out.match(/listening on (http:\/\/\S+)/);
    if (m) resolve(m[1]);
  });
});
const remote = { ...base, BIBLE_BASE_URL: url, BIBLE_API_KEY: key };
execFileSync(process.execPath, [bin, 'passage', 'John 3:16'], { env: remote, stdio: 'ignore' });

const node0 = median(process.execPath, ['-e', '0'], base);
const rows = [
  ['node -e 0', node0],
  ['embedded, --no-cache', median(process.execPath, [bin, 'passage', 'John 3:16', '--no-cache'], base)],
  ['embedded, repeat (cache)', median(process.execPath, [bin, 'passage', 'John 3:16'], base)],
  ['bible serve, cache hit', median(process.execPath, [bin, 'passage', 'John 3:16'], remote)],
];
server.kill('SIGTERM');
console.log(`median wall time over ${runs} runs each (target: at most 1.5 x node -e 0)`);
for (const [name, ms] of rows)
  console.log(`${name.padEnd(28)} ${ms.toFixed(1).padStart(7)} ms   ${(ms / node0).toFixed(2)} x`);
