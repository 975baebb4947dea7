import { chapterOfKey, keyParts, type VerseKey } from '../../core/reference/verse-key.js';
import { type LexicalMatch, wordWeights } from '../full-text.js';
import type { FindInput, Signal, Vote } from '../signal.js';

/** The question's words the verses beside a verse add to its own. */
export interface PassageReason {
  signal: 'passage';
  words: string[];
}

/** How many verses either side of a verse, in the same chapter, count as its passage. */
export const PASSAGE_RADIUS = 1;

/**
 * Passage context: a verse judged with its neighbours. A narrative often spreads a question's
 * words over adjacent verses ("Who built the temple?": 1 Kings 6:1 "he began to build the house
 * of the LORD", 6:3 "the temple"), so each verse near a lexical match is scored by the share of
 * the question's words (weighed by rarity) its window of ±PASSAGE_RADIUS verses holds. Only
 * what the window adds over the verse's own words counts, so a verse holding every word is not
 * lifted further, and the lexical signal keeps the verse itself above neighbours holding fewer.
 */
export const passage: Signal<PassageReason> = {
  name: 'passage',
  phase: 'vote',
  weight: 0.3,
  reads: "the full-text ranking's matches and their neighbours in the chapter",
  needs: ['lexical'],
  votes: (input, { matches }) => passageVotes(input, matches),
  tell: (r) => `passage: ${r.words.join(', ')} in the verses beside it`,
};

function passageVotes(input: FindInput, matches: readonly LexicalMatch[]): Array<Vote<PassageReason>> {
  const { weight, total } = wordWeights(input);
  if (total <= 0) return [];
  // Each verse's words once, in order, as arrays: a cold for-of over a set makes an object a step.
  const held = new Map<VerseKey, string[]>();
  for (let i = 0; i < matches.length; i++) {
    const m = matches[i] as LexicalMatch;
    const words: string[] = [];
    for (const t in m.held) {
      const of = m.held[t] as string[];
      for (let j = 0; j < of.length; j++) if (!words.includes(of[j] as string)) words.push(of[j] as string);
    }
    held.set(m.key, words);
  }
  const share = (words: string[]) => {
    let n = 0;
    for (let i = 0; i < words.length; i++) n += weight.get(words[i] as string) ?? 0;
    return n / total;
  };
  const candidates = new Set<VerseKey>();
  held.forEach((_, key) => {
    for (let d = -PASSAGE_RADIUS; d <= PASSAGE_RADIUS; d++)
      // Verse numbers start at 1; a key past a chapter's end names no verse and is never shown.
      if (keyParts(key + d).verse >= 1) candidates.add(key + d);
  });
  const votes: Array<Vote<PassageReason>> = [];
  candidates.forEach((key) => {
    const own = held.get(key);
    // Made only when a neighbour adds a word: without one the gain is 0 and the verse gets no vote.
    let window: string[] | undefined;
    let from: string[] | undefined;
    for (let d = -PASSAGE_RADIUS; d <= PASSAGE_RADIUS; d++) {
      if (d === 0) continue;
      const near = held.get(key + d);
      // The same chapter: a neighbour's key is within a few of the verse's.
      if (!near || chapterOfKey(key + d) !== chapterOfKey(key)) continue;
      for (let i = 0; i < near.length; i++) {
        const w = near[i] as string;
        if ((window ?? own)?.includes(w)) continue;
        window ??= own ? own.slice() : [];
        window.push(w);
        from ??= [];
        from.push(w);
      }
    }
    if (!window) return;
    const gain = share(window) - (own ? share(own) : 0);
    if (gain > 0) votes.push(new PassageVote(key, gain, from as string[]));
  });
  return votes;
}

/** A vote whose reason is made when read: only the shown verses' of the hundreds near a match. */
class PassageVote implements Vote<PassageReason> {
  constructor(
    readonly key: VerseKey,
    readonly score: number,
    private readonly from: string[],
  ) {}

  get reason(): PassageReason {
    return { signal: 'passage', words: this.from };
  }
}
