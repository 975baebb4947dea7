import pg from 'pg';
import { ANSWER_TTL_MS, type Claim, PENDING_TTL_MS } from '../keys/idempotency.js';
import {
  byPrefix,
  hashKey,
  type KeyLimits,
  type KeyRecord,
  type KeyRow,
  NEW_KEY_COLUMNS,
  newKey,
  toRecord,
  updateColumns,
} from '../keys/keys.js';
import type { UsageKind } from '../keys/periods.js';
import { MIGRATION_LOCK, MIGRATIONS } from './pg-migrations.js';
import type { ChatTake, IdempotencyRecords, StateStore } from './state-store.js';

export interface PgStoreOptions {
  /** Connections per node. */
  poolSize: number;
  /** Longest a request waits for a connection (the database down, or every connection busy). */
  connectTimeoutMs: number;
  /** Longest one statement may run, on the server and as the client waits for it. */
  statementTimeoutMs: number;
  /** How long a key looked up is trusted before it is read again: a revocation shows within this. */
  keyCacheMs: number;
}

/** A request that needs the database fails (500, safe to retry) within about 4.5 s when it is down or slow (at once when it refuses connections). */
export const PG_SERVER_OPTIONS: PgStoreOptions = {
  poolSize: 10,
  connectTimeoutMs: 2_000,
  statementTimeoutMs: 2_000,
  keyCacheMs: 500,
};

/** Whether `--db`/BIBLE_SERVICE_DB names a PostgreSQL database. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

interface TakeBatch {
  waiters: { resolve: (count: number | undefined) => void; reject: (err: unknown) => void }[];
}

/**
 * The service state in PostgreSQL, shared by every node that names the same database. A take is
 * one INSERT … ON CONFLICT DO UPDATE … WHERE count < limit: the row lock makes it atomic across
 * connections and nodes. Keys are cached per node for `keyCacheMs`, so a revocation through any
 * node (or `bible keys`) is refused everywhere within that.
 */
export class PgStateStore implements StateStore {
  private readonly keys = new Map<string, { record: KeyRecord | null; at: number }>();
  private readonly lookups = new Map<string, Promise<KeyRecord | null>>();
  private readonly refusedAt = new Map<string, { at: number; limit: number }>();
  private readonly takeBatches = new Map<string, TakeBatch>();
  private readonly pendingGiveBacks = new Map<string, { keyId: number; kind: UsageKind; period: string; n: number }>();
  private giveBackTimer: NodeJS.Timeout | undefined;
  private idempotencyRecords: IdempotencyRecords | undefined;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly options: PgStoreOptions,
  ) {}

  /** Connects and brings the schema up to date (one node at a time). */
  static async open(url: string, options: PgStoreOptions = PG_SERVER_OPTIONS): Promise<PgStateStore> {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize,
      connectionTimeoutMillis: options.connectTimeoutMs,
      statement_timeout: options.statementTimeoutMs,
      query_timeout: options.statementTimeoutMs + 500,
      idleTimeoutMillis: 30_000,
      application_name: 'bible serve',
    });
    // An idle connection the server drops (a restart) is reported here; unhandled, it would end the process.
    pool.on('error', () => {});
    const store = new PgStateStore(pool, options);
    try {
      await store.migrate();
    } catch (err) {
      await pool.end();
      throw err;
    }
    return store;
  }

  private async migrate(): Promise<void> {
    await this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(
        'CREATE TABLE IF NOT EXISTS bible_schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done = new Set(
        (await client.query<{ version: number }>('SELECT version FROM bible_schema_migrations')).rows.map(
          (r) => r.version,
        ),
      );
      for (const m of MIGRATIONS) {
        if (done.has(m.version)) continue;
        await client.query(m.sql);
        await client.query('INSERT INTO bible_schema_migrations (version) VALUES ($1)', [m.version]);
      }
    });
  }

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  private async rows<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    return (await this.pool.query<R>(sql, params)).rows;
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    clearTimeout(this.giveBackTimer);
    await this.flushGiveBacks().catch(() => {});
    await this.pool.end();
  }

  async byKey(key: string): Promise<KeyRecord | undefined> {
    const hash = hashKey(key);
    const cached = this.keys.get(hash);
    if (cached && Date.now() - cached.at < this.options.keyCacheMs) return cached.record ?? undefined;
    // A burst on one key asks the database once, not once per request.
    let lookup = this.lookups.get(hash);
    if (!lookup) {
      const at = Date.now();
      lookup = this.rows<KeyRow>('SELECT * FROM bible_keys WHERE hash = $1', [hash])
        .then(([row]) => {
          const record = row ? toRecord(row) : null;
          if (this.keys.size > 10_000) this.keys.clear();
          this.keys.set(hash, { record, at });
          return record;
        })
        .finally(() => this.lookups.delete(hash));
      this.lookups.set(hash, lookup);
    }
    return (await lookup) ?? undefined;
  }

  async used(keyId: number, kind: UsageKind, period: string): Promise<number> {
    const [row] = await this.rows<{ count: number }>(
      'SELECT count FROM bible_usage WHERE key_id = $1 AND kind = $2 AND period = $3',
      [keyId, kind, period],
    );
    return row?.count ?? 0;
  }

  /**
   * The takes of one counter that arrive in the same turn of the event loop go to the database as
   * one call (bible_take_n): under a burst on one key a node sends one statement, not one per
   * request, and the row is locked once per batch. Still exact: the database grants at most what
   * is left, and the first of the batch get the units.
   */
  takeSoon(keyId: number, kind: UsageKind, period: string, limit: number): Promise<number | undefined> {
    if (limit <= 0) return Promise.resolve(undefined);
    const counter = `${keyId}\n${kind}\n${period}\n${limit}`;
    return new Promise((resolve, reject) => {
      let batch = this.takeBatches.get(counter);
      if (!batch) {
        batch = { waiters: [] };
        this.takeBatches.set(counter, batch);
        setImmediate(() => {
          this.takeBatches.delete(counter);
          this.takeBatch(keyId, kind, period, limit, (batch as TakeBatch).waiters);
        });
      }
      batch.waiters.push({ resolve, reject });
    });
  }

  private async takeBatch(
    keyId: number,
    kind: UsageKind,
    period: string,
    limit: number,
    waiters: TakeBatch['waiters'],
  ) {
    try {
      const [row] = await this.rows<{ old: number; granted: number }>(
        'SELECT old, granted FROM bible_take_n($1, $2, $3, $4, $5)',
        [keyId, kind, period, waiters.length, limit],
      );
      const { old, granted } = row ?? { old: 0, granted: 0 };
      const counter = `${keyId}\n${kind}\n${period}`;
      if (granted < waiters.length) {
        if (this.refusedAt.size > 10_000) this.refusedAt.clear();
        this.refusedAt.set(counter, { at: Date.now(), limit });
      } else this.refusedAt.delete(counter);
      for (const [i, w] of waiters.entries()) w.resolve(i < granted ? old + i + 1 : undefined);
    } catch (err) {
      for (const w of waiters) w.reject(err);
    }
  }

  /**
   * Spent if this node's last take of the counter was refused within the key cache's time, at the
   * same limit: a request then is refused before any work, with no round trip; a give-back or a
   * raised limit shows within that time.
   */
  knownSpent(keyId: number, kind: UsageKind, period: string, limit: number): boolean {
    const refused = this.refusedAt.get(`${keyId}\n${kind}\n${period}`);
    return refused !== undefined && refused.limit === limit && Date.now() - refused.at < this.options.keyCacheMs;
  }

  async takeChatSoon(
    keyId: number,
    day: string,
    month: string,
    dailyLimit: number,
    monthlyLimit: number,
  ): Promise<ChatTake> {
    if (dailyLimit <= 0) return { refused: 'daily' };
    if (monthlyLimit <= 0) return { refused: 'monthly' };
    const [row] = await this.rows<{ daily: number | null; monthly: number | null }>(
      'SELECT daily, monthly FROM bible_take_chat($1, $2, $3, $4, $5)',
      [keyId, day, month, dailyLimit, monthlyLimit],
    );
    if (row?.daily == null) return { refused: 'daily' };
    if (row.monthly == null) return { refused: 'monthly' };
    return { daily: row.daily, monthly: row.monthly };
  }

  /** Summed per counter and written in the background, retried every second while the database is away. */
  giveBackSoon(keyId: number, kind: UsageKind, period: string): void {
    const id = `${keyId}\n${kind}\n${period}`;
    const pending = this.pendingGiveBacks.get(id);
    if (pending) pending.n += 1;
    else this.pendingGiveBacks.set(id, { keyId, kind, period, n: 1 });
    this.scheduleGiveBacks(0);
  }

  private scheduleGiveBacks(delay: number): void {
    if (this.giveBackTimer) return;
    this.giveBackTimer = setTimeout(() => {
      this.giveBackTimer = undefined;
      this.flushGiveBacks().catch(() => this.scheduleGiveBacks(1_000));
    }, delay);
    this.giveBackTimer.unref();
  }

  private async flushGiveBacks(): Promise<void> {
    for (const [id, g] of [...this.pendingGiveBacks]) {
      this.pendingGiveBacks.delete(id);
      try {
        await this.pool.query(
          'UPDATE bible_usage SET count = greatest(0, count - $1) WHERE key_id = $2 AND kind = $3 AND period = $4',
          [g.n, g.keyId, g.kind, g.period],
        );
      } catch (err) {
        const again = this.pendingGiveBacks.get(id);
        if (again) again.n += g.n;
        else this.pendingGiveBacks.set(id, g);
        throw err;
      }
    }
  }

  async create(
    name: string,
    scopes: 'all' | string[],
    limits: Partial<KeyLimits> = {},
  ): Promise<{ key: string; record: KeyRecord }> {
    const { key, values } = newKey(name, scopes, limits);
    const [row] = await this.rows<KeyRow>(
      `INSERT INTO bible_keys (${NEW_KEY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      values,
    );
    return { key, record: toRecord(row as KeyRow) };
  }

  async find(keyOrPrefix: string): Promise<KeyRecord | undefined> {
    const whole = await this.byKey(keyOrPrefix);
    if (whole) return whole;
    const row = byPrefix(await this.rows<KeyRow>('SELECT * FROM bible_keys'), keyOrPrefix);
    return row && toRecord(row);
  }

  async list(): Promise<KeyRecord[]> {
    return (await this.rows<KeyRow>('SELECT * FROM bible_keys ORDER BY id')).map(toRecord);
  }

  async update(
    id: number,
    changes: Partial<KeyLimits> & { name?: string; scopes?: 'all' | string[] },
  ): Promise<KeyRecord> {
    const { columns, values } = updateColumns(changes);
    this.keys.clear();
    const sets = columns.map((c, i) => `${c} = $${i + 2}`);
    const [row] = await this.rows<KeyRow>(
      sets.length
        ? `UPDATE bible_keys SET ${sets.join(', ')} WHERE id = $1 RETURNING *`
        : 'SELECT * FROM bible_keys WHERE id = $1',
      [id, ...values],
    );
    return toRecord(row as KeyRow);
  }

  async revoke(id: number): Promise<KeyRecord> {
    this.keys.clear();
    const [row] = await this.rows<KeyRow>(
      'UPDATE bible_keys SET revoked_at = coalesce(revoked_at, $2) WHERE id = $1 RETURNING *',
      [id, new Date().toISOString()],
    );
    return toRecord(row as KeyRow);
  }

  idempotency(): IdempotencyRecords {
    this.idempotencyRecords ??= new PgIdempotency(this.pool);
    return this.idempotencyRecords;
  }
}

/** IdempotencyStore's records in PostgreSQL: a claim is one INSERT … ON CONFLICT DO NOTHING. */
class PgIdempotency implements IdempotencyRecords {
  private sweptAt = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number = Date.now,
  ) {}

  async claim(keyId: number, key: string, fingerprint: string): Promise<Claim> {
    const now = this.now();
    // Expired records go once a minute, not with every claim; one that expired since is treated as gone below.
    if (now - this.sweptAt > 60_000) {
      this.sweptAt = now;
      await this.pool.query('DELETE FROM bible_idempotency WHERE expires_at <= $1', [now]);
    }
    const inserted = await this.pool.query(
      `INSERT INTO bible_idempotency (key_id, idempotency_key, fingerprint, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (key_id, idempotency_key) DO UPDATE
           SET fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL, expires_at = EXCLUDED.expires_at
           WHERE bible_idempotency.expires_at <= $5
         RETURNING 1`,
      [keyId, key, fingerprint, now + PENDING_TTL_MS, now],
    );
    if (inserted.rowCount) return { state: 'new' };
    const [row] = (
      await this.pool.query<{ fingerprint: string; status: number | null; body: string | null }>(
        'SELECT fingerprint, status, body FROM bible_idempotency WHERE key_id = $1 AND idempotency_key = $2',
        [keyId, key],
      )
    ).rows;
    if (!row) return this.claim(keyId, key, fingerprint);
    if (row.fingerprint !== fingerprint) return { state: 'other-request' };
    if (row.status === null) return { state: 'pending' };
    return { state: 'answered', status: row.status, body: row.body ?? '' };
  }

  async complete(keyId: number, key: string, status: number, body: string): Promise<void> {
    await this.pool.query(
      'UPDATE bible_idempotency SET status = $1, body = $2, expires_at = $3 WHERE key_id = $4 AND idempotency_key = $5',
      [status, body, this.now() + ANSWER_TTL_MS, keyId, key],
    );
  }

  async release(keyId: number, key: string): Promise<void> {
    await this.pool.query('DELETE FROM bible_idempotency WHERE key_id = $1 AND idempotency_key = $2', [keyId, key]);
  }
}
