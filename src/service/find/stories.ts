import { parseReference, referenceVerses } from '../../core/reference/reference.js';
import type { FindInput, Vote } from './signal.js';
import { verseKey } from './signal.js';
import { anyStemPrefix } from './stem.js';

/** How many stories the question may bring in. */
const STORIES = 3;
/**
 * A story's key verse (the heart of it, data/story-keys.json) counts fully, each after the first a
 * little less; a passage's opening verse half (fully where a story names no key verse), and a
 * verse inside a passage 0.3. Summed over dev, train and train2, against the opening verse
 * counting fully and no key verses: MRR 2.470 → 2.499, success@10 2.818 → 2.833 (flat: the
 * opening at 0.3-0.5, each later key 0-0.2 less; the opening at 1, 2.477).
 */
const KEY_PER_PLACE = 0.1;
const OPENING = 0.5;
const IN_PASSAGE = 0.3;
/** Verses per passage that get a vote ("Genesis 1:1-2:3" is 34). */
const MAX_VERSES = 40;

/**
 * The curated stories whose title, characters, hooks or summary share the question's words
 * (by stem: "betrayed" finds "betrayal"): each story's key verses (the heart of it: "Crossing the
 * Red Sea" is Exodus 14:21-22, not its opening, 13:17), then more weakly each passage's opening
 * verse and the verses within it, so the lexical signal can pick the verse inside the story the
 * question means where the key verses are not it.
 */
export function storyVotes(input: FindInput): Vote[] {
  if (!input.stories) return [];
  const match = anyStemPrefix(input.words);
  if (!match) return [];
  const found = input.store.rankedStories(match, STORIES);
  const best = found[0]?.score ?? 0;
  const votes = new Map<number, Vote>();
  const vote = (key: number, score: number, why: string) => {
    const old = votes.get(key);
    if (!old || old.score < score) votes.set(key, { key, score, why });
  };
  for (const { story, score, keyVerses } of found) {
    const weight = score / best;
    const why = `story: ${story.title}`;
    const opening = keyVerses.length ? OPENING : 1;
    for (const passage of story.passages) {
      const ref = parseReference(passage.ref);
      referenceVerses(ref)
        .slice(0, MAX_VERSES)
        .forEach((point, i) => {
          vote(verseKey(ref.book.number, point.chapter, point.verse), weight * (i === 0 ? opening : IN_PASSAGE), why);
        });
    }
    keyVerses.forEach((text, place) => {
      const ref = parseReference(text);
      const one = ref.start.chapter === ref.end.chapter && ref.start.verse === ref.end.verse;
      const keyWhy = `${why}, its key verse${one ? '' : 's'} ${text}`;
      for (const point of referenceVerses(ref))
        vote(verseKey(ref.book.number, point.chapter, point.verse), weight / (1 + KEY_PER_PLACE * place), keyWhy);
    });
  }
  return [...votes.values()];
}
