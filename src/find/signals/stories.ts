import { parseReference, referenceVerses } from '../../core/reference/reference.js';
import { type VerseKey, verseKey } from '../../core/reference/verse-key.js';
import { type FindInput, firstOfKind, type Signal, type Vote } from '../signal.js';
import { anyStemPrefix } from '../stem.js';

/** The story the verse is in, and its key verses (one or several) where the verse is among them. */
export interface StoryReason {
  signal: 'stories';
  label: string;
  ref?: string;
  oneVerse?: boolean;
  resource: string;
}

/** How many stories the question may bring in. */
const STORIES = 3;
/**
 * A story's key verse (the heart of it, data/story-keys.json) counts fully, each after the first a
 * little less; a passage's opening verse half (fully where a story names no key verse), and a
 * verse inside a passage 0.3 (docs/signals.md has the figures).
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
export const stories: Signal<StoryReason> = {
  name: 'stories',
  phase: 'vote',
  weight: 0.4,
  reads: 'the curated stories (data/stories/): titles, characters, hooks, summaries, key verses',
  works: firstOfKind('stories'),
  credits: 'works',
  votes: (input, { works }) => storyVotes(input, works[0]),
  tell: (r) => `story: ${r.label}${r.ref ? `, its key verse${r.oneVerse ? '' : 's'} ${r.ref}` : ''}`,
};

function storyVotes(input: FindInput, work: string | undefined): Array<Vote<StoryReason>> {
  if (!work) return [];
  const match = anyStemPrefix(input.words);
  if (!match) return [];
  const found = input.store.rankedStories(match, STORIES);
  const best = found[0]?.score ?? 0;
  const votes = new Map<VerseKey, Vote<StoryReason>>();
  const vote = (key: VerseKey, score: number, reason: StoryReason) => {
    const old = votes.get(key);
    if (!old || old.score < score) votes.set(key, { key, score, reason });
  };
  for (const { story, score, keyVerses } of found) {
    const weight = score / best;
    const reason: StoryReason = { signal: 'stories', label: story.title, resource: work };
    const opening = keyVerses.length ? OPENING : 1;
    for (const passage of story.passages) {
      const ref = parseReference(passage.ref);
      referenceVerses(ref)
        .slice(0, MAX_VERSES)
        .forEach((point, i) => {
          vote(
            verseKey(ref.book.number, point.chapter, point.verse),
            weight * (i === 0 ? opening : IN_PASSAGE),
            reason,
          );
        });
    }
    keyVerses.forEach((text, place) => {
      const ref = parseReference(text);
      const one = ref.start.chapter === ref.end.chapter && ref.start.verse === ref.end.verse;
      const keyReason: StoryReason = { ...reason, ref: text, oneVerse: one };
      for (const point of referenceVerses(ref))
        vote(verseKey(ref.book.number, point.chapter, point.verse), weight / (1 + KEY_PER_PLACE * place), keyReason);
    });
  }
  return [...votes.values()];
}
