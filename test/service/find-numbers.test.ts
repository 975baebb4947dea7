import { describe, expect, it } from 'vitest';
import { LOCAL_PRINCIPAL } from '../../src/service/context.js';
import { findVerses } from '../../src/service/find/engine.js';
import { contentWords } from '../../src/service/find/question.js';
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
    // Not a count: past a million, or written with a leading zero.
    expect(contentWords('call 0800 or 12345678')).toEqual(['call']);
  });

  it('"the feeding of the 5000" reaches the five thousand fed', () => {
    const found = findVerses(store(), LOCAL_PRINCIPAL, 'the feeding of the 5000', { translation: 'kjv', limit: 3 });
    expect(found.results[0]?.ref).toBe('John 6:10');
    expect(found.results[0]?.why[0]).toBe('words: five, thousand');
  });
});
