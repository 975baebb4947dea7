import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';
import { knownQueryNames } from './known-query.js';

/** Limits of the in-memory answer cache, in bytes of JSON. */
export const RESPONSE_CACHE_LIMITS = {
  /** All entries together. */
  budgetBytes: 32 * 1024 * 1024,
  /** One answer; a larger one is served but not kept. */
  entryBytes: 512 * 1024,
} as const;

/** What identifies an answer: what the key may read, the path, and the route's known query parameters in a fixed order. */
function cacheKey(c: Context<AppEnv>): string {
  const names = knownQueryNames(c);
  const all = c.req.queries();
  const query = (names ?? Object.keys(all).sort())
    .filter((n) => all[n] !== undefined)
    .map((n) => (all[n] as string[]).map((v) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&'))
    .join('&');
  return `${c.get('principal').scopeKey}\n${c.req.path}?${query}`;
}

/**
 * Successful data answers, kept in memory. The library never changes under a running service (an
 * import swaps files; a restart picks it up), so an answer stays right for the life of the
 * process. Runs after authentication, so every request is still checked and counted; a hit skips
 * validation, the query and JSON serialisation. Bounded in bytes, not entries (answers range from
 * a few bytes to hundreds of kilobytes): least recently used first out.
 */
export function responseCache(limits: { budgetBytes: number; entryBytes: number } = RESPONSE_CACHE_LIMITS) {
  const entries = new Map<string, Uint8Array>();
  let bytes = 0;
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const key = cacheKey(c);
    const hit = entries.get(key);
    if (hit !== undefined) {
      // Most recently used last.
      entries.delete(key);
      entries.set(key, hit);
      return c.body(hit as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/json' });
    }
    await next();
    if (c.res.status !== 200 || c.error) return;
    const text = c.get('answerJson');
    if (text !== undefined && text.length > limits.entryBytes) return;
    const body = text !== undefined ? Buffer.from(text) : new Uint8Array(await c.res.clone().arrayBuffer());
    if (body.byteLength > limits.entryBytes || entries.has(key)) return;
    entries.set(key, body);
    bytes += body.byteLength;
    for (const [oldest, value] of entries) {
      if (bytes <= limits.budgetBytes) break;
      entries.delete(oldest);
      bytes -= value.byteLength;
    }
  };
  return Object.assign(middleware, { stats: () => ({ entries: entries.size, bytes }) });
}
