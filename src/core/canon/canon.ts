import { editDistance } from '../text/edit-distance.js';
import { BOOK_SEEDS, type BookSeed } from './books-data.js';
import { DEUTEROCANON_SEEDS, LAST_BOOK_NUMBER } from './deuterocanon.js';

export type Testament = 'OT' | 'NT';

export interface Book {
  number: number;
  name: string;
  osis: string;
  testament: Testament;
  abbreviations: string[];
  chapters: number;
  /** Verses per chapter; index 0 is chapter 1. */
  verseCounts: number[];
  /** A book of the deuterocanon or apocrypha (numbered after the 66): some translations hold it. */
  deuterocanon?: true;
}

const PREFIXES: Record<1 | 2 | 3 | 4, string[]> = {
  1: ['1 ', '1', 'I ', 'First ', '1st '],
  2: ['2 ', '2', 'II ', 'Second ', '2nd '],
  3: ['3 ', '3', 'III ', 'Third ', '3rd '],
  4: ['4 ', '4', 'IV ', 'Fourth ', '4th '],
};

/** The spellings of a book that people type, the full name excluded. */
function expandAbbreviations(seed: BookSeed): string[] {
  if (!seed.ordinal) return [...seed.baseAbbreviations];
  const base = seed.name.slice(2);
  const forms = [base, ...seed.baseAbbreviations];
  const out: string[] = [];
  for (const prefix of PREFIXES[seed.ordinal]) for (const form of forms) out.push(prefix + form);
  return out.filter((a) => a !== seed.name);
}

function bookOf(seed: BookSeed): Book {
  const verseCounts = seed.verseCounts.split(',').map(Number);
  return {
    number: seed.number,
    name: seed.name,
    osis: seed.osis,
    testament: seed.number <= 39 || (seed.number > 66 && seed.osis !== 'EpLao') ? 'OT' : 'NT',
    abbreviations: expandAbbreviations(seed),
    chapters: verseCounts.length,
    verseCounts,
    ...(seed.number > 66 ? { deuterocanon: true as const } : {}),
  };
}

/** The 66 books of the contract, in canonical order: BOOKS[n - 1] is book n. */
export const BOOKS: readonly Book[] = BOOK_SEEDS.map(bookOf);

/** The deuterocanonical and apocryphal books libsword's versifications name, numbered 67 on. */
export const DEUTEROCANON_BOOKS: readonly Book[] = DEUTEROCANON_SEEDS.map(bookOf);

/** Every book the library may hold: the 66, then the deuterocanon; ALL_BOOKS[n - 1] is book n. */
export const ALL_BOOKS: readonly Book[] = [...BOOKS, ...DEUTEROCANON_BOOKS];

const SEEDS: readonly BookSeed[] = [...BOOK_SEEDS, ...DEUTEROCANON_SEEDS];

/** A book by its number (1-66, then the deuterocanon), as the store keeps it. */
export function bookByNumber(n: number): Book | undefined {
  return ALL_BOOKS[n - 1];
}

const BY_OSIS = new Map(ALL_BOOKS.map((b) => [b.osis, b]));

/** A book by its OSIS id ("Gen", "Sir", "1Macc"), as SWORD modules and the BCV parser name it. */
export function bookByOsis(osis: string): Book | undefined {
  return BY_OSIS.get(osis);
}

const ORDINAL_WORDS: Record<string, string> = {
  first: '1',
  second: '2',
  third: '3',
  fourth: '4',
  '1st': '1',
  '2nd': '2',
  '3rd': '3',
  '4th': '4',
  i: '1',
  ii: '2',
  iii: '3',
  iv: '4',
};

/**
 * The lookup key of a book spelling: lower case, periods dropped, spaces folded, and a leading
 * ordinal in any spelling (I, First, 1st, 1) turned into "1 " so "1John", "I John" and
 * "First John" meet. Roman numerals count only before a space, so "Isa" stays Isaiah.
 */
export function bookKey(input: string): string {
  let s = input.toLowerCase().replace(/\./g, ' ').replace(/\s+/g, ' ').trim();
  const m = s.match(/^(first|second|third|fourth|1st|2nd|3rd|4th|iii|ii|iv|i) (.+)$/);
  if (m) s = `${ORDINAL_WORDS[m[1] as string]} ${m[2]}`;
  s = s.replace(/^([1234]) ?(?=[a-z])/, '$1 ');
  return s;
}

/**
 * The spellings whose keys index a book: its name, OSIS id and abbreviations, with one of the five
 * ordinal prefixes only ("1 John", not also "1John", "I John", "First John", "1st John"): bookKey
 * turns every prefix into the same "1 ", so the others add no key (test/core/canon.test.ts holds
 * the index to every spelling's key).
 */
function indexSpellings(book: Book, seed: BookSeed): string[] {
  const forms = seed.ordinal ? [seed.name.slice(2), ...seed.baseAbbreviations].map((f) => `${seed.ordinal} ${f}`) : [];
  return [book.name, book.osis, ...(seed.ordinal ? forms : seed.baseAbbreviations)];
}

/**
 * bookKey of a spelling from the book data, which has no periods, no runs of spaces and no ordinal
 * word: lower case, and a space after a leading 1-3 ("1Sam" → "1 sam"). Without bookKey's five
 * regular expressions, which took ~1.3 ms of every lookup's start-up over the index's 255 keys
 * (test/core/canon.test.ts holds the index to bookKey).
 */
function seedKey(spelling: string): string {
  const s = spelling.toLowerCase();
  const next = s.charCodeAt(1);
  return (s[0] === '1' || s[0] === '2' || s[0] === '3' || s[0] === '4') && next >= 97 && next <= 122
    ? `${s[0]} ${s.slice(1)}`
    : s;
}

function buildIndex(): Map<string, Book> {
  const index = new Map<string, Book>();
  for (const [i, book] of ALL_BOOKS.entries()) {
    for (const spelling of indexSpellings(book, SEEDS[i] as BookSeed)) {
      const key = seedKey(spelling);
      const other = index.get(key);
      if (other && other !== book)
        throw new Error(`book spelling '${spelling}' maps to ${other.name} and ${book.name}`);
      index.set(key, book);
    }
  }
  return index;
}

const INDEX = buildIndex();

/** Every lookup key with its book: for tests and shell completion. */
export function bookSpellings(): ReadonlyMap<string, Book> {
  return INDEX;
}

/** A book by number (1-66, then the deuterocanon's, as a number or a string of digits), full name, OSIS id or abbreviation; case-insensitive. */
export function findBook(input: string | number): Book | undefined {
  if (typeof input === 'string' && input.length > MAX_BOOK_NAME_LENGTH) return undefined;
  if (typeof input === 'number' || /^\s*\d{1,2}\s*$/.test(input)) {
    const n = Number(input);
    return Number.isInteger(n) && n >= 1 && n <= LAST_BOOK_NUMBER ? ALL_BOOKS[n - 1] : undefined;
  }
  // A key as the index spells it ("john", "1 sam") is looked up as it is, as bookKey leaves every
  // key unchanged: no first compilation of bookKey's expressions (~0.5 ms) for most lookups.
  return INDEX.get(input.toLowerCase()) ?? INDEX.get(bookKey(input));
}

/** The most edits a suggestion may be away from what was typed (for the longest inputs). */
const MAX_SUGGESTION_EDITS = 3;

/** The longest spelling of any book, as a lookup key ("canticle of canticles"). */
const LONGEST_SPELLING = Math.max(...[...INDEX.keys()].map((k) => k.length));

/**
 * The longest book text worth looking at: no spelling is longer than LONGEST_SPELLING, and a
 * suggestion is at most MAX_SUGGESTION_EDITS away. Longer text is no book, and is refused before
 * any matching, whose cost grows with the length.
 */
export const MAX_BOOK_NAME_LENGTH = 40;

/**
 * The book whose name or abbreviation is nearest to a misspelling, when one is near enough to
 * suggest. On a tie a match against a full name wins ("Jhon" is one edit from John and from Jon).
 */
export function suggestBook(input: string): Book | undefined {
  if (input.length > MAX_BOOK_NAME_LENGTH) return undefined;
  const key = bookKey(input);
  // The edit distance is at least the difference in length: nothing can be near enough.
  if (key.length < 2 || key.length > LONGEST_SPELLING + MAX_SUGGESTION_EDITS) return undefined;
  let best: Book | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const [spelling, book] of INDEX) {
    const score = editDistance(key, spelling) * 2 + (spelling === bookKey(book.name) ? 0 : 1);
    if (score < bestScore) {
      bestScore = score;
      best = book;
    }
  }
  const allowed = key.length <= 3 ? 1 : key.length <= 6 ? 2 : MAX_SUGGESTION_EDITS;
  return Math.floor(bestScore / 2) <= allowed ? best : undefined;
}

export const TOTAL_CHAPTERS = BOOKS.reduce((n, b) => n + b.chapters, 0);
export const TOTAL_VERSES = BOOKS.reduce((n, b) => n + b.verseCounts.reduce((a, c) => a + c, 0), 0);
