import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKS } from '../../src/core/canon/canon.js';
import { mhccSections, tdavidSections } from '../../src/library/import/commentary-sections.js';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { diathekeBatch, patchedSwordPath, squash } from '../support/diatheke.js';
import { itWithSword, TEST_LIBRARY } from '../support/env.js';

/**
 * Whether each paragraph of `section` is in `entry`, in order: a section is made of the
 * module's own lines. libsword drops a bare `&`, and places the `*` of emphasis nested in
 * emphasis differently from our prose renderer (`*interest — *My God* ,*`), so ampersands and
 * asterisks are left out of the comparison.
 */
function unfoundParagraph(section: string, entry: string): string | undefined {
  const whole = squashedEntry(entry);
  let at = 0;
  for (const para of section.split('\n')) {
    const p = squash(para).replace(/[&*]/g, '');
    if (!p) continue;
    const i = whole.indexOf(p, at);
    if (i < 0) return para.slice(0, 120);
    at = i + p.length;
  }
  return undefined;
}

const squashed = new Map<string, string>();
/** An entry squashed once: the MHCC batch is megabytes, compared with each of its hundreds of notes. */
function squashedEntry(entry: string): string {
  const known = squashed.get(entry);
  if (known !== undefined) return known;
  const whole = squash(entry).replace(/[&*]/g, '');
  squashed.set(entry, whole);
  return whole;
}

describe('commentary sections: each verse gets the section that expounds it', () => {
  let store: LibraryStore;
  beforeAll(() => {
    store = new LibraryStore(TEST_LIBRARY);
  });
  afterAll(() => store?.close());

  itWithSword(
    'mhcc: every verse of every chapter it covers has a note, each a verbatim slice of the module (60+ chapters)',
    async () => {
      const chapters: Array<{ book: number; chapter: number }> = [];
      let covered = 0;
      let verses = 0;
      for (const b of BOOKS)
        b.verseCounts.forEach((n, i) => {
          const notes = store.notesInChapter('mhcc', b.number, i + 1);
          if (!notes.length) return;
          covered++;
          verses += n;
          for (let v = 1; v <= n; v++)
            expect(
              notes.some((x) => x.verse_start <= v && v <= x.verse_end),
              `${b.name} ${i + 1}:${v}`,
            ).toBe(true);
          if (covered % 20 === 3) chapters.push({ book: b.number, chapter: i + 1 });
        });
      expect(covered).toBe(1187);
      expect(verses).toBeGreaterThan(31000);
      expect(chapters.length).toBeGreaterThanOrEqual(59);
      const env = { ...process.env, SWORD_PATH: patchedSwordPath() };
      const keys = chapters.map((c) => `${BOOKS[c.book - 1]?.name} ${c.chapter}`);
      const theirs = await diathekeBatch('MHCC', keys, { env });
      const unfound: string[] = [];
      for (const c of chapters)
        for (const n of store.notesInChapter('mhcc', c.book, c.chapter)) {
          const miss = unfoundParagraph(n.text, theirs);
          if (miss) unfound.push(`${c.book} ${c.chapter}:${n.verse_start}: ${miss}`);
        }
      expect(unfound.slice(0, 3)).toEqual([]);
    },
    120_000,
  );

  itWithSword(
    'tdavid: every psalm split per verse, each section a verbatim slice of the psalm entry (all 150)',
    async () => {
      const theirs = await diathekeBatch(
        'TDavid',
        Array.from({ length: 150 }, (_, i) => `Psalms ${i + 1}:1`),
        {},
      );
      const entries = theirs.split(/^Psalms \d+:1: /m).slice(1);
      expect(entries.length).toBe(150);
      const unfound: string[] = [];
      let split = 0;
      for (let p = 1; p <= 150; p++) {
        const notes = store.notesInChapter('tdavid', 19, p);
        if (notes.length > 1) split++;
        for (const n of notes) {
          const miss = unfoundParagraph(n.text, entries[p - 1] as string);
          if (miss) unfound.push(`Ps ${p}:${n.verse_start}: ${miss}`);
        }
      }
      expect(unfound.slice(0, 3)).toEqual([]);
      expect(split).toBeGreaterThanOrEqual(145);
    },
    120_000,
  );

  itWithSword('John 3:16 is answered by the discourse with Nicodemus; Ps 23:4 by Spurgeon on verse 4', () => {
    const john = store.noteAt('mhcc', 43, 3, 16);
    expect(john).toMatchObject({ verse_start: 1, verse_end: 21 });
    expect(john?.text).toContain('God so loved the world; so really, so richly');
    const ps = store.noteAt('tdavid', 19, 23, 4);
    expect(ps).toMatchObject({ verse_start: 4, verse_end: 4 });
    expect(ps?.text.split('\n\n')[0]).toBe('EXPOSITION');
    expect(ps?.text).toContain('*Verse 4.* *"Yea, though I walk through the valley of the shadow of death');
    expect(ps?.text).toContain('HINTS TO THE VILLAGE PREACHER');
    expect(ps?.text).not.toMatch(/\*Verses? [1235]\.\*/);
    expect(ps?.text).not.toContain('Psalm 23 OVERVIEW');
  });
});

describe('commentary sections, the rules on their own', () => {
  const outline = 'Chapter 3\nChapter Outline\nThe discourse.(1-21)\nThe testimony.(22-36)\n*Verses 1-8*\nOn birth.';
  it('an unlinked verse takes the section the outline puts it in, else the nearest before', () => {
    const rows = mhccSections(
      [
        { start: 1, end: 8, text: outline },
        { start: 22, end: 30, text: '*Verses 22-30*\nJohn.' },
      ],
      36,
    );
    expect(rows.map((r) => [r.start, r.end])).toEqual([
      [1, 21],
      [22, 36],
    ]);
  });

  it('a note with several "Verses" heads is cut at them', () => {
    const rows = mhccSections([{ start: 1, end: 10, text: '*Verses 1-4*\nA.\n*Verses 5-10*\nB.' }], 10);
    expect(rows).toEqual([
      { start: 1, end: 4, text: '*Verses 1-4*\nA.' },
      { start: 5, end: 10, text: '*Verses 5-10*\nB.' },
    ]);
  });

  it('Treasury of David: parts per verse, what belongs to no verse stays with verse 1', () => {
    const text = [
      'Psalm 9 OVERVIEW',
      'Intro.',
      'EXPOSITION',
      '*Verse 1.* One.',
      '*Verses 2, 3.* Two and three.',
      'More on two and three.',
      'HINTS TO PREACHERS.',
      '*Ver. 3.* Hint.',
    ].join('\n');
    expect(tdavidSections(text, 3)).toEqual([
      { start: 1, end: 1, text: 'Psalm 9 OVERVIEW\n\nIntro.\n\nEXPOSITION\n\n*Verse 1.* One.' },
      {
        start: 2,
        end: 2,
        text: 'EXPOSITION\n\n*Verses 2, 3.* Two and three.\n\nMore on two and three.',
      },
      {
        start: 3,
        end: 3,
        text: 'EXPOSITION\n\n*Verses 2, 3.* Two and three.\n\nMore on two and three.\n\nHINTS TO PREACHERS.\n\n*Ver. 3.* Hint.',
      },
    ]);
  });
});
