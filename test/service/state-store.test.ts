import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_STORE_OPTIONS, KeyStore } from '../../src/service/keys/key-store.js';
import { MIGRATIONS } from '../../src/service/state/pg-migrations.js';
import { PG_SERVER_OPTIONS, PgStateStore } from '../../src/service/state/pg-store.js';
import type { StateStore } from '../../src/service/state/state-store.js';
import { itWithPg, PG_AVAILABLE, type PgCluster, startPgCluster } from '../support/pg.js';

/** The same contract, run against each implementation of the service state. */
function contract(name: string, open: () => Promise<StateStore>, test: typeof it | typeof itWithPg) {
  describe(`state store contract: ${name}`, () => {
    test('keys: create, look up by key and prefix, update, revoke', async () => {
      const s = await open();
      try {
        const { key, record } = await s.create('alpha', ['kjv', 'tsk'], { daily: 7 });
        expect(key).toMatch(/^bbl_[\w-]{32}$/);
        expect(record).toMatchObject({
          name: 'alpha',
          scopes: ['kjv', 'tsk'],
          daily: 7,
          chatDaily: 100,
          revokedAt: null,
        });
        expect((await s.byKey(key))?.id).toBe(record.id);
        expect(await s.byKey(`${key}x`)).toBeUndefined();
        expect((await s.find(record.prefix))?.id).toBe(record.id);
        expect((await s.update(record.id, { name: 'beta', scopes: 'all', chatMonthly: 9 })).name).toBe('beta');
        expect((await s.byKey(key))?.scopes).toBe('all');
        const revoked = await s.revoke(record.id);
        expect(revoked.revokedAt).toMatch(/^\d{4}-/);
        expect((await s.byKey(key))?.revokedAt).toBe(revoked.revokedAt);
        expect((await s.list()).map((r) => r.name)).toContain('beta');
      } finally {
        await s.close();
      }
    });

    test('data quota: 40 concurrent takes with 25 left succeed exactly 25 times; a give-back frees one', async () => {
      const s = await open();
      try {
        const { record } = await s.create('quota', 'all', { daily: 25 });
        const taken = await Promise.all(Array.from({ length: 40 }, () => s.takeSoon(record.id, 'data', 'day-1', 25)));
        expect(taken.filter((n) => n !== undefined)).toHaveLength(25);
        expect(new Set(taken.filter((n) => n !== undefined)).size).toBe(25);
        expect(await s.used(record.id, 'data', 'day-1')).toBe(25);
        expect(await s.used(record.id, 'data', 'day-2')).toBe(0);
        s.giveBackSoon(record.id, 'data', 'day-1');
        await until(async () => (await s.used(record.id, 'data', 'day-1')) === 24);
        expect(await s.takeSoon(record.id, 'data', 'day-1', 25)).toBe(25);
        expect(await s.takeSoon(record.id, 'data', 'day-1', 0)).toBeUndefined();
      } finally {
        await s.close();
      }
    });

    test('chat: daily and monthly taken together; a refusal by either takes nothing', async () => {
      const s = await open();
      try {
        const { record } = await s.create('chat', 'all');
        const results = await Promise.all(
          Array.from({ length: 12 }, () => s.takeChatSoon(record.id, 'D1', 'M1', 10, 5)),
        );
        expect(results.filter((r) => !('refused' in r))).toHaveLength(5);
        expect(results.filter((r) => 'refused' in r && r.refused === 'monthly')).toHaveLength(7);
        expect(await s.used(record.id, 'chat-daily', 'D1')).toBe(5);
        expect(await s.used(record.id, 'chat-monthly', 'M1')).toBe(5);
        expect(await s.takeChatSoon(record.id, 'D2', 'M2', 1, 5)).toEqual({ daily: 1, monthly: 1 });
        expect(await s.takeChatSoon(record.id, 'D2', 'M2', 1, 5)).toEqual({ refused: 'daily' });
        expect(await s.used(record.id, 'chat-monthly', 'M2')).toBe(1);
      } finally {
        await s.close();
      }
    });

    test('idempotency: claim once, pending, answered, another body, release', async () => {
      const s = await open();
      try {
        const { record } = await s.create('idem', 'all');
        const r = s.idempotency();
        const claims = await Promise.all([r.claim(record.id, 'k1', 'f1'), r.claim(record.id, 'k1', 'f1')]);
        expect(claims.map((c) => c.state).sort()).toEqual(['new', 'pending']);
        expect(await r.claim(record.id, 'k1', 'f2')).toEqual({ state: 'other-request' });
        await r.complete(record.id, 'k1', 200, '{"ok":1}');
        expect(await r.claim(record.id, 'k1', 'f1')).toEqual({ state: 'answered', status: 200, body: '{"ok":1}' });
        expect(await r.claim(record.id, 'k2', 'f1')).toEqual({ state: 'new' });
        await r.release(record.id, 'k2');
        expect(await r.claim(record.id, 'k2', 'f3')).toEqual({ state: 'new' });
      } finally {
        await s.close();
      }
    });
  });
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not met within 2 s');
}

const dir = mkdtempSync(join(tmpdir(), 'bible-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
contract('SQLite', async () => new KeyStore(join(dir, 'service.sqlite'), COMMAND_STORE_OPTIONS), it);

let cluster: PgCluster | undefined;
if (PG_AVAILABLE) {
  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 60_000);
  afterAll(() => cluster?.remove());
}
contract('PostgreSQL', () => PgStateStore.open((cluster as PgCluster).url, PG_SERVER_OPTIONS), itWithPg);

describe('PostgreSQL migrations', () => {
  itWithPg('are recorded once by version, and two nodes opening at once both succeed', async () => {
    const url = (cluster as PgCluster).url;
    const stores = await Promise.all([PgStateStore.open(url), PgStateStore.open(url), PgStateStore.open(url)]);
    await Promise.all(stores.map((s) => s.close()));
    const pg = (await import('pg')).default;
    const client = new pg.Client(url);
    await client.connect();
    const { rows } = await client.query('SELECT version FROM bible_schema_migrations ORDER BY version');
    await client.end();
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version })));
  });
});
