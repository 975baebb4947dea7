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
import { PG_SERVER_OPTIONS, PgConnections, type PgStoreOptions } from './pg-connections.js';
import { PgIdempotency } from './pg-idempotency.js';
import { MIGRATION_LOCK, MIGRATIONS } from './pg-migrations.js';
import { PgUsage } from './pg-usage.js';
import type { ChatTake, IdempotencyRecords, StateStore } from './state-store.js';

export { PG_POOL_WAIT_MS, PG_SERVER_OPTIONS, type PgStoreOptions } from './pg-connections.js';

/** Whether `--db`/BIBLE_SERVICE_DB names a PostgreSQL database. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * The service state in PostgreSQL, shared by every node that names the same database: the keys
 * here, the usage counters in PgUsage, the idempotency records in PgIdempotency. Keys are cached
 * per node for `keyCacheMs`, so a revocation through any node (or `bible keys`) is refused
 * everywhere within that.
 */
export class PgStateStore implements StateStore {
  private readonly keys = new Map<string, { record: KeyRecord | null; at: number }>();
  private readonly lookups = new Map<string, Promise<KeyRecord | null>>();
  private readonly usage: PgUsage;
  private idempotencyRecords: IdempotencyRecords | undefined;

  private constructor(
    private readonly db: PgConnections,
    private readonly options: PgStoreOptions,
  ) {
    this.usage = new PgUsage(db, options.keyCacheMs);
  }

  /** Connects and brings the schema up to date (one node at a time). */
  static async open(url: string, options: PgStoreOptions = PG_SERVER_OPTIONS): Promise<PgStateStore> {
    const db = PgConnections.open(url, options);
    const store = new PgStateStore(db, options);
    try {
      await store.migrate();
    } catch (err) {
      await db.end();
      throw err;
    }
    return store;
  }

  private async migrate(): Promise<void> {
    await this.db.transaction(async (client) => {
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

  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.usage.flush();
    await this.db.end();
  }

  async byKey(key: string): Promise<KeyRecord | undefined> {
    const hash = hashKey(key);
    const cached = this.keys.get(hash);
    if (cached && Date.now() - cached.at < this.options.keyCacheMs) return cached.record ?? undefined;
    // A burst on one key asks the database once, not once per request.
    let lookup = this.lookups.get(hash);
    if (!lookup) {
      const at = Date.now();
      lookup = this.db
        .rows<KeyRow>('SELECT * FROM bible_keys WHERE hash = $1', [hash])
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

  used(keyId: number, kind: UsageKind, period: string): Promise<number> {
    return this.usage.used(keyId, kind, period);
  }

  takeSoon(keyId: number, kind: UsageKind, period: string, limit: number): Promise<number | undefined> {
    return this.usage.takeSoon(keyId, kind, period, limit);
  }

  knownSpent(keyId: number, kind: UsageKind, period: string, limit: number): boolean {
    return this.usage.knownSpent(keyId, kind, period, limit);
  }

  takeChatSoon(keyId: number, day: string, month: string, dailyLimit: number, monthlyLimit: number): Promise<ChatTake> {
    return this.usage.takeChatSoon(keyId, day, month, dailyLimit, monthlyLimit);
  }

  giveBackSoon(keyId: number, kind: UsageKind, period: string): void {
    this.usage.giveBackSoon(keyId, kind, period);
  }

  async create(
    name: string,
    scopes: 'all' | string[],
    limits: Partial<KeyLimits> = {},
  ): Promise<{ key: string; record: KeyRecord }> {
    const { key, values } = newKey(name, scopes, limits);
    const [row] = await this.db.rows<KeyRow>(
      `INSERT INTO bible_keys (${NEW_KEY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      values,
    );
    return { key, record: toRecord(row as KeyRow) };
  }

  async find(keyOrPrefix: string): Promise<KeyRecord | undefined> {
    const whole = await this.byKey(keyOrPrefix);
    if (whole) return whole;
    const row = byPrefix(await this.db.rows<KeyRow>('SELECT * FROM bible_keys'), keyOrPrefix);
    return row && toRecord(row);
  }

  async list(): Promise<KeyRecord[]> {
    return (await this.db.rows<KeyRow>('SELECT * FROM bible_keys ORDER BY id')).map(toRecord);
  }

  async update(
    id: number,
    changes: Partial<KeyLimits> & { name?: string; scopes?: 'all' | string[] },
  ): Promise<KeyRecord> {
    const { columns, values } = updateColumns(changes);
    this.keys.clear();
    const sets = columns.map((c, i) => `${c} = $${i + 2}`);
    const [row] = await this.db.rows<KeyRow>(
      sets.length
        ? `UPDATE bible_keys SET ${sets.join(', ')} WHERE id = $1 RETURNING *`
        : 'SELECT * FROM bible_keys WHERE id = $1',
      [id, ...values],
    );
    return toRecord(row as KeyRow);
  }

  async revoke(id: number): Promise<KeyRecord> {
    this.keys.clear();
    const [row] = await this.db.rows<KeyRow>(
      'UPDATE bible_keys SET revoked_at = coalesce(revoked_at, $2) WHERE id = $1 RETURNING *',
      [id, new Date().toISOString()],
    );
    return toRecord(row as KeyRow);
  }

  idempotency(): IdempotencyRecords {
    this.idempotencyRecords ??= new PgIdempotency(this.db);
    return this.idempotencyRecords;
  }
}
