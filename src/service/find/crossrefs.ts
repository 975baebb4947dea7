import { BOOKS } from '../../core/canon/canon.js';
import { parseReference } from '../../core/reference/reference.js';
import type { FindInput, VerseKey, Vote } from './signal.js';
import { keyParts, verseKey } from './signal.js';

/** How many of the best verses so far lend their links. */
export const SOURCES = 20;

/**
 * The Treasury of Scripture Knowledge: the verses the best candidates so far link to. A verse
 * linked from several good candidates, or from a very good one, is likely what the question
 * means even when it shares none of its words (Genesis 14:18 → Hebrews 7:1, Psalm 110:4). A
 * link counts for its source's fused score, shared among the source's links.
 */
export function crossrefVotes(input: FindInput, ranked: Array<{ key: VerseKey; score: number }>): Vote[] {
  if (!input.crossrefs) return [];
  const votes = new Map<number, { score: number; from: string[] }>();
  for (const { key, score } of ranked.slice(0, SOURCES)) {
    const { book, chapter, verse } = keyParts(key);
    const refs = input.store.crossrefs(book, chapter, verse) ?? [];
    const name = `${BOOKS[book - 1]?.name} ${chapter}:${verse}`;
    const each = score / Math.sqrt(Math.max(1, refs.length));
    for (const text of refs) {
      let target: VerseKey;
      try {
        const ref = parseReference(text);
        target = verseKey(ref.book.number, ref.start.chapter, ref.start.verse);
      } catch {
        continue;
      }
      const vote = votes.get(target) ?? { score: 0, from: [] };
      vote.score += each;
      if (vote.from.length < 3) vote.from.push(name);
      votes.set(target, vote);
    }
  }
  const best = [...votes.values()].reduce((m, v) => Math.max(m, v.score), 0);
  return [...votes].map(([key, v]) => ({
    key,
    score: v.score / best,
    why: `cross-reference from ${v.from.join(', ')}`,
  }));
}
