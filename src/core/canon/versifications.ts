import { CANON_NUMBERING, type Numbering, numberingFrom } from '../reference/numbering.js';
import { BOOK_VERSES, VERSIFICATION_DATA } from './versification-data.js';

export type VersificationName = keyof typeof VERSIFICATION_DATA;

/** Every versification libsword knows, by its own spelling (a module's `Versification=`). */
export const VERSIFICATION_NAMES = Object.keys(VERSIFICATION_DATA) as VersificationName[];

const BY_LOWER_NAME = new Map(VERSIFICATION_NAMES.map((n) => [n.toLowerCase(), n]));

/** The versification a module's conf names (any case), KJV when it names none; undefined when libsword knows no such system. */
export function versificationName(name: string | undefined): VersificationName | undefined {
  return BY_LOWER_NAME.get((name ?? 'KJV').trim().toLowerCase());
}

/** A system's books in its own order, each as its OSIS id and its verses per chapter. */
export function versificationBooks(name: VersificationName, testament: 'ot' | 'nt'): Array<[string, number[]]> {
  const books: string = VERSIFICATION_DATA[name][testament];
  return (books ? books.split(' ') : []).map((token) => {
    const [osis = '', variant = '0'] = token.split('.');
    return [osis, (BOOK_VERSES[osis]?.[Number(variant)] ?? '').split(',').map(Number)];
  });
}

const countsCache = new Map<VersificationName, ReadonlyMap<string, readonly number[]>>();

/** Each book a system has, by OSIS id, with its verses per chapter. */
export function verseCountsOf(name: VersificationName): ReadonlyMap<string, readonly number[]> {
  let counts = countsCache.get(name);
  if (!counts) {
    counts = new Map([...versificationBooks(name, 'ot'), ...versificationBooks(name, 'nt')]);
    countsCache.set(name, counts);
  }
  return counts;
}

/**
 * How a translation numbered by versification `name` counts chapters and verses: the canon's own
 * where that is the KJV's (so a KJV-versified translation reads references exactly as before),
 * else the system's, named by `label` in what is said of a place past its counts.
 */
export function versificationNumbering(name: string | undefined, label: string): Numbering {
  const system = versificationName(name) ?? 'KJV';
  return system === 'KJV' ? CANON_NUMBERING : numberingFrom(verseCountsOf(system), label);
}

/** The words after a count that name a translation: "Joel has 4 chapters in the LUT1912". */
export const inTranslation = (id: string) => ` in the ${id.toUpperCase()}`;
