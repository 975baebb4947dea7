import type { LibraryBase } from './library-file.js';
import { anyMarked } from './packed-words.js';
import { FIND_TRANSLATIONS, WORD_MARKS } from './schema.js';
import { verseId } from './verse-ids.js';

/** How many sets of names (one per set of readable works) are kept: key scopes are few. */
const NAMES_SETS_KEPT = 16;

/** A verse `bible find`'s index ranked: key book×1e6 + chapter×1e3 + verse, and its text per translation. */
export interface RankedVerse {
  key: number;
  score: number;
  texts: Record<string, string>;
}

/** What `bible find` reads beyond the other readers: its verse index (find_fts), the names and subjects, the words of Christ. */
export function FindIndexReader<B extends LibraryBase>(Base: B) {
  return class FindIndexReader extends Base {
    /**
     * Verses matching an FTS5 expression in find_fts (restricted to the given translations'
     * columns), best first: the verse key, BM25 relevance (higher is better) and each of those
     * translations' text of the verse.
     */
    findRanked(translations: readonly string[], match: string, limit: number): RankedVerse[] {
      // rank is bm25(find_fts) (the table sets no other), and ORDER BY rank lets FTS5 sort the
      // rowids alone and read the texts of the `limit` best only: ORDER BY bm25() put every matching
      // verse's texts in SQLite's sorter (~1 ms of a cold `bible find`). Ties keep rowid order either
      // way (6,066 match expressions compared, 793 with ties at the limit).
      return this.matchingVerses(translations, match, limit, 'rank');
    }

    /** The first verses in the canon's order that match an FTS5 expression in find_fts, with their texts. */
    findFirst(translations: readonly string[], match: string, limit: number): RankedVerse[] {
      return this.matchingVerses(translations, match, limit, 'rowid');
    }

    private matchingVerses(
      translations: readonly string[],
      match: string,
      limit: number,
      order: 'rank' | 'rowid',
    ): RankedVerse[] {
      const columns = FIND_TRANSLATIONS.filter((t) => translations.includes(t));
      if (!columns.length) return [];
      const rows = this.stmt(
        `SELECT rowid AS key, -rank AS score FROM find_fts WHERE find_fts MATCH ? ORDER BY ${order} LIMIT ?`,
      ).all(`{${columns.join(' ')}} : (${match})`, limit) as Array<{ key: number; score: number }>;
      // find_fts keeps no copy of the texts (contentless): each is read from verses by its id.
      const texts = columns.map((t) => {
        const ordinal = this.translationOrdinal(t);
        const read = this.stmt('SELECT k.value, v.text FROM json_each(?) k JOIN verses v ON v.id = ? + k.value').raw();
        const found =
          ordinal === undefined
            ? []
            : (read.all(JSON.stringify(rows.map((r) => r.key)), verseId(ordinal, 0)) as Array<[number, string]>);
        return [t, new Map(found)] as const;
      });
      return rows.map((r) => ({
        key: r.key,
        score: r.score,
        texts: Object.fromEntries(
          texts.flatMap(([t, byKey]) => {
            const text = byKey.get(r.key);
            return text ? [[t, text]] : [];
          }),
        ),
      }));
    }

    private readonly findFrequencies = new Map<string, number>();

    /** How many verses of find_fts hold a word (any translation's column); remembered per word. */
    findFrequency(word: string): number {
      let n = this.findFrequencies.get(word);
      if (n === undefined) {
        n = (
          this.stmt('SELECT count(*) AS n FROM find_fts WHERE find_fts MATCH ?').get(
            `"${word.replace(/"/g, '""')}"`,
          ) as {
            n: number;
          }
        ).n;
        if (this.findFrequencies.size > 10_000) this.findFrequencies.clear();
        this.findFrequencies.set(word, n);
      }
      return n;
    }

    private namesAndSubjects = new Map<string, ReadonlySet<string>>();

    /**
     * The words of the topics' headwords and the stories' titles and characters, lower case, of 5
     * letters or more: the names and subjects people ask after (GOLIATH, PRODIGAL SON). Of the
     * topic works named and the stories if asked: only what the asker may read. Read once per set
     * of works (a handful of key scopes), at most NAMES_SETS_KEPT kept.
     */
    headwordVocabulary(topics: readonly string[], stories: boolean): ReadonlySet<string> {
      const key = JSON.stringify([[...topics].sort(), stories]);
      let words = this.namesAndSubjects.get(key);
      if (!words) {
        const texts = this.stmt(
          `SELECT headword AS text FROM topic_entries WHERE work IN (SELECT value FROM json_each(?))
           UNION ALL SELECT title || ' ' || characters FROM stories WHERE ?`,
        )
          .pluck()
          .all(JSON.stringify(topics), stories ? 1 : 0) as string[];
        const found = new Set<string>();
        for (const text of texts) for (const w of text.toLowerCase().match(/\p{L}{5,}/gu) ?? []) found.add(w);
        if (this.namesAndSubjects.size >= NAMES_SETS_KEPT) this.namesAndSubjects.clear();
        this.namesAndSubjects.set(key, found);
        words = found;
      }
      return words;
    }

    /**
     * Which of the verses (keys as book×1e6 + chapter×1e3 + verse) hold words of Christ in any of
     * the translations: one primary-key seek per verse and translation, so a few hundred
     * candidates cost a millisecond or two where listing every red verse costs ~60 ms.
     */
    spokenByChrist(translations: readonly string[], keys: readonly number[]): Set<number> {
      const red = new Set<number>();
      const seek = this.stmt('SELECT words FROM verse_words WHERE id = ?').pluck();
      const ordinals = translations.flatMap((t) => {
        const ordinal = this.translationOrdinal(t);
        return ordinal === undefined ? [] : [{ t, ordinal }];
      });
      for (const key of keys) {
        const spoken = ordinals.some(({ t, ordinal }) => {
          const words = seek.get(verseId(ordinal, key)) as Uint8Array | undefined;
          return words !== undefined && anyMarked(words, WORD_MARKS.red, () => `${t}'s words of verse ${key}`);
        });
        if (spoken) red.add(key);
      }
      return red;
    }
  };
}
