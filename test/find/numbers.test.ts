import { describe, expect, it } from 'vitest';
import { contentWords, countWords } from '../../src/find/question.js';
import { find } from '../support/find.js';
import { useTestStore } from '../support/test-store.js';

describe('find reads a number as the verses write it', () => {
  const store = useTestStore();

  it('in words, unless it is part of a reference', () => {
    expect(contentWords('the 12 disciples')).toEqual(['twelve', 'disciples']);
    expect(contentWords('Jesus fasted 40 days')).toEqual(['jesus', 'fasted', 'forty', 'days']);
    expect(contentWords('feeding of the 5000')).toEqual(['feeding', 'five', 'thousand']);
    expect(contentWords('153 fish')).toEqual(['one', 'hundred', 'fifty', 'three', 'fish']);
    // References: after a book name of up to three words, after a number, or beginning a book name.
    for (const reference of ['John 3 16', 'Psalm 23', '1 John 4 8', 'Romans 8:28'])
      expect(contentWords(reference)).toEqual([]);
    expect(contentWords('Song of Solomon 2')).toEqual(['song', 'solomon']);
    // Nor after "chapter" or "verse", nor a span's second number; thousands may have commas.
    for (const reference of ['Mark 4 verse 39', 'Revelation 21 verses 1 to 4'])
      expect(contentWords(reference)).toEqual([]);
    expect(contentWords('the 1,000 year reign')).toEqual(['one', 'thousand', 'year', 'reign']);
    expect(countWords('70 times 7, the 1,000 years')).toEqual(new Set(['seventy', 'seven', 'one', 'thousand']));
    // Not a count: past a million, or written with a leading zero.
    expect(contentWords('call 0800 or 12345678')).toEqual(['call']);
  });

  it('a count names no topic: "70 times 7" is not Nave\'s SEVENTY (the seventy sent out)', () => {
    const found = find(store(), 'how many times should I forgive, 70 times 7?', {
      translation: 'kjv',
      limit: 10,
    });
    expect(found.results[0]?.ref).toBe('Matthew 18:21');
    expect(found.results.some((r) => r.why.some((w) => w.startsWith('topic: SEVENTY')))).toBe(false);
  });

  it('"the feeding of the 5000" reaches the five thousand fed', () => {
    const found = find(store(), 'the feeding of the 5000', { translation: 'kjv', limit: 6 });
    // The story's and the named passage's verses (the lad's five loaves, John 6:9) and the verse
    // that holds the number (John 6:10).
    const ten = found.results.find((r) => r.ref === 'John 6:10');
    expect(ten?.why[0]).toBe('words: five, thousand');
    // Every one from the four tellings.
    expect(found.results.every((r) => /^(?:John 6|Matthew 14|Mark 6|Luke 9):/.test(r.ref))).toBe(true);
  });
});
