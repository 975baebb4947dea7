import { describe, expect, it } from 'vitest';
import { editDistance } from '../../src/core/text/edit-distance.js';
import { spelledAsMeant } from '../../src/find/spelling.js';
import { keyPrincipal } from '../../src/service/context.js';
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
      spelledAsMeant(
        store(),
        ['golaith', 'nebuchadnezar', 'methusela', 'ninevah', 'bethlehm', 'dream'],
        lexicons,
        store().resources(),
      ),
    ).toEqual(['goliath', 'nebuchadnezzar', 'methuselah', 'nineveh', 'bethlehem', 'dream']);
    // Left as typed: words the texts hold, a transliteration, topic words, short words, modern
    // words whose near neighbours are other words.
    const kept = [
      ...['worry', 'agape', 'prodigal', 'gosh', 'bullying', 'depression', 'remarriage', 'cremation'],
      ...['illness', 'mental', 'police', 'cancer', 'hardest', 'sterling', 'revolution', 'compilation'],
    ];
    expect(spelledAsMeant(store(), kept, lexicons, store().resources())).toEqual(kept);
  });

  it('finds the verses of the name meant', () => {
    const found = find(store(), 'Golaith', { translation: 'kjv', limit: 3 });
    expect(found.results.map((r) => r.ref)).toEqual(['1 Samuel 17:4', '1 Samuel 22:10', '1 Samuel 21:9']);
    expect(found.results[0]?.why).toContain('words: goliath');
  });

  // The names come from the topics' headwords and the stories: a key that may read neither is
  // not told a name only they hold (issue 32.9).
  it('draws only on the headwords of the works the asker may read', () => {
    const webOnly = keyPrincipal({ scopes: ['web'] } as Parameters<typeof keyPrincipal>[0]);
    const found = find(store(), 'Golaith', { translation: 'web', limit: 3 }, webOnly);
    expect(found.results.flatMap((r) => r.why).filter((why) => why.includes('goliath'))).toEqual([]);
    const withStories = keyPrincipal({ scopes: ['web', 'stories'] } as Parameters<typeof keyPrincipal>[0]);
    expect(find(store(), 'Golaith', { translation: 'web', limit: 3 }, withStories).results[0]?.why).toContain(
      'words: goliath',
    );
    const everything = store().resources();
    const readable = (ids: string[]) => everything.filter((r) => ids.includes(r.id));
    const lexicons: Array<'greek' | 'hebrew'> = [];
    expect(spelledAsMeant(store(), ['golaith', 'methusela'], lexicons, readable(['web']))).toEqual([
      'golaith',
      'methusela',
    ]);
    expect(spelledAsMeant(store(), ['golaith'], lexicons, readable(['web', 'nave']))).toEqual(['goliath']);
  });
});
