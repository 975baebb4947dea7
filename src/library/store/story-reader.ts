import type { StoryFields } from '../../core/schemas/stories.js';
import { ftsQuery } from './fts.js';
import type { LibraryBase } from './library-file.js';

export interface StoryFilter {
  theme?: string;
  q?: string;
  testament?: 'OT' | 'NT';
  kind?: 'narrative' | 'parable';
  limit: number;
  /** Stories skipped, in reading order, before the first one answered. */
  offset?: number;
}

/** The Bible stories. */
export function StoryReader<B extends LibraryBase>(Base: B) {
  return class StoryReader extends Base {
    /** Stories matching the filters in reading order, and how many match before `limit`. */
    stories(filter: StoryFilter): { stories: StoryFields[]; total: number } {
      const where: string[] = [];
      const params: unknown[] = [];
      if (filter.theme) {
        where.push('EXISTS (SELECT 1 FROM json_each(s.theme_list) WHERE value = ?)');
        params.push(filter.theme);
      }
      if (filter.testament) {
        where.push('s.testament = ?');
        params.push(filter.testament);
      }
      if (filter.kind) {
        where.push('s.kind = ?');
        params.push(filter.kind);
      }
      if (filter.q !== undefined) {
        const q = ftsQuery(filter.q, { prefixAll: true });
        if (!q) return { stories: [], total: 0 };
        where.push('s.id IN (SELECT rowid FROM stories_fts WHERE stories_fts MATCH ?)');
        params.push(q);
      }
      const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = (this.stmt(`SELECT count(*) AS n FROM stories s ${clause}`).get(...params) as { n: number }).n;
      const rows = this.stmt(`SELECT s.data FROM stories s ${clause} ORDER BY s.ord LIMIT ? OFFSET ?`).all(
        ...params,
        filter.limit,
        filter.offset ?? 0,
      ) as Array<{
        data: string;
      }>;
      return { stories: rows.map((r) => JSON.parse(r.data) as StoryFields), total };
    }

    story(slug: string): StoryFields | undefined {
      const row = this.stmt('SELECT data FROM stories WHERE slug = ?').get(slug) as { data: string } | undefined;
      return row ? (JSON.parse(row.data) as StoryFields) : undefined;
    }

    /**
     * Stories matching an FTS5 expression, best first, with BM25 relevance (title and characters weigh
     * most), and each one's key verses (the heart of it, most central first).
     */
    rankedStories(match: string, limit: number): Array<{ story: StoryFields; score: number; keyVerses: string[] }> {
      // The weights as FTS5's rank, so FTS5 sorts the rowids and only the best stories' data are
      // read, where ORDER BY bm25() sorted every matching story's (~0.2 ms of a cold `bible find`).
      // The same rows and scores, ties included, for 750 match expressions of the question sets.
      const rows = this.stmt(
        `SELECT s.data, s.key_verses, -f.rank AS score FROM stories_fts f JOIN stories s ON s.id = f.rowid
         WHERE stories_fts MATCH ? AND f.rank MATCH 'bm25(8.0, 4.0, 2.0, 1.0)' ORDER BY f.rank LIMIT ?`,
      ).all(match, limit) as Array<{ data: string; key_verses: string; score: number }>;
      return rows.map((r) => ({
        story: JSON.parse(r.data) as StoryFields,
        score: r.score,
        keyVerses: JSON.parse(r.key_verses) as string[],
      }));
    }
  };
}
