import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { type AppEnv, keyPrincipal, LOCAL_PRINCIPAL } from '../../src/service/context.js';
import type { KeyRecord } from '../../src/service/keys/keys.js';
import { declareQueryNames } from '../../src/service/known-query.js';
import { responseCache } from '../../src/service/response-cache.js';
import { ok } from '../../src/service/routes/router.js';

const LIMITS = { budgetBytes: 10_000, entryBytes: 3_000 };

/** The cache in front of a route whose answer is `size` bytes of JSON, counting how often the route runs. */
function app() {
  const cache = responseCache(LIMITS);
  const served = { count: 0 };
  const a = new Hono<AppEnv>();
  a.use('*', async (c, next) => {
    const scopes = c.req.header('x-scopes');
    c.set('principal', scopes ? keyPrincipal({ scopes: scopes.split(',') } as KeyRecord) : LOCAL_PRINCIPAL);
    await next();
  });
  declareQueryNames('/v1/data/sized/{id}', ['size', 'fill']);
  a.get('/v1/data/sized/:id', cache, (c) => {
    served.count++;
    const size = Number(c.req.query('size'));
    return c.json({ data: (c.req.query('fill') ?? 'x').repeat(Math.max(0, size - 11)) });
  });
  return { a, cache, served };
}

describe('the response cache', () => {
  it('keys on the known query parameters in a fixed order, not on unknown ones', async () => {
    const { a, cache, served } = app();
    const bodies = [];
    for (const q of ['size=100', 'size=100&junk=1', 'junk=2&size=100', 'x=&size=100&y=%00']) {
      const res = await a.request(`/v1/data/sized/1?${q}`);
      bodies.push(await res.text());
    }
    expect(new Set(bodies).size).toBe(1);
    expect([served.count, cache.stats()]).toEqual([1, { entries: 1, bytes: 100 }]);
    await a.request('/v1/data/sized/1?fill=y&size=100');
    await a.request('/v1/data/sized/1?size=100&fill=y');
    expect([served.count, cache.stats().entries]).toEqual([2, 2]);
  });

  it('keeps answers apart by what the key may read', async () => {
    const { a, cache, served } = app();
    await a.request('/v1/data/sized/1?size=50');
    await a.request('/v1/data/sized/1?size=50', { headers: { 'x-scopes': 'web' } });
    await a.request('/v1/data/sized/1?size=50', { headers: { 'x-scopes': 'WEB' } });
    expect([served.count, cache.stats().entries]).toEqual([2, 2]);
  });

  it('stays within its byte budget, least recently used out first, and keeps no answer over the entry cap', async () => {
    const { a, cache, served } = app();
    await a.request('/v1/data/sized/big?size=3001');
    await a.request('/v1/data/sized/big?size=3001');
    expect([served.count, cache.stats()]).toEqual([2, { entries: 0, bytes: 0 }]);
    for (let i = 0; i < 50; i++) {
      await a.request(`/v1/data/sized/${i}?size=2000`);
      expect(cache.stats().bytes).toBeLessThanOrEqual(LIMITS.budgetBytes);
    }
    expect(cache.stats()).toEqual({ entries: 5, bytes: 10_000 });
    const before = served.count;
    for (const id of [45, 46, 47, 48, 49]) await a.request(`/v1/data/sized/${id}?size=2000`);
    expect(served.count).toBe(before);
  });

  it('keeps the JSON text ok() wrote, byte for byte, and measures it in bytes, not characters', async () => {
    const cache = responseCache(LIMITS);
    let served = 0;
    const a = new Hono<AppEnv>();
    a.use('*', async (c, next) => {
      c.set('principal', LOCAL_PRINCIPAL);
      await next();
    });
    declareQueryNames('/v1/data/ok/{id}', ['n']);
    a.get('/v1/data/ok/:id', cache, (c) => {
      served++;
      return ok(c, { text: 'ἀγάπη'.repeat(Number(c.req.query('n'))) });
    });
    const first = await a.request('/v1/data/ok/1?n=10');
    const again = await a.request('/v1/data/ok/1?n=10');
    const expected = JSON.stringify({ success: true, data: { text: 'ἀγάπη'.repeat(10) } });
    expect([await first.text(), await again.text(), again.headers.get('content-type'), served]).toEqual([
      expected,
      expected,
      'application/json',
      1,
    ]);
    expect(cache.stats()).toEqual({ entries: 1, bytes: Buffer.byteLength(expected) });
    // 300 Greek words are 1,535 characters of JSON but 3,335 bytes, over the 3,000-byte cap: served, not kept.
    await a.request('/v1/data/ok/2?n=300');
    await a.request('/v1/data/ok/2?n=300');
    expect([served, cache.stats().entries]).toEqual([3, 1]);
  });
});
