import type { FindInput, VerseKey, Vote } from './signal.js';

/** How many of the best verses so far are weighed: the prior reorders the top, it finds nothing. */
export const PROMINENCE_CANDIDATES = 100;

/**
 * A prior for the verse people mean: how many books of the Bible hold a Treasury of Scripture
 * Knowledge cross-reference to it (counted at import), a measure made by people without any
 * question in mind. A well-known verse (Isaiah 41:10, cross-referred to from 37 books) is the one
 * a half-remembered line usually means, over a less-known verse saying the same (Jeremiah 1:8,
 * 10 books). Books rather than links: the TSK links a verse to its neighbours and its own book's
 * parallels at length, and a verse cited across the Bible is known beyond its context (measured:
 * summed MRR of dev, train and train2 2.32 by books, 2.29 by links). Each of the best candidates
 * so far gets (log(1 + books) / log(1 + the most books for any verse))², squared so that only the
 * widely cited stand out; the engine multiplies the fused score by it (see engine.ts), so it never
 * brings in a verse no other signal found.
 */
export function prominenceVotes(input: FindInput, ranked: Array<{ key: VerseKey; score: number }>): Vote[] {
  if (!input.prominence) return [];
  const most = Math.log1p(input.store.crossrefReachMost());
  if (most <= 0) return [];
  const keys = ranked.slice(0, PROMINENCE_CANDIDATES).map((r) => r.key);
  const reach = input.store.crossrefReach(keys);
  const votes: Vote[] = [];
  for (const key of keys) {
    const books = reach.get(key);
    if (!books) continue;
    votes.push({
      key,
      score: (Math.log1p(books) / most) ** 2,
      why: `well known: cross-referred to from ${books} book${books === 1 ? '' : 's'}`,
    });
  }
  return votes;
}
