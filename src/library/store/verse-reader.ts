import { verseKey } from '../../core/reference/verse-key.js';
import type { LibraryBase } from './library-file.js';
import { WORD_MARKS } from './schema.js';
import { postingIdRange, VERSE_ID_SPAN, verseId } from './verse-ids.js';
import { type PackedWordsRow, spansOf } from './word-rows.js';

export interface VerseRow {
  book: number;
  chapter: number;
  verse: number;
  text: string;
  /** The verse's canonical title (a psalm's "A Psalm of David, Maschil."), where it has one. */
  title?: string;
}

/** A verse row as SQLite gives it (title NULL when none). */
type VerseRowRead = Omit<VerseRow, 'title'> & { title: string | null };

/** The row with its title only where it has one. */
export function verseRow({ title, ...row }: VerseRowRead): VerseRow {
  return title === null ? row : { ...row, title };
}

/** One span of a verse's words (see verse_words in schema.ts). */
export interface WordSpan {
  idx: number;
  text: string;
  /** Normalised numbers ('G25'); empty when the span is untagged. */
  strongs: string[];
  /** Morphology codes, where the module gives them. */
  morph?: string[];
  red: boolean;
  /** Supplied by the translators (the KJV's italics). */
  added?: boolean;
  /** Part of the verse's canonical title, which comes before its text. */
  title?: boolean;
}

export interface VerseWords {
  book: number;
  chapter: number;
  verse: number;
  words: WordSpan[];
}

export interface VerseAnnotations {
  book: number;
  chapter: number;
  verse: number;
  headings: string[];
  /** `at`: the marker's character offset in the verse's plain text. */
  notes: Array<{ at: number; kind: 'foot' | 'crossReference'; text: string }>;
}

/** Verses of one book of a translation, from a chapter and verse to a chapter and verse. */
type VerseSpan = [
  translation: string,
  book: number,
  fromChapter: number,
  fromVerse: number,
  toChapter: number,
  toVerse: number,
];

/** Groups rows that come in verse order into one item per verse. */
export function byVerse<R extends { book: number; chapter: number; verse: number }, T>(
  rows: R[],
  item: (row: R) => T,
): Array<{ book: number; chapter: number; verse: number; items: T[] }> {
  const out: Array<{ book: number; chapter: number; verse: number; items: T[] }> = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    if (last && last.book === r.book && last.chapter === r.chapter && last.verse === r.verse) last.items.push(item(r));
    else out.push({ book: r.book, chapter: r.chapter, verse: r.verse, items: [item(r)] });
  }
  return out;
}

/** The verses of a translation: their text, word spans and annotations. */
export function VerseReader<B extends LibraryBase>(Base: B) {
  return class VerseReader extends Base {
    /**
     * A book range's rows of a per-verse table, in order. The range is a row-value comparison so
     * SQLite seeks the (translation, book, chapter, verse) index to the first verse; an expression
     * such as chapter * 1000 + verse would scan the whole book (all of Psalms for one verse).
     */
    private rangeRows<T>(select: string, order: string, span: VerseSpan): T[] {
      return this.stmt(
        `${select} WHERE translation = ? AND book = ? AND (chapter, verse) BETWEEN (?, ?) AND (?, ?) ORDER BY ${order}`,
      ).all(...span) as T[];
    }

    /**
     * The first and last verse id of a book range: a translation's verses are clustered by id in
     * canonical order (verse-ids.ts), so a passage is one run of the table, read without an index.
     * Chapters and verses are below 1000, and a range's ends are held within that.
     */
    private idSpan([translation, book, fromChapter, fromVerse, toChapter, toVerse]: VerseSpan): [number, number] {
      const ordinal = this.translationOrdinal(translation);
      if (ordinal === undefined) return [1, 0];
      const at = (chapter: number, verse: number) =>
        verseId(ordinal, verseKey(book, Math.min(Math.max(chapter, 0), 999), Math.min(Math.max(verse, 0), 999)));
      return [at(fromChapter, fromVerse), at(toChapter, toVerse)];
    }

    /** Verses of a range in one book, in order, with their titles. */
    verses(...span: VerseSpan): VerseRow[] {
      return (
        this.stmt('SELECT book, chapter, verse, text, title FROM verses WHERE id BETWEEN ? AND ? ORDER BY id').all(
          ...this.idSpan(span),
        ) as VerseRowRead[]
      ).map(verseRow);
    }

    /**
     * The text of each of the verses (keys as book×1e6 + chapter×1e3 + verse) the translation has, in
     * one query: find's results read ten or more, a query each cost ~0.5 ms of a cold `bible find`.
     */
    verseTexts(translation: string, keys: readonly number[]): Map<number, string> {
      const ordinal = this.translationOrdinal(translation);
      if (ordinal === undefined) return new Map();
      const rows = this.stmt('SELECT k.value, v.text FROM json_each(?) k JOIN verses v ON v.id = ? + k.value')
        .raw()
        .all(
          JSON.stringify(keys.filter((k) => Number.isInteger(k) && k >= 0 && k < VERSE_ID_SPAN)),
          verseId(ordinal, 0),
        ) as Array<[number, string]>;
      return new Map(rows);
    }

    chapter(translation: string, book: number, chapter: number): VerseRow[] {
      return this.verses(translation, book, chapter, 0, chapter, 999);
    }

    /** The word spans of each verse of a range in one book, in order (none for an untagged translation). */
    verseWords(...span: VerseSpan): VerseWords[] {
      const rows = this.stmt(
        `SELECT v.id, v.book, v.chapter, v.verse, v.text, v.title, w.words FROM verse_words w
         JOIN verses v ON v.id = w.id WHERE w.id BETWEEN ? AND ? ORDER BY w.id`,
      ).all(...this.idSpan(span)) as Array<PackedWordsRow & { book: number; chapter: number; verse: number }>;
      return rows.map((r) => ({
        book: r.book,
        chapter: r.chapter,
        verse: r.verse,
        words: [...spansOf(span[0], r)].map(([idx, s]): WordSpan => {
          const word: WordSpan = { idx, text: s.text, strongs: s.strongs, red: (s.marks & WORD_MARKS.red) !== 0 };
          if (s.morph.length) word.morph = s.morph;
          if (s.marks & WORD_MARKS.added) word.added = true;
          if (s.marks & WORD_MARKS.title) word.title = true;
          return word;
        }),
      }));
    }

    /** Headings and notes of the verses of a range that have any. */
    verseAnnotations(...span: VerseSpan): VerseAnnotations[] {
      const rows = this.rangeRows<{ book: number; chapter: number; verse: number; headings: string; notes: string }>(
        'SELECT book, chapter, verse, headings, notes FROM verse_annotations',
        'chapter, verse',
        span,
      );
      return rows.map((r) => ({ ...r, headings: JSON.parse(r.headings), notes: JSON.parse(r.notes) }));
    }

    /** Whether the translation carries Strong's numbers word by word (the concordance holds only those). */
    isStrongsTagged(translation: string): boolean {
      const ordinal = this.translationOrdinal(translation);
      return (
        ordinal !== undefined &&
        this.stmt('SELECT 1 FROM strongs_postings WHERE id BETWEEN ? AND ? LIMIT 1').get(...postingIdRange(ordinal)) !==
          undefined
      );
    }
  };
}
