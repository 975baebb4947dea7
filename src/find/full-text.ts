import { formsOf } from './irregular.js';
import { tokens } from './question.js';
import type { FindInput } from './signal.js';
import { stem } from './stem.js';

// The full-text ranking over find_fts (the English translations' wordings of each verse at once):
// the verses the lexical, phrase and passage signals judge, and the word tests they share.

/** About how many verses find_fts holds (one row per verse of the canon). */
const VERSES = 31_102;
/** How many verses the full-text ranking hands on to the lexical and phrase signals. */
const DEPTH = 200;
/**
 * A word in more verses than this (god, lord, all) is left out of the index query when the
 * question has rarer ones: its BM25 weight is small and ranking its thousands of verses is most
 * of the cost. It still counts where a verse is judged (the words held, the phrases).
 */
const COMMON = 2500;
/** Stems shorter than this are too broad to search by prefix ("sin"* would find "since"). */
const MIN_PREFIX = 5;

/** A verse the full-text index found: relevance scaled to the best match, its words per translation, the question words it holds. */
export interface LexicalMatch {
  key: number;
  relevance: number;
  tokens: Record<string, string[]>;
  /** The question's content words each translation's wording holds. */
  held: Record<string, string[]>;
}

/**
 * The FTS5 expression for any of the words and their irregular forms, each quoted, and each also
 * by its stem as a prefix where Porter's stemming keeps forms apart that mean the same
 * ("cheerfully" / "cheerful", "greatest" / "great", "heart" / "heartily").
 */
export function wordsMatch(words: string[], keep: (form: string) => boolean = () => true): string | undefined {
  const terms = new Set<string>();
  // Each word in its irregular forms too ("built" → build, builded: irregular.ts), those the
  // caller keeps. "ate" is searched as Porter's tokenizer reads it, "at": the WEB's Genesis 3:6
  // says "ate", and the lexical signal judges each verse by the words it holds.
  for (const w of words.flatMap((word) => formsOf(word).filter((f, i) => i === 0 || keep(f)))) {
    const q = w.replace(/"/g, '""');
    terms.add(`"${q}"`);
    // A word that is its own stem as a prefix too: "heart" meets the WEB's "heartily" (Colossians
    // 3:23), as heldWords already reads it (docs/signals.md).
    const s = stem(q);
    if (s.length >= MIN_PREFIX) terms.add(`"${s}"*`);
  }
  return terms.size ? [...terms].join(' OR ') : undefined;
}

/**
 * The question's words a verse's words hold, compared by stem ("betrayed" holds for "betray",
 * "enemies" for "enemy"); a stem under four letters must be the whole word ("sin" is not "since").
 * The verse's words are words alone, without spaces (as tokens() and the stories' themes give them).
 */
export function heldWords(words: string[], verseWords: string[]): string[] {
  return wordsHeld(words)(verseWords);
}

/**
 * heldWords for one set of words over many verses: each word's stem is worked out once, and the
 * verse's words are searched as one line, " word word ", as no word holds a space (a test per
 * word of each of the 400 wordings find reads was ~1.5 ms of a cold `bible find`).
 */
export function wordsHeld(words: string[]): (verseWords: string[]) => string[] {
  // A word is held in any of its irregular forms ("built" by "build", irregular.ts).
  const holds = words.map((word): ((line: string) => boolean) => {
    const [own, ...others] = formsOf(word);
    const holdsOwn = holdsForm(own as string);
    if (!others.length) return holdsOwn;
    const exactly = others.flatMap((f) => INFLECTED.map((ending) => ` ${f}${ending} `));
    return (line) => holdsOwn(line) || exactly.some((f) => line.includes(f));
  });
  return (verseWords) => {
    const line = ` ${verseWords.join(' ')} `;
    return words.filter((_, i) => (holds[i] as (line: string) => boolean)(line));
  };
}

/** The endings an irregular form takes and stays itself: "builded", "spakest", "children's" reads as "children s". */
const INFLECTED = ['', 's', 'es', 'eth', 'est'];

/** Whether a verse's words, as one line " word word ", hold the word by stem (see wordsHeld). */
function holdsForm(word: string): (line: string) => boolean {
  const s = stem(word);
  if (s.length < 4) {
    const forms = [word, s, `${s}s`].map((f) => ` ${f} `);
    return (line) => forms.some((f) => line.includes(f));
  }
  // "love" holds for "loving": a final e gives way to a suffix.
  const start = ` ${s.replace(/e$/, '')}`;
  return (line) => line.includes(start);
}

/**
 * BM25 over the English translations' wordings of each verse at once (find_fts, Porter-stemmed)
 * for any of the question's content words: the verses the lexical and phrase signals judge.
 */
export function lexicalMatches(input: FindInput): LexicalMatch[] {
  const rare = input.words.filter((w) => input.store.findFrequency(w) <= COMMON);
  // Where rarer words lead the query, so do their forms: "men" would bring in "man"'s 2,540 verses.
  const match = rare.length
    ? wordsMatch(rare, (form) => input.store.findFrequency(form) <= COMMON)
    : wordsMatch(input.words);
  if (!match) return [];
  const rows = input.store.findRanked(input.translations, match, DEPTH);
  const best = rows[0]?.score ?? 0;
  if (best <= 0) return [];
  const held = wordsHeld(input.words);
  return rows.map((r) => {
    // Loops rather than Object.entries and fromEntries: four arrays less per verse.
    const words: Record<string, string[]> = {};
    const holds: Record<string, string[]> = {};
    for (const t in r.texts) {
      words[t] = tokens(r.texts[t] as string);
      holds[t] = held(words[t]);
    }
    return { key: r.key, relevance: r.score / best, tokens: words, held: holds };
  });
}

/**
 * Each question word weighs its rarity (inverse document frequency), so holding "melchizedek"
 * counts for more than holding "king"; total is the weight of all of them.
 */
export function wordWeights(input: FindInput): { weight: Map<string, number>; total: number } {
  const weight = new Map(input.words.map((w) => [w, Math.log(1 + VERSES / (1 + input.store.findFrequency(w)))]));
  return { weight, total: [...weight.values()].reduce((a, b) => a + b, 0) };
}
