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
  type UsageKind,
  updateColumns,
} from '../keys/key-store.js';
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

const TAKE = `INSERT INTO bible_usage (key_id, kind, period, count) VALUES ($1, $2, $3, 1)
  ON CONFLICT (key_id, kind, period) DO UPDATE SET count = bible_usage.count + 1 WHERE bible_usage.count < $4
  RETURNING count`;

/**
 * The service state in PostgreSQL, shared by every node that names the same database. A take is
 * one INSERT … ON CONFLICT DO UPDATE … WHERE count < limit: the row lock makes it atomic across
 * connections and nodes. Keys are cached per node for `keyCacheMs`, so a revocation through any
 * node (or `bible keys`) is refused everywhere within that.
 */
export class PgStateStore implements StateStore {
  private readonly keys = new Map<string, { record: KeyRecord | null; at: number }>();
  private readonly lookups = new Map<string, Promise<KeyRecord | null>>();
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

  async takeSoon(keyId: number, kind: UsageKind, period: string, limit: number): Promise<number | undefined> {
    if (limit <= 0) return undefined;
    const [row] = await this.rows<{ count: number }>(TAKE, [keyId, kind, period, limit]);
    return row?.count;
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
