import { ANSWER_TTL_MS, type Claim, PENDING_TTL_MS } from '../keys/idempotency.js';
import type { PgConnections } from './pg-connections.js';
import type { IdempotencyRecords } from './state-store.js';

/** IdempotencyStore's records in PostgreSQL: a claim is one INSERT … ON CONFLICT DO NOTHING. */
export class PgIdempotency implements IdempotencyRecords {
  private sweptAt = 0;

  constructor(
    private readonly db: PgConnections,
    private readonly now: () => number = Date.now,
  ) {}

  async claim(keyId: number, key: string, fingerprint: string): Promise<Claim> {
    const now = this.now();
    // Expired records go once a minute, not with every claim; one that expired since is treated as gone below.
    if (now - this.sweptAt > 60_000) {
      this.sweptAt = now;
      await this.db.query('DELETE FROM bible_idempotency WHERE expires_at <= $1', [now]);
    }
    const inserted = await this.db.query(
      `INSERT INTO bible_idempotency (key_id, idempotency_key, fingerprint, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (key_id, idempotency_key) DO UPDATE
           SET fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL, expires_at = EXCLUDED.expires_at
           WHERE bible_idempotency.expires_at <= $5
         RETURNING 1`,
      [keyId, key, fingerprint, now + PENDING_TTL_MS, now],
    );
    if (inserted.rowCount) return { state: 'new' };
    const [row] = (
      await this.db.query<{ fingerprint: string; status: number | null; body: string | null }>(
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
    await this.db.query(
      'UPDATE bible_idempotency SET status = $1, body = $2, expires_at = $3 WHERE key_id = $4 AND idempotency_key = $5',
      [status, body, this.now() + ANSWER_TTL_MS, keyId, key],
    );
  }

  async release(keyId: number, key: string): Promise<void> {
    await this.db.query('DELETE FROM bible_idempotency WHERE key_id = $1 AND idempotency_key = $2', [keyId, key]);
  }
}
