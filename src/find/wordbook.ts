import { parseReference } from '../core/reference/reference.js';
import { wordBookSense } from '../core/wordbook-text.js';
import { tokens } from './question.js';
import { stem } from './stem.js';
import type { FindStore } from './store.js';

/** A word that more senses than this hold ("love", "people") says too little about which one is meant. */
const MAX_ENTRIES = 3;

/**
 * A sense without what it says the word does not mean: "strong, vigorous (not lustful)" is no
 * way from "lust" to "lusty", nor "a grandson (not a brother's or sister's son)" from "son".
 */
export function affirmed(sense: string): string {
  return sense.replace(/\(not [^)]*\)/gi, ' ').replace(/\bnot\b[^,;()]*/gi, ' ');
}

/** The first verse of each reference an entry cites ("Luke 10:41; Philippians 4:6"). */
function citedVerses(refs: string[]): Array<{ book: number; chapter: number; verse: number }> {
  return refs.flatMap((r) => {
    try {
      const ref = parseReference(r);
      return [{ book: ref.book.number, chapter: ref.start.chapter, verse: ref.start.verse }];
    } catch {
      return [];
    }
  });
}

/** A Strong's number the word book leads a word to, and through which of its entries. */
export interface WordBookNumber {
  number: string;
  headword: string;
}

/**
 * The KJV word book read backwards, from today's word to the original one: the entries whose
 * sense (the modern meaning they give) holds the word by stem ("worry" in careful's "anxious,
 * worried, full of care"), and the Strong's numbers the tagged KJV gives their headword in the
 * verses they cite ("careful" in Philippians 4:6 is G3309, "to be anxious about"). Curated, so
 * where it knows a word it is a surer way to the original than the lexicons' text, which a word
 * meets by its first letters ("worry" → "worrisomeness", "greed" → "a greeting"). Empty where no
 * sense, or more than a few, hold the word.
 */
export function wordBookNumbers(store: FindStore, dictionary: string, word: string): WordBookNumber[] {
  const s = stem(word);
  // Only the entries whose text holds the stem are read (a scan of a short table, not the whole
  // book parsed once per process: a lookup is one process).
  const found = store
    .dictionaryHolding(dictionary, s)
    .map(({ headword, text }) => ({ headword, ...wordBookSense(text) }))
    .filter((e) => tokens(affirmed(e.sense)).some((t) => stem(t) === s));
  if (found.length > MAX_ENTRIES) return [];
  const numbers = new Map<string, WordBookNumber>();
  for (const e of found) {
    const head = stem(e.headword);
    for (const { book, chapter, verse } of citedVerses(e.refs))
      for (const v of store.verseWords('kjv', book, chapter, verse, chapter, verse))
        for (const span of v.words)
          if (tokens(span.text).some((t) => stem(t) === head))
            for (const number of span.strongs)
              if (!numbers.has(number)) numbers.set(number, { number, headword: e.headword });
  }
  return [...numbers.values()];
}
