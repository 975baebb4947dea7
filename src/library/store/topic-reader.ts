import type { TopicSection } from '../../core/schemas/topics.js';
import { ftsQuery } from './fts.js';
import type { LibraryBase } from './library-file.js';

export interface TopicRow {
  work: string;
  slug: string;
  headword: string;
  sections: TopicSection[];
  text: string;
}

/** The topical works' entries (Nave's, Everyday Topics). */
export function TopicReader<B extends LibraryBase>(Base: B) {
  return class TopicReader extends Base {
    /** Case-insensitive; headwords that start with the query first, then other matches; alphabetical within each. */
    topicSearch(work: string, text: string, limit: number): Array<{ slug: string; headword: string }> {
      const q = ftsQuery(text);
      if (!q) return [];
      const prefix = text.trim().toLowerCase();
      return this.stmt(
        `SELECT t.slug, t.headword FROM topic_fts f JOIN topic_entries t ON t.id = f.rowid
         WHERE topic_fts MATCH ? AND t.work = ?
         ORDER BY (lower(t.headword) LIKE ? ESCAPE '\\') DESC, t.headword COLLATE NOCASE LIMIT ?`,
      ).all(q, work, `${prefix.replace(/[\\%_]/g, '\\$&')}%`, limit) as Array<{ slug: string; headword: string }>;
    }

    topicBrowse(work: string, letter: string): Array<{ slug: string; headword: string }> {
      return this.stmt(
        `SELECT slug, headword FROM topic_entries WHERE work = ? AND upper(substr(headword, 1, 1)) = ?
         ORDER BY headword COLLATE NOCASE`,
      ).all(work, letter.toUpperCase()) as Array<{ slug: string; headword: string }>;
    }

    private topicRow(row: Omit<TopicRow, 'sections'> & { sections: string }): TopicRow {
      return { ...row, sections: JSON.parse(row.sections) as TopicSection[] };
    }

    topicEntry(work: string, slug: string): TopicRow | undefined {
      const row = this.stmt(
        'SELECT work, slug, headword, sections, text FROM topic_entries WHERE work = ? AND slug = ?',
      ).get(work, slug.toLowerCase()) as (Omit<TopicRow, 'sections'> & { sections: string }) | undefined;
      return row && this.topicRow(row);
    }

    /**
     * A topic by headword. Where two entries share it (Nave's SIN: the Desert of Sin, and sin), the
     * one listing most references (the subject, not the place or person of its name).
     */
    topicByHeadword(work: string, headword: string): TopicRow | undefined {
      const row = this.stmt(
        `SELECT work, slug, headword, sections, text FROM topic_entries WHERE work = ? AND headword = ? COLLATE NOCASE
         ORDER BY length(sections) - length(replace(sections, '"bookNum":', '')) DESC, slug LIMIT 1`,
      ).get(work, headword.trim()) as (Omit<TopicRow, 'sections'> & { sections: string }) | undefined;
      return row && this.topicRow(row);
    }

    /**
     * A topic by headword as find weighs it: its slug and headword, how many references its sections
     * list, counted in SQLite (each reference's JSON has one "bookNum" key, and a string holding the
     * text would escape its quotes), and the sections' JSON only where they list at most `most`:
     * find passes a broader topic over, and parsing GOD's 236 KB to count its references was ~1.5 ms.
     * Of two entries of one headword, the one listing most, as topicByHeadword.
     */
    topicWeighed(
      work: string,
      headword: string,
      most: number,
    ): { slug: string; headword: string; refs: number; sections: string | null } | undefined {
      return this.stmt(
        `SELECT slug, headword, refs, CASE WHEN refs <= ? THEN sections END AS sections FROM (
           SELECT slug, headword, sections, (length(sections) - length(replace(sections, '"bookNum":', ''))) / 10 AS refs
           FROM topic_entries WHERE work = ? AND headword = ? COLLATE NOCASE)
         ORDER BY refs DESC, slug LIMIT 1`,
      ).get(most, work, headword.trim()) as
        | { slug: string; headword: string; refs: number; sections: string | null }
        | undefined;
    }

    /**
     * The topics of a work that list everyday words (Everyday Topics) named by any of the words,
     * each with the word that named it and its sections' JSON, in the work's order.
     */
    topicsNamedBy(
      work: string,
      words: readonly string[],
    ): Array<{ slug: string; headword: string; sections: string; word: string }> {
      if (!words.length) return [];
      return this.stmt(
        `SELECT t.slug, t.headword, t.sections, w.word FROM topic_words w
         JOIN topic_entries t ON t.work = w.work AND t.slug = w.slug
         WHERE w.work = ? AND w.word IN (SELECT value FROM json_each(?)) ORDER BY t.id`,
      ).all(work, JSON.stringify(words)) as Array<{ slug: string; headword: string; sections: string; word: string }>;
    }
  };
}
