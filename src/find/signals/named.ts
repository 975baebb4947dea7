import { formatReference, referenceVerses } from '../../core/reference/reference.js';
import { verseKey } from '../../core/reference/verse-key.js';
import { namedReferences } from '../question.js';
import type { Signal, Vote } from '../signal.js';

/** The passage the question names, as the canon writes it ("Psalms 23"). */
export interface NamedReason {
  signal: 'named';
  ref: string;
}

/** How many verses of one named passage come first ("Psalm 119" is 176 verses). */
const MAX_VERSES_PER_REFERENCE = 30;

/**
 * Passages the question names ("Romans 8:28", "Psalm 23"): their verses, in the order named and
 * then canonical order, each a little below the one before so the fusion keeps that order. Its
 * weight puts a named reference above everything, and no boost moves it.
 */
export const named: Signal<NamedReason> = {
  name: 'named',
  phase: 'vote',
  weight: 100,
  reads: 'the question alone (the references it names)',
  keepsPlace: true,
  votes(input) {
    const votes: Array<Vote<NamedReason>> = [];
    for (const ref of namedReferences(input.question)) {
      const reason: NamedReason = { signal: 'named', ref: formatReference(ref) };
      for (const point of referenceVerses(ref).slice(0, MAX_VERSES_PER_REFERENCE))
        votes.push({
          key: verseKey(ref.book.number, point.chapter, point.verse),
          score: 1 - votes.length / 1000,
          reason,
        });
    }
    return votes;
  },
  tell: (r) => `named in the question: ${r.ref}`,
};
