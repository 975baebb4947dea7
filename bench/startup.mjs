#!/usr/bin/env node
// Start-up of a `bible` lookup, each a new process, beside two yardsticks measured in the same run:
// `node -e 0` (a bare Node start) and libsword's `diatheke` reading the same verse. The runs are
// interleaved (run i of every command, then run i+1) so a change in the machine's load falls on
// all of them alike; medians and p90 of the wall time, and the median's ratio to `node -e 0`.
//  - embedded mode answers in-process from the local library; `--no-cache` is the common case
//    (people read different passages), "cached" a repeat answered from the on-disk cache;
//  - remote: a cache hit against a `bible serve` this script starts (no request leaves the process);
//  - peak RSS (VmHWM, from /usr/bin/time -v) of an embedded lookup.
// The built CLI runs through a V8 code cache (src/cli/launch.ts) in this run's cache dir: the first
// run of each command writes it, as a user's first run would; the medians leave that run out.
// Targets (issue 17): cold passage <= 1.25 x and below diatheke; cached <= 1.15; search and
// concordance <= 1.3; find <= 1.5; peak RSS of a lookup <= 80 MiB.
// Usage: npm run build && node bench/startup.mjs [runs=11]
// BIBLE_DATA_DIR picks the library (the tests' is .bible-test/data); it is built on first use.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.argv[2] ?? 11);
const bin = new URL('../bin/bible.js', import.meta.url).pathname;
const node = process.execPath;
const cache = mkdtempSync(join(tmpdir(), 'bible-bench-cache-'));
const config = mkdtempSync(join(tmpdir(), 'bible-bench-config-'));
const base = { ...process.env, BIBLE_CACHE_DIR: cache, BIBLE_CONFIG_DIR: config, NO_COLOR: '1' };
delete base.BIBLE_BASE_URL;
delete base.BIBLE_API_KEY;

function run(cmd, args, env) {
  const r = spawnSync(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r;
}

// Build the library if need be, and put the cached passage in the cache.
run(node, [bin, 'passage', 'John 3:16'], base);

const key = run(node, [bin, 'keys', 'create', '--name', 'startup-bench', '--json'], base)
  .stdout.toString()
  .match(/"key": "([^"]+)"/)[1];
const server = spawn(node, [bin, 'serve', '--port', '0', '--quiet'], {
  env: base,
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
run(node, [bin, 'passage', 'John 3:16'], remote);

const bible = (...args) => [node, [bin, ...args], base];
const cases = [
  ['node -e 0', node, ['-e', '0'], base],
  ['diatheke KJV John 3:16', 'diatheke', ['-b', 'engKJV2006eb', '-f', 'plain', '-k', 'John 3:16'], base],
  ['passage, --no-cache', ...bible('passage', 'John 3:16', '--no-cache')],
  ['passage, cached', ...bible('passage', 'John 3:16')],
  ['chapter John 3', ...bible('chapter', 'John', '3', '--no-cache')],
  ['search faith love', ...bible('search', 'faith', 'love', '--no-cache')],
  ['concordance G25', ...bible('concordance', 'G25', '--no-cache')],
  ['find "love is patient"', ...bible('find', 'love is patient, love is kind', '--no-cache')],
  ['strongs G26', ...bible('strongs', 'G26', '--no-cache')],
  ['commentary John 3:16', ...bible('commentary', 'John 3:16', '--no-cache')],
  ['topic faith', ...bible('topic', 'faith', '--no-cache')],
  ['--help', ...bible('--help')],
  ['remote, cache hit', node, [bin, 'passage', 'John 3:16'], remote],
];
const times = cases.map(() => []);
for (let i = 0; i < runs; i++) {
  cases.forEach(([, cmd, args, env], j) => {
    const t = process.hrtime.bigint();
    run(cmd, args, env);
    times[j].push(Number(process.hrtime.bigint() - t) / 1e6);
  });
}
server.kill('SIGTERM');

const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
const medians = times.map((t) =>
  at(
    t.sort((a, b) => a - b),
    0.5,
  ),
);
const node0 = medians[0];
console.log(`wall time over ${runs} interleaved runs each; ratio = median / median of node -e 0`);
console.log(`${''.padEnd(26)} ${'median'.padStart(9)} ${'p90'.padStart(9)}   ratio`);
cases.forEach(([name], j) => {
  const p90 = at(times[j], 0.9);
  console.log(
    `${name.padEnd(26)} ${medians[j].toFixed(1).padStart(6)} ms ${p90.toFixed(1).padStart(6)} ms   ${(medians[j] / node0).toFixed(2)} x`,
  );
});

// Peak resident memory of a lookup (the kernel's high-water mark, as GNU time reports it).
const rss = (cmd, args) => {
  const r = run('/usr/bin/time', ['-v', cmd, ...args], base);
  const kib = Number(r.stderr.toString().match(/Maximum resident set size \(kbytes\): (\d+)/)[1]);
  return `${(kib / 1024).toFixed(1)} MiB`;
};
console.log('peak RSS (target: a lookup <= 80 MiB)');
for (const [name, cmd, args] of [
  ['node -e 0', node, ['-e', '0']],
  ['passage, --no-cache', ...bible('passage', 'John 3:16', '--no-cache')],
  ['search faith love', ...bible('search', 'faith', 'love', '--no-cache')],
  ['find "love is patient"', ...bible('find', 'love is patient, love is kind', '--no-cache')],
])
  console.log(`${name.padEnd(26)} ${rss(cmd, args).padStart(9)}`);
