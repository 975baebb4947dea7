import { describe, expect, it } from 'vitest';
import { affirmed, wordBookNumbers } from '../../src/find/wordbook.js';
import { itWithSword } from '../support/env.js';
import { find } from '../support/find.js';
import { useTestStore } from '../support/test-store.js';

describe('the KJV word book as a way from today’s words to the original ones', () => {
  it('reads a sense without what it says the word does not mean', () => {
    expect(affirmed('strong, vigorous (not lustful)').trim()).toBe('strong, vigorous');
    expect(affirmed('base, low, worthless (of a rabble), not specifically sexual')).not.toContain('sexual');
    expect(affirmed('anxious, worried, full of care')).toBe('anxious, worried, full of care');
  });

  describe('on the real library', () => {
    const store = useTestStore();

    it("leads a word through the senses that hold it to the numbers the KJV's headword renders", () => {
      // careful: "anxious, worried, full of care"; in Philippians 4:6 the KJV's "careful" is G3309.
      expect(wordBookNumbers(store(), 'kjv-wordbook', 'worry')).toEqual([
        { number: 'G3309', headword: 'careful' },
        { number: 'H1672', headword: 'careful' },
        { number: 'G275', headword: 'carefulness' },
        { number: 'H1674', headword: 'carefulness' },
      ]);
      // lusty is "strong, vigorous (not lustful)": no way from lust.
      expect(wordBookNumbers(store(), 'kjv-wordbook', 'lust').map((n) => n.headword)).not.toContain('lusty');
      expect(wordBookNumbers(store(), 'kjv-wordbook', 'xylophone')).toEqual([]);
    });

    itWithSword('answers "worry" with the KJV\'s "take no thought" and "be careful for nothing"', () => {
      const r = find(store(), 'what does the Bible say about worry?', {
        translation: 'kjv',
        limit: 5,
      });
      const refs = r.results.map((x) => x.ref);
      expect(refs).toContain('Matthew 6:25');
      expect(refs).toContain('Philippians 4:6');
      expect(refs).not.toContain('Genesis 3:17');
      expect(r.results.find((x) => x.ref === 'Matthew 6:25')?.why).toContain(
        'Strong\'s G3309 merimnáō "to be anxious about" (worry, the word book\'s "careful")',
      );
      expect(r.attribution).toContain('The KJV Word Book');
    });
  });
});
