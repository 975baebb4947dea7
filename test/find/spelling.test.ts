import { describe, expect, it } from 'vitest';
import { editDistance } from '../../src/core/text/edit-distance.js';
import { spelledAsMeant } from '../../src/find/spelling.js';
import { find } from '../support/find.js';
import { useTestStore } from '../support/test-store.js';

describe('find reads misspelt names as meant', () => {
  const store = useTestStore();

  it('counts a swap of neighbouring letters as one edit, and gives up past the most asked', () => {
    expect(editDistance('golaith', 'goliath', 1)).toBe(1);
    expect(editDistance('nebuchadnezar', 'nebuchadnezzar', 2)).toBe(1);
    expect(editDistance('bullying', 'building', 2)).toBe(2);
    expect(editDistance('bullying', 'building', 1)).toBe(2);
    expect(editDistance('abc', 'abcdef', 2)).toBe(3);
  });

  it('reads a word no verse holds and no English word list knows as the one topic or story word within reach', () => {
    const lexicons: Array<'greek' | 'hebrew'> = ['greek', 'hebrew'];
    expect(
      spelledAsMeant(store(), ['golaith', 'nebuchadnezar', 'methusela', 'ninevah', 'bethlehm', 'dream'], lexicons),
    ).toEqual(['goliath', 'nebuchadnezzar', 'methuselah', 'nineveh', 'bethlehem', 'dream']);
    // Left as typed: words the texts hold, a transliteration, topic words, short words, modern
    // words whose near neighbours are other words.
    const kept = [
      ...['worry', 'agape', 'prodigal', 'gosh', 'bullying', 'depression', 'remarriage', 'cremation'],
      ...['illness', 'mental', 'police', 'cancer', 'hardest', 'sterling', 'revolution', 'compilation'],
    ];
    expect(spelledAsMeant(store(), kept, lexicons)).toEqual(kept);
  });

  it('finds the verses of the name meant', () => {
    const found = find(store(), 'Golaith', { translation: 'kjv', limit: 3 });
    expect(found.results.map((r) => r.ref)).toEqual(['1 Samuel 17:4', '1 Samuel 22:10', '1 Samuel 21:9']);
    expect(found.results[0]?.why).toContain('words: goliath');
  });
});
