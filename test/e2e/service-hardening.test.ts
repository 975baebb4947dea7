import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, get, type Served, serve, serviceDataDir } from '../support/server.js';

/** Seconds until the next midnight UTC, as a 429's Retry-After should say. */
function secondsToMidnight(): number {
  const now = new Date();
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.ceil((next - now.getTime()) / 1000);
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
});
