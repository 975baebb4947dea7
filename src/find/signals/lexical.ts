import type { VerseKey } from '../../core/reference/verse-key.js';
import { type LexicalMatch, wordWeights } from '../full-text.js';
import type { Signal, Vote } from '../signal.js';

/** The words a verse holds, each with the translations that hold it where not all do. */
export interface LexicalReason {
  signal: 'lexical';
  words: Array<{ word: string; only?: string[] }>;
}

/**
 * Lexical ranking: the verse's relevance, times the share of the question's content words it
 * holds, each word weighed by its rarity (a verse with only the rarer of two words is not the
 * best match however short it is); the words it holds are its reason.
 */
export const lexical: Signal<LexicalReason> = {
  name: 'lexical',
  phase: 'vote',
  weight: 1,
  reads: 'the full-text ranking (BM25 over the KJV and WEB wordings of each verse)',
  ranks: true,
  credits: 'translations',
  votes(input, { matches }) {
    const { weight, total } = wordWeights(input);
    const votes: Array<Vote<LexicalReason>> = [];
    for (const m of matches) {
      // Each word once, in the order a set of them all would give: a word is new where no earlier
      // translation and no earlier place of its own holds it.
      let held = 0;
      let earlier = 0;
      for (const t in m.held) {
        const words = m.held[t] as string[];
        for (let i = 0; i < words.length; i++) {
          const w = words[i] as string;
          if (words.indexOf(w) < i || heldBefore(m.held, earlier, w)) continue;
          held += weight.get(w) ?? 0;
        }
        earlier++;
      }
      const score = total > 0 ? (m.relevance * held) / total : 0;
      // A verse the index matched by a form none of the question's words holds by stem gets no vote.
      if (score > 0) votes.push(new LexicalVote(m.key, score, m.held));
    }
    return votes;
  },
  tell: (r) =>
    `words: ${r.words.map(({ word, only }) => (only ? `${word} (${only.join(', ').toUpperCase()})` : word)).join(', ')}`,
};

/** Whether the first `count` translations' held words include the word. */
function heldBefore(held: Record<string, string[]>, count: number, word: string): boolean {
  let n = 0;
  for (const t in held) {
    if (n++ >= count) return false;
    if ((held[t] as string[]).includes(word)) return true;
  }
  return false;
}

/** A vote whose reason is made when read: only the shown verses' of the 200 matched. */
class LexicalVote implements Vote<LexicalReason> {
  constructor(
    readonly key: VerseKey,
    readonly score: number,
    private readonly held: LexicalMatch['held'],
  ) {}

  /** The words the verse holds, each once, with the translations it is in when not all have it. */
  get reason(): LexicalReason {
    const translations = Object.keys(this.held);
    const all = new Set<string>();
    for (const t of translations) for (const w of this.held[t] as string[]) all.add(w);
    const words: LexicalReason['words'] = [];
    for (const word of all) {
      const where = translations.filter((t) => this.held[t]?.includes(word));
      words.push(where.length === translations.length ? { word } : { word, only: where });
    }
    return { signal: 'lexical', words };
  }
}
