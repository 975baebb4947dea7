import { readFileSync } from 'node:fs';

let list: string | undefined;

/**
 * Whether a word is an English word: the npm package word-list (274,000 words in lower case, one a
 * line, names left out), read on first use, which only a question with a word no verse holds makes.
 * A search of the text rather than a set: one word is asked after, and a set of them costs ~100 ms.
 */
export function isEnglishWord(word: string): boolean {
  // createRequire: the caller is synchronous, and the package is an ES module (require() loads it on
  // Node >= 20.19). node:module is loaded only then: with the ES module loader it brings, ~0.3 ms.
  if (list === undefined) {
    const { createRequire } = process.getBuiltinModule('node:module');
    list = `\n${readFileSync((createRequire(import.meta.url)('word-list') as { default: string }).default, 'utf8')}\n`;
  }
  return list.includes(`\n${word.toLowerCase()}\n`);
}
