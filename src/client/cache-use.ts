/**
 * What this process's response caches did with its GET requests: answers served from the cache
 * (`hits`), requests the cache did not have (`misses`) and, of those, answers it stored (`kept`),
 * and the earliest moment any of them stops being fresh. The launcher's replay (src/cli/replay.ts)
 * keeps a run's output only when every answer it showed came from, or went into, this cache, and
 * only as long as the earliest of them stays fresh. No imports: the launcher reads it through the
 * bundle's exports without loading the cache itself.
 */
export const cacheUse = { hits: 0, misses: 0, kept: 0, earliestExpiry: Number.POSITIVE_INFINITY };

export function noteFresh(expires: number): void {
  cacheUse.earliestExpiry = Math.min(cacheUse.earliestExpiry, expires);
}
