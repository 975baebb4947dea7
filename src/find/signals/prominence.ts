import { firstOfKind, type Signal, type Vote } from '../signal.js';

/** How many books of the Bible hold a cross-reference to the verse. */
export interface ProminenceReason {
  signal: 'prominence';
  books: number;
  resource: string;
}

/** How many of the best verses so far are weighed: the prior reorders the top, it finds nothing. */
const CANDIDATES = 100;

/**
 * A prior for the verse people mean: how many books of the Bible hold a Treasury of Scripture
 * Knowledge cross-reference to it (counted at import), a measure made by people without any
 * question in mind. A well-known verse (Isaiah 41:10, cross-referred to from 37 books) is the one
 * a half-remembered line usually means, over a less-known verse saying the same (Jeremiah 1:8,
 * 10 books). Books rather than links: the TSK links a verse to its neighbours and its own book's
 * parallels at length, and a verse cited across the Bible is known beyond its context (measured,
 * docs/signals.md). Each of the best candidates
 * so far gets (log(1 + books) / log(1 + the most books for any verse))², squared so that only the
 * widely cited stand out; a boost multiplies the fused score by it (fusion.ts), so it never
 * brings in a verse no other signal found.
 */
export const prominence: Signal<ProminenceReason> = {
  name: 'prominence',
  phase: 'boost',
  // The most widely cited verse's score counts for 1.6 times.
  weight: 0.6,
  reads: "the TSK's reach: how many books cross-refer to each of the best verses so far",
  works: firstOfKind('crossrefs'),
  candidates: CANDIDATES,
  credits: 'works',
  votes(input, { works, ranked }) {
    const work = works[0];
    if (!work) return [];
    const most = Math.log1p(input.store.crossrefReachMost());
    if (most <= 0) return [];
    const keys = ranked.slice(0, CANDIDATES).map((r) => r.key);
    const reach = input.store.crossrefReach(keys);
    const votes: Array<Vote<ProminenceReason>> = [];
    for (const key of keys) {
      const books = reach.get(key);
      if (!books) continue;
      votes.push({
        key,
        score: (Math.log1p(books) / most) ** 2,
        reason: { signal: 'prominence', books, resource: work },
      });
    }
    return votes;
  },
  tell: (r) => `well known: cross-referred to from ${r.books} book${r.books === 1 ? '' : 's'}`,
};
