import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/client/cache.js';
import type { TransportResponse } from '../../src/client/transport.js';

const URL_ = '/v1/data/strongs/G26';
const answer = (headers: Record<string, string>, status = 200): TransportResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: '{"success":true,"data":{"number":"G26"}}',
});
const FRESH = answer({ 'cache-control': 'private, max-age=300' });

/** A cache in a new directory with a clock the test moves. */
function cache(identity = 'https://partner.example\nkey-hash') {
  const dir = mkdtempSync(join(tmpdir(), 'bible-cache-'));
  const clock = { now: 1_700_000_000_000 };
  return { dir, clock, cache: new ResponseCache(dir, identity, () => clock.now) };
}

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));

describe('the client response cache', () => {
  it('answers a repeat for as long as max-age allows, marked as a hit, then misses', async () => {
    const { clock, cache: c } = cache();
    expect(c.get(URL_)).toBeUndefined();
    await c.put(URL_, FRESH);
    expect(c.get(URL_)).toEqual({ ...FRESH, headers: { ...FRESH.headers, 'x-bible-cache': 'hit' } });
    clock.now += 299_999;
    expect(c.get(URL_)?.status).toBe(200);
    clock.now += 1;
    expect(c.get(URL_)).toBeUndefined();
  });

  it('keeps nothing that is not a fresh 200: errors, no-store, no lifetime, max-age=0', async () => {
    const { dir, cache: c } = cache();
    await c.put('/a', answer({ 'cache-control': 'private, max-age=300' }, 404));
    await c.put('/b', answer({ 'cache-control': 'no-store' }));
    await c.put('/c', answer({}));
    await c.put('/d', answer({ 'cache-control': 'max-age=0' }));
    for (const u of ['/a', '/b', '/c', '/d']) expect(c.get(u)).toBeUndefined();
    expect(files(dir)).toEqual([]);
  });

  it('one entry per identity (service and key) and URL; other URLs and identities miss', async () => {
    const { dir, clock, cache: c } = cache();
    await c.put(URL_, FRESH);
    expect(c.get('/v1/data/strongs/G25')).toBeUndefined();
    expect(new ResponseCache(dir, 'https://partner.example\nother-key', () => clock.now).get(URL_)).toBeUndefined();
    expect(new ResponseCache(dir, 'https://partner.example\nkey-hash', () => clock.now).get(URL_)?.status).toBe(200);
  });

  it('files are 0600 in 0700 directories, named by a hash: no key or URL in a name', async () => {
    const { dir, cache: c } = cache('https://partner.example\nbbl_secret-key');
    await c.put(URL_, FRESH);
    const [file] = files(dir);
    expect(file).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}\.json$/);
    expect(statSync(join(dir, file as string)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, (file as string).slice(0, 2))).mode & 0o777).toBe(0o700);
    expect(readFileSync(join(dir, file as string), 'utf8')).not.toContain('bbl_secret-key');
  });

  it('a torn or foreign file is a miss, and the next answer replaces it', async () => {
    const { dir, cache: c } = cache();
    await c.put(URL_, FRESH);
    const file = join(dir, files(dir)[0] as string);
    for (const torn of ['{"expires":', '[]', '{"expires":"soon","status":200}', '']) {
      writeFileSync(file, torn);
      expect(c.get(URL_)).toBeUndefined();
    }
    await c.put(URL_, FRESH);
    expect(c.get(URL_)?.status).toBe(200);
  });

  it('a directory it cannot write is no cache, and no error', async () => {
    const { dir, clock } = cache();
    const blocked = join(dir, 'file-not-dir');
    writeFileSync(blocked, '');
    const c = new ResponseCache(join(blocked, 'responses'), 'id', () => clock.now);
    await expect(c.put(URL_, FRESH)).resolves.toBeUndefined();
    expect(c.get(URL_)).toBeUndefined();
  });
});
