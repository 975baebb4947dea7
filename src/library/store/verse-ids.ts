import type { VerseKey } from '../../core/reference/verse-key.js';
import { strongsCode } from './packed-words.js';

/**
 * A verse's row id is its translation's ordinal (1 for the first translation imported, 2 for
 * the next, …) times VERSE_ID_SPAN plus its verse key, so a translation's verses are one run of
 * ids in canonical order, and a reader that has a verse key and the ordinal has the row: the
 * packed words (verse_words) are keyed by it and the concordance's postings hold verse keys.
 * A verse key is below 1e8 (book 90 at most).
 */
export const VERSE_ID_SPAN = 100_000_000;

/** A Strong's number's code (strongsCode) is below this. */
const POSTING_ID_SPAN = 1_000_000;

export const verseId = (ordinal: number, key: VerseKey): number => ordinal * VERSE_ID_SPAN + key;

/** The ordinal of the translation a verse id belongs to. */
export const ordinalOfVerseId = (id: number): number => Math.floor(id / VERSE_ID_SPAN);

/** The verse key of a verse id. */
export const keyOfVerseId = (id: number): VerseKey => id % VERSE_ID_SPAN;

/** The row of strongs_postings for a translation's ordinal and a normalised number ('G25', 'H430'). */
export function postingId(ordinal: number, number: string): number | undefined {
  const code = strongsCode(number);
  return code !== undefined && code < POSTING_ID_SPAN ? ordinal * POSTING_ID_SPAN + code : undefined;
}

/** The first and last strongs_postings row a translation's ordinal can have. */
export const postingIdRange = (ordinal: number): [number, number] => [
  ordinal * POSTING_ID_SPAN,
  (ordinal + 1) * POSTING_ID_SPAN - 1,
];
