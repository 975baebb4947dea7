import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formsOf } from '../../src/find/irregular.js';
import { localWordLists } from '../../src/find/local-words.js';
import { contentWords, isFunctionWord, phraseTokens } from '../../src/find/question.js';
import { irregularFamilies, type WordListName, wordList } from '../../src/find/words.js';

const LISTS: WordListName[] = ['frame', 'light', 'function'];

describe('the word lists of data/find-words', () => {
  it('are the five files there, and each loads; the Spanish lists in es/', () => {
    const files = readdirSync(new URL('../../data/find-words/', import.meta.url)).sort();
    expect(files).toEqual(['es', 'frame.json', 'function.json', 'irregular.json', 'language-marks.json', 'light.json']);
    const es = localWordLists('es');
    expect([es.function.has('la'), es.frame.has('biblia'), es.everyday.get('ansiedad')]).toEqual([
      true,
      true,
      'anxiety',
    ]);
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

  it('the Spanish everyday words each name a word of an Everyday Topics subject', () => {
    const subjects = JSON.parse(
      readFileSync(new URL('../../data/everyday-topics/subjects.json', import.meta.url), 'utf8'),
    );
    const named = new Set(subjects.flatMap((s: { words: string[] }) => s.words));
    const unknown = [...localWordLists('es').everyday].filter(([, english]) => !named.has(english));
    expect(unknown).toEqual([]);
  });
});
