import type { Book } from '../canon/canon.js';

/**
 * How chapters and verses are counted where a reference is read: the canon's own (the KJV's for
 * the 66 books, the most any versification gives for the others), or a translation's own
 * versification (Joel has 4 chapters in Luther's, Psalm 9 has 39 verses in the Synodal's).
 */
export interface Numbering {
  /** Said after a count, so the place is plain: " in the LUT1912". Empty for the canon's. */
  label: string;
  /** Verses per chapter of a book; a numbering without the book gives the canon's (the translation then lacks it, and says so). */
  counts(book: Book): readonly number[];
}

/** The canon's counts, as `/bible/books` lists them: what a KJV-versified translation is read by. */
export const CANON_NUMBERING: Numbering = { label: '', counts: (book) => book.verseCounts };

/** A numbering from a versification's counts by OSIS id (where the system lacks a book, the canon's). */
export function numberingFrom(counts: ReadonlyMap<string, readonly number[]>, label: string): Numbering {
  return { label, counts: (book) => counts.get(book.osis) ?? book.verseCounts };
}

export function chapterCount(book: Book, numbering: Numbering = CANON_NUMBERING): number {
  return numbering.counts(book).length;
}

export function verseCount(book: Book, chapter: number, numbering: Numbering = CANON_NUMBERING): number {
  return numbering.counts(book)[chapter - 1] ?? 0;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Thrown for a place that does not exist; reference.ts's InvalidReferenceError, made there. */
type NotFound = (message: string) => Error;

/** Throws not-found naming the book's chapter count (by `numbering`) when the chapter is not in it. */
export function checkChapterIn(book: Book, chapter: number, numbering: Numbering, notFound: NotFound): void {
  if (chapter < 1) throw notFound(`${book.name} has no chapter ${chapter}: chapters are numbered from 1`);
  const chapters = chapterCount(book, numbering);
  if (chapter > chapters) throw notFound(`${book.name} has ${plural(chapters, 'chapter')}${numbering.label}`);
}

/** Throws not-found naming the chapter's verse count (by `numbering`) when the verse is not in it. */
export function checkVerseIn(
  book: Book,
  chapter: number,
  verse: number,
  numbering: Numbering,
  notFound: NotFound,
): void {
  checkChapterIn(book, chapter, numbering, notFound);
  const count = verseCount(book, chapter, numbering);
  if (verse < 1) throw notFound(`${book.name} ${chapter} has no verse ${verse}: verses are numbered from 1`);
  if (verse > count) throw notFound(`${book.name} ${chapter} has ${plural(count, 'verse')}${numbering.label}`);
}
