import { describe, expect } from 'vitest';
import { itWithSword } from '../support/env.js';
import { find } from '../support/find.js';
import { useTestStore } from '../support/test-store.js';

// The find route tells the engine's structured reasons in the contract's words: these are the
// strings `bible find` answered before the reasons became data, each signal's wording among them.
describe("the find route's reasons, in words", () => {
  const store = useTestStore();
  const why = (question: string, ref: string) =>
    find(store(), question, { translation: 'kjv', limit: 10 }).results.find((r) => r.ref === ref)?.why;

  itWithSword('tells each signal as before', () => {
    expect(why('Who was Melchizedek?', 'Genesis 14:18')).toEqual([
      'words: melchizedek',
      'the first verse to name Melchizedek',
      'Strong\'s H4442 Malkîy-Tsedeq "Malki-Tsedek, an early king in Palestine" (melchizedek)',
      'topic: MELCHIZEDEK',
      'everyday topic: Melchizedek',
      'commentary: Matthew Henry\'s Concise Commentary, "Melchizedek blesses Abram" (Genesis 14:17-20)',
      'story: Abram Rescues Lot and Meets Melchizedek, its key verses Genesis 14:18-20',
      'cross-reference from Psalms 110:4, Hebrews 5:6, Hebrews 7:1',
      'well known: cross-referred to from 15 books',
    ]);
    expect(why('What does the Bible say about worry and anxiety?', 'Philippians 4:6')).toEqual([
      'Strong\'s G3309 merimnáō "to be anxious about" (worry, the word book\'s "careful"); G3309 merimnáō "to be anxious about" (anxiety)',
      'topic: CARE (see also from ANXIETY)',
      'everyday topic: Anxiety and worry',
      'situation: anxiety and stress (everyday topic: Anxiety and worry)',
      'cross-reference from 1 Peter 5:7, Matthew 6:25, Psalms 55:22',
      'well known: cross-referred to from 25 books',
    ]);
    expect(why('What does the Bible say about worry and anxiety?', '1 Peter 5:7')?.[0]).toBe('words: worry (WEB)');
    expect(why('I can do all things through Christ', 'Philippians 4:13')?.slice(0, 2)).toEqual([
      'words: things, christ',
      'phrase (KJV): 6 of 6 word pairs in order',
    ]);
    expect(why('Who betrayed Jesus?', 'Matthew 26:48')?.slice(0, 2)).toEqual([
      'words: betrayed',
      'passage: jesus in the verses beside it',
    ]);
    expect(why('Who betrayed Jesus?', 'Luke 22:48')).toContain(
      'story: The Betrayal and Arrest of Jesus, its key verse Luke 22:48',
    );
    expect(why('Who betrayed Jesus?', 'Luke 22:47')).toContain('story: The Betrayal and Arrest of Jesus');
    expect(why('what did Jesus say about worry', 'Matthew 6:34')).toContain('in the words of Christ');
    expect(why('Romans 8:28 all things work together for good', 'Romans 8:28')?.[0]).toBe(
      'named in the question: Romans 8:28',
    );
  });

  itWithSword("tells the attribution of what was drawn on, the translation's first and the lexicons' last", () => {
    const lines = find(store(), 'What does the Bible say about worry and anxiety?', {
      translation: 'kjv',
      limit: 10,
    }).attribution.split('\n');
    expect(lines.map((l) => l.split(/[ ,:(]/)[0])).toEqual([
      'King',
      'World',
      "Nave's",
      'The',
      'The',
      'Everyday',
      "Strong's",
      "Strong's",
    ]);
  });
});
