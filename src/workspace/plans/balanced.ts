import type { Book } from '../../core/canon/canon.js';
import { formatReference, type Reference } from '../../core/reference/reference.js';

/** A run of whole chapters of one book: the unit a day's reading is made of. */
interface ChapterUnit {
  book: Book;
  chapter: number;
  verses: number;
}

function chaptersOf(books: readonly Book[]): ChapterUnit[] {
  return books.flatMap((book) => book.verseCounts.map((verses, i) => ({ book, chapter: i + 1, verses })));
}

/**
 * Splits the chapters of `books`, in order, into `days` readings of whole chapters whose verse
 * counts are as even as chapters allow: day k ends at the chapter whose running verse total is
 * nearest to k/days of the whole, so no day is further from the average than one chapter's
 * length. Each day is a list of references, one per book it touches ("Genesis 50; Exodus 1-2").
 */
export function balancedDays(books: readonly Book[], days: number): string[][] {
  const units = chaptersOf(books);
  if (days < 1 || days > units.length) throw new RangeError(`cannot spread ${units.length} chapters over ${days} days`);
  const total = units.reduce((n, u) => n + u.verses, 0);
  const ends: number[] = []; // index (exclusive) where each day ends
  let running = 0;
  let i = 0;
  for (let day = 1; day < days; day++) {
    const target = (total * day) / days;
    // Take at least one chapter, and leave at least one for each day still to come.
    const latest = units.length - (days - day);
    running += units[i]!.verses;
    i++;
    while (i < latest && Math.abs(running + units[i]!.verses - target) < Math.abs(running - target)) {
      running += units[i]!.verses;
      i++;
    }
    ends.push(i);
  }
  ends.push(units.length);
  let start = 0;
  return ends.map((end) => {
    const refs = referencesOf(units.slice(start, end));
    start = end;
    return refs;
  });
}

/** Consecutive chapters grouped by book, as canonical references. */
function referencesOf(units: ChapterUnit[]): string[] {
  const refs: Reference[] = [];
  for (const u of units) {
    const last = refs[refs.length - 1];
    if (last && last.book === u.book && last.end.chapter === u.chapter - 1) {
      last.end = { chapter: u.chapter, verse: u.verses };
    } else {
      refs.push({
        book: u.book,
        start: { chapter: u.chapter, verse: 1 },
        end: { chapter: u.chapter, verse: u.verses },
      });
    }
  }
  return refs.map(formatReference);
}
