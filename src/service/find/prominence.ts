import { BOOKS } from '../../core/canon/canon.js';
import type { FindInput, VerseKey, Vote } from './signal.js';
import { keyParts } from './signal.js';

/** How many of the best verses so far are weighed: the prior reorders the top, it finds nothing. */
export const PROMINENCE_CANDIDATES = 100;

/**
 * A prior for the verse people mean: how many Treasury of Scripture Knowledge cross-references
 * point to a verse (its in-degree over the TSK's 386,550 links, counted at import), made by
 * people without any question in mind. A well-known verse (Isaiah 41:10, 129 links) is the one
 * a half-remembered line usually means, over a neighbour or a near-duplicate of it (Jeremiah
 * 1:8, 16). Each of the best candidates so far gets log(1 + links) / log(1 + the most links to
 * any verse), squared so that only the many-linked stand out; the engine multiplies the fused
 * score by it (see engine.ts), so it never brings in a verse no other signal found.
 */
export function prominenceVotes(input: FindInput, ranked: Array<{ key: VerseKey; score: number }>): Vote[] {
  if (!input.prominence) return [];
  const most = Math.log1p(input.store.crossrefLinksMost());
  if (most <= 0) return [];
  const votes: Vote[] = [];
  for (const { key } of ranked.slice(0, PROMINENCE_CANDIDATES)) {
    const { book, chapter, verse } = keyParts(key);
    const links = input.store.crossrefLinks(book, chapter, verse);
    if (!links) continue;
    votes.push({
      key,
      score: (Math.log1p(links) / most) ** 2,
      why: `well known: ${links} cross-reference${links === 1 ? '' : 's'} point to ${BOOKS[book - 1]?.name} ${chapter}:${verse}`,
    });
  }
  return votes;
}
