#!/usr/bin/env node
// Verse search speed. In-process: median and p95 of a search as the service runs it (parse the
// query and scope, count per book, one page of 50 as on a terminal, with the matched words), per
// query kind, straight on the store: the service's response cache would answer repeats from
// memory and hide the work. Beside it a yardstick in the same run: the library's plain BM25 lookup over the whole-word
// index (what chat used, 50 rows, no counts). Then the CLI's wall time (the built bin/bible.js,
// no response cache) against libsword's `diatheke -s multiword` and `-s phrase` on the same
// queries. Target: in-process p95 under 10 ms.
// Usage: npm run build && node bench/search.mjs [--library path] [--runs 200]
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, homedir, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

register();
const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: { library: { type: 'string' }, runs: { type: 'string', default: '200' } },
});
const library =
  values.library ?? join(process.env.BIBLE_DATA_DIR ?? join(homedir(), '.local', 'share', 'bible'), 'library.sqlite');
const runs = Number(values.runs);

const { LibraryStore } = await import('../src/library/store/library-store.ts');
const { parseSearchQuery } = await import('../src/core/search/query.ts');
const { parseScope } = await import('../src/core/search/scope.ts');
const store = new LibraryStore(library);

const KINDS = [
  ['word', ['faith', 'love', 'shepherd', 'grace']],
  ['phrase', ['"God so loved"', '"in the beginning"', '"the Lord is my shepherd"']],
  ['boolean', ['angel OR angels', 'faith love -hope', 'mercy OR grace peace']],
  ['prefix', ['bless*', 'righteous*', 'lovingkind*']],
  ["Strong's", ['G25', 'H430', 'G26 G4102']],
  ['stemmed', ['love', 'believe', 'walk']],
  // Not a kind: the worst cases, counting most of the Bible (the: 24,091 verses; sa*: 9,375).
  ['extreme', ['the', 'sa*']],
];

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const fmt = (ms) => `${ms.toFixed(2).padStart(7)} ms`;

async function time(fn) {
  for (let i = 0; i < 10; i++) await fn(i);
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { median: quantile(samples, 0.5), p95: quantile(samples, 0.95) };
}

console.log(`library ${library}; ${runs} runs per kind after 10 warm-up runs; page of 50, counts per book included`);
console.log(
  `${'kind'.padEnd(10)} ${'median'.padStart(10)} ${'p95'.padStart(10)}   yardstick (plain BM25, 50 rows) median / p95`,
);
let worst = 0;
for (const [kind, queries] of KINDS) {
  const stem = kind === 'stemmed';
  const ours = await time((i) =>
    store.searchWords('kjv', parseSearchQuery(queries[i % queries.length]), {
      scope: parseScope(undefined),
      stem,
      order: 'canonical',
      limit: 50,
      offset: 0,
    }),
  );
  const words = queries.map((q) => q.replace(/["*]|\bOR\b|-\w+/g, ' '));
  const yard = await time((i) => store.searchVerses('kjv', words[i % words.length], 50));
  if (kind !== 'extreme') worst = Math.max(worst, ours.p95);
  console.log(`${kind.padEnd(10)} ${fmt(ours.median)} ${fmt(ours.p95)}   ${fmt(yard.median)} / ${fmt(yard.p95)}`);
}
console.log(
  `worst in-process p95 of the kinds: ${worst.toFixed(2)} ms (target < 10 ms): ${worst < 10 ? 'met' : 'NOT met'}; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
);

// The CLI against diatheke: whole processes, all results printed, the same queries.
const cliEnv = {
  ...process.env,
  BIBLE_DATA_DIR: dirname(library),
  BIBLE_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'bible-bench-')),
  NO_COLOR: '1',
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function wall(cmd, args, env) {
  const xs = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const r = spawnSync(cmd, args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) return undefined;
    xs.push(performance.now() - t);
  }
  return median(xs);
}
const hasDiatheke = spawnSync('diatheke', ['-b', 'system', '-k', 'modulelistnames']).status === 0;
console.log(`\nwall time, median of 3 (bible search … -t kjv --no-cache, piped; diatheke -b engKJV2006eb):`);
for (const [type, query, ours] of [
  ['multiword', 'faith love hope', ['faith', 'love', 'hope']],
  ['multiword', 'shepherd', ['shepherd']],
  ['phrase', 'God so loved', ['"God so loved"']],
  ['phrase', 'in the beginning', ['"in the beginning"']],
]) {
  const cli = wall(
    process.execPath,
    [join(root, 'bin', 'bible.js'), 'search', ...ours, '-t', 'kjv', '--no-cache'],
    cliEnv,
  );
  const sword = hasDiatheke
    ? wall('diatheke', ['-b', 'engKJV2006eb', '-s', type, '-k', query], process.env)
    : undefined;
  const ratio = cli && sword ? `  (${(sword / cli).toFixed(0)}× faster)` : '';
  console.log(
    `${type.padEnd(10)} ${JSON.stringify(query).padEnd(20)} bible ${cli ? fmt(cli) : '   failed'}   diatheke ${sword ? fmt(sword) : ' not installed'}${ratio}`,
  );
}
store.close();
