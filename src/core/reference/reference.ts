import { type Book, bookByOsis, findBook, MAX_BOOK_NAME_LENGTH, suggestBook } from '../canon/canon.js';
import { quoted } from '../text/quoted.js';
import {
  CANON_NUMBERING,
  chapterCount,
  checkChapterIn,
  checkVerseIn,
  type Numbering,
  verseCount,
} from './numbering.js';
import { verseKey } from './verse-key.js';

export { CANON_NUMBERING, type Numbering } from './numbering.js';

/** The contract's limits on one passage call. */
export const MAX_REFERENCES = 10;
export const MAX_CHAPTERS_PER_REFERENCE = 4;

export interface VersePoint {
  chapter: number;
  verse: number;
}

/** A validated reference: an inclusive verse range inside one book. */
export interface Reference {
  book: Book;
  start: VersePoint;
  end: VersePoint;
}

/**
 * Why a reference was refused: `syntax` (not in the grammar), `not-found` (no such book,
 * chapter or verse), or `limit` (over the contract's limits). The service answers the first and
 * last with 400 INVALID_REQUEST and `not-found` with 404 NOT_FOUND.
 */
export type ReferenceErrorKind = 'syntax' | 'not-found' | 'limit';

export class InvalidReferenceError extends Error {
  override name = 'InvalidReferenceError';
  constructor(
    readonly kind: ReferenceErrorKind,
    message: string,
    readonly suggestion?: Book,
  ) {
    super(message);
  }
}

const notFound = (message: string) => new InvalidReferenceError('not-found', message);

const FORMS = 'Book c, Book c:v, Book c:v-v, Book c:v-c:v or Book c-c';

// book: an optional leading 1-4 (4 Maccabees) with optional space, then anything up to the chapter number;
// or a bare book number 1-66 followed by a space. Then c, c:v, c:v-v, c:v-c:v or c-c. Numbers
// of any length are well formed, so a place that does not exist ("John 1234:1", "Gen 1:1-1000")
// is one kind of error, not-found, like "John 3:16-40".
const GRAMMAR =
  /^((?:[1-4]\s*)?[^\d\s:][^\d:]*?|\d{1,2}(?=\s))\s*(\d+)(?:\s*:\s*(\d+))?(?:\s*[-\u2013\u2014]\s*(\d+)(?:\s*:\s*(\d+))?)?$/;

/** The psalm after the 150 that the Septuagint numbers 151. */
const PSALM_151 = 151;

/** Throws a not-found InvalidReferenceError naming the book's chapter count when the chapter is not in it. */
export function checkChapter(book: Book, chapter: number, numbering: Numbering = CANON_NUMBERING): void {
  checkChapterIn(book, chapter, numbering, notFound);
}

/** Throws a not-found InvalidReferenceError naming the chapter's verse count when the verse is not in it. */
export function checkVerse(book: Book, chapter: number, verse: number, numbering: Numbering = CANON_NUMBERING): void {
  checkVerseIn(book, chapter, verse, numbering, notFound);
}

function unknownBook(text: string): InvalidReferenceError {
  if (text.length > MAX_BOOK_NAME_LENGTH) {
    return new InvalidReferenceError(
      'not-found',
      `unknown book ${quoted(text, MAX_BOOK_NAME_LENGTH)} (a book name has at most ${MAX_BOOK_NAME_LENGTH} characters)`,
    );
  }
  const suggestion = suggestBook(text);
  const hint = suggestion ? ` (did you mean ${suggestion.name}?)` : '';
  return new InvalidReferenceError('not-found', `unknown book ${quoted(text)}${hint}`, suggestion);
}

/** Resolves a book as typed (number, name or abbreviation), or throws a not-found InvalidReferenceError with a suggestion. */
export function resolveBook(text: string, suggest = true): Book {
  const book = findBook(text);
  if (!book)
    throw suggest
      ? unknownBook(text.trim())
      : new InvalidReferenceError('not-found', `unknown book '${text.trim().slice(0, MAX_BOOK_NAME_LENGTH)}'`);
  return book;
}

/**
 * Parses one reference in the contract's five forms. Single-chapter books also take a bare verse
 * ("Jude 3", "Jude 3-5") because that is how people cite them; "Jude 1" stays the whole chapter.
 */
export function parseReference(input: string): Reference {
  return parse(input, true, CANON_NUMBERING);
}

/** parseReference with chapters and verses counted by a translation's own numbering. */
export function parseReferenceIn(input: string, numbering: Numbering): Reference {
  return parse(input, true, numbering);
}

/**
 * parseReference for text that may well not be a reference (a question probed word by word): an
 * unknown book is refused without looking for a suggestion, whose cost grows with the text.
 */
export function probeReference(input: string): Reference {
  return parse(input, false);
}

/** `numbering`: how the translation read counts chapters and verses (the canon's, else its own versification's). */
function parse(input: string, suggest: boolean, numbering: Numbering = CANON_NUMBERING): Reference {
  const text = input.trim().replace(/\s+/g, ' ');
  if (!text) throw new InvalidReferenceError('syntax', 'empty reference');
  const m = text.match(GRAMMAR);
  if (!m) throw new InvalidReferenceError('syntax', `cannot read ${quoted(text)}: use ${FORMS}`);
  const [, bookText = '', c1s = '', v1s, xs, v2s] = m;
  let book = resolveBook(bookText.replace(/\.\s*$/, ''), suggest);
  let c1 = Number(c1s);
  const v1 = v1s === undefined ? undefined : Number(v1s);
  let x = xs === undefined ? undefined : Number(xs);
  const v2 = v2s === undefined ? undefined : Number(v2s);
  // "Ps 151", as people write it, is the psalm the Greek Psalter adds: the book Psalm 151 (AddPs).
  if (book.osis === 'Ps' && c1 === PSALM_151 && (x === undefined || v1 !== undefined || x === PSALM_151)) {
    book = bookByOsis('AddPs') as Book;
    c1 = 1;
    if (v2 !== undefined || (v1 === undefined && x !== undefined)) x = 1;
  }

  let start: VersePoint;
  let end: VersePoint;
  if (chapterCount(book, numbering) === 1 && v1 === undefined && v2 === undefined && (c1 > 1 || x !== undefined)) {
    // Single-chapter book cited by verse: "Jude 3", "Jude 3-5", "Jude 1-4".
    start = { chapter: 1, verse: c1 };
    end = { chapter: 1, verse: x ?? c1 };
  } else if (v1 === undefined) {
    if (v2 !== undefined) throw new InvalidReferenceError('syntax', `cannot read ${quoted(text)}: use ${FORMS}`);
    const c2 = x ?? c1;
    checkChapter(book, c1, numbering);
    checkChapter(book, c2, numbering);
    start = { chapter: c1, verse: 1 };
    end = { chapter: c2, verse: verseCount(book, c2, numbering) };
  } else if (x === undefined) {
    start = { chapter: c1, verse: v1 };
    end = { chapter: c1, verse: v1 };
  } else if (v2 === undefined) {
    start = { chapter: c1, verse: v1 };
    end = { chapter: c1, verse: x };
  } else {
    start = { chapter: c1, verse: v1 };
    end = { chapter: x, verse: v2 };
  }
  checkVerse(book, start.chapter, start.verse, numbering);
  checkVerse(book, end.chapter, end.verse, numbering);
  if (end.chapter < start.chapter || (end.chapter === start.chapter && end.verse < start.verse)) {
    const range =
      v1 === undefined && chapterCount(book, numbering) > 1
        ? `${book.name} ${start.chapter}-${end.chapter}`
        : `${book.name} ${start.chapter}:${start.verse}-${end.chapter}:${end.verse}`;
    throw new InvalidReferenceError('syntax', `the range ${range} runs backwards`);
  }
  return { book, start, end };
}

/** Number of chapters a reference touches. */
export function chapterSpan(ref: Reference): number {
  return ref.end.chapter - ref.start.chapter + 1;
}

/** The parts of a `;`-separated list, trimmed, empty ones left out: the one place a list is split. */
export function splitReferenceList(input: string): string[] {
  return input
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** One reference of a list: as it was written (the passage endpoint echoes it) and as parsed. */
export interface ListedReference {
  text: string;
  ref: Reference;
}

/** Splits a `;`-separated list and parses each reference; an empty list is a syntax error. */
export function parseReferenceList(input: string, numbering: Numbering = CANON_NUMBERING): ListedReference[] {
  const parts = splitReferenceList(input);
  if (parts.length === 0) throw new InvalidReferenceError('syntax', 'no reference given');
  return parts.map((text) => ({ text, ref: parse(text, true, numbering) }));
}

/** Throws a `limit` InvalidReferenceError when a list is over the contract's limits for one passage call. */
export function checkPassageLimits(list: readonly ListedReference[]): void {
  const refs = list.map((listed) => listed.ref);
  if (refs.length > MAX_REFERENCES) {
    throw new InvalidReferenceError('limit', `at most ${MAX_REFERENCES} references per request (got ${refs.length})`);
  }
  for (const ref of refs) {
    const span = chapterSpan(ref);
    if (span > MAX_CHAPTERS_PER_REFERENCE) {
      throw new InvalidReferenceError(
        'limit',
        `a reference may span at most ${MAX_CHAPTERS_PER_REFERENCE} chapters: ${formatReference(ref)} spans ${span}`,
      );
    }
  }
}

function isWholeChapterStart(ref: Reference): boolean {
  return ref.start.verse === 1;
}

function isWholeChapterEnd(ref: Reference, numbering: Numbering): boolean {
  return ref.end.verse === verseCount(ref.book, ref.end.chapter, numbering);
}

/** Canonical text: "John 3:16", "John 3:16-18", "Genesis 1:1-2:3", "Psalms 23", "Genesis 1-3", "Jude 1:3". */
export function formatReference(ref: Reference): string {
  return formatReferenceIn(ref, CANON_NUMBERING);
}

/** formatReference where a whole chapter is counted by a translation's own numbering ("Malachi 3" is 3:1-24 in Luther's). */
export function formatReferenceIn(ref: Reference, numbering: Numbering): string {
  const { book, start, end } = ref;
  if (book.osis === 'AddPs') {
    // One chapter, written as the psalm it is: "Psalm 151", "Psalm 151:2" (read back as itself).
    if (isWholeChapterStart(ref) && isWholeChapterEnd(ref, numbering)) return book.name;
    return `${book.name}:${start.verse}${end.verse === start.verse ? '' : `-${end.verse}`}`;
  }
  if (isWholeChapterStart(ref) && isWholeChapterEnd(ref, numbering)) {
    return start.chapter === end.chapter
      ? `${book.name} ${start.chapter}`
      : `${book.name} ${start.chapter}-${end.chapter}`;
  }
  if (start.chapter === end.chapter) {
    return start.verse === end.verse
      ? `${book.name} ${start.chapter}:${start.verse}`
      : `${book.name} ${start.chapter}:${start.verse}-${end.verse}`;
  }
  return `${book.name} ${start.chapter}:${start.verse}-${end.chapter}:${end.verse}`;
}

/** Every (chapter, verse) a reference covers, in order. */
export function referenceVerses(ref: Reference, numbering: Numbering = CANON_NUMBERING): VersePoint[] {
  const out: VersePoint[] = [];
  for (let c = ref.start.chapter; c <= ref.end.chapter; c++) {
    const first = c === ref.start.chapter ? ref.start.verse : 1;
    const last = c === ref.end.chapter ? ref.end.verse : verseCount(ref.book, c, numbering);
    for (let v = first; v <= last; v++) out.push({ chapter: c, verse: v });
  }
  return out;
}

/** Splits a reference into pieces of at most `maxChapters` chapters each (for clients splitting long passages). */
export function splitReference(
  ref: Reference,
  maxChapters = MAX_CHAPTERS_PER_REFERENCE,
  numbering: Numbering = CANON_NUMBERING,
): Reference[] {
  const out: Reference[] = [];
  for (let c = ref.start.chapter; c <= ref.end.chapter; c += maxChapters) {
    const last = Math.min(c + maxChapters - 1, ref.end.chapter);
    out.push({
      book: ref.book,
      start: { chapter: c, verse: c === ref.start.chapter ? ref.start.verse : 1 },
      end: { chapter: last, verse: last === ref.end.chapter ? ref.end.verse : verseCount(ref.book, last, numbering) },
    });
  }
  return out;
}

/** A position that orders references canonically: book, chapter, verse. */
export function canonicalPosition(ref: Reference): number {
  return verseKey(ref.book.number, ref.start.chapter, ref.start.verse);
}
