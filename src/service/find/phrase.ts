import { isAscii } from '../../library/store/fts.js';
import type { LexicalMatch } from './lexical.js';
import { isFunctionWord, phraseTokens, tokens } from './question.js';
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
  const wordings = statementOrders(input.question).map((w) => pairs(w.map(inflectionless)));
  if (!wordings.some((w) => w.length)) return [];
  // A verse's pairs are kept only where they are wanted: every verse's every pair in a set was
  // ~0.5 ms of a cold `bible find`.
  const asked = new Set(wordings.flat());
  const firsts = new Set([...asked].map((p) => p.slice(0, p.indexOf(' '))));
  const votes = new Map<number, Vote>();
  for (const m of matches) {
    for (const [translation, words] of Object.entries(m.tokens)) {
      const have = new Set<string>();
      let before = inflectionless(words[0] ?? '');
      for (let i = 1; i < words.length; i++) {
        const form = inflectionless(words[i] as string);
        if (firsts.has(before) && asked.has(`${before} ${form}`)) have.add(`${before} ${form}`);
        before = form;
      }
      for (const wanted of wordings) {
        const hits = wanted.filter((p) => have.has(p));
        if (!wanted.length || hits.length < Math.min(2, wanted.length)) continue;
        const score = hits.length / wanted.length;
        const old = votes.get(m.key);
        if (!old || old.score < score) {
          const why = `phrase (${translation.toUpperCase()}): ${hits.length} of ${wanted.length} word pairs in order`;
          votes.set(m.key, { key: m.key, score, why });
        }
      }
    }
  }
  return [...votes.values()];
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
