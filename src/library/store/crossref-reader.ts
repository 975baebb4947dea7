import { atVerseKeySql } from '../../core/reference/verse-key.js';
import type { LibraryBase } from './library-file.js';
import { CROSSREF_REACH_MOST } from './schema.js';

/** The cross-references (Treasury of Scripture Knowledge) and how widely each verse is referred to. */
export function CrossrefReader<B extends LibraryBase>(Base: B) {
  return class CrossrefReader extends Base {
    crossrefs(book: number, chapter: number, verse: number): string[] | undefined {
      const row = this.stmt('SELECT refs FROM crossrefs WHERE book = ? AND chapter = ? AND verse = ?').get(
        book,
        chapter,
        verse,
      ) as { refs: string } | undefined;
      return row ? (JSON.parse(row.refs) as string[]) : undefined;
    }

    /**
     * crossrefs() of each of the verses (keys as book×1e6 + chapter×1e3 + verse) that has any: one
     * query for them all, where a query per verse cost ~0.3 ms of a cold `bible find` for its 20.
     */
    crossrefsOf(keys: readonly number[]): Map<number, string[]> {
      const rows = this.stmt(
        `SELECT k.value, c.refs FROM json_each(?) k JOIN crossrefs c
         ON ${atVerseKeySql('k.value', 'c')}`,
      )
        .raw()
        .all(JSON.stringify(keys)) as Array<[number, string]>;
      return new Map(rows.map(([key, refs]) => [key, JSON.parse(refs) as string[]]));
    }

    /**
     * How many books of the Bible hold a cross-reference to each of the verses (keys as book×1e6 +
     * chapter×1e3 + verse) that any holds one to; none when no cross-references are imported. One
     * query for them all: a query per verse cost ~0.7 ms more of a cold `bible find` for its 100.
     */
    crossrefReach(keys: readonly number[]): Map<number, number> {
      const rows = this.stmt(
        `SELECT k.value, r.books FROM json_each(?) k JOIN crossref_reach r
         ON ${atVerseKeySql('k.value', 'r')}`,
      )
        .raw()
        .all(JSON.stringify(keys)) as Array<[number, number]>;
      return new Map(rows);
    }

    private widestReach: number | undefined;

    /** The most books cross-referring to any one verse, read once (a library file never changes under an open store). */
    crossrefReachMost(): number {
      if (this.widestReach === undefined) {
        // Counted at import; a library imported before that is scanned (~2 ms of a find's start-up).
        const kept = this.stmt('SELECT value FROM meta WHERE key = ?').pluck().get(CROSSREF_REACH_MOST) as
          | string
          | undefined;
        this.widestReach = kept
          ? Number(JSON.parse(kept))
          : ((this.stmt('SELECT MAX(books) AS most FROM crossref_reach').get() as { most: number | null }).most ?? 0);
      }
      return this.widestReach;
    }
  };
}
