import type { LexicalMatch } from './lexical.js';
import { phraseTokens, tokens } from './question.js';
import type { FindInput, Vote } from './signal.js';
import { inflectionless } from './stem.js';

const pairs = (words: string[]) => words.slice(1).map((w, i) => `${words[i]} ${w}`);

/**
 * Phrases: the share of the question's adjacent word pairs (function words included, frame
 * words not) that a verse has side by side, in the translation that has most of them. A
 * half-remembered line ("I can do all things through Christ", "for I am with you") is mostly
 * words no index would search for, but in order they pick out the verse. Judged over the verses
 * the lexical ranking found, so every verse still holds a content word of the question; one
 * pair alone ("the golden" of "the golden rule") is no phrase.
 */
export function phraseVotes(input: FindInput, matches: LexicalMatch[]): Vote[] {
  const words = phraseTokens(input.question).map(inflectionless);
  // "What is faith?" is answered by "faith is …": the subject and its verb, in that order.
  const definition = input.question.match(/^\s*(?:what|who)\s+(is|are|was|were)\s+([\p{L}']+)\s*\??\s*$/iu);
  const wanted = definition
    ? [`${inflectionless(tokens(definition[2] as string)[0] ?? '')} ${definition[1]?.toLowerCase()}`]
    : pairs(words);
  if (!wanted.length) return [];
  const votes = new Map<number, Vote>();
  for (const m of matches) {
    const have = new Set(pairs(tokens(m.text).map(inflectionless)));
    const hits = wanted.filter((p) => have.has(p));
    if (hits.length < Math.min(2, wanted.length)) continue;
    const score = hits.length / wanted.length;
    const old = votes.get(m.key);
    if (!old || old.score < score) {
      votes.set(m.key, {
        key: m.key,
        score,
        why: `phrase (${m.translation.toUpperCase()}): ${hits.length} of ${wanted.length} word pairs in order`,
      });
    }
  }
  return [...votes.values()];
}
