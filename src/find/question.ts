import numberToWords from 'number-to-words';
import { findBook } from '../core/canon/canon.js';
import { formatReference, parseReference, type Reference } from '../core/reference/reference.js';
import { asciiWords } from '../core/text/ascii.js';
import { wordList } from './words.js';

/** The words people wrap a question in: never matched at all (data/find-words/frame.json). */
const frameWords = () => wordList('frame');

/** "Strong's" (whose possessive folds to "strong") names the lexicon, not the word strong. */
const STRONGS = /\bstrong['’]s\b/i;

/** Light words, function words unless a question holds nothing else (data/find-words/light.json). */
const lightWords = () => wordList('light');

/** The words after "a sin" that make it the question's frame ("is it a sin to", "a sin if"). */
const SIN_FRAME_NEXT = new Set(['to', 'if', 'for', 'when', 'or', 'because', 'in']);

let functionWords: ReadonlySet<string> | undefined;
/**
 * Function words, the light words among them: matched only inside a phrase of the question, never
 * as a word that selects a verse on its own (data/find-words/function.json).
 */
function isFunction(w: string): boolean {
  functionWords ??= new Set([...wordList('function'), ...lightWords()]);
  return functionWords.has(w);
}

/**
 * Feel is a light verb too where the asker says how they feel ("I feel lonely", "why do we feel
 * so far from God"): the KJV's feel is the hands' ("that I may feel thee, my son", Genesis 27:21).
 * Elsewhere it is a word like any other ("Isaac felt Jacob's hands", "being past feeling").
 */
const FEELINGS = new Set(['feel', 'feels', 'feeling', 'felt']);
const ASKERS = new Set(['i', 'we', 'you']);

/** Whether the feeling word at `at` follows I, we or you, with only function words between. */
function askerFeels(words: string[], at: number): boolean {
  for (let j = at - 1; j >= Math.max(0, at - 3); j--) {
    const w = words[j] as string;
    if (ASKERS.has(w)) return true;
    if (!isFunction(w)) return false;
  }
  return false;
}

/** Contractions as the words they stand for, so "don't" in the WEB meets "do not" in a question. */
const CONTRACTIONS: Record<string, string> = {
  "won't": 'will not',
  "can't": 'can not',
  "shan't": 'shall not',
  "n't": ' not',
  "'ll": ' will',
  "'re": ' are',
  "'ve": ' have',
  "i'm": 'i am',
};
/** A word: letters and digits, with an apostrophe inside ("god's", "don't" before it opens). */
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu;
/**
 * WORD for a lower-case text of ASCII and general punctuation (U+2000-U+206F: quotes, dashes),
 * where no letter or digit is outside a-z and 0-9: most verses. Matching with Unicode classes
 * cost ~1 ms more of a cold `bible find` (their compilation and their matching).
 */
const PLAIN_WORD = /[a-z0-9]+(?:'[a-z]+)*/g;
const CONTRACTION = /\b(?:won|can|shan)'t\b|n't\b|'(?:ll|re|ve)\b|\bi'm\b/g;

/** The words and their order as a text gives them: lower case, contractions opened, possessives folded ("God's" → "god"). */
export function tokens(text: string): string[] {
  // A question is put in NFKC where it comes in (contentWords, phraseTokens: "ﬁre" → "fire"); verses
  // are read as stored. The apostrophe passes only where a text has one: find reads 400 verses'
  // words a question, most with none (~2 ms of a cold `bible find`).
  let s = text.toLowerCase();
  if (s.includes('’')) s = s.replace(/’/g, "'");
  const word = asciiWords(s) ? PLAIN_WORD : WORD;
  if (!s.includes("'")) return s.match(word) ?? [];
  s = s.replace(CONTRACTION, (c) => CONTRACTIONS[c] ?? c);
  return (s.match(word) ?? []).map((w) => (w.includes("'") ? w.replace(/'s$/, '').replace(/'/g, '') : w));
}

/** Whether a word is a function word (matched only inside a phrase). */
export function isFunctionWord(word: string): boolean {
  return isFunction(word);
}

/** The question's words that may stand in a phrase: all but the frame words, in order. */
export function phraseTokens(question: string): string[] {
  return tokens(question.normalize('NFKC')).filter((w) => !frameWords().has(w));
}

const isNumber = (w: string | undefined) => w !== undefined && /^\d+$/.test(w);

/** The largest number read as words: past it a number is seldom a count (only Revelation 9:16's is). */
const LARGEST_COUNT = 1_000_000;

/** Words after which a number is a chapter or a verse, not a count ("John chapter 3 verse 16"). */
const PLACE_WORDS = new Set(['chapter', 'chapters', 'ch', 'verse', 'verses', 'v', 'vs', 'vv']);

/** "1,000" as "1000": the tokenizer would read 1 and 000. */
const withoutThousandsCommas = (s: string) =>
  /\d,\d/.test(s) ? s.replace(/\b(\d{1,3})((?:,\d{3})+)\b/g, (_, a: string, b: string) => a + b.replace(/,/g, '')) : s;

/** The words read from the question's numbers (numberWords): counts, which name no topic ("70 times 7" is no SEVENTY). */
export function countWords(question: string): Set<string> {
  const counts = new Set<string>();
  if (!/\d/.test(question)) return counts;
  const all = tokens(withoutThousandsCommas(question.normalize('NFKC')));
  all.forEach((w, i) => {
    if (isNumber(w)) for (const word of numberWords(all, i)) counts.add(word);
  });
  return counts;
}

/**
 * A number in the question as the verses write it, in words ("the 12 disciples" → twelve, "the
 * feeding of the 5000" → five, thousand, "153 fish" → one, hundred, fifty, three): the KJV and the
 * WEB write every count out. None where the number is part of a reference: after a book name (of
 * up to three words), another number ("John 3 16"), "chapter" or "verse", or a span's "to", or
 * before a book name it begins ("1 Corinthians").
 */
function numberWords(all: readonly string[], i: number): string[] {
  const n = all[i] as string;
  const before = all[i - 1];
  if (isNumber(before) || (before !== undefined && PLACE_WORDS.has(before))) return [];
  // "verses 1 to 4": the second number of a span.
  if (before !== undefined && /^(?:to|through|and)$/.test(before) && isNumber(all[i - 2])) return [];
  // The book before may be of up to three words ("1 Corinthians 13", "Song of Solomon 2").
  for (let k = 1; k <= 3 && k <= i; k++) if (findBook(all.slice(i - k, i).join(' '))) return [];
  const after = all[i + 1];
  if (after !== undefined && findBook(`${n} ${after}`)) return [];
  const value = Number(n);
  if (!Number.isSafeInteger(value) || value > LARGEST_COUNT || /^0\d/.test(n)) return [];
  return numberToWords
    .toWords(value)
    .split(/[\s,-]+/)
    .filter(Boolean);
}

/**
 * The question's content words, in order, without repeats: no frame or function words, no
 * numbers, no book name that is part of a reference ("Romans 8": the named signal reads it), two
 * letters or more. A book name standing alone is a word like any other: "Who was Ruth?", "Daniel
 * in the lions' den" ask about the person.
 */
export function contentWords(question: string): string[] {
  const out: string[] = [];
  const all = tokens(withoutThousandsCommas(question.normalize('NFKC')));
  all.forEach((w, i) => {
    if (isNumber(w)) {
      for (const word of numberWords(all, i)) if (!isFunction(word) && !out.includes(word)) out.push(word);
      return;
    }
    if (w.length < 2 || frameWords().has(w) || isFunction(w) || out.includes(w)) return;
    if (w === 'strong' && STRONGS.test(question)) return;
    // The number first: findBook's first call compiles its regular expressions (~0.8 ms of a cold find).
    if (isNumber(all[i + 1]) && findBook(w)) return;
    if (FEELINGS.has(w) && askerFeels(all, i)) return;
    // "is it a sin to …", "is gambling a sin": the frame of the question, as "ok" is; what is
    // asked about is the other words ("sin" met Ephesians 4:26 "be ye angry, and sin not" first).
    // Not before a noun: "a sin offering" asks about one.
    if (w === 'sin' && all[i - 1] === 'a' && (i === all.length - 1 || SIN_FRAME_NEXT.has(all[i + 1] as string))) return;
    out.push(w);
  });
  // A question of nothing else ("feel", "ok", "getting"): its light words are what it asks about.
  if (!out.length)
    for (const w of all) if ((lightWords().has(w) || FEELINGS.has(w) || w === 'sin') && !out.includes(w)) out.push(w);
  return out;
}

/**
 * References the question names ("Romans 8:28", "Psalm 23", "1 Cor 13:4-7"): at each number,
 * the longest run of up to four words before it that reads as a book with that chapter or verse.
 */
export function namedReferences(question: string): Reference[] {
  const found: Reference[] = [];
  // Most questions hold no digit, and need no matchAll (its first use ~0.2 ms of a cold find).
  if (!/\d/.test(question)) return found;
  const seen = new Set<string>();
  // "john 14 6" as people type it is John 14:6 (the CLI reads "John 3 16" so too).
  for (const m of question.matchAll(
    /\b\d{1,3}(?:\s*:\s*\d{1,3}(?:\s*[-–]\s*\d{1,3}(?::\d{1,3})?)?|\s+\d{1,3}(?![\d:]))?\b/g,
  )) {
    const before = question
      .slice(0, m.index)
      .replace(/[^\p{L}\p{N}\s.]/gu, ' ')
      .trimEnd()
      .split(/\s+/)
      .slice(-4);
    const numbers = m[0].replace(/^(\d+)\s+(\d+)$/, '$1:$2');
    for (let n = before.length; n >= 1; n--) {
      // A lower-case function word is the sentence's, not an abbreviation: "what is 17 times 23"
      // names no Isaiah 17 ("Is 53:5" still does).
      if (n === 1 && isFunction(before[before.length - 1] as string)) continue;
      const text = `${before.slice(-n).join(' ')} ${numbers}`;
      let ref: Reference;
      try {
        ref = parseReference(text);
      } catch {
        continue;
      }
      const key = formatReference(ref);
      if (!seen.has(key)) {
        seen.add(key);
        found.push(ref);
      }
      break;
    }
  }
  return found;
}
