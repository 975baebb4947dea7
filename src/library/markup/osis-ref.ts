import { BOOKS, type Book } from '../../core/canon/canon.js';
import type { Reference } from '../../core/reference/reference.js';

const BY_OSIS = new Map<string, Book>(BOOKS.map((b) => [b.osis.toLowerCase(), b]));

export function bookByOsis(osis: string): Book | undefined {
  return BY_OSIS.get(osis.toLowerCase());
}

function point(s: string): { book: Book; chapter: number; verse?: number } | undefined {
  const m = s.trim().match(/^([1-3]?[A-Za-z]+)\.(\d+)(?:\.(\d+))?$/);
  if (!m) return undefined;
  const book = bookByOsis(m[1] as string);
  if (!book) return undefined;
  return { book, chapter: Number(m[2]), verse: m[3] === undefined ? undefined : Number(m[3]) };
}

/**
 * An OSIS reference (`John.3.16`, `Ps.23`, `Ps.34.1-Ps.34.8`) as a validated Reference, or
 * undefined when it names no real passage of the 66 books (deuterocanon, typos in a module).
 */
export function parseOsisRef(osisRef: string): Reference | undefined {
  const [a, b] = osisRef.split('-');
  const start = a ? point(a) : undefined;
  if (!start) return undefined;
  const end = b ? point(b) : start;
  if (!end || end.book !== start.book) return undefined;
  const { book } = start;
  const counts = book.verseCounts;
  const sv = start.verse ?? 1;
  const ec = end.chapter;
  const ev = end.verse ?? counts[ec - 1] ?? 0;
  if (start.chapter < 1 || start.chapter > book.chapters || ec < start.chapter || ec > book.chapters) return undefined;
  if (sv < 1 || sv > (counts[start.chapter - 1] ?? 0) || ev < 1 || ev > (counts[ec - 1] ?? 0)) return undefined;
  if (ec === start.chapter && ev < sv) return undefined;
  return { book, start: { chapter: start.chapter, verse: sv }, end: { chapter: ec, verse: ev } };
}
