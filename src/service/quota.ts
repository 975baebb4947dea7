import type { Context, MiddlewareHandler } from 'hono';
import type { ErrorCode } from '../core/schemas/envelope.js';
import type { AppEnv, ServiceDeps } from './context.js';
import { errorBody } from './errors.js';
import { periods } from './keys/periods.js';

/** Seconds from now until an ISO time, at least 1: the value of a 429's Retry-After. */
export function secondsUntil(iso: string, now = Date.now()): number {
  return Math.max(1, Math.ceil((Date.parse(iso) - now) / 1000));
}

/** A 429 in the contract's envelope, with Retry-After (seconds until the limit resets). */
export function limitExceeded(c: Context, code: ErrorCode, message: string, resetsAt: string): Response {
  return c.json(errorBody(code, message), 429, { 'Retry-After': String(secondsUntil(resetsAt)) });
}

/**
 * The daily data quota: only successful answers count. The request is validated and answered
 * first, and its unit is taken (atomically, so N concurrent requests with L left succeed exactly
 * L times) only when the answer is a success; if none is left by then, the answer is replaced by
 * 429. So a request that fails (400, 403, 404) never holds a unit another request needs, not even
 * while it is in flight. A key whose quota is already spent is refused before any work. HEAD is free.
 */
export function dataQuota(deps: ServiceDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.get('principal').key;
    if (!key || !deps.keys) return next();
    const { day, dailyReset } = periods();
    const refuse = () =>
      limitExceeded(
        c,
        'DAILY_LIMIT_EXCEEDED',
        `daily request quota of ${key.daily} reached; it resets at ${dailyReset} (midnight UTC)`,
        dailyReset,
      );
    if (await deps.keys.knownSpent(key.id, 'data', day, key.daily)) return refuse();
    await next();
    // A HEAD answer carries no data: it costs no unit (a spent key is still refused above).
    if (c.res.status !== 200 || c.error || c.req.method === 'HEAD') return;
    const taken = await deps.keys.takeSoon(key.id, 'data', day, key.daily);
    if (taken === undefined) {
      c.res = undefined;
      c.res = refuse();
    }
  };
}
