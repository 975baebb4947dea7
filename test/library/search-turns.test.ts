import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../../src/core/search/query.js';
import { parseScope } from '../../src/core/search/scope.js';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { MATCH_LISTS_KEPT, MatchLists } from '../../src/library/store/match-list.js';
import { drain, SliceClock, sortInSlices } from '../../src/library/store/stepped-scan.js';
import { TEST_LIBRARY } from '../support/env.js';

// The worst a verse search may ask: 32 of the commonest words, OR-ed, by relevance (all but a
// few dozen of the KJV's 31,102 verses, each scored by bm25 over 32 terms).
const COMMON =
  'the and of to that in he shall unto for i his a lord they be is him not them it with all thou thy was god which my me said but';
const WORST = COMMON.split(' ').join(' OR ');

const options = (order: 'canonical' | 'relevance', limit: number, offset = 0) => ({
  scope: parseScope(undefined),
  stem: false,
  order,
  limit,
  offset,
});

/** How many turns of the event loop pass while `work` runs. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  const result = await work();
  done = true;
  return { result, turns };
}

describe('verse search read in turns', () => {
  // Slices of 0 ms: a pause every 64 rows, so the test holds whatever the machine's speed.
  const sliced = new LibraryStore(TEST_LIBRARY, 0);
  const store = new LibraryStore(TEST_LIBRARY);
  afterAll(() => {
    sliced.close();
    store.close();
  });

  it('answers as the search read at once does, page by page, either order', async () => {
    for (const text of [WORST, 'love', 'faith love -hope', '"God so loved"', 'bless*', 'G25', 'lord -god', 'sa*'])
      for (const order of ['canonical', 'relevance'] as const)
        for (const [limit, offset] of [
          [100, 0],
          [1000, 1000],
          [0, 0],
          [10, 40_000],
        ] as const) {
          const o = options(order, limit, offset);
          const inTurns = await sliced.searchWordsInTurns('kjv', parseSearchQuery(text), o);
          expect({ text, order, limit, offset, inTurns }).toEqual({
            text,
            order,
            limit,
            offset,
            inTurns: store.searchWords('kjv', parseSearchQuery(text), o),
          });
        }
  });

  it('lets the event loop turn while the worst search reads', async () => {
    // The words in another order: a query of its own, which no match list kept answers.
    const words = COMMON.split(' ');
    const query = parseSearchQuery([...words.slice(1), words[0]].join(' OR '));
    const { result, turns } = await turnsDuring(() =>
      sliced.searchWordsInTurns('kjv', query, options('relevance', 1000)),
    );
    expect(result.total).toBeGreaterThan(31_000);
    // Read at once, the loop would turn once or twice: at 64 rows a slice, hundreds of times.
    expect(turns).toBeGreaterThan(100);
  });

  it("pages through a ranked search with one match of the index: bm25's order, canonical among equals", async () => {
    const before = sliced.scansRun;
    const pages: string[] = [];
    for (let offset = 0; ; offset += 1000) {
      const page = await sliced.searchWordsInTurns('kjv', parseSearchQuery('the'), options('relevance', 1000, offset));
      if (!page.hits.length) break;
      pages.push(...page.hits.map((h) => `${h.book}.${h.chapter}.${h.verse}`));
    }
    expect(sliced.scansRun - before).toBe(1);
    const db = new Database(TEST_LIBRARY, { readonly: true });
    const oracle = db
      .prepare(
        `SELECT v.book || '.' || v.chapter || '.' || v.verse FROM verses_words_fts f JOIN verses v ON v.id = f.rowid
         WHERE verses_words_fts MATCH '"the"' AND v.translation = 'kjv' ORDER BY f.rank, v.book, v.chapter, v.verse`,
      )
      .pluck()
      .all();
    db.close();
    expect(pages.length).toBe(24_091);
    expect(pages).toEqual(oracle);
  });
});

describe('the pieces of a search in turns', () => {
  it('sorts in slices as one sort does', () => {
    const values = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 1009);
    const order = drain(sortInSlices(values.length, (a, b) => values[a]! - values[b]! || a - b, new SliceClock(0)));
    const expected = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]! || a - b);
    expect(Array.from(order)).toEqual(expected);
  });

  it(`keeps the ${MATCH_LISTS_KEPT} match lists used last`, () => {
    const lists = new MatchLists();
    const list = (n: number) => ({ ids: Int32Array.of(n), byBook: [] });
    for (let i = 0; i <= MATCH_LISTS_KEPT; i++) {
      lists.set(String(i), list(i));
      lists.get('0');
    }
    expect(lists.get('0')?.ids[0]).toBe(0);
    expect(lists.get('1')).toBeUndefined();
    expect(lists.get(String(MATCH_LISTS_KEPT))?.ids[0]).toBe(MATCH_LISTS_KEPT);
  });
});
