import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { TEST_LIBRARY } from '../support/env.js';

describe("the library's verse ids", () => {
  it("ascend in canonical order within a translation, so its first and last verse hold its least and greatest id (the search's id range)", () => {
    const db = new Database(TEST_LIBRARY, { readonly: true });
    const translations = db.prepare('SELECT DISTINCT translation FROM verses').pluck().all() as string[];
    expect(translations.length).toBeGreaterThan(0);
    for (const t of translations) {
      const out = db
        .prepare(
          `SELECT count(*) FROM (SELECT id, lag(id) OVER (ORDER BY book, chapter, verse) AS prev FROM verses
           WHERE translation = ?) WHERE id < prev`,
        )
        .pluck()
        .get(t);
      expect(out, t).toBe(0);
    }
    db.close();
  });
});
