import type { BibleClient } from '../client/client.js';
import { bookByNumber } from '../core/canon/canon.js';
import { formatReference } from '../core/reference/reference.js';
import type { Chapter, IncludeValue, PassageResult } from '../core/schemas/bible.js';

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
 * passage endpoint's `numbering`, libsword's mapping): beside the KJV's Psalm 51 a Synodal Bible's
 * Psalm 50:3-21, each verse with its own number (`chapter`, `v`) and where it falls (`at`).
 */
export async function alignedPassage(
  client: BibleClient,
  translation: string,
  lead: Chapter,
  include: readonly IncludeValue[],
): Promise<PassageResult> {
  return client.passage(translation, chapterText(lead), include, lead.translation);
}

/** That passage as the chapter it stands beside: the lead's book and chapter, the verses as they came. */
export function alignedChapter(lead: Chapter, aligned: PassageResult): Chapter {
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
