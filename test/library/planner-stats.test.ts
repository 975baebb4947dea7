import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { TEST_LIBRARY } from '../support/env.js';

describe("the library's statistics for SQLite's planner", () => {
  it('keeps table and index sizes, and no value samples (they make every new binding prepare anew)', () => {
    const db = new Database(TEST_LIBRARY, { readonly: true });
    expect((db.prepare('SELECT count(*) AS n FROM sqlite_stat1').get() as { n: number }).n).toBeGreaterThan(20);
    expect((db.prepare('SELECT count(*) AS n FROM sqlite_stat4').get() as { n: number }).n).toBe(0);
    db.close();
  });
});
