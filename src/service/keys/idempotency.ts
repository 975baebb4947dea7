import type Database from 'better-sqlite3';
import { preparedOnce } from '../../library/store/prepared.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS idempotency (
  key_id INTEGER NOT NULL,
  idempotency_key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status INTEGER,
  body TEXT,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (key_id, idempotency_key)
);
CREATE INDEX IF NOT EXISTS idempotency_expiry ON idempotency (expires_at);
`;

/** How long an answer is kept for a repeat of its request. */
export const ANSWER_TTL_MS = 24 * 3_600_000;
/** How long a request may hold its key unanswered before a repeat may run it again (a crash mid-answer). */
export const PENDING_TTL_MS = 10 * 60_000;

export type Claim =
  | { state: 'new' }
  | { state: 'pending' }
  | { state: 'answered'; status: number; body: string }
  | { state: 'other-request' };

/** Runs a write in a transaction of the store's write queue. */
export type WriteRunner = <T>(work: () => T) => Promise<T>;

/**
 * The first answer to each Idempotency-Key of a key, kept in the service store so that a request
 * repeated after a lost answer is answered with it rather than answered (and charged) again.
 */
export class IdempotencyStore {
  private readonly stmt: (sql: string) => Database.Statement;

  constructor(
    db: Database.Database,
    private readonly write: WriteRunner,
    private readonly now: () => number = Date.now,
  ) {
    db.exec(SCHEMA);
    this.stmt = preparedOnce(db);
  }

  /**
   * Claims the Idempotency-Key for a request, atomically: `new` when it is the first (the caller
   * answers, then `complete`s or `release`s), else what became of the first. Expired records go.
   */
  claim(keyId: number, key: string, fingerprint: string): Promise<Claim> {
    return this.write((): Claim => {
      const now = this.now();
      this.stmt('DELETE FROM idempotency WHERE expires_at <= ?').run(now);
      const row = this.stmt(
        'SELECT fingerprint, status, body FROM idempotency WHERE key_id = ? AND idempotency_key = ?',
      ).get(keyId, key) as { fingerprint: string; status: number | null; body: string | null } | undefined;
      if (!row) {
        this.stmt('INSERT INTO idempotency (key_id, idempotency_key, fingerprint, expires_at) VALUES (?, ?, ?, ?)').run(
          keyId,
          key,
          fingerprint,
          now + PENDING_TTL_MS,
        );
        return { state: 'new' };
      }
      if (row.fingerprint !== fingerprint) return { state: 'other-request' };
      if (row.status === null) return { state: 'pending' };
      return { state: 'answered', status: row.status, body: row.body ?? '' };
    });
  }

  /** Keeps the answer to a claimed key for repeats. */
  complete(keyId: number, key: string, status: number, body: string): Promise<void> {
    return this.write(() => {
      this.stmt(
        'UPDATE idempotency SET status = ?, body = ?, expires_at = ? WHERE key_id = ? AND idempotency_key = ?',
      ).run(status, body, this.now() + ANSWER_TTL_MS, keyId, key);
    });
  }

  /** Lets a repeat run the request again (its first attempt failed, and cost nothing). */
  release(keyId: number, key: string): Promise<void> {
    return this.write(() => {
      this.stmt('DELETE FROM idempotency WHERE key_id = ? AND idempotency_key = ?').run(keyId, key);
    });
  }
}
