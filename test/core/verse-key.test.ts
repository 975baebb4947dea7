import { describe, expect, it } from 'vitest';
import { canonicalPosition, parseReference } from '../../src/core/reference/reference.js';
import { atVerseKeySql, chapterOfKey, keyParts, verseKey, verseKeySql } from '../../src/core/reference/verse-key.js';

describe('a verse as one number', () => {
  it('orders the canon and reads back its book, chapter and verse', () => {
    expect(verseKey(43, 3, 16)).toBe(43_003_016);
    expect(keyParts(43_003_016)).toEqual({ book: 43, chapter: 3, verse: 16 });
    expect(keyParts(verseKey(19, 119, 176))).toEqual({ book: 19, chapter: 119, verse: 176 });
    expect(verseKey(1, 50, 26)).toBeLessThan(verseKey(2, 1, 1));
    expect(chapterOfKey(verseKey(19, 23, 1))).toBe(chapterOfKey(verseKey(19, 23, 6)));
    expect(chapterOfKey(verseKey(19, 23, 6))).not.toBe(chapterOfKey(verseKey(19, 24, 1)));
    expect(canonicalPosition(parseReference('John 3:16'))).toBe(verseKey(43, 3, 16));
  });

  it('is written the same in SQL', () => {
    expect(verseKeySql()).toBe('book * 1000000 + chapter * 1000 + verse');
    expect(verseKeySql('o')).toBe('o.book * 1000000 + o.chapter * 1000 + o.verse');
    expect(atVerseKeySql('k.value', 'v')).toBe(
      'v.book = k.value / 1000000 AND v.chapter = k.value / 1000 % 1000 AND v.verse = k.value % 1000',
    );
  });
});
