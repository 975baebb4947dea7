import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formsOf } from '../../src/find/irregular.js';
import { contentWords, isFunctionWord, phraseTokens } from '../../src/find/question.js';
import { irregularFamilies, type WordListName, wordList } from '../../src/find/words.js';

const LISTS: WordListName[] = ['frame', 'light', 'function'];

describe('the word lists of data/find-words', () => {
  it('are the four files there, and each loads', () => {
    const files = readdirSync(new URL('../../data/find-words/', import.meta.url)).sort();
    expect(files).toEqual(['frame.json', 'function.json', 'irregular.json', 'light.json']);
    for (const name of LISTS) expect([name, wordList(name).size > 10]).toEqual([name, true]);
    expect(irregularFamilies().length).toBeGreaterThan(50);
  });

  it('are read as the engine means them', () => {
    // frame words are never matched; function words only in a phrase; light words are function words.
    expect(wordList('frame').has('bible')).toBe(true);
    expect(phraseTokens('what does the Bible say about love')).toEqual(['the', 'about', 'love']);
    expect(isFunctionWord('the')).toBe(true);
    expect(isFunctionWord('getting')).toBe(true);
    expect(contentWords('getting')).toEqual(['getting']);
    expect(formsOf('built')).toEqual(['built', 'build', 'builded']);
    expect(formsOf('children')).toEqual(['children', 'child']);
    expect(formsOf('bear')).toEqual(['bear']);
  });
});
