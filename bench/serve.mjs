#!/usr/bin/env node
// Throughput and p99 latency of `bible serve` on /v1/data/bible/kjv/John/3 beside a bare
// node:http server answering a fixed JSON document, both under autocannon with 50 connections
// for 10 s, in the same run. Needs a built CLI and a library (npm run build; bible library import).
// Usage: node bench/serve.mjs [seconds=10] [connections=50]
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { startServe } from './served.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const bin = new URL('../bin/bible.js', import.meta.url).pathname;

const key = execFileSync(
  process.execPath,
  [bin, 'keys', 'create', '--name', 'bench', '--daily', '100000000', '--json'],
  {
    encoding: 'utf8',
  },
)
  .trim()
  .replace(/^[\s\S]*?"key": "([^"]+)"[\s\S]*$/, '$1');

const { child, url } = await startServe();

const fixed = JSON.stringify({
  success: true,
  data: { translation: 'kjv', verses: [{ v: 1, text: 'x'.repeat(5000) }] },
});
const bare = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'private, max-age=300' });
  res.end(fixed);
});
await new Promise((r) => bare.listen(0, '127.0.0.1', r));
const bareUrl = `http://127.0.0.1:${bare.address().port}/`;

const run = (target, headers) => autocannon({ url: target, connections, duration: seconds, headers });

const ours = await run(`${url}/v1/data/bible/kjv/John/3`, { 'x-api-key': key });
const base = await run(bareUrl, {});
child.kill('SIGTERM');
bare.close();

const line = (name, r) =>
  `${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
console.log(`autocannon, ${connections} connections, ${seconds} s each`);
console.log(line('bible serve kjv/John/3', ours));
console.log(line('bare node:http fixed JSON', base));
console.log(
  `throughput ratio (ours / bare): ${(ours.requests.average / base.requests.average).toFixed(2)} (target >= 0.5); p99 target < 25 ms`,
);
