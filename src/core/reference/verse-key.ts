/**
 * A verse as one number, in the canon's order: book × 1,000,000 + chapter × 1,000 + verse. The
 * one encoding, in code and in SQL alike (the library's find_fts rowids are these keys).
 */
export type VerseKey = number;

const BOOK = 1_000_000;
const CHAPTER = 1_000;

export const verseKey = (book: number, chapter: number, verse: number): VerseKey =>
  book * BOOK + chapter * CHAPTER + verse;

export const keyParts = (key: VerseKey) => ({
  book: Math.floor(key / BOOK),
  chapter: Math.floor(key / CHAPTER) % CHAPTER,
  verse: key % CHAPTER,
});

/** The chapter a key falls in, as one number: two verses of one chapter share it. */
export const chapterOfKey = (key: VerseKey): number => Math.floor(key / CHAPTER);

/** SQL: the key of a row's book, chapter and verse columns (`table` its name or alias, if any). */
export const verseKeySql = (table?: string): string => {
  const t = table ? `${table}.` : '';
  return `${t}book * ${BOOK} + ${t}chapter * ${CHAPTER} + ${t}verse`;
};

/** SQL: a row's book, chapter and verse columns (of `table`) are the verse of the key `key` (an SQL expression). */
export const atVerseKeySql = (key: string, table: string): string =>
  `${table}.book = ${key} / ${BOOK} AND ${table}.chapter = ${key} / ${CHAPTER} % ${CHAPTER} AND ${table}.verse = ${key} % ${CHAPTER}`;
