import type { BibleClient } from '../client/client.js';
import { bookByNumber } from '../core/canon/canon.js';
import { formatReference } from '../core/reference/reference.js';
import type { Chapter, IncludeValue } from '../core/schemas/bible.js';
import type { ParallelColumn } from './render/parallel.js';

/** A chapter in the contract's strict form ("Psalms 51", "Joel 4", "Psalm 151"), as the passage endpoint reads it. */
function chapterText(chapter: Chapter): string {
  const book = bookByNumber(chapter.book.number);
  if (!book) return `${chapter.book.name} ${chapter.chapter}`;
  const verse = book.verseCounts[chapter.chapter - 1] ?? 0;
  return formatReference({
    book,
    start: { chapter: chapter.chapter, verse: 1 },
    end: { chapter: chapter.chapter, verse },
  });
}

/**
 * Another translation's verses that hold the chapter `lead` as its translation numbers it (the
 * passage endpoint's `numbering`, libsword's mapping), as the chapter it stands beside: beside the
 * KJV's Psalm 51 a Synodal Bible's Psalm 50:3-21, each verse with its own number (`chapter`, `v`)
 * and where it falls (`at`).
 */
export async function alignedChapter(
  client: BibleClient,
  translation: string,
  lead: Chapter,
  include: readonly IncludeValue[],
): Promise<Chapter> {
  const aligned = await client.passage(translation, chapterText(lead), include, lead.translation);
  const verses = aligned.passages[0]?.verses ?? [];
  return {
    translation: aligned.translation,
    book: lead.book,
    chapter: lead.chapter,
    verses: verses.map(({ book: _book, ...verse }) => ({
      ...verse,
      at: verse.at ?? { chapter: verse.chapter, v: verse.v },
    })),
    attribution: aligned.attribution,
  };
}

/** The chapters as parallel columns: the lead's verses by chapter too, as the others' `at` places them. */
export function chapterColumns(chapters: readonly Chapter[]): ParallelColumn[] {
  return chapters.map((c, i) => ({
    translation: c.translation,
    verses: i ? c.verses : c.verses.map((v) => ({ ...v, chapter: c.chapter })),
  }));
}
