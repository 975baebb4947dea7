import { parseReference, referenceVerses } from '../../core/reference/reference.js';
import type { FindInput, Vote } from './signal.js';
import { verseKey } from './signal.js';
import { anyStemPrefix } from './stem.js';

/** How many stories the question may bring in. */
const STORIES = 3;
/** A verse inside a passage counts for this much of the passage's first verse. */
const IN_PASSAGE = 0.3;
/** Verses per passage that get a vote ("Genesis 1:1-2:3" is 34). */
const MAX_VERSES = 40;

/**
 * The curated stories whose title, characters, hooks or summary share the question's words
 * (by stem: "betrayed" finds "betrayal"): each passage's opening verse, and more weakly the
 * verses within it, so the lexical signal can pick the verse inside the story the question means.
 */
export function storyVotes(input: FindInput): Vote[] {
  if (!input.stories) return [];
  const match = anyStemPrefix(input.words);
  if (!match) return [];
  const found = input.store.rankedStories(match, STORIES);
  const best = found[0]?.score ?? 0;
  const votes = new Map<number, Vote>();
  for (const { story, score } of found) {
    const weight = score / best;
    const why = `story: ${story.title}`;
    for (const passage of story.passages) {
      const ref = parseReference(passage.ref);
      referenceVerses(ref)
        .slice(0, MAX_VERSES)
        .forEach((point, i) => {
          const key = verseKey(ref.book.number, point.chapter, point.verse);
          const s = weight * (i === 0 ? 1 : IN_PASSAGE);
          const old = votes.get(key);
          if (!old || old.score < s) votes.set(key, { key, score: s, why });
        });
    }
  }
  return [...votes.values()];
}
