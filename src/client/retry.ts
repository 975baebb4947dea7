import { BibleApiError, ConnectionError } from './errors.js';
import type { TransportResponse } from './transport.js';

export const MAX_RETRIES = 3;

export interface RetryOptions {
  maxRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (attempt: number, delayMs: number, reason: string) => void;
}

/** Seconds or an HTTP date, as Retry-After gives them; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Exponential backoff with full jitter: a random delay up to base * 2^attempt, capped. */
export function backoffMs(attempt: number, base: number, max: number): number {
  return Math.random() * Math.min(max, base * 2 ** attempt);
}

const sleeper = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// Written here rather than with p-retry: the wait before each retry comes from the server's
// Retry-After when it sends one, which p-retry's fixed schedule cannot take.
/**
 * Sends, and sends again after a 500 or a connection failure, at most `maxRetries` times, waiting
 * as Retry-After says or with jittered exponential backoff. Other answers return at once.
 */
export async function withRetries(
  send: () => Promise<TransportResponse>,
  options: RetryOptions = {},
): Promise<TransportResponse> {
  const max = options.maxRetries ?? MAX_RETRIES;
  const base = options.baseDelayMs ?? 500;
  const cap = options.maxDelayMs ?? 8_000;
  const sleep = options.sleep ?? sleeper;
  for (let attempt = 0; ; attempt++) {
    let reason: string;
    let hinted: number | undefined;
    try {
      const res = await send();
      if (res.status < 500 || attempt >= max) return res;
      reason = `HTTP ${res.status}`;
      hinted = retryAfterMs(res.headers['retry-after']);
    } catch (err) {
      if (!(err instanceof ConnectionError) || err instanceof BibleApiError || attempt >= max) throw err;
      reason = err.message;
    }
    const delay = Math.min(cap * 4, hinted ?? backoffMs(attempt, base, cap));
    options.onRetry?.(attempt + 1, delay, reason);
    await sleep(delay);
  }
}
