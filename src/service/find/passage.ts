import type { LexicalMatch } from './lexical.js';
import { wordWeights } from './lexical.js';
import type { FindInput, VerseKey, Vote } from './signal.js';

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
export function passageVotes(input: FindInput, matches: LexicalMatch[]): Vote[] {
  const { weight, total } = wordWeights(input);
  if (total <= 0) return [];
  const held = new Map<VerseKey, Set<string>>();
  for (const m of matches) held.set(m.key, new Set(Object.values(m.held).flat()));
  const share = (words: Iterable<string>) => {
    let n = 0;
    for (const w of words) n += weight.get(w) ?? 0;
    return n / total;
  };
  const candidates = new Set<VerseKey>();
  for (const key of held.keys())
    for (let d = -PASSAGE_RADIUS; d <= PASSAGE_RADIUS; d++)
      // Verse numbers start at 1; a key past a chapter's end names no verse and is never shown.
      if ((key + d) % 1000 >= 1) candidates.add(key + d);
  const votes: Vote[] = [];
  for (const key of candidates) {
    const own = held.get(key);
    // Made only when a neighbour adds a word: without one the gain is 0 and the verse gets no vote.
    let window: Set<string> | undefined;
    const from: string[] = [];
    for (let d = -PASSAGE_RADIUS; d <= PASSAGE_RADIUS; d++) {
      if (d === 0) continue;
      const near = held.get(key + d);
      // The same chapter: a neighbour's key is within a few of the verse's.
      if (!near || Math.floor((key + d) / 1000) !== Math.floor(key / 1000)) continue;
      for (const w of near) {
        if ((window ?? own)?.has(w)) continue;
        window ??= new Set(own);
        window.add(w);
        from.push(w);
      }
    }
    if (!window) continue;
    const gain = share(window) - (own ? share(own) : 0);
    if (gain <= 0) continue;
    votes.push(new PassageVote(key, gain, from));
  }
  return votes;
}

/** A vote whose reason is told when read: only the shown verses' of the hundreds near a match. */
class PassageVote implements Vote {
  constructor(
    readonly key: VerseKey,
    readonly score: number,
    private readonly from: string[],
  ) {}

  get why(): string {
    return `passage: ${this.from.join(', ')} in the verses beside it`;
  }
}
