import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { exportByVerse, swordVerseKey } from '../support/diatheke.js';
import { itWithSword } from '../support/env.js';
import { inProcessApp } from '../support/in-process-app.js';

const run = promisify(execFile);

interface Concordance {
  number: string;
  lemma: string;
  transliteration: string;
  gloss: string;
  verses: number;
  occurrences: number;
  renderings: Array<{ word: string; count: number }>;
  byBook: Array<{ book: string; count: number }>;
  results: Array<{ ref: string; text: string; words: string[] }>;
  attribution: string;
}

/** Ten Greek and ten Hebrew numbers, common and rare, fixed. */
const SAMPLE = [
  'G25',
  'G26',
  'G5368',
  'G2316',
  'G3056',
  'G4102',
  'G1680',
  'G4151',
  'G2424',
  'G5547',
  'H430',
  'H3068',
  'H2617',
  'H157',
  'H1697',
  'H7225',
  'H1254',
  'H8064',
  'H776',
  'H3820',
];
const MODULES = { kjv: 'engKJV2006eb', web: 'engWEB2015eb' } as const;

/**
 * Per Strong's number, the verses and the <w> elements (tagged words) that carry it, as libsword
 * reads the module: one diatheke call for the whole Bible in OSIS with Strong's numbers kept.
 */
async function libswordCounts(module: string): Promise<Map<string, { verses: number; occurrences: number }>> {
  const [{ stdout }, entries] = await Promise.all([
    run('diatheke', ['-b', module, '-o', 'n', '-f', 'OSIS', '-k', 'Genesis 1:1-Revelation 22:21'], {
      maxBuffer: 256 * 1024 * 1024,
    }),
    exportByVerse(module, undefined, true),
  ]);
  // The verses whose stored entry holds a canonical title (a psalm's), as libsword exports them.
  const titled = new Set([...entries].filter(([, osis]) => /<title\b[^>]*canonical="true"/.test(osis)).map(([k]) => k));
  const counts = new Map<string, { verses: number; occurrences: number }>();
  for (const line of stdout.split('\n')) {
    // A verse's line: its title first where it has one (libsword counts it with the verse), then
    // "Psalms 90:1: ". diatheke prints a title again before the later verses of a range (Psalm
    // 91:1 after 90's), so it is counted only where the module stores one.
    const m = line.match(/(^|\s)((?:[IV]+ )?[A-Z][a-z]+(?: (?:of|[A-Z][a-z]+))*) (\d+:\d+): (.*)$/);
    if (!m) continue;
    const at = await swordVerseKey(`${m[2]} ${m[3]}`);
    const title = at && titled.has(at) ? line.slice(0, m.index) : '';
    const inVerse = new Set<string>();
    for (const w of `${title} ${m[4]}`.matchAll(/<w\b[^>]*\blemma="([^"]*)"/g)) {
      for (const n of new Set([...(w[1] as string).matchAll(/strong:([GH])0*(\d+)/g)].map((x) => `${x[1]}${x[2]}`))) {
        const c = counts.get(n) ?? { verses: 0, occurrences: 0 };
        c.occurrences++;
        if (!inVerse.has(n)) c.verses++;
        inVerse.add(n);
        counts.set(n, c);
      }
    }
  }
  return counts;
}

describe("verses by Strong's number (GET /v1/data/strongs/{number}/verses)", () => {
  const served = inProcessApp<Concordance>();
  const answer = served.answer;
  async function concordance(number: string, query = ''): Promise<Concordance> {
    const a = await answer(`/v1/data/strongs/${number}/verses${query}`);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    return a.body.data as Concordance;
  }

  it('G25 in the KJV: the entry, the counts, the renderings and the verses with the words that render it', async () => {
    const data = await concordance('g0025', '?translation=kjv&limit=2');
    expect(data.number).toBe('G25');
    expect(data.lemma).toBe('ἀγαπάω');
    expect(data.gloss).toBe('to love');
    expect(data.renderings.slice(0, 3)).toEqual([
      { word: 'love', count: 51 },
      { word: 'loved', count: 29 },
      { word: 'loveth', count: 20 },
    ]);
    expect(data.renderings.reduce((n, r) => n + r.count, 0)).toBe(data.occurrences);
    expect(data.byBook.reduce((n, b) => n + b.count, 0)).toBe(data.verses);
    expect(data.results).toEqual([
      {
        ref: 'Matthew 5:43',
        text: 'Ye have heard that it hath been said, Thou shalt love thy neighbour, and hate thine enemy.',
        words: ['Thou shalt love'],
      },
      {
        ref: 'Matthew 5:44',
        text: 'But I say unto you, Love your enemies, bless them that curse you, do good to them that hate you, and pray for them which despitefully use you, and persecute you;',
        words: ['Love'],
      },
    ]);
    const kjv = served.store.resources().find((r) => r.id === 'kjv');
    const greek = served.store.resources().find((r) => r.id === 'strongs-greek');
    expect(data.attribution).toBe(`${kjv?.attribution} ${greek?.attribution}`);
  });

  it('pages with limit and offset; the search for the number finds the same verses', async () => {
    const all = await concordance('G26', '?limit=1000');
    const pages = [
      await concordance('G26', '?limit=50'),
      await concordance('G26', '?limit=50&offset=50'),
      await concordance('G26', '?limit=50&offset=100'),
    ];
    expect(pages.flatMap((p) => p.results.map((r) => r.ref))).toEqual(all.results.map((r) => r.ref));
    expect(all.results).toHaveLength(all.verses);
    const res = await served.app.request('/v1/data/bible/kjv/search?q=G26&limit=1000');
    const found = ((await res.json()) as { data: { total: number; results: Array<{ ref: string }> } }).data;
    expect(found.total).toBe(all.verses);
    expect(found.results.map((r) => r.ref)).toEqual(all.results.map((r) => r.ref));
  });

  it('defaults to the first tagged translation; errors are 400 and 404 with the reason', async () => {
    expect((await concordance('H430', '?limit=0')).verses).toBe(
      (await concordance('H430', '?translation=kjv&limit=0')).verses,
    );
    const bad = await answer('/v1/data/strongs/X25/verses');
    expect([bad.status, bad.body.error?.message]).toEqual([
      400,
      "'X25' is not a Strong's number: G or H and 1 to 5 digits, like G26 or H430",
    ]);
    const none = await answer('/v1/data/strongs/G99999/verses');
    expect([none.status, none.body.error?.message]).toEqual([404, "no Strong's entry G99999"]);
    const unknown = await answer('/v1/data/strongs/G25/verses?translation=nope');
    expect([unknown.status, unknown.body.error?.message]).toEqual([404, "no translation 'nope'"]);
    const limit = await answer('/v1/data/strongs/G25/verses?limit=x');
    expect([limit.status, limit.body.error?.message]).toEqual([
      400,
      "query parameter 'limit' must be an integer from 0 to 1000",
    ]);
  });

  for (const [translation, module] of Object.entries(MODULES)) {
    itWithSword(
      `${translation}: verse and tagged-word counts of 20 numbers equal libsword's reading of ${module}`,
      async () => {
        const oracle = await libswordCounts(module);
        const ours: Array<[string, number, number]> = [];
        const theirs: Array<[string, number, number]> = [];
        for (const number of SAMPLE) {
          const data = await concordance(number, `?translation=${translation}&limit=0`);
          ours.push([number, data.verses, data.occurrences]);
          const o = oracle.get(number) ?? { verses: 0, occurrences: 0 };
          theirs.push([number, o.verses, o.occurrences]);
        }
        expect(ours).toEqual(theirs);
        expect(theirs.every(([, v]) => v > 0)).toBe(true);
      },
      120_000,
    );
  }
});
