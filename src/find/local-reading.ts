import { findLocalBook, onePsalmName } from '../core/canon/book-names.js';
import { findBook } from '../core/canon/canon.js';
import { fold } from '../core/search/matches.js';
import { stemmerOf, textWords } from '../core/text/stemmers.js';
import { languageName, questionLanguage, withoutFunctionWords } from './language.js';
import { hasWordLists, type LocalWordLists, localWordLists } from './local-words.js';
import type { FindStore } from './store.js';

/** A question read in a translation's own language (Spanish, the RV1909's): what the `local` signal matches. */
export interface LocalReading {
  language: string;
  /** The translation of that language its words are matched in. */
  translation: string;
  /** Its content words' stems, in order, each once (no function or frame words). */
  stems: string[];
  /** Every word's stem but the frame's, in order: the phrase a half-remembered line is. */
  phrase: string[];
}

/** A question read as the English signals read one, and in its own language. */
interface LocalQuestion {
  /** The question as the English signals read it: its opening, its references and its words in English. */
  english: string;
  local: LocalReading;
}

/** How the engine reads a question: in English, or in its own language and in English, or in English for want of a translation. */
export interface QuestionReading {
  /** What the English signals read. */
  text: string;
  /** The translation shown: the one asked, or one in the question's language where the asked one is in another. */
  translation: string;
  /** The question's language (BCP 47 base code; "und" when it cannot be told). */
  language: string;
  local?: LocalReading;
  /** The question's language, named, where the library has no translation in it: it was read as English. */
  unread?: string;
}

/**
 * How a question is read: its language (language.ts); in a language with a readable translation
 * and word lists here, as that language (readLocal), shown in that translation if the one asked
 * is in another; in a language without one, as English with that language's function words
 * dropped ("la" is no topic in any language), and named, so the answer can say so.
 */
export function readQuestion(
  store: FindStore,
  question: string,
  translation: string,
  bibles: readonly string[],
  keep = false,
): QuestionReading {
  const asked = store.translationLanguage(translation);
  const language = questionLanguage(question, asked);
  if (language === 'en') return { text: question, translation, language };
  const own = asked === language ? translation : bibles.find((id) => store.translationLanguage(id) === language);
  if (own && stemmerOf(language) && hasWordLists(language)) {
    const read = readLocal(store, question, language, own);
    // Named by the asker (`-t kjv`): read in its language, shown in the translation asked for.
    return { text: read.english, translation: keep ? translation : own, language, local: read.local };
  }
  return { text: withoutFunctionWords(question, language), translation, language, unread: languageName(language) };
}

/** How many English words one word of the question may stand for through the Strong's numbers. */
const GLOSSES_PER_WORD = 2;
/** A further gloss must weigh this share of the word's best one. */
const GLOSS_SHARE = 0.5;

const isNumber = (w: string | undefined) => w !== undefined && /^\d+$/.test(w);

/**
 * A question in a language with word lists and a stemmer (data/find-words/<language>/), to be
 * matched in one of its translations: its words as stems for that translation's own index, and
 * an English reading for the signals that read English works (Nave's, Everyday Topics, the
 * stories, the commentaries' headings, the Strong's lexicons): its opening as English's ("quién
 * fue" → who was), its book names as the canon's ("Salmo 23" → Psalm 23), each everyday word as
 * its Everyday Topics subject's English word ("ansiedad" → anxiety), every other word as the
 * English words the KJV renders its Strong's numbers with ("diluvio" → flood), a name without
 * one as written. The verses both find are the same verse keys.
 */
function readLocal(store: FindStore, question: string, language: string, translation: string): LocalQuestion {
  const stem = stemmerOf(language) as (w: string) => string;
  const lists = localWordLists(language);
  const words = textWords(question.normalize('NFKC'));
  const folded = words.map(fold);
  const english: string[] = [];
  let from = 0;
  const opening = lists.frames.find(([local]) => folded.join(' ').startsWith(`${local} `));
  if (opening) {
    english.push(opening[1]);
    from = opening[0].split(' ').length;
  }
  const stems: string[] = [];
  const phrase: string[] = [];
  for (let i = from; i < words.length; i++) {
    const w = folded[i] as string;
    const book = bookBefore(folded, i, language);
    if (book) {
      english.push(book.name);
      i += book.words - 1;
      continue;
    }
    if (isNumber(w)) {
      english.push(w);
      continue;
    }
    if (lists.frame.has(w)) continue;
    const s = stem(words[i] as string);
    phrase.push(s);
    if (lists.function.has(w) || w.length < 2 || stems.includes(s)) continue;
    stems.push(s);
    english.push(...englishOf(store, lists, language, words[i] as string, s));
  }
  return { english: english.join(' '), local: { language, translation, stems, phrase } };
}

/** A book named before a number at `at` (its words from `at`), in the language or in English ("1 corintios 13", "salmo 23"). */
function bookBefore(words: string[], at: number, language: string): { name: string; words: number } | undefined {
  for (let n = 3; n >= 1; n--) {
    if (!isNumber(words[at + n])) continue;
    const text = words.slice(at, at + n).join(' ');
    if (!/\p{L}/u.test(text)) continue;
    if (n === 1 && text === fold(onePsalmName(language))) return { name: 'Psalm', words: 1 };
    const book = findLocalBook(text)?.book ?? findBook(text);
    if (book) return { name: book.name, words: n };
  }
  return undefined;
}

const everydayStems = new Map<string, Map<string, { word: string; english: string }>>();
/** The everyday words by stem, each with the word itself. */
function everydayByStem(lists: LocalWordLists, language: string): Map<string, { word: string; english: string }> {
  let byStem = everydayStems.get(language);
  if (!byStem) {
    const stem = stemmerOf(language) as (w: string) => string;
    byStem = new Map([...lists.everyday].map(([word, english]) => [stem(word), { word, english }]));
    everydayStems.set(language, byStem);
  }
  return byStem;
}

/**
 * The everyday word a word is a form of: same stem, and the same letters up to one past it
 * ("ansiedades" is "ansiedad"; "perdonar" is "perdón"; "peces" is not "pecado", stem "pec").
 */
function everydayOf(lists: LocalWordLists, language: string, word: string, stem: string): string | undefined {
  const entry = everydayByStem(lists, language).get(stem);
  if (!entry) return undefined;
  const n = Math.min(entry.word.length, stem.length + 1);
  return entry.word.slice(0, n) === fold(word).slice(0, n) ? entry.english : undefined;
}

/** A word's English: its everyday subject's word, else its Strong's renderings, else the word as written (a name). */
function englishOf(store: FindStore, lists: LocalWordLists, language: string, word: string, stem: string): string[] {
  const everyday = everydayOf(lists, language, word, stem);
  if (everyday) return [everyday];
  const glosses = store.localGlosses(language, word.toLowerCase(), stem);
  const top = glosses[0]?.weight ?? 0;
  if (top > 0)
    return glosses
      .filter((g) => g.weight >= top * GLOSS_SHARE)
      .slice(0, GLOSSES_PER_WORD)
      .map((g) => g.word);
  // A name the text writes otherwise is read as meant by the engine's spelling ("goliat" → goliath).
  return [fold(word)];
}
