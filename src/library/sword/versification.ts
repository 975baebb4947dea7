import {
  VERSIFICATION_NAMES,
  type VersificationName,
  versificationBooks,
  versificationName,
} from '../../core/canon/versifications.js';

export { VERSIFICATION_NAMES, type VersificationName, versificationName };

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
function layout(books: Array<[string, number[]]>): SlotBook[] {
  let slot = 2;
  return books.map(([osis, verseCounts]) => {
    const book = { osis, verseCounts, firstSlot: slot };
    slot += 1 + verseCounts.reduce((n, c) => n + 1 + c, 0);
    return book;
  });
}

const cache = new Map<string, Versification>();

export function versification(name: string | undefined): Versification {
  const key = versificationName(name);
  if (!key) throw new Error(`versification ${name} is not one libsword knows (${VERSIFICATION_NAMES.join(', ')})`);
  let v = cache.get(key);
  if (!v) {
    const ot = layout(versificationBooks(key, 'ot'));
    const nt = layout(versificationBooks(key, 'nt'));
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
