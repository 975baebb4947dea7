import { BOOK_VERSES, VERSIFICATION_DATA } from './versification-data.js';

export type VersificationName = keyof typeof VERSIFICATION_DATA;

/** Every versification libsword knows, by its own spelling (a module's `Versification=`). */
export const VERSIFICATION_NAMES = Object.keys(VERSIFICATION_DATA) as VersificationName[];

export interface SlotBook {
  osis: string;
  verseCounts: number[];
  /** Index of the book's intro slot in its testament's verse index. */
  firstSlot: number;
}

export interface Versification {
  name: VersificationName;
  ot: SlotBook[];
  nt: SlotBook[];
  byOsis: Map<string, { testament: 'ot' | 'nt'; book: SlotBook }>;
}

/**
 * Lays out a testament's verse index: slot 0 empty, slot 1 the testament heading, then per book
 * an intro slot, and per chapter an intro slot followed by one slot per verse.
 */
function layout(books: string): SlotBook[] {
  let slot = 2;
  return (books ? books.split(' ') : []).map((token) => {
    const [osis = '', variant = '0'] = token.split('.');
    const verseCounts = (BOOK_VERSES[osis]?.[Number(variant)] ?? '').split(',').map(Number);
    const book = { osis, verseCounts, firstSlot: slot };
    slot += 1 + verseCounts.reduce((n, c) => n + 1 + c, 0);
    return book;
  });
}

const BY_LOWER_NAME = new Map(VERSIFICATION_NAMES.map((n) => [n.toLowerCase(), n]));

/** The versification a module's conf names (any case), KJV when it names none; undefined when libsword knows no such system. */
export function versificationName(name: string | undefined): VersificationName | undefined {
  return BY_LOWER_NAME.get((name ?? 'KJV').trim().toLowerCase());
}

const cache = new Map<string, Versification>();

export function versification(name: string | undefined): Versification {
  const key = versificationName(name);
  if (!key) throw new Error(`versification ${name} is not one libsword knows (${VERSIFICATION_NAMES.join(', ')})`);
  let v = cache.get(key);
  if (!v) {
    const data = VERSIFICATION_DATA[key];
    const ot = layout(data.ot);
    const nt = layout(data.nt);
    const byOsis = new Map<string, { testament: 'ot' | 'nt'; book: SlotBook }>();
    for (const book of ot) byOsis.set(book.osis, { testament: 'ot', book });
    for (const book of nt) byOsis.set(book.osis, { testament: 'nt', book });
    v = { name: key, ot, nt, byOsis };
    cache.set(key, v);
  }
  return v;
}

/** Index of a verse's slot in its testament's verse index (verse 0 is the chapter intro). */
export function verseSlot(book: SlotBook, chapter: number, verse: number): number {
  let slot = book.firstSlot + 1;
  for (let c = 1; c < chapter; c++) slot += 1 + (book.verseCounts[c - 1] ?? 0);
  return slot + verse;
}

/** Total slots in a testament's index, for checking a module's index size. */
export function testamentSlots(books: SlotBook[]): number {
  const last = books[books.length - 1];
  if (!last) return 2;
  return last.firstSlot + 1 + last.verseCounts.reduce((n, c) => n + 1 + c, 0);
}
