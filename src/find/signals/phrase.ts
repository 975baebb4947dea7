import { isAscii } from '../../core/text/ascii.js';
import type { LexicalMatch } from '../full-text.js';
import { isFunctionWord, phraseTokens, tokens } from '../question.js';
import type { Signal, Vote } from '../signal.js';
import { inflectionless } from '../stem.js';

/** The most of the question's word pairs a verse has in order, and in which translation. */
export interface PhraseReason {
  signal: 'phrase';
  translation: string;
  pairs: number;
  of: number;
}

/**
 * Phrases: the share of the question's adjacent word pairs (function words included, frame
 * words not) that a verse has side by side, in the translation that has most of them. A
 * half-remembered line ("I can do all things through Christ", "for I am with you") is mostly
 * words no index would search for, but in order they pick out the verse. Judged over the verses
 * the lexical ranking found, so every verse still holds a content word of the question; one
 * pair alone ("the golden" of "the golden rule") is no phrase.
 */
export const phrase: Signal<PhraseReason> = {
  name: 'phrase',
  phase: 'vote',
  weight: 1,
  reads: "the full-text ranking's matches, word by word in each translation",
  ranks: true,
  credits: 'translations',
  votes: (input, { matches }) => phraseVotes(input.question, matches),
  tell: (r) => `phrase (${r.translation.toUpperCase()}): ${r.pairs} of ${r.of} word pairs in order`,
};

function phraseVotes(question: string, matches: readonly LexicalMatch[]): Array<Vote<PhraseReason>> {
  const wordings = statementOrders(question).map((w) => w.map(inflectionless));
  if (!wordings.some((w) => w.length > 1)) return [];
  // The question's forms as numbers and its pairs as first × forms + second; a verse word's form
  // is looked up by the word itself (inflectedAs), where inflectionless() and a pair's string for
  // every word of every verse were ~2.5 ms of a cold `bible find`.
  const forms = [...new Set(wordings.flat())];
  const n = forms.length;
  const formOf = inflectedAs(forms);
  const wanted = wordings.map((w) =>
    w.slice(1).map((form, i) => forms.indexOf(w[i] as string) * n + forms.indexOf(form)),
  );
  const asked = new Uint8Array(n * n);
  for (const pairs of wanted) for (const p of pairs) asked[p] = 1;
  const have = new Set<number>();
  const votes = new Map<number, Vote<PhraseReason>>();
  // Index loops: a cold for-of makes an object a step, and these are thousands.
  for (let mi = 0; mi < matches.length; mi++) {
    const m = matches[mi] as LexicalMatch;
    for (const translation in m.tokens) {
      const words = m.tokens[translation] as string[];
      have.clear();
      let before = formOf.get(words[0] as string) ?? -1;
      for (let i = 1; i < words.length; i++) {
        const form = formOf.get(words[i] as string) ?? -1;
        if (before >= 0 && form >= 0 && asked[before * n + form]) have.add(before * n + form);
        before = form;
      }
      for (let wi = 0; wi < wanted.length; wi++) {
        const pairs = wanted[wi] as number[];
        let hits = 0;
        for (let pi = 0; pi < pairs.length; pi++) if (have.has(pairs[pi] as number)) hits++;
        if (!pairs.length || hits < Math.min(2, pairs.length)) continue;
        const score = hits / pairs.length;
        const old = votes.get(m.key);
        if (!old || old.score < score) {
          const reason = { signal: 'phrase' as const, translation, pairs: hits, of: pairs.length };
          votes.set(m.key, { key: m.key, score, reason });
        }
      }
    }
  }
  return [...votes.values()];
}

/**
 * Every word whose inflectionless() is one of the forms, to the form's index: a form with or
 * without a final e, then nothing, s, eth or est (see inflectionless), each kept only where it
 * is read back as the form ("bless" is "bles", not "bless").
 */
function inflectedAs(forms: string[]): Map<string, number> {
  const out = new Map<string, number>();
  forms.forEach((form, i) => {
    for (const base of [form, `${form}e`])
      for (const ending of ['', 's', 'eth', 'est']) {
        const word = base + ending;
        if (inflectionless(word) === form) out.set(word, i);
      }
  });
  return out;
}

const QUESTION_ORDER = /^\s*(?:what|who|where|when|why|how)\s+(is|are|was|were)\s+(.+)$/iu;
/** QUESTION_ORDER for a question of ASCII alone (most), the same there: compiling Unicode case folding was ~0.4 ms of a cold find. */
const QUESTION_ORDER_ASCII = /^\s*(?:what|who|where|when|why|how)\s+(is|are|was|were)\s+(.+)$/i;

/**
 * The question's words in its own order, and for "Wh- is/was X …?" also in the order a verse
 * would state it ("Where was Jesus born?" → "Jesus was born", "What is faith?" → "faith is"),
 * when X is one word.
 */
export function statementOrders(question: string): string[][] {
  const asked = phraseTokens(question);
  const m = question.match(isAscii(question) ? QUESTION_ORDER_ASCII : QUESTION_ORDER);
  if (!m) return [asked];
  const rest = tokens(m[2] as string);
  if (!rest[0] || isFunctionWord(rest[0])) return [asked];
  return [asked, [rest[0], (m[1] as string).toLowerCase(), ...rest.slice(1)]];
}
