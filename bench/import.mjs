#!/usr/bin/env node
// Measures a full library import with the built CLI: wall seconds and the file's size.
// Usage: npm run build && node bench/import.mjs [runs=1]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.argv[2] ?? 1);
const bin = new URL('../bin/bible.js', import.meta.url).pathname;
const times = [];
let size = 0;
let resources = '';
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'bible-bench-import-'));
  const started = process.hrtime.bigint();
  const out = execFileSync(process.execPath, [bin, 'library', 'import', '--json'], {
    env: { ...process.env, BIBLE_DATA_DIR: dir },
    encoding: 'utf8',
  });
  times.push(Number(process.hrtime.bigint() - started) / 1e9);
  size = statSync(join(dir, 'library.sqlite')).size;
  resources = JSON.parse(out)
    .sources.map((s) => `${s.resource} ${s.count}`)
    .join(', ');
  rmSync(dir, { recursive: true, force: true });
}
times.sort((a, b) => a - b);
console.log(`sources: ${resources}`);
console.log(
  `import wall time: ${times.map((t) => t.toFixed(2)).join(' s, ')} s (median ${times[Math.floor(times.length / 2)].toFixed(2)} s, target <= 60 s)`,
);
console.log(`library size: ${(size / 1e6).toFixed(1)} MB`);
