import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { runCliInProcess } from '../support/run-cli.js';
import { createKey, get, type Served, serve, serviceDataDir } from '../support/server.js';
import { until } from '../support/until.js';

/** Every route of the data interface as a template with placeholders. */
const ROUTES = [
  '/v1/data/catalog',
  '/v1/data/bible/books',
  '/v1/data/bible/{s}/passage',
  '/v1/data/bible/{s}/{s}/{s}',
  '/v1/data/strongs/search',
  '/v1/data/strongs/{s}',
  '/v1/data/commentaries/{s}/{s}/{s}',
  '/v1/data/commentaries/{s}/{s}/{s}/{s}',
  '/v1/data/dictionaries/{s}/search',
  '/v1/data/dictionaries/{s}/entries/{s}',
  '/v1/data/topics/merged',
  '/v1/data/topics/{s}/search',
  '/v1/data/topics/{s}/browse',
  '/v1/data/topics/{s}/entries/{s}',
  '/v1/data/crossrefs/{s}/{s}/{s}',
  '/v1/data/stories',
  '/v1/data/stories/{s}',
];
const QUERY_NAMES = ['ref', 'q', 'lex', 'letter', 'theme', 'testament', 'kind', 'limit', 'x'];

/** Path segments that are plausible, hostile, or plain noise. */
const segment = fc.oneof(
  fc.constantFrom(
    'kjv',
    'KJV',
    'web',
    'mhcc',
    'nave',
    'John',
    '1 John',
    'Jhon',
    '3',
    '0',
    '-1',
    '99999999999999999999',
    'G26',
    'h430',
    'faith',
    'the-prodigal-son',
    '%',
    '%ZZ',
    '..',
    'NaN',
    '1e3',
    ' ',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.integer({ min: -5, max: 200 }).map(String),
);
const queryValue = fc.oneof(
  fc.constantFrom(
    'John 3:16',
    'Gen 1-50',
    ';;;',
    'a',
    'love',
    'greek',
    'latin',
    'Z',
    'zz',
    '101',
    '0',
    'OT',
    'parable',
    '%E0%A4%A',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
);

function fill(template: string, segments: string[]): string {
  let i = 0;
  return template.replace(/\{s\}/g, () => {
    const s = segments[i++ % segments.length] as string;
    // Mostly encoded like a client would; sometimes raw, to reach the router's own decoding.
    return i % 5 === 0 ? s.replace(/[/?#]/g, '') || 'x' : encodeURIComponent(s);
  });
}

describe('bible serve under hostile input and concurrency', () => {
  let server: Served;
  let second: Served;
  let dataDir: string;
  let key: string;

  beforeAll(async () => {
    dataDir = serviceDataDir();
    key = await createKey(dataDir, ['--name', 'fuzz', '--daily', '100000']);
    server = await serve(dataDir);
    second = await serve(dataDir);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await second?.stop();
  });

  it('random path segments and query strings on every route: never a 5xx, always an envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.constantFrom(...QUERY_NAMES), queryValue), { maxLength: 3 }),
        fc.boolean(),
        async (route, segments, query, withKey) => {
          const qs = query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
          const path = fill(route, segments) + (qs ? `?${qs}` : '');
          const a = await get(server.url, path, withKey ? { 'X-API-Key': key } : {});
          expect(a.status, path).toBeLessThan(500);
          expect(typeof a.body.success, path).toBe('boolean');
          if (a.status === 200) expect(a.body.success).toBe(true);
          else expect(Object.keys(a.body.error ?? {}).sort(), path).toEqual(['code', 'message']);
        },
      ),
      { numRuns: 600 },
    );
  }, 120_000);

  it('N concurrent requests against a key with L left succeed exactly L times, across two servers', async () => {
    const limited = await createKey(dataDir, ['--name', 'race', '--daily', '37']);
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        get(i % 2 ? server.url : second.url, '/v1/data/bible/kjv/John/3', { 'X-API-Key': limited }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(37);
    expect(statuses.filter((s) => s === 429)).toHaveLength(83);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.error?.code === 'DAILY_LIMIT_EXCEEDED')).toBe(
      true,
    );
  });

  it('counters survive a restart', async () => {
    const k = await createKey(dataDir, ['--name', 'restart', '--daily', '5']);
    for (let i = 0; i < 3; i++)
      expect((await get(server.url, '/v1/data/bible/books', { 'X-API-Key': k })).status).toBe(200);
    expect(await server.stop('SIGTERM')).toBe(0);
    // Every line of the log is stamped: start, requests, stop.
    const log = server.output().trimEnd().split('\n');
    expect(log[0]).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z bible serve: listening on http:\/\/127\.0\.0\.1:\d+ /,
    );
    expect(log.filter((line) => !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /.test(line))).toEqual([]);
    expect(log.at(-1)).toMatch(/Z bible serve: stopped$/);
    server = await serve(dataDir);
    const after = [];
    for (let i = 0; i < 3; i++) after.push((await get(server.url, '/v1/data/bible/books', { 'X-API-Key': k })).status);
    expect(after).toEqual([200, 200, 429]);
    const list = await runCliInProcess(['keys', 'list', '--json'], { env: { BIBLE_DATA_DIR: dataDir } });
    const row = (JSON.parse(list.stdout) as Array<{ name: string; usage: { dataToday: number } }>).find(
      (r) => r.name === 'restart',
    );
    expect(row?.usage.dataToday).toBe(5);
    expect(list.stdout).not.toContain(k);
  });

  it('keys update and revoke take effect on a running server; keys list shows prefixes only', async () => {
    const env = { BIBLE_DATA_DIR: dataDir };
    const k = await createKey(dataDir, ['--name', 'changing']);
    const prefix = k.slice(0, 12);
    expect((await get(server.url, '/v1/data/bible/web/John/3', { 'X-API-Key': k })).status).toBe(200);
    const updated = await runCliInProcess(
      ['keys', 'update', prefix, '--scopes', 'kjv', '--daily', '700', '--name', 'changed'],
      {
        env,
      },
    );
    expect(updated.code).toBe(0);
    expect(updated.stdout).toMatch(new RegExp(`^Updated ${prefix}…  changed  scopes=kjv  daily=700 `));
    // A running server sees another connection's change within its 100 ms check: wait for it.
    await until(
      async () => (await get(server.url, '/v1/data/bible/web/John/3', { 'X-API-Key': k })).status !== 200,
      'the server to see the new scopes',
    );
    expect((await get(server.url, '/v1/data/bible/web/John/3', { 'X-API-Key': k })).body.error?.code).toBe(
      'SCOPE_DENIED',
    );
    const list = JSON.parse((await runCliInProcess(['keys', 'list', '--json'], { env })).stdout) as Array<
      Record<string, unknown>
    >;
    expect(list.find((r) => r.prefix === prefix)).toMatchObject({
      name: 'changed',
      scopes: ['kjv'],
      daily: 700,
      revokedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(k);
    const revoked = await runCliInProcess(['keys', 'revoke', prefix, '--yes'], { env });
    expect(revoked.stdout).toBe(`Revoked ${prefix}… (changed)\n`);
    // Polled with a request the key's scopes refuse (403): refusals cost no quota, so however long
    // the server takes to see the change, the daily limit cannot answer first.
    await until(
      async () => (await get(server.url, '/v1/data/bible/web/John/3', { 'X-API-Key': k })).status !== 403,
      'the server to see the revocation',
    );
    expect((await get(server.url, '/v1/data/catalog', { 'X-API-Key': k })).body.error?.code).toBe('INVALID_API_KEY');
    const unknown = await runCliInProcess(['keys', 'revoke', 'bbl_nothing'], { env });
    expect([unknown.code, unknown.stderr]).toEqual([
      4,
      "bible: no key matches 'bbl_nothing' (give the whole key or a prefix that matches one key)\n",
    ]);
    const noName = await runCliInProcess(['keys', 'create'], { env });
    expect(noName.code).toBe(2);
    const badDaily = await runCliInProcess(['keys', 'create', '--name', 'x', '--daily', 'lots'], { env });
    expect([badDaily.code, badDaily.stderr]).toEqual([2, "bible: --daily must be a whole number (got 'lots')\n"]);
  });

  it('keeps answering while the reader of its log has stalled (the log queues, the event loop does not wait on it)', async () => {
    const stalled = await serve(dataDir);
    try {
      // Nothing reads the log from here on: the pipe (64 KiB) and the reader's buffer fill after
      // ~150 of these lines; a server writing its log to the descriptor would block there.
      stalled.child.stdout.pause();
      const path = `/v1/nope-${'x'.repeat(500)}`;
      let answered = 0;
      for (let i = 0; i < 400; i++) {
        const res = await fetch(`${stalled.url}${path}`, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.status === 404) answered++;
      }
      expect(answered).toBe(400);
    } finally {
      stalled.child.stdout.resume();
      await stalled.stop();
    }
  });

  it('refuses a busy port with one clear line, and stops cleanly on SIGINT', async () => {
    const port = new URL(server.url).port;
    const busy = await runCli(['serve', '--port', port], { env: { BIBLE_DATA_DIR: dataDir } });
    expect(busy.code).toBe(1);
    expect(busy.stderr).toBe(`bible: port ${port} on 127.0.0.1 is in use; choose another with --port\n`);
    const bad = await runCli(['serve', '--port', 'http'], { env: { BIBLE_DATA_DIR: dataDir } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("bible: --port must be a number from 0 to 65535 (got 'http')\n");
    const extra = await serve(dataDir);
    expect(await extra.stop('SIGINT')).toBe(0);
    expect(extra.output()).toMatch(/SIGINT: finishing open requests and stopping\n\S+Z bible serve: stopped\n$/);
  });
});
