import { describe, expect, it } from 'vitest';
import { heldWords, wordsMatch } from '../../src/find/full-text.js';
import { formsOf } from '../../src/find/irregular.js';
import { find } from '../support/find.js';
import { useTestStore } from '../support/test-store.js';

describe('find joins a word’s irregular forms, which stemming cannot', () => {
  const store = useTestStore();

  it('knows each form’s family, the word first, the KJV’s archaic forms too', () => {
    expect(formsOf('built')).toEqual(['built', 'build', 'builded']);
    expect(formsOf('spake')).toEqual(['spake', 'speak', 'spoke', 'spoken']);
    expect(formsOf('children')).toEqual(['children', 'child']);
    // Homographs are left alone: "born again" is no bear's, "drunk" no drink's past.
    for (const word of ['born', 'bear', 'drunk', 'left', 'found', 'saw', 'rose', 'thought', 'lives', 'won', 'temple'])
      expect(formsOf(word)).toEqual([word]);
  });

  it('searches and holds a word in any of its forms', () => {
    expect(wordsMatch(['ate'])).toBe('"ate" OR "eat" OR "eaten" OR "eaten"*');
    expect(heldWords(['built', 'temple'], ['solomon', 'began', 'to', 'build', 'the', 'house'])).toEqual(['built']);
    expect(heldWords(['ate'], ['they', 'did', 'eat'])).toEqual(['ate']);
    expect(heldWords(['built'], ['he', 'builded', 'it'])).toEqual(['built']);
    // The other forms are whole words: no "sold" in "soldier", "came" in "camel", "heard" in "heart".
    expect(heldWords(['sell'], ['the', 'soldiers'])).toEqual([]);
    expect(heldWords(['come'], ['a', 'camel'])).toEqual([]);
    expect(heldWords(['heard'], ['thy', 'heart'])).toEqual([]);
    expect(heldWords(['sell'], ['he', 'sold', 'all'])).toEqual(['sell']);
  });

  it('leaves a common form out of the index query that rarer words lead', () => {
    expect(wordsMatch(['men', 'wise'], (form) => form !== 'man')).toBe('"men" OR "wise"');
    expect(wordsMatch(['men'])).toBe('"men" OR "man"');
  });

  it('"Who built the temple" reaches "Solomon began to build the house of the LORD at Jerusalem"', () => {
    const found = find(store(), 'Who built the temple in Jerusalem?', {
      translation: 'kjv',
      limit: 3,
    });
    const chronicles = found.results.find((r) => r.ref === '2 Chronicles 3:1');
    expect(chronicles?.why[0]).toBe('words: built, jerusalem');
  });
});
