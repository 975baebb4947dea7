import { formatReference, referenceVerses } from '../../core/reference/reference.js';
import { namedReferences } from './question.js';
import type { FindInput, Vote } from './signal.js';
import { verseKey } from './signal.js';

/** How many verses of one named passage come first ("Psalm 119" is 176 verses). */
const MAX_VERSES_PER_REFERENCE = 30;

/**
 * Passages the question names ("Romans 8:28", "Psalm 23"): their verses, in the order named and
 * then canonical order, each a little below the one before so the fusion keeps that order.
 */
export function namedVotes(input: FindInput): Vote[] {
  const votes: Vote[] = [];
  for (const ref of namedReferences(input.question)) {
    const why = `named in the question: ${formatReference(ref)}`;
    for (const point of referenceVerses(ref).slice(0, MAX_VERSES_PER_REFERENCE)) {
      votes.push({ key: verseKey(ref.book.number, point.chapter, point.verse), score: 1 - votes.length / 1000, why });
    }
  }
  return votes;
}
