import type Database from 'better-sqlite3';
import { keyParts } from '../../core/reference/verse-key.js';
import { type PackedSpan, unpackWords } from './packed-words.js';
import { type Occurrence, type Postings, unpackPostings } from './postings.js';
import { keyOfVerseId, postingId, verseId } from './verse-ids.js';

type Prepare = (sql: string) => Database.Statement;

/** A verse's packed words with the text and title they point into, as the readers select them. */
export interface PackedWordsRow {
  id: number;
  text: string;
  title: string | null;
  words: Uint8Array;
}

/** The spans of a verse's packed words (those at `wanted` only, if given), a damaged blob naming the translation and verse. */
export function spansOf(
  translation: string,
  row: PackedWordsRow,
  wanted?: ReadonlySet<number>,
): Map<number, PackedSpan> {
  return unpackWords(
    row.words,
    row.text,
    row.title ?? '',
    () => {
      const { book, chapter, verse } = keyParts(keyOfVerseId(row.id));
      return `${translation}'s words of ${book} ${chapter}:${verse}`;
    },
    wanted,
  );
}

/**
 * The texts of the word spans at the occurrences (verse key and span index) of a translation
 * whose verse ids have `ordinal`, in one query: the concordance reads every verse a number occurs
 * in (a few thousand for the commonest). Keyed `key:idx`.
 */
export function spanTexts(
  prepare: Prepare,
  translation: string,
  ordinal: number,
  occurrences: readonly Occurrence[],
): Map<string, string> {
  const wanted = new Map<number, Set<number>>();
  for (const o of occurrences) {
    let set = wanted.get(o.key);
    if (!set) {
      set = new Set();
      wanted.set(o.key, set);
    }
    set.add(o.idx);
  }
  const rows = prepare(
    `SELECT w.id, v.text, v.title, w.words FROM json_each(?) k JOIN verse_words w ON w.id = k.value
     JOIN verses v ON v.id = w.id`,
  ).all(JSON.stringify([...wanted.keys()].map((k) => verseId(ordinal, k)))) as PackedWordsRow[];
  const texts = new Map<string, string>();
  for (const r of rows) {
    const key = keyOfVerseId(r.id);
    for (const [idx, span] of spansOf(translation, r, wanted.get(key))) texts.set(`${key}:${idx}`, span.text);
  }
  return texts;
}

/** A number's occurrences in the translation whose verse ids have `ordinal` (canonical order), and its renderings; none for an unknown number. */
export function postingsIn(prepare: Prepare, translation: string, ordinal: number, number: string): Postings {
  const id = postingId(ordinal, number);
  const blob =
    id === undefined
      ? undefined
      : (prepare('SELECT occurrences FROM strongs_postings WHERE id = ?').pluck().get(id) as Uint8Array | undefined);
  return blob
    ? unpackPostings(blob, () => `${translation}'s concordance of ${number}`)
    : { occurrences: [], renderings: [] };
}

/** The verse keys of occurrences in canonical order, each once. */
export function occurrenceVerses(occurrences: readonly Occurrence[]): number[] {
  const keys: number[] = [];
  for (const o of occurrences) if (keys[keys.length - 1] !== o.key) keys.push(o.key);
  return keys;
}
