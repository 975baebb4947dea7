import { verseKeySql } from '../../core/reference/verse-key.js';
import { normaliseStrongs } from './lexicon-reader.js';
import type { LibraryBase } from './library-file.js';
import { byVerse, type VerseRow, verseRow } from './verse-reader.js';

/** A verse where a Strong's number occurs, with the spans that render it. */
export interface StrongsVerse {
  book: number;
  chapter: number;
  verse: number;
  spans: Array<{ idx: number; text: string }>;
}

export interface ConcordancePage {
  verses: number;
  occurrences: number;
  renderings: Array<{ word: string; count: number }>;
  byBook: Array<{ book: number; count: number }>;
  hits: Array<VerseRow & { words: string[] }>;
}

/** Where Strong's numbers occur in a translation and the words that render them. */
export function ConcordanceReader<B extends LibraryBase>(Base: B) {
  return class ConcordanceReader extends Base {
    /** The concordance: every verse of a translation where a number occurs, in canonical order. */
    strongsVerses(translation: string, number: string): StrongsVerse[] {
      const n = normaliseStrongs(number);
      if (!n) return [];
      const rows = this.stmt(
        `SELECT o.book, o.chapter, o.verse, o.idx, w.text FROM strongs_occurrences o
         JOIN verse_words w ON w.translation = o.translation AND w.book = o.book AND w.chapter = o.chapter
           AND w.verse = o.verse AND w.idx = o.idx
         WHERE o.number = ? AND o.translation = ? ORDER BY o.book, o.chapter, o.verse, o.idx`,
      ).all(n, translation) as Array<{ book: number; chapter: number; verse: number; idx: number; text: string }>;
      return byVerse(rows, (r) => ({ idx: r.idx, text: r.text })).map(({ items, ...v }) => ({ ...v, spans: items }));
    }

    /**
     * The concordance of one Strong's number in one translation: how many verses and word spans
     * carry it, the words that render it (lower-cased, most frequent first), verses per book, and
     * one page of the verses in canonical order with the spans that render it.
     */
    concordance(translation: string, number: string, limit: number, offset: number): ConcordancePage {
      const key = [number, translation];
      const occurrences = (
        this.stmt('SELECT count(*) AS n FROM strongs_occurrences WHERE number = ? AND translation = ?').get(...key) as {
          n: number;
        }
      ).n;
      const byBook = this.stmt(
        `SELECT book, count(DISTINCT chapter * 1000 + verse) AS count FROM strongs_occurrences
         WHERE number = ? AND translation = ? GROUP BY book ORDER BY book`,
      ).all(...key) as Array<{ book: number; count: number }>;
      const renderings = this.stmt(
        `SELECT lower(w.text) AS word, count(*) AS count FROM strongs_occurrences o JOIN verse_words w
           ON w.translation = o.translation AND w.book = o.book AND w.chapter = o.chapter AND w.verse = o.verse AND w.idx = o.idx
         WHERE o.number = ? AND o.translation = ? GROUP BY lower(w.text) ORDER BY count DESC, word`,
      ).all(...key) as Array<{ word: string; count: number }>;
      const rows = limit
        ? (this.stmt(
            `SELECT o.book, o.chapter, o.verse, v.text, v.title, json_group_array(w.text) AS words
             FROM strongs_occurrences o
             JOIN verse_words w ON w.translation = o.translation AND w.book = o.book AND w.chapter = o.chapter
               AND w.verse = o.verse AND w.idx = o.idx
             JOIN verses v ON v.translation = o.translation AND v.book = o.book AND v.chapter = o.chapter AND v.verse = o.verse
             WHERE o.number = ? AND o.translation = ?
             GROUP BY o.book, o.chapter, o.verse ORDER BY o.book, o.chapter, o.verse LIMIT ? OFFSET ?`,
          ).all(...key, limit, offset) as Array<VerseRow & { title: string | null; words: string }>)
        : [];
      return {
        verses: byBook.reduce((n, b) => n + b.count, 0),
        occurrences,
        renderings,
        byBook,
        hits: rows.map(({ words, ...r }) => ({ ...verseRow(r), words: JSON.parse(words) as string[] })),
      };
    }

    /** The verses (as book×1e6 + chapter×1e3 + verse) of a translation where a Strong's number occurs, at most `limit`. */
    strongsVerseKeys(translation: string, number: string, limit: number): number[] {
      return (
        this.stmt(
          `SELECT DISTINCT ${verseKeySql()} AS key FROM strongs_occurrences
           WHERE number = ? AND translation = ? LIMIT ?`,
        ).all(number, translation, limit) as Array<{ key: number }>
      ).map((r) => r.key);
    }
  };
}
