import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { preparedOnce } from '../../library/store/prepared.js';
import type { StateStore } from '../state/state-store.js';
import { IdempotencyStore } from './idempotency.js';
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
} from './keys.js';
import type { UsageKind } from './periods.js';
import { WriteQueue } from './write-queue.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS keys (
  id INTEGER PRIMARY KEY,
  prefix TEXT NOT NULL UNIQUE,
  hash TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  scopes TEXT NOT NULL,
  daily INTEGER NOT NULL,
  chat_daily INTEGER NOT NULL,
  chat_monthly INTEGER NOT NULL,
  max_tokens INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE TABLE IF NOT EXISTS usage (
  key_id INTEGER NOT NULL REFERENCES keys(id),
  kind TEXT NOT NULL,
  period TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (key_id, kind, period)
) WITHOUT ROWID;
`;

export interface KeyStoreOptions {
  /** Longest one statement blocks waiting for another connection's lock (SQLite's busy_timeout). */
  busyTimeoutMs: number;
  /** Longest a server's quota write waits, in retries off the event loop, before failing (500, safe to retry). */
  writeWaitMs: number;
}

/** For `bible keys`: one command, nothing else to serve, so it may simply wait. */
export const COMMAND_STORE_OPTIONS: KeyStoreOptions = { busyTimeoutMs: 5_000, writeWaitMs: 5_000 };

/**
 * For `bible serve`: a statement blocks the event loop at most a few milliseconds; a write waits
 * for another process's lock up to 200 ms in retries, then its request answers 500, and requests
 * that need no write go on meanwhile.
 */
export const SERVER_STORE_OPTIONS: KeyStoreOptions = { busyTimeoutMs: 5, writeWaitMs: 200 };

/**
 * API keys (stored as SHA-256 hashes, never in the clear) and their usage counters, in
 * `$BIBLE_DATA_DIR/service.sqlite` (mode 0600, as its -wal and -shm, which SQLite creates with
 * the database's mode), apart from the library so an import never touches them.
 */
export class KeyStore implements StateStore {
  private readonly db: Database.Database;
  private readonly stmt: (sql: string) => Database.Statement;
  private readonly writes: WriteQueue;

  constructor(path: string, options: KeyStoreOptions = COMMAND_STORE_OPTIONS) {
    mkdirSync(dirname(path), { recursive: true });
    if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
    for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
    this.db = new Database(path);
    this.stmt = preparedOnce(this.db);
    this.db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs))}`);
    this.db.pragma('journal_mode = WAL');
    // WAL with NORMAL sync: a commit survives a crash of the process, not of the machine; no fsync per request.
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(SCHEMA);
    this.writes = new WriteQueue(this.db, { waitMs: options.writeWaitMs, retryMs: 10 });
  }

  /** The file answers (it is local: it always does once open). */
  async ping(): Promise<void> {
    this.stmt('SELECT 1').get();
  }

  /** Closes the file after applying pending corrections, if the lock allows now. */
  close(): void {
    try {
      this.writes.drain();
    } catch {
      // Locked by another process at exit: the give-backs are lost, the counts stay high, never low.
    }
    this.db.close();
  }

  create(name: string, scopes: 'all' | string[], limits: Partial<KeyLimits> = {}): { key: string; record: KeyRecord } {
    const { key, values } = newKey(name, scopes, limits);
    const info = this.stmt(`INSERT INTO keys (${NEW_KEY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...values);
    return { key, record: this.byId(Number(info.lastInsertRowid)) as KeyRecord };
  }

  byId(id: number): KeyRecord | undefined {
    const row = this.stmt('SELECT * FROM keys WHERE id = ?').get(id) as KeyRow | undefined;
    return row && toRecord(row);
  }

  private readonly byHash = new Map<string, KeyRecord | null>();
  private seenVersion = -1;
  private versionCheckedAt = 0;

  /**
   * The key a request presents, by its hash (revoked keys included: the caller decides). Looked
   * up once and kept until another connection (`bible keys`, another server) commits a change,
   * which SQLite's data_version tells us; it is asked at most every 100 ms, so a revocation takes
   * effect within that.
   */
  byKey(key: string): KeyRecord | undefined {
    const now = Date.now();
    if (now - this.versionCheckedAt >= 100) {
      this.versionCheckedAt = now;
      const version = this.stmt('PRAGMA data_version').pluck().get() as number;
      if (version !== this.seenVersion) {
        this.byHash.clear();
        this.seenVersion = version;
      }
    }
    const hash = hashKey(key);
    let record = this.byHash.get(hash);
    if (record === undefined) {
      const row = this.stmt('SELECT * FROM keys WHERE hash = ?').get(hash) as KeyRow | undefined;
      record = row ? toRecord(row) : null;
      if (this.byHash.size > 10_000) this.byHash.clear();
      this.byHash.set(hash, record);
    }
    return record ?? undefined;
  }

  /** A key named by an operator: the whole key, or a prefix that matches exactly one key. */
  find(keyOrPrefix: string): KeyRecord | undefined {
    const whole = this.byKey(keyOrPrefix);
    if (whole) return whole;
    const row = byPrefix(this.stmt('SELECT * FROM keys').all() as KeyRow[], keyOrPrefix);
    return row && toRecord(row);
  }

  list(): KeyRecord[] {
    return (this.stmt('SELECT * FROM keys ORDER BY id').all() as KeyRow[]).map(toRecord);
  }

  update(id: number, changes: Partial<KeyLimits> & { name?: string; scopes?: 'all' | string[] }): KeyRecord {
    const { columns, values } = updateColumns(changes);
    this.byHash.clear();
    if (columns.length)
      this.db.prepare(`UPDATE keys SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`).run(...values, id);
    return this.byId(id) as KeyRecord;
  }

  revoke(id: number): KeyRecord {
    this.byHash.clear();
    this.stmt('UPDATE keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?').run(new Date().toISOString(), id);
    return this.byId(id) as KeyRecord;
  }

  /**
   * Takes one unit of a counter if fewer than `limit` are used, in one statement, so concurrent
   * requests (in this process or another sharing the file) can never take more than the limit.
   * Returns the count after taking, or undefined when the limit is spent.
   */
  take(keyId: number, kind: UsageKind, period: string, limit: number): number | undefined {
    if (limit <= 0) return undefined;
    const row = this.stmt(
      `INSERT INTO usage (key_id, kind, period, count) VALUES (?, ?, ?, 1)
         ON CONFLICT (key_id, kind, period) DO UPDATE SET count = count + 1 WHERE count < ?
         RETURNING count`,
    ).get(keyId, kind, period, limit) as { count: number } | undefined;
    return row?.count;
  }

  /**
   * `take` for a server under load: the takes that arrive in one turn of the event loop run in a
   * single write transaction, so a commit is paid once per batch rather than once per request.
   * Each take is still its own guarded statement in that transaction: the count never passes the
   * limit. When another process holds the lock, it is waited for in retries off the event loop;
   * after the store's write wait the promise rejects with StoreBusyError.
   */
  takeSoon(keyId: number, kind: UsageKind, period: string, limit: number): Promise<number | undefined> {
    return this.writes.run(() => this.take(keyId, kind, period, limit));
  }

  /** `takeChat` batched and waited for like `takeSoon`. */
  takeChatSoon(
    keyId: number,
    day: string,
    month: string,
    dailyLimit: number,
    monthlyLimit: number,
  ): Promise<ReturnType<KeyStore['takeChat']>> {
    return this.writes.run(() => this.takeChat(keyId, day, month, dailyLimit, monthlyLimit));
  }

  /**
   * Gives back a unit taken for a request that failed, with the next batch of writes: it never
   * fails and never blocks, and it is applied once the lock is free, however long that takes.
   */
  giveBackSoon(keyId: number, kind: UsageKind, period: string): void {
    this.writes.adjust(`${keyId}\n${kind}\n${period}`, 1, (n) => this.giveBack(keyId, kind, period, n));
  }

  /**
   * One chat message against both limits, in one transaction: the daily count first, then the
   * monthly one; if either is spent nothing is taken. Returns the counts after taking, or which
   * limit refused.
   */
  takeChat(
    keyId: number,
    day: string,
    month: string,
    dailyLimit: number,
    monthlyLimit: number,
  ): { daily: number; monthly: number } | { refused: 'daily' | 'monthly' } {
    return this.db
      .transaction(() => {
        const daily = this.take(keyId, 'chat-daily', day, dailyLimit);
        if (daily === undefined) return { refused: 'daily' as const };
        const monthly = this.take(keyId, 'chat-monthly', month, monthlyLimit);
        if (monthly === undefined) {
          this.giveBack(keyId, 'chat-daily', day);
          return { refused: 'monthly' as const };
        }
        return { daily, monthly };
      })
      .immediate();
  }

  /** Gives back `n` units taken for requests that failed. */
  giveBack(keyId: number, kind: UsageKind, period: string, n = 1): void {
    this.stmt('UPDATE usage SET count = max(0, count - ?) WHERE key_id = ? AND kind = ? AND period = ?').run(
      n,
      keyId,
      kind,
      period,
    );
  }

  knownSpent(keyId: number, kind: UsageKind, period: string, limit: number): boolean {
    return this.used(keyId, kind, period) >= limit;
  }

  used(keyId: number, kind: UsageKind, period: string): number {
    const row = this.stmt('SELECT count FROM usage WHERE key_id = ? AND kind = ? AND period = ?').get(
      keyId,
      kind,
      period,
    ) as { count: number } | undefined;
    return row?.count ?? 0;
  }

  private idempotencyRecords: IdempotencyStore | undefined;

  /** The first answers to Idempotency-Keys, in the same file; written through the same queue as the quota. */
  idempotency(): IdempotencyStore {
    this.idempotencyRecords ??= new IdempotencyStore(this.db, (work) => this.writes.run(work));
    return this.idempotencyRecords;
  }
}
