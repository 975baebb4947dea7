import { describe, expect, it } from 'vitest';
import { SEARCH_LIMIT_MAX, SEARCH_TEXT_MAX, SEARCH_TEXT_WORDS_MAX } from '../../src/core/limits.js';
import { MIN_PREFIX_LENGTH, parseSearchQuery } from '../../src/core/search/query.js';
import { inProcessApp } from '../support/in-process-app.js';
import { runCliInProcess } from '../support/run-cli.js';

const words = (n: number, word = 'a') => Array.from({ length: n }, () => word).join('-');
const q = (text: string) => encodeURIComponent(text);

// Each word of a lexicon, topic, dictionary or story search is one more pass of the index over
// the rows the others left: 800 one-letter words took 22 s of one thread, so the words are bounded.
describe('free search text is bounded before any search', () => {
  const service = inProcessApp();
  const searches = [
    (t: string) => `/v1/data/strongs/search?q=${q(t)}`,
    (t: string) => `/v1/data/topics/nave/search?q=${q(t)}`,
    (t: string) => `/v1/data/topics/merged?q=${q(t)}`,
    (t: string) => `/v1/data/dictionaries/kjv-wordbook/search?q=${q(t)}`,
    (t: string) => `/v1/data/stories?q=${q(t)}`,
  ];

  it(`refuses more than ${SEARCH_TEXT_WORDS_MAX} words with 400 INVALID_REQUEST`, async () => {
    for (const path of searches) {
      const a = await service.answer(path(words(SEARCH_TEXT_WORDS_MAX + 1)));
      expect({ path: path(''), status: a.status, body: a.body }).toEqual({
        path: path(''),
        status: 400,
        body: {
          success: false,
          error: {
            code: 'INVALID_REQUEST',
            message: `query parameter 'q' must be at most ${SEARCH_TEXT_WORDS_MAX} words`,
          },
        },
      });
    }
  });

  it(`refuses more than ${SEARCH_TEXT_MAX} characters, however few the words`, async () => {
    for (const path of searches) {
      const a = await service.answer(path(words(800)));
      expect(a.body.error?.message).toBe(`query parameter 'q' must be at most ${SEARCH_TEXT_MAX} characters`);
    }
  });

  it(`answers ${SEARCH_TEXT_WORDS_MAX} words, and the longest headword`, async () => {
    expect((await service.answer(searches[0]?.(words(SEARCH_TEXT_WORDS_MAX)) ?? '')).status).toBe(200);
    const a = await service.answer(
      `/v1/data/topics/merged?q=${q("I was glad when they said: let us go to the Lord's house")}`,
    );
    expect(a.status).toBe(200);
  });

  it('refuses the same in the CLI before it asks, in one line, exit 2', async () => {
    for (const args of [
      ['strongs', 'search', words(SEARCH_TEXT_WORDS_MAX + 1)],
      ['topic', 'search', words(SEARCH_TEXT_WORDS_MAX + 1)],
      ['dictionary', 'search', words(SEARCH_TEXT_WORDS_MAX + 1)],
      ['stories', '--search', words(SEARCH_TEXT_WORDS_MAX + 1)],
    ]) {
      const r = await runCliInProcess(args);
      expect({ args, code: r.code, stderr: r.stderr, stdout: r.stdout }).toEqual({
        args,
        code: 2,
        stderr: `bible: the search text must be at most ${SEARCH_TEXT_WORDS_MAX} words\n`,
        stdout: '',
      });
    }
  });
});

// A one-letter prefix reads every word of its letter (the index keeps 2- and 3-letter prefixes):
// `a* OR a* …` ×32 by relevance held the node for 4 s.
describe('verse search: prefixes and repeated terms', () => {
  const service = inProcessApp();

  it(`refuses a prefix of fewer than ${MIN_PREFIX_LENGTH} letters`, async () => {
    for (const text of ['a*', 'love OR a*', '"the l"*']) {
      const a = await service.answer(`/v1/data/bible/kjv/search?q=${q(text)}&order=relevance`);
      expect({ text, status: a.status, code: a.body.error?.code }).toEqual({
        text,
        status: 400,
        code: 'INVALID_REQUEST',
      });
    }
    const a = await service.answer(`/v1/data/bible/kjv/search?q=${q('love OR a*')}`);
    expect(a.body.error?.message).toBe("the prefix at position 9 needs at least 2 letters before '*', like bl*");
    expect((await service.answer(`/v1/data/bible/kjv/search?q=${q('bl*')}`)).status).toBe(200);
  });

  it('reads a term said twice as one', () => {
    expect(parseSearchQuery(Array.from({ length: 32 }, () => 'th*').join(' OR '))).toEqual(parseSearchQuery('th*'));
    expect(parseSearchQuery('love love -fear -fear')).toEqual(parseSearchQuery('love -fear'));
    expect(parseSearchQuery('a OR b b OR a')).toEqual(parseSearchQuery('a OR b'));
  });

  it('refuses a short prefix in the CLI before it asks, exit 2', async () => {
    const r = await runCliInProcess(['search', 'a*']);
    expect([r.code, r.stderr]).toEqual([
      2,
      "bible: the prefix at position 1 needs at least 2 letters before '*', like bl*\n",
    ]);
  });

  it('pages a ranked --limit all through every match, in the order of its first page', async () => {
    const all = await runCliInProcess(['search', '--rank', '--limit', 'all', '--json', 'the']);
    const first = await runCliInProcess(['search', '--rank', '--limit', String(SEARCH_LIMIT_MAX), '--json', 'the']);
    const data = JSON.parse(all.stdout) as { total: number; results: Array<{ ref: string }> };
    const page = JSON.parse(first.stdout) as { results: Array<{ ref: string }> };
    expect([all.code, all.stderr, data.results.length]).toEqual([0, '', data.total]);
    expect(data.results.slice(0, SEARCH_LIMIT_MAX)).toEqual(page.results);
  });
});
