import { describe, expect, it } from 'vitest';
import { ftsQuery } from '../../src/library/store/fts.js';

// Each word of a lexicon, topic or story search is one more pass of the index over its rows: a
// word said twice is asked once ('a-a-a-…' ×16 was 16 passes over every entry holding 'a').
describe('the FTS5 query of a free search text', () => {
  it('asks a repeated word once, the last as typed (a prefix)', () => {
    expect(ftsQuery(Array.from({ length: 16 }, () => 'a').join('-'))).toBe('"a" "a"*');
    expect(ftsQuery('love Love peace love')).toBe('"love" "peace" "love"*');
    expect(ftsQuery('faith hope')).toBe('"faith" "hope"*');
  });

  it('asks each prefix once when every word is one', () => {
    expect(ftsQuery('a a b A', { prefixAll: true })).toBe('"a"* "b"*');
  });

  it('keeps a headword phrase as typed', () => {
    expect(ftsQuery('son of son', { anchored: true })).toBe('^"son of son"*');
  });
});
