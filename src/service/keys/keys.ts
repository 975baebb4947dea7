/**
 * Key records: how a key is made, hashed, found by prefix and changed. Shared by both state stores
 * (SQLite, PostgreSQL); only the hash is ever stored.
 */
import { createHash, randomBytes } from 'node:crypto';

/** Numeric defaults for new keys (the contract leaves them to the operator). */
export const DEFAULT_LIMITS = { daily: 10_000, chatDaily: 100, chatMonthly: 2_000, maxTokens: 1_024 } as const;

export interface KeyLimits {
  daily: number;
  chatDaily: number;
  chatMonthly: number;
  maxTokens: number;
}

export interface KeyRecord extends KeyLimits {
  id: number;
  prefix: string;
  name: string;
  /** 'all', or the resource ids the key may read. */
  scopes: 'all' | string[];
  createdAt: string;
  revokedAt: string | null;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The columns a new key's row fills, in the order of `newKey().values`. */
export const NEW_KEY_COLUMNS = 'prefix, hash, name, scopes, daily, chat_daily, chat_monthly, max_tokens, created_at';

/** A new key, and its row's values: its prefix (shown to operators) and hash (all that is stored of it). */
export function newKey(name: string, scopes: 'all' | string[], limits: Partial<KeyLimits>) {
  const key = `bbl_${randomBytes(24).toString('base64url')}`;
  const l = { ...DEFAULT_LIMITS, ...limits };
  const values = [key.slice(0, 12), hashKey(key), name, scopesText(scopes)];
  return { key, values: [...values, l.daily, l.chatDaily, l.chatMonthly, l.maxTokens, new Date().toISOString()] };
}

/** The one key whose prefix an operator's text names (compared here, not with LIKE: keys hold `_`). */
export function byPrefix<R extends { prefix: string }>(rows: R[], keyOrPrefix: string): R | undefined {
  const matches = rows.filter((r) => r.prefix.startsWith(keyOrPrefix) || keyOrPrefix.startsWith(r.prefix));
  return matches.length === 1 ? matches[0] : undefined;
}

/** The columns of `keys` an update may set, by KeyRecord field. */
export const UPDATABLE_COLUMNS: Record<string, string> = {
  name: 'name',
  daily: 'daily',
  chatDaily: 'chat_daily',
  chatMonthly: 'chat_monthly',
  maxTokens: 'max_tokens',
};

/** An update's columns and values, in order, `scopes` stored as 'all' or a JSON list. */
export function updateColumns(changes: Partial<KeyLimits> & { name?: string; scopes?: 'all' | string[] }) {
  const columns: string[] = [];
  const values: unknown[] = [];
  for (const [field, column] of Object.entries(UPDATABLE_COLUMNS)) {
    const value = changes[field as keyof typeof changes];
    if (value !== undefined) {
      columns.push(column);
      values.push(value);
    }
  }
  if (changes.scopes !== undefined) {
    columns.push('scopes');
    values.push(scopesText(changes.scopes));
  }
  return { columns, values };
}

export const scopesText = (scopes: 'all' | string[]) => (scopes === 'all' ? 'all' : JSON.stringify(scopes));

export interface KeyRow {
  id: number;
  prefix: string;
  name: string;
  scopes: string;
  daily: number;
  chat_daily: number;
  chat_monthly: number;
  max_tokens: number;
  created_at: string;
  revoked_at: string | null;
}

export function toRecord(r: KeyRow): KeyRecord {
  return {
    id: r.id,
    prefix: r.prefix,
    name: r.name,
    scopes: r.scopes === 'all' ? 'all' : (JSON.parse(r.scopes) as string[]),
    daily: r.daily,
    chatDaily: r.chat_daily,
    chatMonthly: r.chat_monthly,
    maxTokens: r.max_tokens,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
  };
}
