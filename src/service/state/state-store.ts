import type { Claim } from '../keys/idempotency.js';
import type { KeyLimits, KeyRecord } from '../keys/keys.js';
import type { UsageKind } from '../keys/periods.js';

/** A value now (SQLite, synchronous) or later (PostgreSQL, over the network); callers always await. */
export type Awaitable<T> = T | Promise<T>;

/** The first answers to Idempotency-Keys (see src/service/idempotency.ts). */
export interface IdempotencyRecords {
  claim(keyId: number, key: string, fingerprint: string): Promise<Claim>;
  complete(keyId: number, key: string, status: number, body: string): Promise<void>;
  release(keyId: number, key: string): Promise<void>;
}

/**
 * Every connection of the store stayed busy for as long as a request may wait for one: the service
 * answers 503 with Retry-After (safe to retry), not 500, as the database is up and answering.
 */
export class StateBusyError extends Error {
  override name = 'StateBusyError';
  constructor(
    message: string,
    /** Seconds to wait before trying again (Retry-After). */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export type ChatTake = { daily: number; monthly: number } | { refused: 'daily' | 'monthly' };

/**
 * The service's state: keys, usage counters (data daily, chat daily and monthly) and idempotency
 * records. Two implementations: the SQLite file of one node (KeyStore) and PostgreSQL shared by
 * several nodes (PgStateStore). Every take is atomic in the store itself, so N requests with L
 * units left succeed exactly L times however many processes answer them.
 */
export interface StateStore {
  /** The key a request presents (revoked ones included: the caller decides); a revocation shows within about 1 s. */
  byKey(key: string): Awaitable<KeyRecord | undefined>;
  used(keyId: number, kind: UsageKind, period: string): Awaitable<number>;
  /**
   * Whether a counter is known to be spent, to refuse before any work. A hint: `takeSoon` decides.
   * SQLite reads the count (local); PostgreSQL answers from this node's last refusal (no round trip).
   */
  knownSpent(keyId: number, kind: UsageKind, period: string, limit: number): Awaitable<boolean>;
  /** Takes one unit if fewer than `limit` are used; the count after, or undefined when spent. */
  takeSoon(keyId: number, kind: UsageKind, period: string, limit: number): Promise<number | undefined>;
  /** One chat message against both limits at once: nothing is taken if either is spent. */
  takeChatSoon(keyId: number, day: string, month: string, dailyLimit: number, monthlyLimit: number): Promise<ChatTake>;
  /** Gives back a unit taken for a request that failed; never throws, applied as soon as the store allows. */
  giveBackSoon(keyId: number, kind: UsageKind, period: string): void;
  idempotency(): IdempotencyRecords;
  /** Resolves when the store answers (for /readyz); rejects otherwise. */
  ping(): Promise<void>;
  close(): Awaitable<void>;

  // For `bible keys`.
  create(
    name: string,
    scopes: 'all' | string[],
    limits?: Partial<KeyLimits>,
  ): Awaitable<{ key: string; record: KeyRecord }>;
  /** The whole key, or a prefix that matches exactly one key. */
  find(keyOrPrefix: string): Awaitable<KeyRecord | undefined>;
  list(): Awaitable<KeyRecord[]>;
  update(id: number, changes: Partial<KeyLimits> & { name?: string; scopes?: 'all' | string[] }): Awaitable<KeyRecord>;
  revoke(id: number): Awaitable<KeyRecord>;
}
