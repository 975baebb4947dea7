import type { FindInput, Vote } from './signal.js';
import { verseKey } from './signal.js';
import { stem } from './stem.js';

/** How many verses of each translation the full-text ranking hands on. */
const DEPTH = 400;

/** A verse one translation's full-text index found: relevance scaled to that translation's best match. */
export interface LexicalMatch {
  key: number;
  translation: string;
  relevance: number;
  words: string[];
  text: string;
}

/** Stems shorter than this are too broad to search by prefix ("sin"* would find "since"). */
const MIN_PREFIX = 5;

/**
 * The FTS5 expression for any of the words, each quoted, and each also by its stem as a prefix
 * where Porter's stemming keeps forms apart that mean the same ("cheerfully" / "cheerful",
 * "greatest" / "great").
 */
export function wordsMatch(words: string[]): string | undefined {
  const terms = new Set<string>();
  for (const w of words) {
    const q = w.replace(/"/g, '""');
    terms.add(`"${q}"`);
    const s = stem(q);
    if (s !== q && s.length >= MIN_PREFIX) terms.add(`"${s}"*`);
  }
  return terms.size ? [...terms].join(' OR ') : undefined;
}

/**
 * BM25 over each English translation's verses (Porter-stemmed FTS5) for any of the question's
 * content words: the verses the lexical and phrase signals judge.
 */
export function lexicalMatches(input: FindInput): LexicalMatch[] {
  const match = wordsMatch(input.words);
  if (!match) return [];
  const out: LexicalMatch[] = [];
  for (const translation of input.translations) {
    const rows = input.store.rankedVerses(translation, match, DEPTH);
    const best = rows[0]?.score ?? 0;
    if (best <= 0) continue;
    for (const row of rows) {
      out.push({
        key: verseKey(row.book, row.chapter, row.verse),
        translation,
        relevance: row.score / best,
        words: row.matched,
        text: row.text,
      });
    }
  }
  return out;
}

/**
 * Lexical ranking. The KJV and the WEB word things differently ("take no thought" / "don't be
 * anxious"), so a verse's vote is the mean over translations of its relevance there; the words
 * that matched are its reason.
 */
export function lexicalVotes(input: FindInput, matches: LexicalMatch[]): Vote[] {
  const votes = new Map<number, { score: number; words: Set<string> }>();
  const share = 1 / Math.max(1, input.translations.length);
  for (const m of matches) {
    const vote = votes.get(m.key) ?? { score: 0, words: new Set<string>() };
    vote.score += m.relevance * coverage(input.words, m.words) * share;
    for (const w of m.words) vote.words.add(w);
    votes.set(m.key, vote);
  }
  return [...votes].map(([key, v]) => ({ key, score: v.score, why: `words: ${[...v.words].join(', ')}` }));
}

/**
 * The share of the question's content words a verse holds (by stem, as the index matched them):
 * a verse with one of two words is half as good a match, however rare that word.
 */
export function coverage(words: string[], matched: string[]): number {
  if (!words.length) return 0;
  const stems = matched.map(stem);
  const held = words.filter((w) => {
    const s = stem(w);
    return stems.some((m) => m.startsWith(s) || s.startsWith(m));
  });
  return held.length / words.length;
}
