import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import stopwords from 'stopword';
import { fold } from '../core/search/matches.js';
import { packageRoot } from '../library/package-root.js';
import { localWordLists } from './local-words.js';
import { wordList } from './words.js';

/**
 * The language a question is written in, read from its function words (a question is short: a
 * trigram detector such as franc read a third of the English "Who was Enoch?" kind as Spanish,
 * Dutch or French). Each word counts for the languages whose stop words (the `stopword`
 * package's lists, 60 languages) hold it, unless English's do: reading an English question as
 * another language would lose it, so English has the benefit of every doubt.
 */

/** Marks only Spanish writes among the languages read here: an opening ¿ or ¡ (two words' worth); its accents but French's é, and ñ (one). */
const SPANISH_MARKS = /[¿¡]/;
const SPANISH_LETTERS = /[áíóúñ]/i;
/** A language other than Spanish needs this many of its words: one ("bad" is Breton's) is too few to turn from English. */
const OTHER_LANGUAGE_HITS = 2;

let byWord: Map<string, string[]> | undefined;
/** Each stop word of every language but English, folded, with its languages (ISO 639-3). */
function languagesOfWords(): Map<string, string[]> {
  if (!byWord) {
    byWord = new Map();
    for (const [code, list] of Object.entries(stopwords)) {
      if (!/^[a-z]{3}$/.test(code) || code === 'eng' || !Array.isArray(list)) continue;
      for (const w of new Set(list.map(fold))) byWord.set(w, [...(byWord.get(w) ?? []), code]);
    }
  }
  return byWord;
}

let english: Set<string> | undefined;
function isEnglishWord(w: string): boolean {
  english ??= new Set([
    ...(stopwords.eng as string[]),
    ...wordList('function'),
    ...wordList('frame'),
    ...wordList('light'),
  ]);
  return english.has(w);
}

/** Spanish, Portuguese and Italian, as the stop-word lists name them: they share most function words. */
const ROMANCE = { es: 'spa', pt: 'por', it: 'ita' } as const;
type Romance = (typeof ROMANCE)[keyof typeof ROMANCE];
interface Marks {
  letters: string;
  words: ReadonlySet<string>;
}
let marks: ReadonlyMap<Romance, Marks> | undefined;
/** What each of the three writes and the other two do not (data/find-words/language-marks.json), its words folded. */
function romanceMarks(): ReadonlyMap<Romance, Marks> {
  if (!marks) {
    const path = join(packageRoot(), 'data', 'find-words', 'language-marks.json');
    const read = (JSON.parse(readFileSync(path, 'utf8')) as { languages?: Record<string, Partial<Marks>> }).languages;
    const out = new Map<Romance, Marks>();
    for (const [code, iso] of Object.entries(ROMANCE)) {
      const m = read?.[code];
      const words = (m?.words ?? []) as unknown as string[];
      if (typeof m?.letters !== 'string' || !Array.isArray(words))
        throw new Error(`${path}: "${code}" needs letters and words`);
      out.set(iso, { letters: m.letters, words: new Set(words.map((w) => fold(w))) });
    }
    marks = out;
  }
  return marks;
}

/**
 * Which of Spanish, Portuguese and Italian a question holds most marks of (words and letters only
 * it writes), Spanish where none or as many: the stop-word lists share most of the words a question
 * is made of ("o que", "la", "de"), so a Portuguese or Italian question would be read as Spanish
 * and answered with Spanish verses.
 */
function romanceOf(question: string, words: readonly string[]): Romance {
  const parts = words.flatMap((w) => w.split("'"));
  let best: Romance = 'spa';
  let most = 0;
  for (const [code, m] of romanceMarks()) {
    const letters = [...m.letters].filter((l) => question.toLowerCase().includes(l)).length;
    const n = letters + parts.filter((w) => m.words.has(w)).length;
    if (n > most) {
      best = code;
      most = n;
    }
  }
  return best;
}

/** An ISO 639-3 code (the stop-word lists') as BCP 47 has it: "fra" → "fr". */
function bcp47(code: string): string {
  try {
    return Intl.getCanonicalLocales(code)[0] ?? code;
  } catch {
    return code;
  }
}

/** What a question is written in: a BCP 47 base code ("en", "es", "fr"), or "und" when it cannot be told. */
export function questionLanguage(question: string, translationLanguage?: string): string {
  const words = (question.toLowerCase().match(/[\p{L}']+/gu) ?? []).map(fold);
  let englishHits = 0;
  const hits = new Map<string, number>();
  const spanish = localWordLists('es');
  for (const w of words) {
    if (isEnglishWord(w)) {
      englishHits++;
      continue;
    }
    const langs = new Set(languagesOfWords().get(w) ?? []);
    if (spanish.function.has(w) || spanish.frame.has(w)) langs.add('spa');
    for (const [code, m] of romanceMarks()) if (w.split("'").some((part) => m.words.has(part))) langs.add(code);
    for (const l of langs) hits.set(l, (hits.get(l) ?? 0) + 1);
  }
  const marks = (SPANISH_MARKS.test(question) ? 2 : 0) + (SPANISH_LETTERS.test(question) ? 1 : 0);
  if (marks) hits.set('spa', (hits.get('spa') ?? 0) + marks);
  // The translation's language first among equals, then Spanish (the library's other language).
  const preferred = translationLanguage === 'es' ? 'spa' : undefined;
  let best: string | undefined;
  let most = 0;
  for (const [code, n] of hits) {
    if (code !== 'spa' && n < OTHER_LANGUAGE_HITS) continue;
    const ahead = n > most || (n === most && (code === preferred || (code === 'spa' && best !== preferred)));
    if (ahead) {
      best = code;
      most = n;
    }
  }
  // Spanish, Portuguese or Italian: the one whose own marks it holds.
  if (best === 'spa' || best === 'por' || best === 'ita') best = romanceOf(question, words);
  if (best && most > englishHits) return bcp47(best);
  if (!englishHits && translationLanguage && translationLanguage !== 'en') return translationLanguage;
  // Letters, none of them Latin, and no stop word known: a language this cannot name.
  if (!englishHits && /\p{L}/u.test(question) && !/[a-z]/i.test(fold(question))) return 'und';
  return 'en';
}

/** A language's name in English ("French"); "the question's language" where it cannot be told. */
export function languageName(code: string): string {
  if (code === 'und') return "the question's language";
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A language's stop-word list, by its BCP 47 code. */
function listOf(code: string): string[] {
  const three = Object.keys(stopwords).find((k) => /^[a-z]{3}$/.test(k) && bcp47(k) === code);
  const list = three ? stopwords[three] : undefined;
  return Array.isArray(list) ? list : [];
}

/** A question without the function words of its language ("Que dit la Bible sur l'anxiété" → "dit Bible anxiété"). */
export function withoutFunctionWords(question: string, language: string): string {
  const drop = new Set(listOf(language).map(fold));
  return (question.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !drop.has(fold(w.toLowerCase()))).join(' ');
}
