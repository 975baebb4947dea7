import { describe, expect } from 'vitest';
import { BOOKS } from '../../src/core/canon/canon.js';
import type { PassageResult } from '../../src/core/schemas/bible.js';
import type { ConcordanceResult, SearchResult } from '../../src/core/schemas/search.js';
import { decodeEntities } from '../../src/library/markup/tokens.js';
import { diatheke, diathekeSearch, exportByVerse, squash } from '../support/diatheke.js';
import { itWithSword } from '../support/env.js';
import { inProcessApp } from '../support/in-process-app.js';

const KJV = 'engKJV2006eb';
const keyOf = (r: { ref: string }) => {
  const m = r.ref.match(/^(.+) (\d+):(\d+)$/);
  const book = BOOKS.find((b) => b.name === m?.[1]);
  return `${book?.number}:${m?.[2]}:${m?.[3]}`;
};

/** The words inside each `<transChange type="added">` of an OSIS entry, in order (notes left out). */
function supplied(osis: string): string[] {
  const text = osis.replace(/<note[\s\S]*?<\/note>/g, '');
  return [...text.matchAll(/<transChange type="added">([\s\S]*?)<\/transChange>/g)].map((m) =>
    squash(decodeEntities((m[1] as string).replace(/<[^>]*>/g, ''))),
  );
}

describe('the text as printed against libsword: psalm titles and the supplied words', () => {
  const served = inProcessApp<unknown>();
  async function data<D>(path: string): Promise<D> {
    const a = await served.answer(path);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    return a.body.data as D;
  }

  itWithSword(
    'search and concordance find what libsword finds, titles included: Maschil, H4210 (mizmor), H430',
    async () => {
      const [maschil, mizmor, elohim] = await Promise.all([
        diathekeSearch(KJV, 'phrase', 'Maschil'),
        diathekeSearch(KJV, 'attribute', 'Word//Lemma./H4210/'),
        diathekeSearch(KJV, 'attribute', 'Word//Lemma./H0430/'),
      ]);
      const found = await data<SearchResult>('/v1/data/bible/kjv/search?q=Maschil&limit=1000');
      expect(found.results.map(keyOf)).toEqual(maschil);
      expect(found.results[0]).toMatchObject({ ref: 'Psalms 32:1', title: 'A Psalm of David, Maschil.' });
      expect(found.results[0]?.matches).toEqual(['Maschil']);

      for (const [number, theirs] of [
        ['H4210', mizmor],
        ['H430', elohim],
      ] as const) {
        const pages: ConcordanceResult[] = [];
        do {
          const offset = pages.length * 1000;
          pages.push(await data(`/v1/data/strongs/${number}/verses?translation=kjv&limit=1000&offset=${offset}`));
        } while (pages.length * 1000 < (pages[0]?.verses ?? 0));
        const refs = pages.flatMap((p) => p.results.map(keyOf));
        expect([number, pages[0]?.verses, refs]).toEqual([number, theirs.length, theirs]);
        // The search for the number counts the same verses.
        const searched = await data<SearchResult>(`/v1/data/bible/kjv/search?q=${number}&limit=0`);
        expect(searched.total).toBe(theirs.length);
      }
      // Psalm 90's title holds the one H430 outside a verse's text.
      const psalm90 = await data<ConcordanceResult>(
        '/v1/data/strongs/H430/verses?translation=kjv&limit=1000&offset=1000',
      );
      const hit = psalm90.results.find((r) => r.ref === 'Psalms 90:1');
      expect(hit).toEqual({
        ref: 'Psalms 90:1',
        text: 'Lord, thou hast been our dwelling place in all generations.',
        title: 'A Prayer of Moses the man of God.',
        words: ['God'],
      });
    },
    180_000,
  );

  itWithSword("psalm titles read as diatheke prints them, before the verse's text", async () => {
    const keys = ['Psalms 3:1', 'Psalms 32:1', 'Psalms 90:1', 'Psalms 142:1'];
    for (const key of keys) {
      // One call per key: in a list diatheke repeats a title before the next verse that has none.
      const printed = await diatheke(KJV, key);
      const title = await titleBefore(key);
      const passage = await data<PassageResult>(`/v1/data/bible/kjv/passage?ref=${encodeURIComponent(key)}`);
      const verse = passage.passages[0]?.verses[0];
      expect([key, verse?.title, squash(verse?.text ?? '')]).toEqual([key, title, squash(printed)]);
    }
    // A verse without a title has no field; the WEB's titles are its own.
    const plain = await data<PassageResult>('/v1/data/bible/kjv/passage?ref=Psalms%201:1');
    expect(Object.keys(plain.passages[0]?.verses[0] ?? {})).toEqual(['book', 'chapter', 'v', 'text']);
    const web = await data<PassageResult>('/v1/data/bible/web/passage?ref=Psalms%203:1');
    expect(web.passages[0]?.verses[0]?.title).toBe(await titleBefore('Psalms 3:1', 'engWEB2015eb'));
  });

  itWithSword(
    "the supplied words: each verse's marks equal the module's transChange spans (mod2imp)",
    async () => {
      const osis = await exportByVerse(KJV, undefined, true);
      // Every 100th verse of the KJV, and the psalm whose title is itself supplied.
      const keys = [...osis.keys()].filter((_, i) => i % 100 === 11);
      keys.push('19:32:1');
      const mismatches: string[] = [];
      let marked = 0;
      for (const key of keys) {
        const [book, chapter, verse] = key.split(':').map(Number) as [number, number, number];
        const words = served.store.verseWords('kjv', book, chapter, verse, chapter, verse)[0]?.words ?? [];
        const ours = squash(
          words
            .filter((w) => w.added)
            .map((w) => w.text)
            .join(''),
        );
        const theirs = supplied(osis.get(key) ?? '').join('');
        if (ours !== theirs) mismatches.push(`${key}: ours "${ours}" theirs "${theirs}"`);
        if (ours) marked++;
      }
      expect(mismatches).toEqual([]);
      expect(marked).toBeGreaterThan(100);
      const ranges = await data<PassageResult>('/v1/data/bible/kjv/passage?ref=Psalms%2032:1&include=added,words');
      const v = ranges.passages[0]?.verses[0];
      expect(v?.added?.map((r) => v.text.slice(r.start, r.end))).toEqual(['is he whose', 'is', 'whose', 'is']);
      expect(v?.words?.slice(0, 2)).toEqual([
        { text: 'A Psalm', strongs: [], added: true, title: true },
        { text: 'of', strongs: [], title: true },
      ]);
    },
    120_000,
  );
});

/** The title line diatheke prints before a verse's "Psalms 3:1: " line, as plain text. */
async function titleBefore(key: string, module = KJV): Promise<string | undefined> {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const { stdout } = await promisify(execFile)('diatheke', ['-b', module, '-f', 'plain', '-k', key]);
  const at = stdout.indexOf(`${key}: `);
  const before = stdout.slice(0, at).trim();
  return before || undefined;
}
