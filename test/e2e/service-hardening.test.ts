import { statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itWithSword } from '../support/env.js';
import { createKey, get, type Served, serve, serviceDataDir } from '../support/server.js';

/** Seconds until the next midnight UTC, as a 429's Retry-After should say. */
function secondsToMidnight(): number {
  const now = new Date();
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.ceil((next - now.getTime()) / 1000);
}

/**
 * POSTs a chat body streamed without Content-Length (chunked), produced only as the server reads
 * it, up to `total` bytes; resolves with the answer and how many bytes the server pulled.
 */
function streamChat(
  url: string,
  key: string,
  total: number,
): Promise<{ status: number; body: string; produced: number }> {
  let produced = 0;
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const body = new Readable({
    read() {
      if (produced >= total) return this.push(null);
      produced += chunk.length;
      this.push(chunk);
    },
  });
  return new Promise((resolve, reject) => {
    const req = request(`${url}/v1/chat`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => {
        body.destroy();
        resolve({ status: res.statusCode ?? 0, body: text, produced });
      });
    });
    // The server closes once it has answered and discarded what follows; an error before the answer fails the test.
    let answered = false;
    req.on('response', () => (answered = true));
    req.on('error', (err) => (answered ? undefined : reject(err)));
    body.pipe(req);
  });
}

describe('bible serve under attack by one client with one valid key', () => {
  let server: Served;
  let dataDir: string;
  let key: string;

  beforeAll(async () => {
    dataDir = serviceDataDir();
    key = await createKey(dataDir, ['--name', 'attacker', '--daily', '100000']);
    server = await serve(dataDir);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('keeps service.sqlite and its -wal and -shm readable by the owner only', async () => {
    expect((await get(server.url, '/v1/data/catalog', { 'X-API-Key': key })).status).toBe(200);
    for (const file of ['service.sqlite', 'service.sqlite-wal', 'service.sqlite-shm']) {
      expect({ file, mode: (statSync(join(dataDir, file)).mode & 0o777).toString(8) }).toEqual({ file, mode: '600' });
    }
  });

  it('refuses a book name longer than any book before matching it, with a short message', async () => {
    const long = 'Jo'.repeat(7_000);
    const a = await get(server.url, `/v1/data/bible/kjv/${long}/3`, { 'X-API-Key': key });
    expect([a.status, a.body.error]).toEqual([
      404,
      {
        code: 'NOT_FOUND',
        message: `unknown book '${long.slice(0, 40)}…' (a book name has at most 40 characters)`,
      },
    ]);
    const passage = await get(server.url, `/v1/data/bible/kjv/passage?ref=${long}%203:16`, { 'X-API-Key': key });
    expect([passage.status, passage.body.error?.message]).toEqual([
      404,
      `unknown book '${long.slice(0, 40)}…' (a book name has at most 40 characters)`,
    ]);
  });

  it('takes integers in the path only as decimal digits, and a known query parameter only once', async () => {
    const h = { 'X-API-Key': key };
    for (const [path, message] of [
      ['/v1/data/bible/kjv/John/1e1', 'chapter must be an integer of at least 1'],
      ['/v1/data/bible/kjv/John/0x3', 'chapter must be an integer of at least 1'],
      ['/v1/data/bible/kjv/John/+3', 'chapter must be an integer of at least 1'],
      ['/v1/data/bible/kjv/John/3.0', 'chapter must be an integer of at least 1'],
      ['/v1/data/commentaries/mhcc/John/3/1e1', 'verse must be an integer of at least 1'],
      ['/v1/data/dictionaries/kjv-wordbook/entries/0x1', 'idx must be an integer of at least 0'],
      ['/v1/data/stories?limit=1&limit=2', "query parameter 'limit' may be given once"],
    ] as const) {
      const a = await get(server.url, path, h);
      expect({ path, status: a.status, error: a.body.error }).toEqual({
        path,
        status: 400,
        error: { code: 'INVALID_REQUEST', message },
      });
    }
    expect((await get(server.url, '/v1/data/bible/kjv/John/03', h)).status).toBe(200);
    expect((await get(server.url, '/v1/data/dictionaries/kjv-wordbook/entries/0', h)).status).toBe(200);
    expect((await get(server.url, '/v1/data/stories?limit=1&x=1&x=2', h)).status).toBe(200);
  });

  it('answers 429 with Retry-After: the seconds until midnight UTC', async () => {
    const one = await createKey(dataDir, ['--name', 'one', '--daily', '1']);
    expect((await get(server.url, '/v1/data/bible/books', { 'X-API-Key': one })).status).toBe(200);
    const before = secondsToMidnight();
    const refused = await get(server.url, '/v1/data/bible/books', { 'X-API-Key': one });
    const after = secondsToMidnight();
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('DAILY_LIMIT_EXCEEDED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(Math.max(1, after));
    expect(retryAfter).toBeLessThanOrEqual(before);
    // Chat's daily message limit says the same.
    const chatOne = await createKey(dataDir, ['--name', 'chat-one', '--chat-daily', '1']);
    const ask = () =>
      get(
        server.url,
        '/v1/chat',
        { 'X-API-Key': chatOne, 'Content-Type': 'application/json' },
        'POST',
        JSON.stringify({ message: 'What is faith?' }),
      );
    expect((await ask()).status).toBe(200);
    const chatBefore = secondsToMidnight();
    const chatRefused = await ask();
    expect([chatRefused.status, chatRefused.body.error?.code]).toEqual([429, 'DAILY_LIMIT_EXCEEDED']);
    const chatRetry = Number(chatRefused.headers.get('retry-after'));
    expect(chatRetry).toBeGreaterThanOrEqual(1);
    expect(chatRetry).toBeLessThanOrEqual(chatBefore);
  });

  it('a stream of failing requests holds no unit: 50 valid racing 150 404s with 50 left all succeed', async () => {
    const race = async (daily: number) => {
      const limited = await createKey(dataDir, ['--name', `race-404-${daily}`, '--daily', String(daily)]);
      const paths = Array.from({ length: 200 }, (_, i) =>
        i % 4 === 0 ? '/v1/data/bible/kjv/John/3' : `/v1/data/bible/kjv/Jhn${i}/3`,
      );
      const answers = await Promise.all(paths.map((p) => get(server.url, p, { 'X-API-Key': limited })));
      const statuses = (valid: boolean) =>
        answers.filter((_, i) => (paths[i] as string).endsWith('John/3') === valid).map((a) => a.status);
      const next = await get(server.url, '/v1/data/bible/kjv/John/3', { 'X-API-Key': limited });
      return { valid: statuses(true), failing: new Set(statuses(false)), next: next.status };
    };
    // Exactly the 50 left: every valid request succeeds; a 404 may meet 429 only once they are spent.
    const exact = await race(50);
    expect(exact.valid).toEqual(new Array(50).fill(200));
    expect([...exact.failing].every((s) => s === 404 || s === 429)).toBe(true);
    expect(exact.next).toBe(429);
    // With units to spare, no failing request is ever refused for quota.
    const spare = await race(60);
    expect(spare.valid).toEqual(new Array(50).fill(200));
    expect([...spare.failing]).toEqual([404]);
    expect(spare.next).toBe(200);
  });

  it('survives another process holding the key store write lock longer than 5 s; other requests go on', async () => {
    const outside = new Database(join(dataDir, 'service.sqlite'));
    try {
      outside.exec('BEGIN IMMEDIATE');
      outside.exec("UPDATE keys SET name = name WHERE name = 'attacker'");
      const locked = Date.now();
      // Needs the lock (a quota unit): fails with 500, safe to retry, after a bounded wait.
      const keyed = await get(server.url, '/v1/data/catalog', { 'X-API-Key': key });
      expect([keyed.status, keyed.body.error]).toEqual([
        500,
        { code: 'INTERNAL_ERROR', message: 'internal error; the request is safe to retry' },
      ]);
      // Needs no write: answered while the lock is still held.
      const anonymous = await get(server.url, '/v1/data/catalog');
      expect(anonymous.status).toBe(401);
      const contract = await fetch(`${server.url}/openapi.json`);
      expect(contract.status).toBe(200);
      await contract.arrayBuffer();
      // Hold the lock past the 5 s that used to crash the server.
      await new Promise((r) => setTimeout(r, Math.max(0, 5_500 - (Date.now() - locked))));
      expect(server.child.exitCode).toBeNull();
      const stillLocked = await get(server.url, '/v1/data/bible/books', { 'X-API-Key': key });
      expect(stillLocked.status).toBe(500);
    } finally {
      outside.exec('COMMIT');
      outside.close();
    }
    expect((await get(server.url, '/v1/data/catalog', { 'X-API-Key': key })).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/SQLITE_BUSY.*\n\s+at /);
  }, 20_000);

  it('chat: a body over 768 KiB is refused as far as it was read; a wrong Content-Type is refused', async () => {
    const declared = await get(
      server.url,
      '/v1/chat',
      { 'X-API-Key': key, 'Content-Type': 'application/json' },
      'POST',
      JSON.stringify({ message: 'hi', pad: 'x'.repeat(800 * 1024) }),
    );
    expect([declared.status, declared.body.error]).toEqual([
      400,
      { code: 'INVALID_REQUEST', message: 'the body may be at most 786432 bytes' },
    ]);
    const streamed = await streamChat(server.url, key, 100 * 1024 * 1024);
    expect([streamed.status, JSON.parse(streamed.body)]).toEqual([
      400,
      { success: false, error: { code: 'INVALID_REQUEST', message: 'the body may be at most 786432 bytes' } },
    ]);
    // Parsed no further than the limit; what follows is discarded for at most 500 ms, not read whole.
    expect(streamed.produced).toBeLessThan(100 * 1024 * 1024);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const a = await get(
        server.url,
        '/v1/chat',
        { 'X-API-Key': key, ...(type ? { 'Content-Type': type } : {}) },
        'POST',
        JSON.stringify({ message: 'What is faith?' }),
      );
      expect({ type, status: a.status, error: a.body.error }).toEqual({
        type,
        status: 400,
        error: { code: 'INVALID_REQUEST', message: 'the body must be JSON (Content-Type: application/json)' },
      });
    }
    const charset = await get(
      server.url,
      '/v1/chat',
      { 'X-API-Key': key, 'Content-Type': 'application/json; charset=utf-8' },
      'POST',
      JSON.stringify({ message: 'What is faith?' }),
    );
    expect(charset.status).toBe(200);
  });

  it('chat: a history item over 10,000 characters is 400; a full history at the limits in any script is answered', async () => {
    const post = (body: unknown) =>
      get(
        server.url,
        '/v1/chat',
        { 'X-API-Key': key, 'Content-Type': 'application/json' },
        'POST',
        JSON.stringify(body),
      );
    const long = await post({
      message: 'What is faith?',
      conversationHistory: [{ role: 'user', content: 'y'.repeat(10_001) }],
    });
    expect([long.status, long.body.error]).toEqual([
      400,
      {
        code: 'INVALID_REQUEST',
        message: "'conversationHistory[0].content' may be at most 10000 characters (got 10001)",
      },
    ]);
    for (const ch of ['y', '愛']) {
      const full = await post({
        message: ch.repeat(10_000),
        conversationHistory: Array.from({ length: 20 }, (_, i) => ({
          role: i % 2 ? 'assistant' : 'user',
          content: ch.repeat(10_000),
        })),
      });
      expect({ ch, status: full.status }).toEqual({ ch, status: 200 });
    }
  });

  itWithSword(
    'chat retrieves only from resources the key may read; a key that may read no Bible is told so',
    async () => {
      const full = { 'X-API-Key': key };
      const attribution = async (path: string) =>
        ((await get(server.url, path, full)).body.data as { attribution: string }).attribution;
      const others = {
        kjv: await attribution('/v1/data/bible/kjv/John/3'),
        nave: await attribution('/v1/data/topics/nave/entries/love'),
        strongs: await attribution('/v1/data/strongs/G26'),
        mhcc: await attribution('/v1/data/commentaries/mhcc/1%20Corinthians/13/4'),
      };
      const web = await attribution('/v1/data/bible/web/John/3');
      const chat = async (k: string) => {
        const a = await get(
          server.url,
          '/v1/chat',
          { 'X-API-Key': k, 'Content-Type': 'application/json' },
          'POST',
          JSON.stringify({ message: 'What is love in 1 Corinthians 13:4?', persona: 'biblical_scholar' }),
        );
        expect(a.status).toBe(200);
        return (a.body.data as { message: string }).message;
      };
      const webOnly = await chat(await createKey(dataDir, ['--name', 'web-only', '--scopes', 'web']));
      expect(webOnly).toContain('(1 Corinthians 13:4, WEB)');
      expect(webOnly).toContain(`— Sources: ${web}`);
      for (const [id, text] of Object.entries(others))
        expect({ id, quoted: webOnly.includes(text) }).toEqual({ id, quoted: false });
      expect(webOnly).not.toMatch(/Strong's|MHCC|, KJV\)/);
      const noBible = await chat(
        await createKey(dataDir, ['--name', 'no-bible', '--scopes', 'nave,strongs-greek,mhcc']),
      );
      expect(noBible).toBe(
        'This key may read no Bible translation, so there is no Scripture to answer from. Ask the operator of this service for a key that includes one.',
      );
    },
  );
});

describe('bible serve: headers, HEAD and its log', () => {
  let server: Served;
  let key: string;

  beforeAll(async () => {
    const dataDir = serviceDataDir();
    key = await createKey(dataDir, ['--name', 'two', '--daily', '2']);
    server = await serve(dataDir);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('labels every answer nosniff, and /docs runs only its own scripts and is framed by no one', async () => {
    for (const path of ['/healthz', '/v1/data/catalog', '/v1/data/nothing', '/openapi.json', '/docs']) {
      const res = await fetch(server.url + path);
      expect({ path, nosniff: res.headers.get('x-content-type-options') }).toEqual({ path, nosniff: 'nosniff' });
    }
    const docs = await fetch(`${server.url}/docs`);
    expect(docs.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(docs.headers.get('x-frame-options')).toBe('DENY');
  });

  it('takes no unit of the quota for HEAD', async () => {
    const h = { 'X-API-Key': key };
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${server.url}/v1/data/bible/books`, { method: 'HEAD', headers: h })).status).toBe(200);
    expect((await get(server.url, '/v1/data/bible/books', h)).status).toBe(200);
    expect((await get(server.url, '/v1/data/bible/books', h)).status).toBe(200);
    expect((await get(server.url, '/v1/data/bible/books', h)).status).toBe(429);
  });

  it('logs each request with the time it was answered (ISO 8601, UTC)', () => {
    expect(server.output()).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z GET \/v1\/data\/bible\/books 200 \d+\.\dms$/m,
    );
  });
});
