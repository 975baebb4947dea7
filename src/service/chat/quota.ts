import type { MiddlewareHandler } from 'hono';
import type { AppEnv, ServiceDeps } from '../context.js';
import { periods } from '../keys/periods.js';
import { limitExceeded } from '../quota.js';

/** What the embedded library reports: it has no message limits. */
const UNLIMITED = { daily: { limit: -1, remaining: -1 }, monthly: { limit: -1, remaining: -1 } };

/**
 * The chat message limits, daily and monthly, shaped like the data quota. A message is taken from
 * both before the answer (atomically, in one transaction, so concurrent messages never pass a
 * limit while the provider works) and given back when the answer is an error. The limits left
 * are set as `chatLimits` for the response's meta.
 */
export function chatQuota(deps: ServiceDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.get('principal').key;
    if (!key || !deps.keys) {
      c.set('chatLimits', UNLIMITED);
      return next();
    }
    const { keys } = deps;
    const { day, month, dailyReset, monthlyReset } = periods();
    const taken = await keys.takeChatSoon(key.id, day, month, key.chatDaily, key.chatMonthly);
    if ('refused' in taken) {
      return taken.refused === 'daily'
        ? limitExceeded(
            c,
            'DAILY_LIMIT_EXCEEDED',
            `daily message limit of ${key.chatDaily} reached; it resets at ${dailyReset} (midnight UTC)`,
            dailyReset,
          )
        : limitExceeded(
            c,
            'MONTHLY_LIMIT_EXCEEDED',
            `monthly message limit of ${key.chatMonthly} reached; it resets at ${monthlyReset} (the 1st, UTC)`,
            monthlyReset,
          );
    }
    c.set('chatLimits', {
      daily: { limit: key.chatDaily, remaining: key.chatDaily - taken.daily },
      monthly: { limit: key.chatMonthly, remaining: key.chatMonthly - taken.monthly },
    });
    let givenBack = false;
    const giveBack = () => {
      if (givenBack) return;
      givenBack = true;
      keys.giveBackSoon(key.id, 'chat-daily', day);
      keys.giveBackSoon(key.id, 'chat-monthly', month);
    };
    c.set('chatGiveBack', giveBack);
    let ok = false;
    try {
      await next();
      ok = c.res.status < 400 && !c.error;
    } finally {
      if (!ok) giveBack();
    }
  };
}
