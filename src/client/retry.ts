import { ConnectionError } from './errors.js';
import type { TransportResponse } from './transport.js';

export const MAX_RETRIES = 3;

export interface RetryOptions {
  maxRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Longest Retry-After worth waiting for (default 4 × maxDelayMs); a longer one (a daily limit's) is answered at once. */
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** A cancel cuts the wait before a retry short (the next attempt then ends at once). */
  signal?: AbortSignal;
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

/** One attempt's outcome: the answer, or what was thrown instead. */
export type Attempt = { response: TransportResponse } | { error: unknown };

/**
 * Whether an attempt is worth another, and why: a connection failure or timeout; 408; 409 (the
 * same Idempotency-Key still being answered); 429 only with a Retry-After no longer than
 * `maxRetryAfterMs`; 500 and above. Anything else is the answer. Whether the request may be sent
 * twice at all (a POST needs an Idempotency-Key) is the caller's decision, before it asks.
 */
export function shouldRetry(
  attempt: Attempt,
  maxRetryAfterMs: number,
  now = Date.now(),
): { reason: string; retryAfterMs?: number } | undefined {
  if ('error' in attempt)
    return attempt.error instanceof ConnectionError ? { reason: attempt.error.message } : undefined;
  const { status, headers } = attempt.response;
  const hinted = retryAfterMs(headers['retry-after'], now);
  const reason = `HTTP ${status}`;
  if (status === 408 || status === 409 || status >= 500) return { reason, retryAfterMs: hinted };
  if (status === 429 && hinted !== undefined && hinted <= maxRetryAfterMs) return { reason, retryAfterMs: hinted };
  return undefined;
}

const sleeper = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// Written here rather than with p-retry: the wait before each retry comes from the server's
// Retry-After when it sends one, which p-retry's fixed schedule cannot take.
/**
 * Sends, and sends again while `shouldRetry` says so, at most `maxRetries` times, waiting as
 * Retry-After says or with jittered exponential backoff. The last answer is returned, the last
 * error thrown.
 */
export async function withRetries(
  send: () => Promise<TransportResponse>,
  options: RetryOptions = {},
): Promise<TransportResponse> {
  const max = options.maxRetries ?? MAX_RETRIES;
  const base = options.baseDelayMs ?? 500;
  const cap = options.maxDelayMs ?? 8_000;
  const maxRetryAfter = options.maxRetryAfterMs ?? cap * 4;
  const sleep = options.sleep ?? sleeper;
  for (let attempt = 0; ; attempt++) {
    let outcome: Attempt;
    try {
      outcome = { response: await send() };
    } catch (error) {
      outcome = { error };
    }
    const retry = attempt < max ? shouldRetry(outcome, maxRetryAfter) : undefined;
    if (!retry) {
      if ('error' in outcome) throw outcome.error;
      return outcome.response;
    }
    const delay = Math.min(maxRetryAfter, retry.retryAfterMs ?? backoffMs(attempt, base, cap));
    options.onRetry?.(attempt + 1, delay, retry.reason);
    const { signal } = options;
    if (!signal?.aborted) {
      await Promise.race([sleep(delay), new Promise((r) => signal?.addEventListener('abort', r, { once: true }))]);
    }
  }
}
