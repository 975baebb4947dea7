import { isAscii } from '../../core/text/ascii.js';
import type { LexicalMatch } from '../full-text.js';
import { isFunctionWord, phraseTokens, tokens } from '../question.js';
import type { Signal, Vote } from '../signal.js';
import { inflectionless } from '../stem.js';

/** The most of the question's word pairs a verse has in a row, in which translation, of how many. */
export interface PhraseReason {
  signal: 'phrase';
  translation: string;
  /** The question's word pairs the verse has side by side, wherever each stands. */
  pairs: number;
  of: number;
  /** The most of them it has in a row: the longest run of the question's words, in order. */
  run: number;
}

/**
 * Phrases: the question's word pairs (function words included, frame words not) that a verse
 * has side by side, half by the share it has anywhere and half by the longest run it has in a
 * row, in the translation where they are most; a verse that holds the whole line the question
 * quotes counts QUOTED. A
 * half-remembered line ("I can do all things through Christ", "for I am with you") is mostly
 * words no index would search for, but in order they pick out the verse. Judged over the verses
 * the lexical ranking found, so every verse still holds a content word of the question; a verse
 * with no two pairs in a row ("the golden" of "the golden rule") has no phrase.
 */
/** A verse whose longest run is shorter than this many pairs has no phrase (unless the question has fewer). */
const MIN_PAIRS = 2;
/**
 * The vote of a verse that holds the question's whole line (at least MIN_PAIRS pairs) in a row:
 * a quotation, which outweighs a verse several signals bring in by its words ("the lord is my
 * shepherd": Psalm 23:1 over Zechariah 13:7's "my shepherd"; "where was Jesus born": Matthew
 * 2:1's "Jesus was born" over John 3:3's "born again").
 */
const QUOTED = 2;

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

/** The phrase votes of verses given by their words in each translation (the lexical matches, or others: quote.ts). */
export function phraseVotes(
  question: string,
  matches: ReadonlyArray<Pick<LexicalMatch, 'key' | 'tokens'>>,
): Array<Vote<PhraseReason>> {
  const wordings = statementOrders(question).map((w) => w.map(inflectionless));
  if (!wordings.some((w) => w.length > 1)) return [];
  // The question's forms as numbers, a verse word's form looked up by the word itself
  // (inflectedAs), where inflectionless() for every word of every verse was ~2.5 ms of a cold
  // `bible find`.
  const forms = [...new Set(wordings.flat())];
  const formOf = inflectedAs(forms);
  const asked = wordings.map((w) => w.map((form) => forms.indexOf(form)));
  const votes = new Map<number, Vote<PhraseReason>>();
  let verse = new Int32Array(64);
  // Index loops: a cold for-of makes an object a step, and these are thousands.
  for (let mi = 0; mi < matches.length; mi++) {
    const m = matches[mi] as Pick<LexicalMatch, 'key' | 'tokens'>;
    for (const translation in m.tokens) {
      const words = m.tokens[translation] as string[];
      if (verse.length < words.length) verse = new Int32Array(words.length * 2);
      for (let i = 0; i < words.length; i++) verse[i] = formOf.get(words[i] as string) ?? -1;
      for (let wi = 0; wi < asked.length; wi++) {
        const wording = asked[wi] as number[];
        const of = wording.length - 1;
        const run = longestRun(wording, verse, words.length);
        if (of < 1 || run < Math.min(MIN_PAIRS, of)) continue;
        const apart = pairsAnywhere(wording, verse, words.length);
        const score = run === of && of >= MIN_PAIRS ? QUOTED : (run + apart) / (2 * of);
        const old = votes.get(m.key);
        if (!old || old.score < score) {
          const reason = { signal: 'phrase' as const, translation, pairs: apart, of, run };
          votes.set(m.key, { key: m.key, score, reason });
        }
      }
    }
  }
  return [...votes.values()];
}

/** How many of the question's word pairs the verse has side by side, wherever each stands. */
function pairsAnywhere(wording: readonly number[], verse: Int32Array, length: number): number {
  let n = 0;
  for (let q = 1; q < wording.length; q++)
    for (let i = 1; i < length; i++)
      if (verse[i - 1] === wording[q - 1] && verse[i] === wording[q]) {
        n++;
        break;
      }
  return n;
}

/**
 * The most word pairs in a row that the question's wording and the verse's words share: the
 * longest run of the question's words the verse has side by side and in order. Pairs found apart
 * are no phrase: "the lord is my shepherd" is not in Zechariah 13:7, which has "my shepherd",
 * "is my" and "the LORD" in three places.
 */
function longestRun(wording: readonly number[], verse: Int32Array, length: number): number {
  let best = 0;
  for (let start = 0; start < length; start++) {
    if (verse[start] === -1) continue;
    for (let q = 0; q < wording.length; q++) {
      let k = 0;
      while (start + k < length && q + k < wording.length && verse[start + k] === wording[q + k]) k++;
      if (k - 1 > best) best = k - 1;
    }
  }
  return best;
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
