import { type Book, bookByOsis } from '../../core/canon/canon.js';
import { inTranslation, versificationNumbering } from '../../core/canon/versifications.js';
import type { Numbering, Reference } from '../../core/reference/reference.js';
import type { VerseRow } from '../../library/store/library-store.js';
import { versification, versificationName } from '../../library/sword/versification.js';
import { alignVerse, type VersePlace } from '../../library/sword/versification-map.js';
import type { ServiceDeps } from '../context.js';
import { invalid } from '../errors.js';

/** The longest numbering name a request may give: the longest translation id or versification name is far shorter. */
export const MAX_NUMBERING_LENGTH = 64;

/**
 * The versification `numbering` names: libsword's name of one (KJV, Synodal, any case), or a
 * translation of the library (its module's versification). 400 for anything else.
 */
export function numberingOf(deps: ServiceDeps, given: string): { name: string; numbering: Numbering } {
  if (given.length > MAX_NUMBERING_LENGTH) throw invalid(`numbering has at most ${MAX_NUMBERING_LENGTH} characters`);
  const ofTranslation = deps.store.versificationOf(given.toLowerCase());
  const named = ofTranslation === undefined ? versificationName(given) : versificationName(ofTranslation);
  if (!named)
    throw invalid(`numbering '${given}' is neither a versification libsword knows nor a translation of the library`);
  const label = ofTranslation === undefined ? ` in the ${named} numbering` : inTranslation(given);
  return { name: named, numbering: versificationNumbering(named, label) };
}

/** How a translation of the library counts chapters and verses: by its module's versification. */
export function ownNumbering(deps: ServiceDeps, translation: string): Numbering {
  return versificationNumbering(deps.store.versificationOf(translation), inTranslation(translation));
}

/** Verses per chapter of a book in a versification; the canon's where the versification lacks the book. */
function countsIn(v11n: string, book: Book): number[] {
  return versification(v11n).byOsis.get(book.osis)?.book.verseCounts ?? book.verseCounts;
}

/** A translation's verse, with where it falls in the numbering asked for. */
export interface AlignedRow extends VerseRow {
  at: { chapter: number; v: number };
}

/**
 * The verses of a translation numbered by `own` that hold the reference `ref`, which is numbered
 * by `asked`: each verse of `ref` is carried over by libsword's mapping (alignVerse), and each
 * verse found keeps its own numbering, with `at`, the first verse of `ref` it holds.
 */
export function alignedRows(
  deps: ServiceDeps,
  translation: string,
  own: string,
  asked: string,
  ref: Reference,
): AlignedRow[] {
  const counts = countsIn(asked, ref.book);
  const at = new Map<string, { place: VersePlace; at: { chapter: number; v: number } }>();
  for (let c = ref.start.chapter; c <= ref.end.chapter; c++) {
    const first = c === ref.start.chapter ? ref.start.verse : 1;
    const last = c === ref.end.chapter ? Math.min(ref.end.verse, counts[c - 1] ?? ref.end.verse) : (counts[c - 1] ?? 0);
    for (let v = first; v <= last; v++)
      for (const place of alignVerse(asked, own, { osis: ref.book.osis, chapter: c, verse: v })) {
        const key = `${place.osis} ${place.chapter}:${place.verse}`;
        if (!at.has(key)) at.set(key, { place, at: { chapter: c, v } });
      }
  }
  const rows: AlignedRow[] = [];
  for (const { place, at: where } of at.values()) {
    const book = bookByOsis(place.osis);
    if (!book) continue;
    const row = deps.store.verses(translation, book.number, place.chapter, place.verse, place.chapter, place.verse)[0];
    if (row) rows.push({ ...row, at: where });
  }
  return rows.sort((a, b) => a.book - b.book || a.chapter - b.chapter || a.verse - b.verse);
}
