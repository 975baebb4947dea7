import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { BOOKS } from '../../src/core/canon/canon.js';
import { STRAY_USFM } from '../../src/library/markup/osis-study.js';
import { exportByVerse, exportModule, patchedSwordPath, squash } from '../support/diatheke.js';
import { itWithSword, TEST_LIBRARY } from '../support/env.js';

/** 500 verses spread over all 66 books (a fixed stride through the canon), plus 5 whole chapters. */
function sampleVerses(): Array<{ book: number; chapter: number; verse: number }> {
  const all: Array<{ book: number; chapter: number; verse: number }> = [];
  for (const b of BOOKS)
    b.verseCounts.forEach((n, i) => {
      for (let v = 1; v <= n; v++) all.push({ book: b.number, chapter: i + 1, verse: v });
    });
  const picked = new Map<string, { book: number; chapter: number; verse: number }>();
  for (const b of BOOKS) {
    const c = Math.ceil(b.chapters / 2);
    picked.set(`${b.number}:${c}:1`, { book: b.number, chapter: c, verse: 1 });
  }
  const stride = Math.floor(all.length / 440);
  for (let i = 7; i < all.length && picked.size < 500; i += stride) {
    const x = all[i]!;
    picked.set(`${x.book}:${x.chapter}:${x.verse}`, x);
  }
  for (const [book, chapter] of [
    [1, 1],
    [19, 23],
    [23, 53],
    [43, 3],
    [46, 13],
  ] as const) {
    const n = BOOKS[book - 1]!.verseCounts[chapter - 1]!;
    for (let v = 1; v <= n; v++) picked.set(`${book}:${chapter}:${v}`, { book, chapter, verse: v });
  }
  return [...picked.values()];
}

const key = (book: number, chapter: number, verse: number) => `${BOOKS[book - 1]!.name} ${chapter}:${verse}`;

describe('the library against libsword (mod2imp -s)', () => {
  let db: Database.Database;
  beforeAll(() => {
    db = new Database(TEST_LIBRARY, { readonly: true });
  });
  afterAll(() => db?.close());

  for (const [id, module] of [
    ['kjv', 'engKJV2006eb'],
    ['web', 'engWEB2015eb'],
    ['rv1909', 'spaRV1909eb'],
  ] as const) {
    itWithSword(
      `${id}: 500+ verses over all 66 books and 5 whole chapters equal ${module}`,
      async () => {
        const verses = sampleVerses();
        expect(verses.length).toBeGreaterThanOrEqual(500 + 5);
        expect(new Set(verses.map((v) => v.book)).size).toBe(66);
        const get = db.prepare(
          'SELECT text FROM verses WHERE translation = ? AND book = ? AND chapter = ? AND verse = ?',
        );
        const mismatches: string[] = [];
        let compared = 0;
        const module_ = await exportByVerse(module);
        for (const { book, chapter, verse } of verses) {
          const row = get.get(id, book, chapter, verse) as { text: string } | undefined;
          // libsword shows the second of two Strong's numbers in one lemma attribute
          // (`lemma="strong:H1368 H2428"`, common in RV1909) as text even with Strong's off.
          // The module's stray `\nd ` markers are dropped at import (STRAY_USFM).
          const theirs = squash(
            (module_.get(`${book}:${chapter}:${verse}`) ?? '').replace(/<[GH]\d+>/g, '').replace(STRAY_USFM, ''),
          );
          if (!row && !theirs) continue;
          compared++;
          if (squash(row?.text ?? '') !== theirs)
            mismatches.push(`${key(book, chapter, verse)}: ours "${row?.text}" theirs "${theirs}"`);
        }
        expect(mismatches.slice(0, 5)).toEqual([]);
        expect(compared).toBeGreaterThanOrEqual(500);
      },
      240_000,
    );
  }

  itWithSword("drops the KJV module's stray USFM markers that libsword prints (\\nd in 27 verses)", () => {
    const text = (book: number, chapter: number, verse: number) =>
      (
        db
          .prepare("SELECT text FROM verses WHERE translation = 'kjv' AND book = ? AND chapter = ? AND verse = ?")
          .get(book, chapter, verse) as { text: string }
      ).text;
    expect(text(23, 7, 11)).toBe(
      'Ask thee a sign of the LORD thy God; ask it either in the depth, or in the height above.',
    );
    expect(db.prepare("SELECT count(*) AS n FROM verses WHERE text LIKE '%\\%'").get()).toEqual({ n: 0 });
  });

  itWithSword("leaves out the glossary engWEB2015eb appends to Revelation 22:21's entry", () => {
    const row = db
      .prepare("SELECT text FROM verses WHERE translation = 'web' AND book = 66 AND chapter = 22 AND verse = 21")
      .get() as { text: string };
    expect(row.text).toBe('The grace of the Lord Jesus Christ be with all the saints. Amen.');
  });

  itWithSword(
    'nave: 50 topics equal the module',
    async () => {
      const rows = db
        .prepare("SELECT headword, text FROM topic_entries WHERE work = 'nave' AND id % 100 = 7 ORDER BY id LIMIT 53")
        .all() as Array<{ headword: string; text: string }>;
      expect(rows.length).toBeGreaterThanOrEqual(50);
      const mismatches: string[] = [];
      const nave = await exportModule('Nave');
      for (const row of rows) {
        // libsword's TEI filter drops numeric character references (&#8220;) where we decode
        // them, so curly quotes are compared as absent on both sides.
        const noQuotes = (t: string) => t.replace(/[\u2018\u2019\u201c\u201d]/g, '');
        const theirs = noQuotes(squash(nave.get(row.headword) ?? nave.get(row.headword.toUpperCase()) ?? ''));
        if (noQuotes(squash(row.text)) !== theirs)
          mismatches.push(`${row.headword}: ours "${row.text.slice(0, 300)}" theirs "${theirs.slice(0, 300)}"`);
      }
      expect(mismatches.slice(0, 3)).toEqual([]);
    },
    120_000,
  );

  itWithSword(
    // Matthew Henry's and the Treasury of David's notes are given per verse they expound and
    // tested as slices of the module's entries in commentary-sections.test.ts.
    'commentaries: 60 notes of scofield equal the module',
    async () => {
      const env = { ...process.env, SWORD_PATH: patchedSwordPath() };
      const notes = db
        .prepare(
          `SELECT commentary, book, chapter, verse_start, text FROM (
             SELECT *, row_number() OVER (PARTITION BY commentary ORDER BY id) AS n FROM commentary_notes
           ) WHERE commentary = 'scofield' AND n % 50 = 3 ORDER BY commentary, n`,
        )
        .all() as Array<{ commentary: string; book: number; chapter: number; verse_start: number; text: string }>;
      const modules: Record<string, string> = { mhcc: 'MHCC', scofield: 'Scofield', tdavid: 'TDavid' };
      expect(notes.length).toBeGreaterThanOrEqual(50);
      expect(new Set(notes.map((n) => n.commentary))).toEqual(new Set(['scofield']));
      const mismatches: string[] = [];
      const exports = Object.fromEntries(
        await Promise.all(
          Object.entries(modules).map(async ([id, module]) => [id, await exportByVerse(module, env)] as const),
        ),
      );
      for (const n of notes) {
        const k = key(n.book, n.chapter, n.verse_start);
        // libsword drops a bare `&` that begins no entity (Spurgeon's "&c.") but keeps `&amp;`;
        // we keep both, so ampersands are left out of the comparison.
        const theirs = squash(exports[n.commentary]?.get(`${n.book}:${n.chapter}:${n.verse_start}`) ?? '').replace(
          /&/g,
          '',
        );
        const ours = squash(n.text).replace(/&/g, '');
        if (ours !== theirs) {
          let i = 0;
          while (i < ours.length && ours[i] === theirs[i]) i++;
          mismatches.push(
            `${n.commentary} ${k} at ${i}: ours "${ours.slice(i, i + 80)}" theirs "${theirs.slice(i, i + 80)}"`,
          );
        }
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
    },
    240_000,
  );
});
