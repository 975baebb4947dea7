import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../library/package-root.js';

/** The curated word lists of data/find-words/ (each file says what its words are and why). */
export type WordListName = 'frame' | 'light' | 'function';

/** A list file read from the package's data/, as the importer reads the other curated data. */
function readList(file: string, field: 'words' | 'families'): unknown[] {
  const path = join(packageRoot(), 'data', 'find-words', file);
  const value = (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>)[field];
  if (!Array.isArray(value)) throw new Error(`${path}: expected "${field}" to be a JSON array`);
  return value;
}

const isWord = (w: unknown): w is string => typeof w === 'string' && /^[a-z']+$/.test(w);

const lists = new Map<WordListName, ReadonlySet<string>>();

/** A word list as a set, read on first use (a question that needs it: most `bible` runs need none). */
export function wordList(name: WordListName): ReadonlySet<string> {
  let list = lists.get(name);
  if (!list) {
    const words = readList(`${name}.json`, 'words');
    if (!words.every(isWord)) throw new Error(`data/find-words/${name}.json: a word is not a lower-case word`);
    list = new Set(words);
    lists.set(name, list);
  }
  return list;
}

let families: ReadonlyArray<readonly string[]> | undefined;

/** The families of irregular forms (data/find-words/irregular.json), the present first. */
export function irregularFamilies(): ReadonlyArray<readonly string[]> {
  if (!families) {
    const read = readList('irregular.json', 'families');
    if (!read.every((f): f is string[] => Array.isArray(f) && f.length > 1 && f.every(isWord)))
      throw new Error('data/find-words/irregular.json: a family is not two or more lower-case words');
    families = read;
  }
  return families;
}
