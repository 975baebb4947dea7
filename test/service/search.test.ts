import { describe, expect, it } from 'vitest';
import { inProcessApp } from '../support/in-process-app.js';

interface Hit {
  ref: string;
  book: string;
  chapter: number;
  v: number;
  text: string;
  matches: string[];
}
interface Found {
  query: string;
  translation: string;
  total: number;
  byBook: Array<{ book: string; count: number }>;
  results: Hit[];
  attribution: string;
}

/** The search extension in-process: the real service over the real test library. */
describe('verse search (GET /v1/data/bible/{translation}/search)', () => {
  const served = inProcessApp<Found>();
  const answer = served.answer;
  async function search(q: string, extra = '', translation = 'kjv'): Promise<Found> {
    const a = await answer(`/v1/data/bible/${translation}/search?q=${encodeURIComponent(q)}${extra}`);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    return a.body.data as Found;
  }

  // The counts Debian's `bible` (bible-kjv) documents for its whole-word concordance of the KJV.
  it.each([
    ['faith', 231],
    ['love', 281],
    ['faith love', 16],
    ['faith love hope', 2],
    ['angel OR angels', 283],
  ])('KJV whole words %j: %i verses', async (q, total) => {
    const found = await search(q, '&limit=1000');
    expect(found.total).toBe(total);
    expect(found.results).toHaveLength(total);
    expect(found.byBook.reduce((n, b) => n + b.count, 0)).toBe(total);
  });

  it('faith love hope: 1 Thessalonians 1:3 and 5:8, every word marked', async () => {
    const found = await search('faith love hope');
    expect(found).toEqual({
      query: 'faith love hope',
      translation: 'kjv',
      total: 2,
      byBook: [{ book: '1 Thessalonians', count: 2 }],
      results: [
        {
          ref: '1 Thessalonians 1:3',
          book: '1 Thessalonians',
          chapter: 1,
          v: 3,
          text: 'Remembering without ceasing your work of faith, and labour of love, and patience of hope in our Lord Jesus Christ, in the sight of God and our Father;',
          matches: ['faith', 'love', 'hope'],
        },
        {
          ref: '1 Thessalonians 5:8',
          book: '1 Thessalonians',
          chapter: 5,
          v: 8,
          text: 'But let us, who are of the day, be sober, putting on the breastplate of faith and love; and for an helmet, the hope of salvation.',
          matches: ['faith', 'love', 'hope'],
        },
      ],
      attribution: served.store.resources().find((r) => r.id === 'kjv')?.attribution,
    });
  });

  it('a phrase matches its words in order: "God so loved" is John 3:16 and 1 John 4:11 (as diatheke -s phrase finds)', async () => {
    const found = await search('"God so loved"');
    expect(found.results.map((r) => [r.ref, r.matches])).toEqual([
      ['John 3:16', ['God so loved']],
      ['1 John 4:11', ['God so loved']],
    ]);
    expect((await search('"God so loved the world"')).results.map((r) => r.ref)).toEqual(['John 3:16']);
    expect((await search('"loved so God"')).total).toBe(0);
  });

  it('whole words by default; stem=true adds the inflections, the KJV -eth and -est forms too', async () => {
    const whole = await search('love', '&limit=1000');
    expect(whole.results.every((r) => r.matches.every((m) => m.toLowerCase() === 'love'))).toBe(true);
    const stemmed = await search('love', '&stem=true&limit=1000');
    const forms = ['love', 'loved', 'lovedst', 'lovely', 'loves', 'lovest', 'loveth', 'loving'];
    expect([...new Set(stemmed.results.flatMap((r) => r.matches.map((m) => m.toLowerCase())))].sort()).toEqual(forms);
    // 421 with Psalm 45:1, whose title is "… Maschil, A Song of loves." (a psalm's title is part of its verse).
    expect(stemmed.total).toBe(421);
    expect(stemmed.results.find((r) => r.ref === 'Psalms 45:1')?.matches).toEqual(['loves']);
    expect((await search(forms.join(' OR '), '&limit=0')).total).toBe(stemmed.total);
    expect((await search('"love one another"', '&stem=true&limit=0')).total).toBe(
      (await search('"love one another"', '&limit=0')).total,
    );
  });

  it('exclusions, prefixes and Strong numbers', async () => {
    const love = await search('love', '&limit=0');
    const withGod = await search('love God', '&limit=0');
    expect((await search('love -God', '&limit=0')).total).toBe(love.total - withGod.total);
    const prefix = await search('lovingkind*', '&limit=1000');
    expect(new Set(prefix.results.flatMap((r) => r.matches.map((m) => m.toLowerCase())))).toEqual(
      new Set(['lovingkindness', 'lovingkindnesses']),
    );
    const agape = await search('G25', '&in=John&limit=1000');
    expect(agape.results[0]?.ref).toBe('John 3:16');
    expect(agape.results[0]?.matches).toEqual(['loved']);
    const ranked = await search('G25 OR G5368 love', '&order=relevance&limit=1000');
    expect(ranked.results.every((r) => r.matches.length > 0)).toBe(true);
    expect(agape.total).toBe(served.store.concordance('kjv', 'G25', 0, 0).byBook.find((b) => b.book === 43)?.count);
  });

  it('--in: ot, nt, a book, a range; the counts per book add up to the total', async () => {
    const all = await search('faith', '&limit=0');
    const ot = await search('faith', '&in=ot&limit=0');
    const nt = await search('faith', '&in=nt&limit=0');
    expect(ot.total + nt.total).toBe(all.total);
    expect(ot.total).toBe(2);
    const rom = await search('faith', '&in=Rom&limit=0');
    expect(rom.byBook).toEqual([{ book: 'Romans', count: all.byBook.find((b) => b.book === 'Romans')?.count }]);
    const gospels = await search('faith', '&in=Matt-John&limit=0');
    expect(gospels.byBook.map((b) => b.book)).toEqual(['Matthew', 'Mark', 'Luke']);
  });

  it('canonical order by default, relevance with order=relevance; limit and offset page through the same list', async () => {
    const canonical = await search('faith', '&limit=1000');
    const refs = canonical.results.map((r) => r.ref);
    expect(refs[0]).toBe('Deuteronomy 32:20');
    const pages = [
      await search('faith', '&limit=100'),
      await search('faith', '&limit=100&offset=100'),
      await search('faith', '&limit=100&offset=200'),
    ];
    expect(pages.flatMap((p) => p.results.map((r) => r.ref))).toEqual(refs);
    expect((await search('faith', '&offset=231')).results).toEqual([]);
    const ranked = await search('faith', '&order=relevance&limit=1000');
    expect(ranked.total).toBe(231);
    expect(new Set(ranked.results.map((r) => r.ref))).toEqual(new Set(refs));
    expect(ranked.results.map((r) => r.ref)).not.toEqual(refs);
  });

  it('the envelope, Cache-Control and the extensions tag', async () => {
    const a = await answer('/v1/data/bible/KJV/search?q=faith&limit=1');
    expect(a.headers.get('cache-control')).toBe('private, max-age=300');
    expect(a.body.success).toBe(true);
    const doc = (await (await served.app.request('/openapi.json')).json()) as {
      paths: Record<string, { get: { tags: string[] } }>;
    };
    expect(doc.paths['/v1/data/bible/{translation}/search']?.get.tags).toContain('extensions');
    expect(doc.paths['/v1/data/strongs/{number}/verses']?.get.tags).toContain('extensions');
  });

  it.each([
    ['', 400, "missing query parameter 'q'"],
    ['"God so loved', 400, 'unbalanced quote: the phrase opened at position 1 is not closed'],
    ['-', 400, "'-' at position 1 must be followed by a word to exclude, like -fear"],
    ['NEAR(love faith)', 400, "'(' at position 5 is not part of the search language"],
    ['text:love', 400, "':' at position 5 is not part of the search language"],
    ['-fear', 400, 'the query only excludes: give at least one word to look for'],
  ])('a bad query %j is %i with the reason, never a 500 or an empty success', async (q, status, message) => {
    const a = await answer(`/v1/data/bible/kjv/search?q=${encodeURIComponent(q)}`);
    expect(a.status).toBe(status);
    expect(a.body.success).toBe(false);
    expect(a.body.error?.code).toBe('INVALID_REQUEST');
    expect(a.body.error?.message).toContain(message);
    expect(a.headers.get('cache-control')).toBeNull();
  });

  it.each([
    ['&limit=1001', "query parameter 'limit' must be an integer from 0 to 1000"],
    ['&limit=-1', "query parameter 'limit' must be an integer from 0 to 1000"],
    ['&offset=x', "query parameter 'offset' must be an integer from 0 to 1000000"],
    ['&stem=yes', "query parameter 'stem' must be true or false"],
    ['&order=random', "query parameter 'order' must be canonical or relevance"],
    ['&in=Romams', "search scope: unknown book 'Romams' (did you mean Romans?)"],
  ])('bad parameters %j are 400', async (extra, message) => {
    const a = await answer(`/v1/data/bible/kjv/search?q=faith${extra}`);
    expect(a.status).toBe(400);
    expect(a.body.error?.message).toBe(message);
  });

  it('an unknown translation is 404', async () => {
    const a = await answer('/v1/data/bible/nope/search?q=faith');
    expect(a.status).toBe(404);
    expect(a.body.error?.message).toBe("no translation 'nope'");
  });
});
