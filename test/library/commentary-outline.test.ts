import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKS } from '../../src/core/canon/canon.js';
import { mhccOutline } from '../../src/library/import/commentary-outline.js';
import { diathekeBatch, patchedSwordPath, squash } from '../support/diatheke.js';
import { itWithSword, TEST_LIBRARY } from '../support/env.js';

describe("Matthew Henry's chapter outlines, the rules on their own", () => {
  it('reads each title with its verses, the range on its line or the next', () => {
    const text = `Chapter 21

Chapter Outline

Birth of Isaac, Sarah's joy.

(1-8)

Ishmael mocks Isaac.(9-13)

Abimelech's covenant with Abraham.(22-34)

*Verses 1-8*

Few under the Old Testament (1-3) were brought into the world`;
    expect(mhccOutline(text, 34)).toEqual([
      { start: 1, end: 8, title: "Birth of Isaac, Sarah's joy" },
      { start: 9, end: 13, title: 'Ishmael mocks Isaac' },
      { start: 22, end: 34, title: "Abimelech's covenant with Abraham" },
    ]);
  });

  it('reads an outline in one paragraph with book-and-chapter ranges, after a book introduction', () => {
    const text = `Isaiah

Isaiah prophesied in the reigns of Uzziah (see 2Ki 15:1).

Chapter 56

A charge to keep the Divine precepts. (Is. 56:1,2) Blessings promised. (Is. 56:3-8) Reproof to the careless watchmen. (Is. 56:9-14)

*Verse 1* ,2 The Lord`;
    expect(mhccOutline(text, 12)).toEqual([
      { start: 1, end: 2, title: 'A charge to keep the Divine precepts' },
      { start: 3, end: 8, title: 'Blessings promised' },
      { start: 9, end: 12, title: 'Reproof to the careless watchmen' },
    ]);
  });

  it('gives a chapter of one part its title over all its verses, and takes no introduction for a title', () => {
    const psalm = 'Chapter 133\n\nThe excellency of brotherly love.\n\n--We cannot say too much';
    expect(mhccOutline(psalm, 3)).toEqual([{ start: 1, end: 3, title: 'The excellency of brotherly love' }]);
    const proverbs = `Chapter 10

Through the whole of the Proverbs, we are to look for somewhat beyond the first sense the passage may imply, and this we shall find to be Christ.

*Verse 1*

The comfort of parents`;
    expect(mhccOutline(proverbs, 32)).toEqual([]);
    expect(mhccOutline('Chapter 11\n\n*Verse 1*\n\nHowever men may make light', 31)).toEqual([]);
    expect(mhccOutline('Genesis\n\nGenesis is a name taken from the Greek (1-2).', 31)).toEqual([]);
  });
});

describe("Matthew Henry's chapter outlines in the library", () => {
  let db: Database.Database;
  beforeAll(() => {
    db = new Database(TEST_LIBRARY, { readonly: true });
  });
  afterAll(() => db?.close());
  const headings = (book: number, chapter: number) =>
    db
      .prepare(
        "SELECT verse_start AS start, verse_end AS end, text AS title FROM commentary_headings WHERE commentary = 'mhcc' AND book = ? AND chapter = ? ORDER BY verse_start",
      )
      .all(book, chapter);

  itWithSword('1 Kings 6 and John 3 carry their outlines as headings of their verses', () => {
    expect(headings(11, 6)).toEqual([
      { start: 1, end: 10, title: "The building of Solomon's temple" },
      { start: 11, end: 14, title: 'Promise given concerning the temple' },
      { start: 15, end: 38, title: 'Particulars respecting the temple' },
    ]);
    expect(headings(43, 3)).toEqual([
      { start: 1, end: 21, title: "Christ's discourse with Nicodemus" },
      { start: 22, end: 36, title: "The baptism of John of Christ John's testimony" },
    ]);
  });

  itWithSword(
    'nearly every chapter has headings, within its verses, each title as the module has it (60 chapters)',
    async () => {
      const rows = db
        .prepare(
          "SELECT book, chapter, verse_start, verse_end, text FROM commentary_headings WHERE commentary = 'mhcc'",
        )
        .all() as Array<{ book: number; chapter: number; verse_start: number; verse_end: number; text: string }>;
      const chapters = [...new Set(rows.map((r) => r.book * 1000 + r.chapter))].sort((a, b) => a - b);
      expect(chapters.length).toBeGreaterThanOrEqual(1140);
      for (const r of rows) {
        const verses = BOOKS[r.book - 1]?.verseCounts[r.chapter - 1] ?? 0;
        expect(
          r.verse_start >= 1 && r.verse_start <= r.verse_end && r.verse_end <= verses,
          `${r.book} ${r.chapter}`,
        ).toBe(true);
      }
      const sample = chapters.filter((_, i) => i % 19 === 5);
      expect(sample.length).toBeGreaterThanOrEqual(60);
      const env = { ...process.env, SWORD_PATH: patchedSwordPath() };
      const keys = sample.map((k) => `${BOOKS[Math.floor(k / 1000) - 1]?.name} ${k % 1000}`);
      const theirs = squash(await diathekeBatch('MHCC', keys, { env })).replace(/[&*]/g, '');
      const unfound = rows
        .filter((r) => sample.includes(r.book * 1000 + r.chapter))
        .filter((r) => !theirs.includes(squash(r.text).replace(/[&*]/g, '')))
        .map((r) => `${r.book} ${r.chapter}: ${r.text}`);
      expect(unfound.slice(0, 3)).toEqual([]);
    },
    120_000,
  );
});
