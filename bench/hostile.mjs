#!/usr/bin/env node
// The attacks of issue 11 against a real `bible serve` on 127.0.0.1, one after another. For each:
// the answer, the slowest of the /v1/data/catalog requests a second client made meanwhile (the
// yardstick: the same request on the idle server, measured first in the same run), and the
// server's RSS after it. Targets: /catalog under 250 ms during every attack; RSS under 300 MB
// after the cache and body attacks; the server alive and answering after a 7-second outside lock.
// Needs a built CLI and a library (npm run build; bible library import, or BIBLE_DATA_DIR).
// Usage: node bench/hostile.mjs [passages=2000] [only attacks whose name contains this]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { cpus, homedir, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import { startServe } from './served.mjs';

const passages = Number(process.argv[2] ?? 2000);
const only = process.argv[3] ?? '';
const bin = new URL('../bin/bible.js', import.meta.url).pathname;
const library = join(process.env.BIBLE_DATA_DIR ?? join(homedir(), '.local', 'share', 'bible'), 'library.sqlite');
if (!existsSync(library)) {
  console.error(`bench/hostile: no library at ${library}: run 'bible library import' or set BIBLE_DATA_DIR`);
  process.exit(1);
}
// Keys and counters of its own; the library shared.
const dataDir = mkdtempSync(join(tmpdir(), 'bible-hostile-'));
symlinkSync(library, join(dataDir, 'library.sqlite'));
const env = { ...process.env, BIBLE_DATA_DIR: dataDir };
const created = execFileSync(
  process.execPath,
  [bin, 'keys', 'create', '--name', 'attacker', '--daily', '100000000', '--chat-daily', '100000', '--json'],
  { encoding: 'utf8', env },
);
const key = JSON.parse(created).key;

const { child, url } = await startServe({ env, stderr: 'pipe' });
let serverErrors = '';
child.stderr.on('data', (d) => (serverErrors += d));
const { hostname, port } = new URL(url);
const alive = () => child.exitCode === null && child.signalCode === null;

/** The server's resident set in MB, from /proc. */
function rssMb() {
  if (!alive()) return Number.NaN;
  const m = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/** One request over node:http: status, a short answer, ms. A body may be a string, Buffer or stream. */
function send(path, { method = 'GET', headers = {}, body } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, { method, headers: { 'X-API-Key': key, ...headers } });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d) => (text += d.length < 4096 ? d : ''));
      res.on('end', () => {
        if (body instanceof Readable) body.destroy();
        let code = '';
        try {
          code = JSON.parse(text).error?.code ?? '';
        } catch {}
        resolve({ status: res.statusCode, code, ms: performance.now() - started });
      });
    });
    // The server may close while a refused body is still being sent; its answer has come by then.
    req.on('error', (err) => resolve({ status: 0, code: err.code ?? err.message, ms: performance.now() - started }));
    if (body instanceof Readable) body.pipe(req);
    else req.end(body);
  });
}

const catalog = () => send('/v1/data/catalog');
const healthz = () => send('/healthz');

/** Runs `attack` while a second client asks for /catalog (or `probe`) in a loop; the slowest of those and their statuses. */
async function during(attack, probe = catalog) {
  let done = false;
  const probes = [];
  const prober = (async () => {
    while (!done) {
      probes.push(await probe());
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const answer = await attack();
  done = true;
  await prober;
  const statuses = [...new Set(probes.map((p) => p.status))].join('/');
  return { answer, catalogMax: Math.max(...probes.map((p) => p.ms)), probes: probes.length, statuses };
}

/** Tally of statuses (and codes) over answers, as "400 INVALID_REQUEST ×4". */
function tally(answers) {
  const counts = new Map();
  for (const a of answers) {
    const k = `${a.status}${a.code ? ` ${a.code}` : ''}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${k} ×${n}`).join(', ');
}

/** `count` calls of `fn(i)`, `width` at a time. */
async function pool(count, width, fn) {
  const out = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

const json = { 'Content-Type': 'application/json' };
// Built before the probes start: stringifying 20 MB here would stall the prober in this process, not the server.
const HUGE_HISTORY = JSON.stringify({
  message: 'hi',
  conversationHistory: Array.from({ length: 20 }, () => ({ role: 'user', content: 'y'.repeat(1 << 20) })),
});
const PSALMS = Array.from({ length: 10 }, () => 'Ps 116-119').join(';');

const attacks = [
  [
    'chat: 20 history items of 1 MB (Content-Length)',
    async () => tally([await send('/v1/chat', { method: 'POST', headers: json, body: HUGE_HISTORY })]),
  ],
  [
    'chat: 100 MB body, chunked',
    async () => {
      let produced = 0;
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const body = new Readable({
        read() {
          if (produced >= 100 * 1024 * 1024) return this.push(null);
          produced += chunk.length;
          this.push(chunk);
        },
      });
      const a = await send('/v1/chat', { method: 'POST', headers: json, body });
      return `${tally([a])}; ${(produced / 1024 / 1024).toFixed(1)} MB sent before the answer`;
    },
  ],
  [
    "chat at the limits ×4: 'y' × 10,000 message and 20 history items",
    async () => {
      const body = JSON.stringify({
        message: 'y'.repeat(10_000),
        conversationHistory: Array.from({ length: 20 }, (_, i) => ({
          role: i % 2 ? 'assistant' : 'user',
          content: 'y'.repeat(10_000),
        })),
      });
      return tally(await pool(4, 4, () => send('/v1/chat', { method: 'POST', headers: json, body })));
    },
  ],
  [
    'book names of 14 kB, 4 at a time ×40',
    async () => tally(await pool(40, 4, () => send(`/v1/data/bible/kjv/${'x'.repeat(14_000)}/3`))),
  ],
  [
    `${passages} × passage 10 × Ps 116-119 with &junk=N`,
    async () =>
      tally(
        await pool(passages, 8, (i) => send(`/v1/data/bible/kjv/passage?ref=${encodeURIComponent(PSALMS)}&junk=${i}`)),
      ),
  ],
  [
    `${passages} distinct passages of 10 × Ps 116-119`,
    async () =>
      tally(
        await pool(passages, 8, (i) => {
          const ref = Array.from(
            { length: 10 },
            () => `Ps 116:${1 + (i % 19)}-119:${100 + (Math.floor(i / 19) % 77)}`,
          ).join(';');
          return send(`/v1/data/bible/${i % 2 ? 'web' : 'kjv'}/passage?ref=${encodeURIComponent(ref)}`);
        }),
      ),
  ],
  [
    'slow headers: 200 connections that never finish them',
    async () => {
      const started = performance.now();
      const sockets = await Promise.all(
        Array.from(
          { length: 200 },
          () =>
            new Promise((resolve) => {
              const s = connect(Number(port), hostname, () => {
                s.write(`GET /v1/data/catalog HTTP/1.1\r\nHost: ${hostname}\r\nX-Slow: `);
                resolve(s);
              });
              // A connection refused or reset before it opened is one the server has already shed.
              s.on('error', () => resolve(s));
              // Read what comes (the 408), so the server's close reaches this end as 'end' and 'close'.
              s.resume();
            }),
        ),
      );
      // Bounded: the bench ends even if the server never closes them (then it says how many).
      const closed = (s) => new Promise((r) => (s.destroyed ? r(true) : s.on('close', () => r(true))));
      const limit = new Promise((r) => setTimeout(() => r(false), 20_000).unref());
      const outcomes = await Promise.all(sockets.map((s) => Promise.race([closed(s), limit])));
      const open = outcomes.filter((x) => !x).length;
      for (const s of sockets) s.destroy();
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      return open ? `${open} of 200 still open after ${seconds} s` : `all 200 closed by the server after ${seconds} s`;
    },
  ],
  [
    'outside write lock on service.sqlite for 7 s',
    async () => {
      const db = new Database(join(dataDir, 'service.sqlite'));
      db.exec('BEGIN IMMEDIATE');
      db.exec("UPDATE keys SET name = name WHERE name = 'attacker'");
      await new Promise((r) => setTimeout(r, 7_000));
      db.exec('COMMIT');
      db.close();
      const after = await catalog();
      return `lock released; server ${alive() ? 'alive' : 'DEAD'}, /catalog then ${after.status}`;
    },
  ],
];

// Issue 32: requests whose work grows with what the client writes, probed by /healthz. The first
// four are refused by the bounds now (400 before any work); the rest are the worst the bounds let
// through, run a few at once.
const dashed = (n) => Array.from({ length: n }, () => 'a').join('-');
const COMMON =
  'the and of to that in he shall unto for i his a lord they be is him not them it with all thou thy was god which my me said but'.split(
    ' ',
  );
const PREFIXES =
  'th an st wh be co ha hi un in he so lo go sa wa ma fo to mo de re pr ca fa se wi ch br gr li me'.split(' ');
const search = (q) => `/v1/data/bible/kjv/search?q=${encodeURIComponent(q)}&order=relevance&limit=1000`;
// The same words in another order for each of several requests: another query to the response
// cache and the store's match lists, so each is matched and ranked in full.
const rotated = (words, i) => [...words.slice(i), ...words.slice(0, i)];
const slow = [
  [
    "strongs search: 800 one-letter words ('a-a-a-…')",
    async () => tally([await send(`/v1/data/strongs/search?q=${dashed(800)}`)]),
  ],
  [
    'search: a* OR a* … ×32 by relevance, six at once',
    async () => tally(await pool(6, 6, () => send(search(Array.from({ length: 32 }, () => 'a*').join(' OR '))))),
  ],
  ['stories?q= of 5,000 words (a-a-a-…)', async () => tally([await send(`/v1/data/stories?q=${dashed(5000)}`)])],
  [
    "strongs search: 16 one-letter words ('a-a-…'), six at once",
    async () => tally(await pool(6, 6, () => send(`/v1/data/strongs/search?q=${dashed(16)}`))),
  ],
  [
    'search: 32 common words OR-ed by relevance, six at once',
    async () => tally(await pool(6, 6, (i) => send(search(rotated(COMMON, i).join(' OR '))))),
  ],
  [
    'search: 32 two-letter prefixes OR-ed by relevance, six at once',
    async () =>
      tally(
        await pool(6, 6, (i) =>
          send(
            search(
              rotated(PREFIXES, i)
                .map((p) => `${p}*`)
                .join(' OR '),
            ),
          ),
        ),
      ),
  ],
  [
    'search: every page of "the" by relevance, 1000 at a time (the CLI\'s --rank --limit all)',
    async () => {
      const pages = [];
      let total = Number.POSITIVE_INFINITY;
      for (let offset = 0; offset < total; offset += 1000) {
        const started = performance.now();
        const res = await fetch(`${url}/v1/data/bible/kjv/search?q=the&order=relevance&limit=1000&offset=${offset}`, {
          headers: { 'X-API-Key': key },
        });
        total = (await res.json()).data.total;
        pages.push({ status: res.status, ms: performance.now() - started });
      }
      const ms = pages.map((p) => p.ms);
      return `${tally(pages)}; first page ${ms[0].toFixed(0)} ms, the others ${Math.max(...ms.slice(1)).toFixed(0)} ms at most`;
    },
  ],
  [
    'find: 100 questions at once',
    async () =>
      tally(
        await pool(100, 100, (i) =>
          send(`/v1/data/bible/kjv/find?q=${encodeURIComponent(`who was ${COMMON[i % COMMON.length]} shepherd ${i}`)}`),
        ),
      ),
  ],
];

const idle = [];
for (let i = 0; i < 20; i++) idle.push((await catalog()).ms);
const yardstick = Math.max(...idle);
console.log(
  `bible serve at ${url}; RSS ${rssMb().toFixed(0)} MB at start; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
);
console.log(`yardstick: /v1/data/catalog on the idle server, slowest of 20: ${yardstick.toFixed(1)} ms\n`);

const results = [];
// `slow` as the filter runs the slow requests alone.
for (const [name, attack] of attacks.filter(([name]) => only !== 'slow' && name.includes(only))) {
  const r = await during(attack);
  const rss = rssMb();
  results.push({ name, ...r, rss });
  console.log(name);
  console.log(`  answer: ${r.answer}`);
  console.log(
    `  /catalog meanwhile: slowest ${r.catalogMax.toFixed(1)} ms of ${r.probes} (${r.statuses})   RSS after: ${rss.toFixed(0)} MB`,
  );
}

const slowResults = [];
const selected = slow.filter(([name]) => only === 'slow' || name.includes(only));
if (selected.length) console.log('\nslow requests (issue 32), /healthz probed meanwhile:');
for (const [name, attack] of selected) {
  const r = await during(attack, healthz);
  const rss = rssMb();
  slowResults.push({ ...r, rss });
  console.log(name);
  console.log(`  answer: ${r.answer}`);
  console.log(
    `  /healthz meanwhile: slowest ${r.catalogMax.toFixed(1)} ms of ${r.probes} (${r.statuses})   RSS after: ${rss.toFixed(0)} MB`,
  );
}

console.log(`\ntargets (yardstick ${yardstick.toFixed(1)} ms):`);
if (results.length) {
  const worst = Math.max(...results.map((r) => r.catalogMax));
  // The issue's cache attack (junk parameters) and body attacks; the distinct-passages run is ours,
  // a busy public service's load rather than an attack, and its figure is printed on its own line.
  const rssAfterHeavy = Math.max(...results.filter((r) => /junk|body|1 MB/.test(r.name)).map((r) => r.rss));
  const distinct = results.find((r) => r.name.includes('distinct'));
  console.log(
    `  /catalog during every attack < 250 ms: slowest ${worst.toFixed(1)} ms ${worst < 250 ? 'ok' : 'MISSED'}`,
  );
  console.log(
    `  RSS after the cache and body attacks < 300 MB: ${rssAfterHeavy.toFixed(0)} MB ${rssAfterHeavy < 300 ? 'ok' : 'MISSED'}`,
  );
  if (distinct)
    console.log(
      `  (beyond the issue) RSS after the distinct passages, on top of the attacks before: ${distinct.rss.toFixed(0)} MB`,
    );
  console.log(`  alive and answering after the 7 s lock: ${alive() ? 'ok' : 'MISSED'}`);
}
if (slowResults.length) {
  const slowest = Math.max(...slowResults.map((r) => r.catalogMax));
  const rssAfter = Math.max(...slowResults.map((r) => r.rss));
  console.log(
    `  /healthz during every slow request < 250 ms: slowest ${slowest.toFixed(1)} ms ${slowest < 250 ? 'ok' : 'MISSED'}`,
  );
  console.log(`  RSS after the slow requests < 400 MB: ${rssAfter.toFixed(0)} MB ${rssAfter < 400 ? 'ok' : 'MISSED'}`);
}
// The /mcp fan-out (issue 32.2), in a file of its own: it probes /healthz, not /catalog.
const { MCP_CASE, mcpFanOut } = await import('./hostile-mcp.mjs');
if (MCP_CASE.includes(only)) await mcpFanOut({ url, key, send, rssMb, pool });
// SIGTERM while twenty of the heavy searches are in flight: the node answers them or refuses the
// ones still waiting, and exits.
// Each its own query: neither the response cache nor the match lists answer any of them.
const inFlight = pool(20, 20, (i) => send(search(rotated(COMMON, i).join(' OR '))));
await new Promise((r) => setTimeout(r, 200));
const term = performance.now();
child.kill('SIGTERM');
await new Promise((r) => (alive() ? child.once('exit', r) : r()));
console.log(
  `  SIGTERM to exit, twenty heavy searches in flight: ${(performance.now() - term).toFixed(0)} ms (answers: ${tally(await inFlight)})`,
);
if (serverErrors) console.log(`\nserver stderr:\n${serverErrors.trim().split('\n').slice(0, 5).join('\n')}`);
