import type { MiddlewareHandler } from 'hono';
import type { AppEnv, ServiceDeps } from './context.js';
import { ApiError } from './errors.js';
import { periods } from './keys/key-store.js';

/**
 * The daily data quota. A unit is taken before the request is answered (atomically, so N
 * concurrent requests with L left succeed exactly L times) and given back when the answer is
 * an error: only successful data responses count against the quota.
 */
export function dataQuota(deps: ServiceDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.get('principal').key;
    if (!key || !deps.keys) return next();
    const { day, dailyReset } = periods();
    const taken = await deps.keys.takeSoon(key.id, 'data', day, key.daily);
    if (taken === undefined) {
      throw new ApiError(
        'DAILY_LIMIT_EXCEEDED',
        `daily request quota of ${key.daily} reached; it resets at ${dailyReset} (midnight UTC)`,
      );
    }
    let ok = false;
    try {
      await next();
      ok = c.res.status < 400 && !c.error;
    } finally {
      if (!ok) deps.keys.giveBack(key.id, 'data', day);
    }
  };
}
