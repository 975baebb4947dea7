#!/usr/bin/env node
// Throughput and p99 latency of `bible serve` beside a bare node:http server answering a fixed
// JSON document, under autocannon, in the same run: one node on SQLite, one on PostgreSQL and two
// on PostgreSQL (the connections split between them, as a load balancer would), each for one fixed
// URL (answered from the response cache), a rotation over all 1,189 chapters, and a rotation over
// 20,000 distinct passages (more than the response cache holds). PostgreSQL: BIBLE_BENCH_DB, else
// a throwaway cluster (needs initdb/pg_ctl). Needs a built CLI and a library.
// Usage: node bench/serve.mjs [seconds=5] [connections=50]
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { startPgCluster } from '../test/support/pg-cluster.mjs';
import { startServe } from './served.mjs';

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 50);
const bin = new URL('../bin/bible.js', import.meta.url).pathname;

const cluster = process.env.BIBLE_BENCH_DB ? undefined : await startPgCluster();
const pgUrl = process.env.BIBLE_BENCH_DB ?? cluster.url;

function createKey(args) {
  const out = execFileSync(
    process.execPath,
    [bin, 'keys', 'create', '--name', 'bench', '--daily', '100000000', '--json', ...args],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(out).key;
}

// The canon from the service itself: every chapter, and 20,000 distinct passages spread over the Bible.
const probe = await startServe();
const books = (
  await (await fetch(`${probe.url}/v1/data/bible/books`, { headers: { 'x-api-key': createKey([]) } })).json()
).data.books;
probe.child.kill('SIGTERM');
const chapters = books.flatMap((b) => b.verseCounts.map((_, i) => `/v1/data/bible/kjv/${b.number}/${i + 1}`));
const verses = books.flatMap((b) =>
  b.verseCounts.flatMap((n, c) => Array.from({ length: n }, (_, v) => [b, c + 1, v + 1, n])),
);
const stride = verses.length / 20_000;
const passages = Array.from({ length: 20_000 }, (_, i) => {
  const [b, c, v, n] = verses[Math.floor(i * stride)];
  const to = Math.min(n, v + (i % 4));
  const ref = to > v ? `${b.name} ${c}:${v}-${to}` : `${b.name} ${c}:${v}`;
  return `/v1/data/bible/kjv/passage?ref=${encodeURIComponent(ref)}`;
});
const TARGETS = {
  'fixed URL': ['/v1/data/bible/kjv/John/3'],
  [`${chapters.length} chapters`]: chapters,
  [`${passages.length} passages`]: passages,
};

/** autocannon over `paths` in turn (shared by all connections), against each of `urls` with its share of connections. */
async function load(urls, paths, headers) {
  let next = 0;
  const runs = urls.map((url) =>
    autocannon({
      url,
      connections: Math.max(1, Math.round(connections / urls.length)),
      duration: seconds,
      headers,
      requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
    }),
  );
  const results = await Promise.all(runs);
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    // Over two nodes, the worse node's p99 (autocannon does not merge histograms).
    p99: Math.max(...results.map((r) => r.latency.p99)),
    bad: results.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
  };
}

const fixed = JSON.stringify({
  success: true,
  data: { translation: 'kjv', verses: [{ v: 1, text: 'x'.repeat(5000) }] },
});
const bare = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'private, max-age=300' });
  res.end(fixed);
});
await new Promise((r) => bare.listen(0, '127.0.0.1', r));
const base = await load([`http://127.0.0.1:${bare.address().port}`], ['/'], {});
bare.close();

const SETUPS = [
  ['1 node, SQLite', [], 1],
  ['1 node, PostgreSQL', ['--db', pgUrl], 1],
  ['2 nodes, PostgreSQL', ['--db', pgUrl], 2],
];
console.log(`autocannon, ${connections} connections, ${seconds} s per case; yardstick: bare node:http fixed JSON`);
console.log(
  `${'bare node:http'.padEnd(44)} ${base.rps.toFixed(0).padStart(7)} req/s   p99 ${String(base.p99).padStart(4)} ms`,
);
for (const [name, args, count] of SETUPS) {
  const key = createKey(args);
  const nodes = [];
  for (let i = 0; i < count; i++) nodes.push(await startServe({ args }));
  for (const [target, paths] of Object.entries(TARGETS)) {
    const r = await load(
      nodes.map((n) => n.url),
      paths,
      { 'x-api-key': key },
    );
    console.log(
      `${`${name}, ${target}`.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms   ${(r.rps / base.rps).toFixed(2)}× bare   non-2xx+errors ${r.bad}`,
    );
  }
  await Promise.all(nodes.map((n) => new Promise((done) => n.child.once('close', done).kill('SIGTERM'))));
}
console.log('target for the 20,000 passages: >= 0.5× bare, p99 < 25 ms');
cluster?.remove();
