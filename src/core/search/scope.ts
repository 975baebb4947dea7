import { ALL_BOOKS, BOOKS, type Book } from '../canon/canon.js';
import { InvalidReferenceError, resolveBook } from '../reference/reference.js';
import { quoted } from '../text/quoted.js';
import { SearchQueryError } from './query.js';

/** Books first to last by number, both included. */
export interface BookSpan {
  from: number;
  to: number;
}

/**
 * The testaments and the groups of books readers name, by the books' place in the canon: the
 * Law (Genesis-Deuteronomy), History (Joshua-Esther), Poetry (Job-Song of Solomon), the Prophets
 * (Isaiah-Malachi), the Gospels, Paul's letters (Romans-Philemon), the Epistles (Romans-Jude);
 * and the deuterocanon (or apocrypha: Tobit to Laodiceans, 67-90), which some translations hold.
 */
export const BOOK_GROUPS: Readonly<Record<string, BookSpan>> = {
  ot: { from: 1, to: 39 },
  nt: { from: 40, to: 66 },
  law: { from: 1, to: 5 },
  history: { from: 6, to: 17 },
  poetry: { from: 18, to: 22 },
  prophets: { from: 23, to: 39 },
  gospels: { from: 40, to: 43 },
  paul: { from: 45, to: 57 },
  epistles: { from: 45, to: 65 },
  deuterocanon: { from: 67, to: 90 },
  apocrypha: { from: 67, to: 90 },
};

function book(text: string): Book {
  try {
    return resolveBook(text);
  } catch (err) {
    if (err instanceof InvalidReferenceError) throw new SearchQueryError(`search scope: ${err.message}`);
    throw err;
  }
}

/**
 * Where a search looks: `ot`, `nt`, a group (`gospels`, `paul`, … BOOK_GROUPS), a book (`Rom`), a
 * range of books (`Matt-John`), or several of those joined by commas (`Gen-Deut,Ps`). Empty means
 * the whole canon, the deuterocanon too (a translation without it has no verse there).
 */
export function parseScope(text: string | undefined): BookSpan[] {
  if (text === undefined || !text.trim()) return [{ from: 1, to: ALL_BOOKS.length }];
  const parts = text.split(',');
  if (parts.length > MAX_SCOPE_PARTS)
    throw new SearchQueryError(`search scope has ${parts.length} parts; at most ${MAX_SCOPE_PARTS}`);
  return merged(
    parts.map((part) => {
      const p = part.trim();
      if (!p) throw new SearchQueryError(`search scope ${quoted(text)} has an empty part`);
      const group = BOOK_GROUPS[p.toLowerCase()];
      if (group) return group;
      // A dash that is not the first character: "1 John" has none, "Matt-John" and "Gen–Deut" have one.
      const m = p.match(/^(.+?)\s*[-\u2013]\s*(.+)$/);
      if (m) {
        const first = book(m[1] as string);
        const last = book(m[2] as string);
        if (last.number < first.number)
          throw new SearchQueryError(`search scope ${quoted(p)}: ${last.name} comes before ${first.name}`);
        return { from: first.number, to: last.number };
      }
      const only = book(p);
      return { from: only.number, to: only.number };
    }),
  );
}

/** One span per book at most: past that a scope only repeats itself. */
export const MAX_SCOPE_PARTS = BOOKS.length;

/**
 * Spans sorted and joined where they touch or overlap, so a scope becomes at most 33 ranges
 * whatever was typed (`Gen,Exod,Gen` is Genesis-Exodus): the SQL it compiles to stays small.
 */
function merged(spans: BookSpan[]): BookSpan[] {
  const out: BookSpan[] = [];
  for (const span of [...spans].sort((a, b) => a.from - b.from)) {
    const last = out[out.length - 1];
    if (last && span.from <= last.to + 1) last.to = Math.max(last.to, span.to);
    else out.push({ ...span });
  }
  return out;
}
