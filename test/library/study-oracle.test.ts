import { afterAll, beforeAll, describe, expect } from 'vitest';
import { BOOKS } from '../../src/core/canon/canon.js';
import { decodeEntities } from '../../src/library/markup/tokens.js';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { diathekeVerses, squash } from '../support/diatheke.js';
import { itWithSword, TEST_LIBRARY } from '../support/env.js';

interface Key {
  book: number;
  name: string;
  chapter: number;
  verse: number;
}

/** Every 60th verse of the canon (over 500, all 66 books), plus chapters full of the words of Christ and of notes. */
function sample(): Key[] {
  const all: Key[] = [];
  for (const b of BOOKS)
    b.verseCounts.forEach((n, i) => {
      for (let v = 1; v <= n; v++) all.push({ book: b.number, name: b.name, chapter: i + 1, verse: v });
    });
  const whole = new Set([
    'Matthew 5',
    'John 3',
    'John 14',
    'John 21',
    'Luke 15',
    'Acts 9',
    'Revelation 3',
    'Psalms 119',
  ]);
  return all.filter((k, i) => i % 60 === 7 || whole.has(`${k.name} ${k.chapter}`));
}

const strip = (s: string) => decodeEntities(s.replace(/<[^>]*>/g, ''));

/** The `<w>` elements libsword renders, outside notes: the words and their numbers as the module says. */
function theirWords(osis: string): string[] {
  const text = osis.replace(/<note[\s\S]*?<\/note>/g, '');
  const out: string[] = [];
  for (const m of text.matchAll(/<w lemma="([^"]*)">([\s\S]*?)<\/w>/g)) {
    const words = squash(strip(m[2] as string));
    const numbers = [...(m[1] as string).matchAll(/strong:([GH])0*(\d+)/g)].map((n) => `${n[1]}${n[2]}`);
    if (words && numbers.length) out.push(`${words}=${numbers.join(' ')}`);
  }
  return out;
}

/** Footnotes and cross-reference notes, without the place label libsword prints first ("119.1 "). */
function theirNotes(osis: string): string[] {
  return [...osis.matchAll(/<note[^>]*>([\s\S]*?)<\/note>/g)]
    .map((m) => squash(strip(m[1] as string).replace(/^\s*\S+\s/, '')).replace(/&/g, ''))
    .filter(Boolean);
}

/** The text inside libsword's `wordsOfJesus` spans (XHTML), nested spans followed to their end. */
function theirRed(xhtml: string): string {
  let out = '';
  let depth = 0;
  let redAt = -1;
  for (const m of xhtml.matchAll(/<(\/?)span\b([^>]*)>|<[^>]*>|([^<]+)/g)) {
    if (m[3] !== undefined) {
      if (redAt >= 0) out += m[3];
    } else if (m[0].startsWith('<span') || m[0].startsWith('</span')) {
      if (m[1]) {
        depth--;
        if (depth === redAt) redAt = -1;
      } else {
        if (redAt < 0 && /wordsOfJesus/.test(m[2] ?? '')) redAt = depth;
        depth++;
      }
    }
  }
  return squash(decodeEntities(out));
}

describe('the study text against libsword (diatheke -f OSIS and XHTML, one call per module and view)', () => {
  let store: LibraryStore;
  beforeAll(() => {
    store = new LibraryStore(TEST_LIBRARY);
  });
  afterAll(() => store?.close());

  for (const [id, module] of [
    ['kjv', 'engKJV2006eb'],
    ['web', 'engWEB2015eb'],
  ] as const) {
    itWithSword(
      `${id}: words with their Strong's numbers, notes and the words of Christ equal ${module}`,
      async () => {
        const keys = sample();
        expect(keys.length).toBeGreaterThanOrEqual(500);
        const [osis, xhtml] = await Promise.all([
          diathekeVerses(module, keys, 'nfs', 'OSIS'),
          diathekeVerses(module, keys, 'w', 'XHTML'),
        ]);
        const mismatches: string[] = [];
        let tagged = 0;
        let red = 0;
        let notes = 0;
        keys.forEach((k, i) => {
          const at = `${k.name} ${k.chapter}:${k.verse}`;
          const words = store.verseWords(id, k.book, k.chapter, k.verse, k.chapter, k.verse)[0]?.words ?? [];
          // The title's words (a psalm's) come before the verse's, where diatheke prints them: printed-oracle.test.ts.
          const ours = words
            .filter((w) => w.strongs.length && !w.title)
            .map((w) => `${squash(w.text)}=${w.strongs.join(' ')}`);
          const theirs = theirWords(osis[i] as string);
          if (ours.join('|') !== theirs.join('|')) mismatches.push(`${at} words: ours ${ours} theirs ${theirs}`);
          tagged += ours.length;

          const ourRed = squash(
            words
              .filter((w) => w.red)
              .map((w) => w.text)
              .join(''),
          );
          const theirRedText = theirRed(xhtml[i] as string);
          if (ourRed !== theirRedText) mismatches.push(`${at} red: ours "${ourRed}" theirs "${theirRedText}"`);
          if (ourRed) red++;

          const ann = store.verseAnnotations(id, k.book, k.chapter, k.verse, k.chapter, k.verse)[0];
          // libsword drops a bare `&` ("NU & TR"), so ampersands are left out of the comparison.
          const ourNotes = (ann?.notes ?? []).map((n) => squash(n.text).replace(/&/g, ''));
          const theirNoteTexts = theirNotes(osis[i] as string);
          if (ourNotes.join('|') !== theirNoteTexts.join('|'))
            mismatches.push(`${at} notes: ours ${ourNotes} theirs ${theirNoteTexts}`);
          notes += ourNotes.length;
        });
        expect(mismatches.slice(0, 5)).toEqual([]);
        // The sample reaches what it is meant to test.
        expect(tagged).toBeGreaterThan(5000);
        expect(red).toBeGreaterThan(100);
        expect(notes).toBeGreaterThan(id === 'kjv' ? 100 : 20);
      },
      120_000,
    );
  }

  itWithSword('the concordance: G25 in 109 KJV verses (146 words), as the module tags it', () => {
    const verses = store.strongsVerses('kjv', 'g0025');
    expect(verses.length).toBe(109);
    expect(verses.reduce((n, v) => n + v.spans.length, 0)).toBe(146);
    const john = verses.find((v) => v.book === 43 && v.chapter === 21 && v.verse === 15);
    // The 17th span: the supplied "son" of "Simon, son of Jonas" is a span of its own.
    expect(john?.spans).toEqual([{ idx: 16, text: 'lovest thou' }]);
    expect(store.strongsVerses('kjv', 'x1')).toEqual([]);
  });

  itWithSword('headings before the verse (the acrostic heads of Psalm 119) and the titles that are part of it', () => {
    const kjv = store.verseAnnotations('kjv', 19, 119, 1, 119, 176).filter((a) => a.headings.length);
    expect(kjv.map((a) => a.verse)).toEqual(Array.from({ length: 22 }, (_, i) => 1 + i * 8));
    expect(kjv[0]?.headings).toEqual(['א ALEPH.']);
    // The WEB's are canonical titles (`<title canonical="true">`), part of their verses as libsword reads them.
    expect(store.verseAnnotations('web', 19, 119, 9, 119, 9)).toEqual([]);
    expect(store.verses('web', 19, 119, 9, 119, 9)[0]?.title).toBe('BETH');
    expect(store.verses('web', 19, 3, 1, 3, 1)[0]?.title).toBe('A Psalm by David, when he fled from Absalom his son.');
    expect(store.verses('kjv', 19, 3, 1, 3, 1)[0]?.title).toBe('A Psalm of David, when he fled from Absalom his son.');
    // A subscription after the verse's words is no heading.
    expect(store.verseAnnotations('kjv', 50, 4, 23, 4, 23)).toEqual([]);
  });

  itWithSword('plain text is a join of the spans, and red letters carry across John 21:15', () => {
    const [v] = store.verseWords('kjv', 43, 21, 15, 21, 15);
    const text = store.verses('kjv', 43, 21, 15, 21, 15)[0]?.text ?? '';
    let cursor = 0;
    for (const w of v?.words ?? []) {
      const at = text.indexOf(w.text, cursor);
      expect(at).toBeGreaterThanOrEqual(cursor);
      cursor = at + w.text.length;
    }
    expect(v?.words.filter((w) => w.red).map((w) => w.text)).toContain('lovest thou');
  });
});
