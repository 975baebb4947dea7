import { tokens } from '../question.js';
import type { Signal, Vote } from '../signal.js';
import { type PhraseReason, phraseVotes } from './phrase.js';

/** The question's words a verse has in a row, as `phrase` tells them, for a verse the full-text ranking did not reach. */
export interface QuoteReason extends Omit<PhraseReason, 'signal'> {
  signal: 'quote';
}

/** How many of the best verses so far are read for the question's words in a row. */
const CANDIDATES = 10;

/**
 * The phrase test for the best verses so far that the full-text ranking did not reach: a quoted
 * line whose content words the verse does not hold in either wording ("for I know the plans I
 * have for you": the KJV and WEB say "thoughts", and Everyday Topics names Jeremiah 29:11 and
 * Romans 8:28 alike for "plans") is told apart by the words it has in a row ("For I know the").
 * Only verses `phrase` did not judge, so no verse counts twice.
 */
export const quote: Signal<QuoteReason> = {
  name: 'quote',
  phase: 'echo',
  weight: 1,
  reads: 'the best verses so far, word by word in each translation',
  ranks: true,
  needs: ['phrase'],
  candidates: CANDIDATES,
  credits: 'translations',
  votes(input, { matches, ranked }) {
    const judged = new Set(matches.map((m) => m.key));
    const keys = ranked.map((r) => r.key).filter((k) => !judged.has(k));
    if (!keys.length) return [];
    const words = new Map<number, Record<string, string[]>>(keys.map((k) => [k, {}]));
    for (const t of input.translations)
      for (const [key, text] of input.store.verseTexts(t, keys))
        (words.get(key) as Record<string, string[]>)[t] = tokens(text);
    return phraseVotes(
      input.question,
      keys.map((key) => ({ key, tokens: words.get(key) as Record<string, string[]> })),
    ).map((v): Vote<QuoteReason> => ({ key: v.key, score: v.score, reason: { ...v.reason, signal: 'quote' } }));
  },
  tell: (r) => `phrase (${r.translation.toUpperCase()}): ${r.pairs} of ${r.of} word pairs in order`,
};
