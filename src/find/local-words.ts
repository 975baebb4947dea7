import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fold } from '../core/search/matches.js';
import { packageRoot } from '../library/package-root.js';

/**
 * The word lists of a language other than English (data/find-words/<language>/): its function
 * words, the words and openings a question is wrapped in, and its everyday words for the
 * subjects of Everyday Topics. Each is folded as the index folds words (no accents).
 */
export interface LocalWordLists {
  function: ReadonlySet<string>;
  frame: ReadonlySet<string>;
  /** Openings as the English signals read them: [folded Spanish words, English]. */
  frames: ReadonlyArray<readonly [string, string]>;
  /** Everyday words, folded, each with the English word of its Everyday Topics subject. */
  everyday: ReadonlyMap<string, string>;
}

const read = (language: string, file: string) =>
  JSON.parse(readFileSync(join(packageRoot(), 'data', 'find-words', language, file), 'utf8')) as Record<
    string,
    unknown
  >;

const isWord = (w: unknown): w is string => typeof w === 'string' && /^[\p{L}' ]+$/u.test(w);

function words(language: string, file: string, field: string): string[] {
  const value = read(language, file)[field];
  if (!Array.isArray(value) || !value.every(isWord))
    throw new Error(`data/find-words/${language}/${file}: "${field}" is not an array of words`);
  return value.map(fold);
}

const loaded = new Map<string, LocalWordLists>();

/** A language's lists, read on first use (a question in that language). */
export function localWordLists(language: string): LocalWordLists {
  let lists = loaded.get(language);
  if (!lists) {
    const frames = read(language, 'frame.json').frames;
    const everyday = read(language, 'everyday.json').words;
    if (!Array.isArray(frames) || !frames.every((f) => Array.isArray(f) && f.length === 2 && f.every(isWord)))
      throw new Error(`data/find-words/${language}/frame.json: "frames" is not an array of [words, English]`);
    if (
      !everyday ||
      typeof everyday !== 'object' ||
      !Object.entries(everyday).every(([k, v]) => isWord(k) && isWord(v))
    )
      throw new Error(`data/find-words/${language}/everyday.json: "words" is not an object of word → English word`);
    lists = {
      function: new Set(words(language, 'function.json', 'words')),
      frame: new Set(words(language, 'frame.json', 'words')),
      frames: (frames as Array<[string, string]>).map(([l, e]) => [fold(l), e] as const),
      everyday: new Map(Object.entries(everyday as Record<string, string>).map(([k, v]) => [fold(k), v])),
    };
    loaded.set(language, lists);
  }
  return lists;
}

/** The languages with lists here: those find reads a question in besides English. */
const LISTED = ['es'];

/** Whether find has word lists for a language (data/find-words/<language>/). */
export const hasWordLists = (language: string) => LISTED.includes(language);
