import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';

/**
 * Successful data answers, kept in memory by what the key may read and the request URL. The
 * library never changes under a running service (an import swaps files; a restart picks it up),
 * so an answer stays right for the life of the process. Runs after authentication and the
 * quota, so every request is still checked and counted; a hit skips validation, the query and
 * JSON serialisation. Bounded by entries, oldest first out.
 */
export function responseCache(maxEntries = 5_000): MiddlewareHandler<AppEnv> {
  const entries = new Map<string, string>();
  return async (c, next) => {
    const principal = c.get('principal');
    const key = `${principal.scopeKey}\n${c.req.url.slice(c.req.url.indexOf('/', 8))}`;
    const hit = entries.get(key);
    if (hit !== undefined) {
      return c.body(hit, 200, { 'Content-Type': 'application/json' });
    }
    await next();
    if (c.res.status === 200 && !c.error) {
      const body = await c.res.clone().text();
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, body);
    }
  };
}
