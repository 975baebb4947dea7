import type Database from 'better-sqlite3';

/** A statement preparer that prepares each SQL text once: preparing costs more than running these. */
export function preparedOnce(db: Database.Database): (sql: string) => Database.Statement {
  const cache = new Map<string, Database.Statement>();
  return (sql) => {
    let s = cache.get(sql);
    if (!s) {
      s = db.prepare(sql);
      cache.set(sql, s);
    }
    return s;
  };
}
