import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CROSSREF_REACH_MOST } from '../../src/library/store/schema.js';
import { TEST_LIBRARY } from '../support/env.js';
import { useTestStore } from '../support/test-store.js';

describe('the cross-references’ reach', () => {
  const store = useTestStore();

  it('keeps the widest reach, counted at import, equal to the table’s own maximum', () => {
    const db = new Database(TEST_LIBRARY, { readonly: true });
    const most = (db.prepare('SELECT MAX(books) AS most FROM crossref_reach').get() as { most: number }).most;
    const kept = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(CROSSREF_REACH_MOST) as string;
    db.close();
    // Isaiah 9:6, cross-referred to from 44 books of the Bible.
    expect(most).toBe(44);
    expect(JSON.parse(kept)).toBe(most);
    expect(store().crossrefReachMost()).toBe(most);
    // Keyed book×1e6 + chapter×1e3 + verse; a verse no link reaches (Genesis 1:999) has no entry.
    expect(store().crossrefReach([23_009_006, 1_001_999])).toEqual(new Map([[23_009_006, 44]]));
  });
});
