import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { createApp } from '../../src/service/app.js';
import { periods } from '../../src/service/keys/periods.js';
import { PG_SERVER_OPTIONS, PgStateStore } from '../../src/service/state/pg-store.js';
import { TEST_LIBRARY } from '../support/env.js';
import { itWithPg, PG_AVAILABLE, type PgCluster, startPgCluster } from '../support/pg.js';
import { until } from '../support/until.js';

/** A node whose every database connection is busy: the request waits its turn, then 503, never 500. */
describe('PostgreSQL: every connection of the node busy', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    if (PG_AVAILABLE) cluster = await startPgCluster();
  }, 60_000);
  afterAll(() => cluster?.remove());

  itWithPg(
    'a request waits its turn; past the pool wait it is answered 503 with Retry-After in the envelope',
    async () => {
      // One connection, and statements that may wait long for a lock, so only the pool is busy.
      const options = { ...PG_SERVER_OPTIONS, poolSize: 1, poolWaitMs: 2_000, statementTimeoutMs: 60_000 };
      const keys = await PgStateStore.open(cluster.url, { ...options, keyCacheMs: 60_000 });
      const store = new LibraryStore(TEST_LIBRARY);
      const locker = new pg.Client(cluster.url);
      try {
        const app = await createApp({ store, keys });
        const { key, record } = await keys.create('busy', 'all');
        const passage = (verse: number) =>
          app.request(`/v1/data/bible/kjv/passage?ref=John%203:${verse}`, { headers: { 'X-API-Key': key } });
        expect((await passage(16)).status).toBe(200); // the key is looked up once, then cached
        // The usage counters locked (reads go on): a take holds the node's one connection until the lock goes.
        await locker.connect();
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE bible_usage IN EXCLUSIVE MODE');
        const first = passage(17);
        await until(
          async () =>
            (
              await locker.query(
                "SELECT 1 FROM pg_stat_activity WHERE application_name = 'bible serve' AND wait_event_type = 'Lock'",
              )
            ).rowCount === 1,
          'the first take to wait for the lock',
        );
        const refused = await passage(18);
        expect([refused.status, refused.headers.get('retry-after'), await refused.json()]).toEqual([
          503,
          '1',
          {
            success: false,
            error: {
              code: 'INTERNAL_ERROR',
              message: 'every database connection (1) stayed busy for 2000 ms; retry after Retry-After',
            },
          },
        ]);
        const waiting = passage(19);
        await locker.query('COMMIT');
        expect([(await first).status, (await waiting).status]).toEqual([200, 200]);
        // The refused request took no unit; the others one each.
        expect(await keys.used(record.id, 'data', periods().day)).toBe(3);
      } finally {
        await locker.end().catch(() => {});
        await keys.close();
        store.close();
      }
    },
    30_000,
  );
});
