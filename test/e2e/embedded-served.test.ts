import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedTransport } from '../../src/cli/embedded-transport.js';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { type Dispatcher, embeddedDispatcher } from '../../src/service/dispatch.js';
import { TEST_LIBRARY } from '../support/env.js';
import { createKey, get, type Served, serve, serviceDataDir } from '../support/server.js';

/**
 * The embedded service (in-process, what `bible` answers with no base URL) and `bible serve`
 * answer alike: for every data endpoint of the contract and every extension, with good and bad
 * input, the status, the envelope and Cache-Control are the same. Whatever embedded mode leaves
 * out to start quicker, it must not change an answer.
 */
const PATHS = [
  '/v1/data/catalog',
  '/v1/data/bible/books',
  '/v1/data/bible/kjv/passage?ref=John%203%3A16',
  '/v1/data/bible/web/passage?ref=Gen%201%3A1-3%3B%20Ps%2023',
  '/v1/data/bible/kjv/passage?ref=John%203%3A16&include=words,red,headings,notes',
  '/v1/data/bible/kjv/passage?ref=Hezekiah%201%3A1',
  '/v1/data/bible/kjv/passage?ref=John%203%3A16&include=bogus',
  '/v1/data/bible/kjv/passage',
  '/v1/data/bible/nope/passage?ref=John%203%3A16',
  '/v1/data/bible/kjv/John/3',
  '/v1/data/bible/rv1909/Ps/117?include=words',
  '/v1/data/bible/kjv/John/99',
  '/v1/data/bible/web/books',
  '/v1/data/bible/nope/books',
  '/v1/data/bible/web/passage?ref=Sir%2027%3A17',
  '/v1/data/bible/kjv/passage?ref=Tob%201%3A1',
  '/v1/data/bible/kjv/passage?ref=Ps%2051%3A1&numbering=web',
  '/v1/data/bible/kjv/passage?ref=Ps%2051%3A1&numbering=Klingon',
  '/v1/data/strongs/search?q=love',
  '/v1/data/strongs/search?q=love&lex=hebrew',
  '/v1/data/strongs/search?q=l',
  '/v1/data/strongs/G26',
  '/v1/data/strongs/H430',
  '/v1/data/strongs/X1',
  '/v1/data/commentaries/mhcc/John/3',
  '/v1/data/commentaries/mhcc/John/3/16',
  '/v1/data/commentaries/scofield/Gen/1/1',
  '/v1/data/commentaries/nope/John/3',
  '/v1/data/dictionaries/strongs-greek/search?q=aga',
  '/v1/data/dictionaries/strongs-greek/entries/0',
  '/v1/data/dictionaries/strongs-greek/entries/-1',
  '/v1/data/topics/merged?q=faith',
  '/v1/data/topics/nave/search?q=love',
  '/v1/data/topics/nave/browse?letter=z',
  '/v1/data/topics/nave/browse?letter=zz',
  '/v1/data/topics/nave/entries/faith',
  '/v1/data/crossrefs/John/3/16',
  '/v1/data/crossrefs/John/3/99',
  '/v1/data/stories',
  '/v1/data/stories?kind=parable&limit=5&testament=NT',
  '/v1/data/stories?q=prodigal',
  '/v1/data/stories?limit=0',
  '/v1/data/stories/the-prodigal-son',
  '/v1/data/stories/No_Such',
  // Extensions
  '/v1/data/bible/kjv/search?q=faith%20love%20hope',
  '/v1/data/bible/kjv/search?q=love&stem=true&order=relevance&limit=5&in=John',
  '/v1/data/bible/kjv/search?q=G25&in=nt&limit=0',
  '/v1/data/bible/kjv/search?q=(faith',
  '/v1/data/strongs/G25/verses?translation=kjv&limit=10',
  '/v1/data/strongs/H430/verses?translation=web&limit=0',
  '/v1/data/strongs/G25/verses?limit=5000',
  '/v1/data/bible/kjv/find?q=love%20is%20patient%2C%20love%20is%20kind',
  '/v1/data/bible/web/find?q=what%20does%20the%20Bible%20say%20about%20worry&limit=3',
  '/v1/data/bible/kjv/find?q=',
  // General books: none is installed in the test library, so the list is empty and a book is 404.
  '/v1/data/genbooks',
  '/v1/data/genbooks/josephus?key=%2F&depth=1',
  '/v1/data/genbooks/josephus/section?key=%2FBook%201',
  '/v1/data/genbooks/josephus/section?key=Book',
  '/v1/data/no/such/endpoint',
  // Requests the embedded dispatcher must read as Hono does: escapes, repeats, odd shapes.
  '/v1/data/bible/kjv/Song%20of%20Solomon/2',
  '/v1/data/bible/kjv/passage?ref=John+3%3A16',
  '/v1/data/bible/kjv/passage?ref=John%203:16&ref=Gen%201:1',
  '/v1/data/stories?limit=1&limit=2',
  '/v1/data/stories?limit=2&unknown=1&unknown=2',
  '/v1/data/bible/kjv/John/3/',
  '/v1/data/bible/kjv/John/03',
  '/v1/data/bible/kjv/John/3.0',
  '/v1/data/strongs/G26%2F1',
  '/v1/data/strongs/%25',
  '/v1/data/bible/KJV/passage?ref=',
  '/v1/data/bible/kjv/passage?ref',
  '/v1/data/bible/kjv/search?q=%E2%80%9Cgod%E2%80%9D',
  '/v1/data/bible/kjv/./passage?ref=John%203:16',
  // Lengths in characters (an emoji is one), and an integer too long to be a number.
  '/v1/data/strongs/search?q=%F0%9F%98%80',
  `/v1/data/bible/kjv/John/1${'0'.repeat(400)}`,
];

/** What the dispatcher leaves to the whole app (it answers every other path above itself). */
const LEFT_TO_THE_APP = [
  '/v1/data/no/such/endpoint',
  '/v1/data/bible/kjv/John/3/',
  '/v1/data/bible/kjv/./passage?ref=John%203:16',
];

describe('the embedded service answers as bible serve does', () => {
  let served: Served;
  let key: string;
  let embedded: EmbeddedTransport;
  let store: LibraryStore;
  let dispatch: Dispatcher;

  beforeAll(async () => {
    const dataDir = serviceDataDir();
    key = await createKey(dataDir, ['--name', 'differential']);
    served = await serve(dataDir);
    embedded = new EmbeddedTransport(TEST_LIBRARY, { PATH: process.env.PATH }, () => {});
    store = new LibraryStore(TEST_LIBRARY);
    dispatch = embeddedDispatcher({ store });
  });
  afterAll(async () => {
    await served?.stop();
    store?.close();
  });

  it.each(PATHS)('GET %s', async (path) => {
    const remote = await get(served.url, path, { 'X-API-Key': key });
    const local = await embedded.send({ method: 'GET', path, headers: {} });
    expect({
      status: local.status,
      body: JSON.parse(local.body),
      cacheControl: local.headers['cache-control'],
    }).toEqual({
      status: remote.status,
      body: remote.body,
      cacheControl: remote.headers.get('cache-control') ?? undefined,
    });
  });

  it('the dispatcher answers the data paths itself, and leaves the rest to the whole app', async () => {
    const answered = PATHS.filter((path) => dispatch({ method: 'GET', path }) !== undefined);
    expect(PATHS.filter((path) => !answered.includes(path))).toEqual(LEFT_TO_THE_APP);
    expect(dispatch({ method: 'POST', path: '/v1/data/catalog' })).toBeUndefined();
    expect(dispatch({ method: 'GET', path: '/openapi.json' })).toBeUndefined();
  });

  it('covers every data operation /openapi.json lists, the extensions included', async () => {
    const doc = (await (await fetch(`${served.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    const operations = Object.keys(doc.paths).filter((p) => p.startsWith('/v1/data/'));
    const pattern = (p: string) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?|$)`);
    const uncovered = operations.filter(
      (op) => !PATHS.some((path) => pattern(op).test(path) && !path.includes('nope')),
    );
    expect(uncovered).toEqual([]);
  });
});
