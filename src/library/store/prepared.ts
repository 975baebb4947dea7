import type Database from 'better-sqlite3';

/**
 * How many prepared statements one connection keeps. The store's own SQL is a few dozen texts;
 * search compiles its SQL from the query's shape, so the cache is bounded rather than growing
 * with every new shape a client sends.
 */
export const PREPARED_MAX = 256;

/**
 * A statement preparer that prepares each SQL text once (preparing costs more than running
 * these), keeping the most recently used PREPARED_MAX (a Map iterates in insertion order, so
 * re-inserting on use makes the first key the least recently used).
 */
export function preparedOnce(db: Database.Database, max = PREPARED_MAX): (sql: string) => Database.Statement {
  const cache = new Map<string, Database.Statement>();
  return (sql) => {
    let s = cache.get(sql);
    if (s) {
      cache.delete(sql);
    } else {
      s = db.prepare(sql);
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    }
    cache.set(sql, s);
    return s;
  };
}
