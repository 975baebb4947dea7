import type { LexicalMatch } from './lexical.js';
import type { FindInput, Vote } from './signal.js';

/** "Who was Elisha?", "who is Melchizedek", "Who were the Nephilim?": a question after a person. */
const WHO_WAS = /^\s*who\s+(?:was|is|were|are)\b/i;
/** A word in more verses than this is no one person's name ("king", "mother"). */
const RARE = 400;
/** The first verses naming the person vote, the first most. */
const FIRST = [1, 0.6, 0.4];

/**
 * Where the Bible introduces a person asked after ("Who was Elisha?" → 1 Kings 19:16, where Elijah
 * is told to anoint him; "Who was Timothy?" → Acts 16:1): the first verses, in the canon's order,
 * that hold every word of a question that asks who someone was, where each word is rare enough to
 * name someone. Among the verses that name a person, which all match the name alike, the first
 * are the ones that say who the person is.
 */
export function introductionVotes(input: FindInput, matches: LexicalMatch[]): Vote[] {
  if (!WHO_WAS.test(input.question) || !input.words.length) return [];
  if (input.words.some((w) => input.store.findFrequency(w) > RARE)) return [];
  const naming = matches
    // The name itself, not a longer one it begins (Elisha, not Elishah or Elishama).
    .filter((m) => input.words.every((w) => Object.values(m.tokens).some((words) => words.includes(w))))
    .map((m) => m.key)
    .sort((a, b) => a - b);
  const name = input.words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  return naming.slice(0, FIRST.length).map((key, i) => ({
    key,
    score: FIRST[i] as number,
    why: i === 0 ? `the first verse to name ${name}` : `among the first verses to name ${name}`,
  }));
}
