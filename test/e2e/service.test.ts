import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseValidator } from '../support/openapi.js';
import { runCliInProcess } from '../support/run-cli.js';
import { type Answer, createKey, get, type Served, serve, serviceDataDir } from '../support/server.js';

/** The statuses the contract allows per data endpoint. */
const ALLOWED: Record<string, number[]> = {
  '/v1/data/catalog': [200, 401, 429, 500],
  '/v1/data/bible/books': [200, 401, 429, 500],
  '/v1/data/stories/{slug}': [200, 401, 403, 404, 429, 500],
  '/v1/data/stories': [200, 400, 401, 403, 429, 500],
  '/v1/data/strongs/search': [200, 400, 401, 403, 429, 500],
};
const LOOKUP = [200, 400, 401, 403, 404, 429, 500];
const TEMPLATES = [
  '/v1/data/catalog',
  '/v1/data/bible/books',
  '/v1/data/bible/{translation}/passage',
  '/v1/data/bible/{translation}/{book}/{chapter}',
  '/v1/data/strongs/search',
  '/v1/data/strongs/{number}',
  '/v1/data/commentaries/{id}/{book}/{chapter}',
  '/v1/data/commentaries/{id}/{book}/{chapter}/{verse}',
  '/v1/data/dictionaries/{id}/search',
  '/v1/data/dictionaries/{id}/entries/{idx}',
  '/v1/data/topics/merged',
  '/v1/data/topics/{id}/search',
  '/v1/data/topics/{id}/browse',
  '/v1/data/topics/{id}/entries/{slug}',
  '/v1/data/crossrefs/{book}/{chapter}/{verse}',
  '/v1/data/stories',
  '/v1/data/stories/{slug}',
];

function templateOf(path: string): string {
  const pathname = path.split('?')[0] as string;
  const matches = TEMPLATES.filter((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname));
  matches.sort((a, b) => b.split('{').length - a.split('{').length).reverse();
  return matches[0] ?? pathname;
}

type KeyName =
  | 'full'
  | 'partial'
  | 'tiny'
  | 'spent'
  | 'revoked'
  | 'none'
  | 'unknown'
  | 'bearer'
  | 'notopics'
  | 'broken';

/**
 * Per endpoint, a request that earns each status the contract allows it (the key and the path)
 * where one concrete path per endpoint (TEMPLATES_CONCRETE) does not: that path gives 200 for a
 * full key unless said here, 401 with no key, 429 for a spent key and 500 from a broken library.
 */
const STATUS_CASES: Record<string, Partial<Record<200 | 400 | 403 | 404, [KeyName, string]>>> = {
  '/v1/data/bible/{translation}/passage': {
    400: ['full', '/v1/data/bible/kjv/passage'],
    403: ['partial', '/v1/data/bible/web/passage?ref=John%203:16'],
    404: ['full', '/v1/data/bible/kjv/passage?ref=Jhon%203:16'],
  },
  '/v1/data/bible/{translation}/{book}/{chapter}': {
    400: ['full', '/v1/data/bible/kjv/John/abc'],
    403: ['partial', '/v1/data/bible/rv1909/John/3'],
    404: ['full', '/v1/data/bible/kjv/John/22'],
  },
  '/v1/data/strongs/search': {
    400: ['full', '/v1/data/strongs/search?q=l'],
    403: ['partial', '/v1/data/strongs/search?q=love&lex=hebrew'],
  },
  '/v1/data/strongs/{number}': {
    400: ['full', '/v1/data/strongs/X12'],
    403: ['partial', '/v1/data/strongs/H430'],
    404: ['full', '/v1/data/strongs/G99999'],
  },
  '/v1/data/commentaries/{id}/{book}/{chapter}': {
    400: ['full', '/v1/data/commentaries/mhcc/John/x'],
    403: ['partial', '/v1/data/commentaries/scofield/John/3'],
    404: ['full', '/v1/data/commentaries/tdavid/Genesis/1'],
  },
  '/v1/data/commentaries/{id}/{book}/{chapter}/{verse}': {
    200: ['full', '/v1/data/commentaries/scofield/John/3/3'],
    400: ['full', '/v1/data/commentaries/mhcc/John/3/x'],
    403: ['partial', '/v1/data/commentaries/scofield/John/3/3'],
    404: ['full', '/v1/data/commentaries/tdavid/Genesis/1/1'],
  },
  '/v1/data/dictionaries/{id}/search': {
    400: ['full', '/v1/data/dictionaries/kjv-wordbook/search'],
    403: ['notopics', '/v1/data/dictionaries/kjv-wordbook/search?q=a'],
    404: ['full', '/v1/data/dictionaries/easton/search?q=a'],
  },
  '/v1/data/dictionaries/{id}/entries/{idx}': {
    400: ['full', '/v1/data/dictionaries/kjv-wordbook/entries/-1'],
    403: ['notopics', '/v1/data/dictionaries/kjv-wordbook/entries/1'],
    404: ['full', '/v1/data/dictionaries/kjv-wordbook/entries/99999'],
  },
  '/v1/data/topics/merged': {
    400: ['full', '/v1/data/topics/merged'],
    403: ['notopics', '/v1/data/topics/merged?q=faith'],
    404: ['full', '/v1/data/topics/merged?q=no-such-topic'],
  },
  '/v1/data/topics/{id}/search': {
    400: ['full', '/v1/data/topics/nave/search'],
    403: ['notopics', '/v1/data/topics/nave/search?q=faith'],
    404: ['full', '/v1/data/topics/torrey/search?q=faith'],
  },
  '/v1/data/topics/{id}/browse': {
    400: ['full', '/v1/data/topics/nave/browse?letter=ab'],
    403: ['notopics', '/v1/data/topics/nave/browse?letter=a'],
    404: ['full', '/v1/data/topics/torrey/browse?letter=a'],
  },
  '/v1/data/topics/{id}/entries/{slug}': {
    400: ['full', '/v1/data/topics/nave/entries/not%20a%20slug'],
    403: ['notopics', '/v1/data/topics/nave/entries/faith'],
    404: ['full', '/v1/data/topics/nave/entries/no-such-topic'],
  },
  '/v1/data/crossrefs/{book}/{chapter}/{verse}': {
    400: ['full', '/v1/data/crossrefs/John/3/0'],
    403: ['partial', '/v1/data/crossrefs/John/3/16'],
    404: ['full', '/v1/data/crossrefs/John/3/99'],
  },
  '/v1/data/stories': {
    400: ['full', '/v1/data/stories?limit=0'],
    403: ['partial', '/v1/data/stories'],
  },
  '/v1/data/stories/{slug}': {
    403: ['partial', '/v1/data/stories/the-prodigal-son'],
    404: ['full', '/v1/data/stories/Bad_Slug'],
  },
};

describe('bible serve: the data interface end to end', () => {
  let server: Served;
  let broken: Served;
  let dataDir: string;
  const keys: Record<string, string> = {};
  let validate: Awaited<ReturnType<typeof responseValidator>>;

  async function call(key: KeyName, path: string, base = server.url, method = 'GET'): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (key === 'bearer') headers.Authorization = `Bearer ${keys.full}`;
    else if (key === 'unknown') headers['X-API-Key'] = 'bbl_not-a-real-key-0000000000000000';
    else if (key !== 'none') headers['X-API-Key'] = keys[key] as string;
    const answer = await get(base, path, headers, method);
    // Every answer is an envelope; success and only success carries the cache header.
    expect(typeof answer.body.success, path).toBe('boolean');
    if (answer.status === 200) {
      expect(answer.body.success).toBe(true);
      expect(answer.headers.get('cache-control')).toBe('private, max-age=300');
    } else {
      expect(answer.body.success).toBe(false);
      expect(Object.keys(answer.body.error ?? {}).sort()).toEqual(['code', 'message']);
      expect(answer.headers.get('cache-control')).toBeNull();
    }
    if (method === 'GET' && path.startsWith('/v1/data/') && TEMPLATES.includes(templateOf(path))) {
      expect(validate(path, answer.status, answer.body), `${path} ${answer.status}`).toEqual([]);
      // No status the contract does not allow, whichever test asked.
      const t = templateOf(path);
      expect(ALLOWED[t] ?? LOOKUP, `${path} ${answer.status}`).toContain(answer.status);
    }
    return answer;
  }

  async function expectError(key: KeyName, path: string, status: number, code: string, message?: string | RegExp) {
    const a = await call(key, path);
    expect({ path, status: a.status, code: a.body.error?.code }).toEqual({ path, status, code });
    if (typeof message === 'string') expect(a.body.error?.message).toBe(message);
    else if (message) expect(a.body.error?.message).toMatch(message);
    return a;
  }

  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of the one resource it asked for
  async function ok(key: KeyName, path: string): Promise<any> {
    const a = await call(key, path);
    expect({ path, status: a.status, error: a.body.error }).toEqual({ path, status: 200, error: undefined });
    return a.body.data;
  }

  beforeAll(async () => {
    dataDir = serviceDataDir();
    keys.full = await createKey(dataDir, ['--name', 'full']);
    keys.partial = await createKey(dataDir, [
      '--name',
      'partial',
      '--scopes',
      'kjv,strongs-greek,mhcc,nave,kjv-wordbook',
    ]);
    keys.notopics = await createKey(dataDir, ['--name', 'notopics', '--scopes', 'kjv,tsk']);
    keys.tiny = await createKey(dataDir, ['--name', 'tiny', '--daily', '3']);
    keys.revoked = await createKey(dataDir, ['--name', 'revoked']);
    expect(
      (
        await runCliInProcess(['keys', 'revoke', '--yes', keys.revoked.slice(0, 14)], {
          env: { BIBLE_DATA_DIR: dataDir },
        })
      ).code,
    ).toBe(0);
    server = await serve(dataDir);
    const doc = await (await fetch(`${server.url}/openapi.json`)).json();
    validate = await responseValidator(doc);

    // A library file that is not a database: every request that reads it fails inside.
    const brokenDir = serviceDataDir();
    const brokenLibrary = join(brokenDir, 'broken.sqlite');
    writeFileSync(brokenLibrary, 'this is not an SQLite database'.repeat(200));
    const brokenData = serviceDataDir(brokenLibrary);
    keys.broken = await createKey(brokenData, ['--name', 'broken']);
    broken = await serve(brokenData);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await broken?.stop();
  });

  it('serves an OpenAPI 3.0.3 contract, version 1.0.0, valid under swagger-parser', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.version).toBe('1.0.0');
    await SwaggerParser.validate(structuredClone(doc) as never);
    // Every path of the contract; any other is an extension, tagged so, under /v1/data/.
    const contract = [...TEMPLATES, '/v1/chat'];
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => contract.includes(p)).sort()).toEqual(contract.sort());
    for (const path of paths.filter((p) => !contract.includes(p))) {
      expect(path).toMatch(/^\/v1\/data\//);
      for (const op of Object.values(doc.paths[path] ?? {})) expect(op.tags, path).toContain('extensions');
    }
    // The contract's operations are not tagged `extensions`, so a client that leaves extensions out
    // keeps all of them; an optional parameter added to one is marked on the parameter.
    for (const path of contract)
      for (const op of Object.values(doc.paths[path] ?? {})) expect(op.tags ?? [], path).not.toContain('extensions');
    const passage = doc.paths['/v1/data/bible/{translation}/passage']?.get as unknown as {
      parameters: Array<{ name: string; schema: Record<string, unknown> }>;
    };
    const include = passage.parameters.find((p) => p.name === 'include');
    expect(include?.schema['x-extension']).toBe(true);
  });

  it('authenticates: no key, unknown key, revoked key; X-API-Key or Bearer', async () => {
    await expectError('none', '/v1/data/catalog', 401, 'MISSING_API_KEY');
    await expectError('unknown', '/v1/data/catalog', 401, 'INVALID_API_KEY', 'the API key is not known');
    await expectError('revoked', '/v1/data/catalog', 401, 'INVALID_API_KEY', 'the API key has been revoked');
    await expectError('none', '/v1/data/bible/books', 401, 'MISSING_API_KEY');
    expect((await ok('bearer', '/v1/data/bible/books')).books).toHaveLength(66);
    for (const path of TEMPLATES_CONCRETE()) {
      await expectError('none', path, 401, 'MISSING_API_KEY');
    }
  });

  it('catalog: everything for a full key, only the scoped resources for a partial one', async () => {
    const full = await ok('full', '/v1/data/catalog');
    expect(full.bible.map((x: { id: string }) => x.id)).toEqual(['kjv', 'web', 'rv1909']);
    expect(full.commentaries.map((x: { id: string }) => x.id)).toEqual(['mhcc', 'scofield', 'tdavid']);
    expect(full.topics.map((x: { id: string }) => x.id)).toEqual(['nave', 'everyday-topics', 'people-places']);
    expect(full.lexicons.map((x: { id: string }) => x.id)).toEqual(['strongs-greek', 'strongs-hebrew']);
    expect(full.dictionaries.map((x: { id: string }) => x.id)).toEqual(['kjv-wordbook']);
    expect(full.crossrefs.id).toBe('tsk');
    expect(full.stories.id).toBe('stories');
    for (const item of [...full.bible, ...full.commentaries, full.crossrefs]) expect(item.attribution).toMatch(/\.$/);
    const partial = await ok('partial', '/v1/data/catalog');
    expect(partial).toMatchObject({
      bible: [{ id: 'kjv' }],
      commentaries: [{ id: 'mhcc' }],
      crossrefs: null,
      stories: null,
    });
    expect(partial.lexicons.map((x: { id: string }) => x.id)).toEqual(['strongs-greek']);
  });

  it('books: the 66 books with abbreviations and verse counts', async () => {
    const { books } = await ok('full', '/v1/data/bible/books');
    expect(books[42]).toMatchObject({ number: 43, name: 'John', chapters: 21 });
    expect(books[42].verseCounts[2]).toBe(36);
    expect(books[61].abbreviations).toContain('1 Jn');
  });

  it('passage: references, limits, scopes and faults', async () => {
    const d = await ok('full', `/v1/data/bible/KJV/passage?ref=${encodeURIComponent('Jn 3:16; Psalm 23:1-2')}`);
    expect(d.translation).toBe('kjv');
    expect(d.passages.map((p: { ref: string }) => p.ref)).toEqual(['Jn 3:16', 'Psalm 23:1-2']);
    expect(d.passages[0].verses).toEqual([
      {
        book: 'John',
        chapter: 3,
        v: 16,
        text: 'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
      },
    ]);
    expect(d.passages[1].verses.map((v: { v: number }) => v.v)).toEqual([1, 2]);
    expect(d.attribution).toContain('engKJV2006eb');
    const ten = Array.from({ length: 10 }, (_, i) => `John ${i + 1}:1`).join(';');
    expect((await ok('full', `/v1/data/bible/web/passage?ref=${encodeURIComponent(ten)}`)).passages).toHaveLength(10);
    expect(
      (await ok('full', `/v1/data/bible/kjv/passage?ref=${encodeURIComponent('Genesis 1:3-4:2')}`)).passages[0].verses
        .length,
    ).toBe(29 + 25 + 24 + 2);
    await expectError(
      'full',
      `/v1/data/bible/kjv/passage?ref=${encodeURIComponent(`${ten};John 11:1`)}`,
      400,
      'INVALID_REQUEST',
      'at most 10 references per request (got 11)',
    );
    await expectError(
      'full',
      '/v1/data/bible/kjv/passage?ref=Genesis%201-5',
      400,
      'INVALID_REQUEST',
      'a reference may span at most 4 chapters: Genesis 1-5 spans 5',
    );
    await expectError('full', '/v1/data/bible/kjv/passage?ref=John', 400, 'INVALID_REQUEST', /^cannot read 'John'/);
    await expectError('full', '/v1/data/bible/kjv/passage', 400, 'INVALID_REQUEST', "missing query parameter 'ref'");
    await expectError(
      'full',
      '/v1/data/bible/kjv/passage?ref=%20',
      400,
      'INVALID_REQUEST',
      "missing query parameter 'ref'",
    );
    await expectError(
      'full',
      '/v1/data/bible/kjv/passage?ref=Jhon%203:16',
      404,
      'NOT_FOUND',
      "unknown book 'Jhon' (did you mean John?)",
    );
    await expectError('full', '/v1/data/bible/kjv/passage?ref=John%2022:1', 404, 'NOT_FOUND', 'John has 21 chapters');
    await expectError('full', '/v1/data/bible/nope/passage?ref=John%203:16', 404, 'NOT_FOUND', "no translation 'nope'");
    await expectError(
      'partial',
      '/v1/data/bible/web/passage?ref=John%203:16',
      403,
      'SCOPE_DENIED',
      "this key may not read 'web'",
    );
  });

  it('chapter: a whole chapter, by number, name or abbreviation', async () => {
    const d = await ok('full', '/v1/data/bible/rv1909/43/3');
    expect(d).toMatchObject({ translation: 'rv1909', book: { number: 43, name: 'John' }, chapter: 3 });
    expect(d.verses).toHaveLength(36);
    expect((await ok('full', '/v1/data/bible/kjv/1%20Jn/4')).book.name).toBe('1 John');
    expect((await ok('full', '/v1/data/bible/kjv/Psalms/119')).verses).toHaveLength(176);
    await expectError(
      'full',
      '/v1/data/bible/kjv/John/abc',
      400,
      'INVALID_REQUEST',
      'chapter must be an integer of at least 1',
    );
    await expectError(
      'full',
      '/v1/data/bible/kjv/John/0',
      400,
      'INVALID_REQUEST',
      'chapter must be an integer of at least 1',
    );
    await expectError('full', '/v1/data/bible/kjv/John/22', 404, 'NOT_FOUND', 'John has 21 chapters');
    await expectError('full', '/v1/data/bible/nope/John/3', 404, 'NOT_FOUND', "no translation 'nope'");
    await expectError('full', '/v1/data/bible/kjv/Hezekiah/1', 404, 'NOT_FOUND', /^unknown book 'Hezekiah'/);
    await expectError('partial', '/v1/data/bible/rv1909/John/3', 403, 'SCOPE_DENIED');
  });

  it("strong's: entries and search", async () => {
    const g26 = await ok('full', '/v1/data/strongs/g26');
    expect(g26).toMatchObject({
      number: 'G26',
      lexicon: 'greek',
      lemma: 'ἀγάπη',
      transliteration: 'agápē',
      gloss: 'love',
    });
    expect((await ok('full', '/v1/data/strongs/H0430')).lemma).toBe('אֱלֹהִים');
    await expectError(
      'full',
      '/v1/data/strongs/X12',
      400,
      'INVALID_REQUEST',
      "'X12' is not a Strong's number: G or H and 1 to 5 digits, like G26 or H430",
    );
    await expectError('full', '/v1/data/strongs/G99999', 404, 'NOT_FOUND', "no Strong's entry G99999");
    await expectError('partial', '/v1/data/strongs/H430', 403, 'SCOPE_DENIED');
    const s = await ok('full', '/v1/data/strongs/search?q=love');
    expect(s.results.length).toBe(25);
    expect(s.results.map((r: { gloss: string }) => r.gloss).slice(0, 3)).toEqual(['love', 'love', 'love']);
    const greek = await ok('full', '/v1/data/strongs/search?q=agape&lex=greek');
    expect(greek.results.every((r: { lexicon: string }) => r.lexicon === 'greek')).toBe(true);
    expect(greek.results.map((r: { number: string }) => r.number)).toContain('G26');
    const partial = await ok('partial', '/v1/data/strongs/search?q=love');
    expect(partial.results.every((r: { lexicon: string }) => r.lexicon === 'greek')).toBe(true);
    await expectError(
      'full',
      '/v1/data/strongs/search?q=l',
      400,
      'INVALID_REQUEST',
      "query parameter 'q' must be at least 2 characters",
    );
    await expectError('full', '/v1/data/strongs/search', 400, 'INVALID_REQUEST', "missing query parameter 'q'");
    await expectError(
      'full',
      '/v1/data/strongs/search?q=love&lex=latin',
      400,
      'INVALID_REQUEST',
      "query parameter 'lex' must be greek or hebrew",
    );
    await expectError('partial', '/v1/data/strongs/search?q=love&lex=hebrew', 403, 'SCOPE_DENIED');
    await expectError('notopics', '/v1/data/strongs/search?q=love', 403, 'SCOPE_DENIED');
    expect((await ok('full', '/v1/data/strongs/search?q=zzzzqqq')).results).toEqual([]);
  });

  it('commentaries: chapters and verses, notes on verse runs', async () => {
    const ch = await ok('full', '/v1/data/commentaries/MHCC/John/3');
    expect(ch).toMatchObject({ id: 'mhcc', book: 'John', chapter: 3 });
    // Every verse of the chapter, each with the section that expounds it (1-21: the discourse).
    expect(ch.entries.map((e: { verse: number }) => e.verse)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    expect(new Set(ch.entries.slice(0, 21).map((e: { text: string }) => e.text)).size).toBe(1);
    const v = await ok('full', '/v1/data/commentaries/scofield/John/3/3');
    expect(v.text).toMatch(/^\*born again\*/);
    expect((await ok('full', '/v1/data/commentaries/tdavid/Psalms/23/1')).text).toContain('Psalm 23');
    // The Treasury of David, split per verse: Spurgeon on verse 4, not the whole psalm.
    expect((await ok('full', '/v1/data/commentaries/tdavid/Psalms/23/4')).text).toMatch(/^EXPOSITION\n\n\*Verse 4\.\*/);
    await expectError(
      'full',
      '/v1/data/commentaries/tdavid/John/3/16',
      404,
      'NOT_FOUND',
      'tdavid has no note on John 3:16',
    );
    await expectError(
      'full',
      '/v1/data/commentaries/tdavid/Genesis/1',
      404,
      'NOT_FOUND',
      'tdavid has no notes on Genesis 1',
    );
    await expectError('full', '/v1/data/commentaries/nope/John/3', 404, 'NOT_FOUND', "no commentary 'nope'");
    await expectError('full', '/v1/data/commentaries/nope/John/3/16', 404, 'NOT_FOUND', "no commentary 'nope'");
    await expectError('full', '/v1/data/commentaries/mhcc/John/3/37', 404, 'NOT_FOUND', 'John 3 has 36 verses');
    await expectError(
      'full',
      '/v1/data/commentaries/mhcc/John/3/x',
      400,
      'INVALID_REQUEST',
      'verse must be an integer of at least 1',
    );
    await expectError('full', '/v1/data/commentaries/mhcc/John/x', 400, 'INVALID_REQUEST');
    await expectError('partial', '/v1/data/commentaries/scofield/John/3', 403, 'SCOPE_DENIED');
    await expectError('partial', '/v1/data/commentaries/scofield/John/3/3', 403, 'SCOPE_DENIED');
  });

  it('dictionaries: headword prefix search and entries', async () => {
    const s = await ok('full', '/v1/data/dictionaries/KJV-WORDBOOK/search?q=WI');
    expect(s.results.length).toBeGreaterThan(3);
    expect(s.results.every((r: { headword: string }) => r.headword.toLowerCase().startsWith('wi'))).toBe(true);
    const sorted = [...s.results].sort((a: { idx: number }, b: { idx: number }) => a.idx - b.idx);
    expect(s.results).toEqual(sorted);
    expect((await ok('full', '/v1/data/dictionaries/kjv-wordbook/search?q=a')).results).toHaveLength(25);
    const wist = s.results.find((r: { headword: string }) => r.headword === 'wist');
    const e = await ok('full', `/v1/data/dictionaries/kjv-wordbook/entries/${wist.idx}`);
    expect(e).toMatchObject({ id: 'kjv-wordbook', idx: wist.idx, headword: 'wist' });
    expect(e.text).toMatch(/knew/i);
    await expectError(
      'full',
      '/v1/data/dictionaries/kjv-wordbook/search',
      400,
      'INVALID_REQUEST',
      "missing query parameter 'q'",
    );
    await expectError(
      'full',
      '/v1/data/dictionaries/kjv-wordbook/entries/-1',
      400,
      'INVALID_REQUEST',
      'idx must be an integer of at least 0',
    );
    await expectError(
      'full',
      '/v1/data/dictionaries/kjv-wordbook/entries/99999',
      404,
      'NOT_FOUND',
      'kjv-wordbook has no entry 99999',
    );
    await expectError('full', '/v1/data/dictionaries/easton/search?q=a', 404, 'NOT_FOUND', "no dictionary 'easton'");
    await expectError('full', '/v1/data/dictionaries/easton/entries/1', 404, 'NOT_FOUND', "no dictionary 'easton'");
    await expectError('notopics', '/v1/data/dictionaries/kjv-wordbook/entries/1', 403, 'SCOPE_DENIED');
    await expectError('notopics', '/v1/data/dictionaries/kjv-wordbook/search?q=a', 403, 'SCOPE_DENIED');
  });

  it('topics: merged, search, browse, entries', async () => {
    const m = await ok('full', '/v1/data/topics/merged?q=faith');
    expect(m.headword).toBe('FAITH');
    // Every topical work that has the headword: Nave's and Everyday Topics' "Faith".
    expect(m.sources.map((s: { id: string }) => s.id)).toEqual(['nave', 'everyday-topics']);
    expect(m.sources[0].sections[0].heading).toBe('General scriptures concerning');
    expect(m.sources[0].sections[0].refs[0]).toEqual({ ref: '2 Samuel 22:31', bookNum: 10, ch: 22, v: 31, vEnd: null });
    const s = await ok('full', '/v1/data/topics/nave/search?q=love');
    expect(s.results.slice(0, 3).map((r: { headword: string }) => r.headword)).toEqual([
      'LOVE',
      'LOVEFEASTS',
      'LOVERS',
    ]);
    const b = await ok('full', '/v1/data/topics/nave/browse?letter=z');
    expect(b.letter).toBe('Z');
    expect(b.entries.length).toBeGreaterThan(25);
    expect(b.entries.every((e: { headword: string }) => e.headword.startsWith('Z'))).toBe(true);
    const e = await ok('full', '/v1/data/topics/nave/entries/faith');
    expect(e).toMatchObject({ id: 'nave', slug: 'faith', headword: 'FAITH' });
    await expectError(
      'full',
      '/v1/data/topics/nave/browse?letter=ab',
      400,
      'INVALID_REQUEST',
      "query parameter 'letter' must be one letter A-Z",
    );
    await expectError(
      'full',
      '/v1/data/topics/nave/browse',
      400,
      'INVALID_REQUEST',
      "missing query parameter 'letter'",
    );
    await expectError('full', '/v1/data/topics/nave/search', 400, 'INVALID_REQUEST', "missing query parameter 'q'");
    await expectError('full', '/v1/data/topics/merged', 400, 'INVALID_REQUEST', "missing query parameter 'q'");
    await expectError('full', '/v1/data/topics/merged?q=no-such-topic', 404, 'NOT_FOUND', "no topic 'no-such-topic'");
    await expectError('full', '/v1/data/topics/nave/entries/no-such-topic', 404, 'NOT_FOUND');
    await expectError(
      'full',
      '/v1/data/topics/nave/entries/not%20a%20slug',
      400,
      'INVALID_REQUEST',
      "'not a slug' is not a topic slug: lower-case words joined by hyphens, like faith-in-christ",
    );
    expect((await ok('full', '/v1/data/topics/nave/entries/FAITH')).slug).toBe('faith');
    await expectError('full', '/v1/data/topics/torrey/search?q=a', 404, 'NOT_FOUND', "no topical work 'torrey'");
    await expectError('full', '/v1/data/topics/torrey/browse?letter=a', 404, 'NOT_FOUND', "no topical work 'torrey'");
    await expectError('full', '/v1/data/topics/torrey/entries/faith', 404, 'NOT_FOUND', "no topical work 'torrey'");
    await expectError('notopics', '/v1/data/topics/merged?q=faith', 403, 'SCOPE_DENIED');
    await expectError('notopics', '/v1/data/topics/nave/search?q=faith', 403, 'SCOPE_DENIED');
    await expectError('notopics', '/v1/data/topics/nave/browse?letter=a', 403, 'SCOPE_DENIED');
    await expectError('notopics', '/v1/data/topics/nave/entries/faith', 403, 'SCOPE_DENIED');
  });

  it('crossrefs: a verse’s references', async () => {
    const d = await ok('full', '/v1/data/crossrefs/John/3/16');
    expect(d).toMatchObject({ book: 'John', chapter: 3, verse: 16 });
    expect(d.refs).toContain('Romans 5:8');
    expect(d.refs.every((r: string) => /^(?:[1-3] )?[A-Z][A-Za-z ]+ \d+:\d+(-\d+(:\d+)?)?$/.test(r))).toBe(true);
    await expectError('full', '/v1/data/crossrefs/John/3/0', 400, 'INVALID_REQUEST');
    await expectError('full', '/v1/data/crossrefs/John/3/99', 404, 'NOT_FOUND', 'John 3 has 36 verses');
    await expectError(
      'full',
      '/v1/data/crossrefs/Jhon/3/16',
      404,
      'NOT_FOUND',
      "unknown book 'Jhon' (did you mean John?)",
    );
    await expectError('partial', '/v1/data/crossrefs/John/3/16', 403, 'SCOPE_DENIED');
  });

  it('stories: filters, total before limit, reading order; slugs', async () => {
    const all = await ok('full', '/v1/data/stories?limit=100');
    expect(all.stories).toHaveLength(100);
    expect(all.total).toBeGreaterThanOrEqual(120);
    const orders = all.stories.map((s: { order: number }) => s.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect((await ok('full', '/v1/data/stories')).stories).toHaveLength(25);
    const parables = await ok('full', '/v1/data/stories?kind=parable&testament=NT&limit=5');
    expect(parables.stories).toHaveLength(5);
    expect(parables.total).toBeGreaterThanOrEqual(35);
    expect(parables.stories.every((s: { kind: string }) => s.kind === 'parable')).toBe(true);
    const faith = await ok('full', '/v1/data/stories?theme=faith&limit=100');
    expect(faith.stories.every((s: { themes: string[] }) => s.themes.includes('faith'))).toBe(true);
    expect(faith.total).toBe(faith.stories.length);
    const q = await ok('full', '/v1/data/stories?q=Zacchaeus');
    expect(q.stories.map((s: { slug: string }) => s.slug)).toContain('zacchaeus');
    expect((await ok('full', '/v1/data/stories?theme=no-such-theme')).total).toBe(0);
    const one = await ok('full', '/v1/data/stories/the-prodigal-son');
    expect(one).toMatchObject({ slug: 'the-prodigal-son', kind: 'parable', testament: 'NT', book: 'Luke' });
    expect(one.attribution).toMatch(/Bible Stories/);
    for (const bad of ['limit=0', 'limit=101', 'limit=abc', 'testament=AT', 'kind=fable']) {
      await expectError('full', `/v1/data/stories?${bad}`, 400, 'INVALID_REQUEST');
    }
    await expectError('full', '/v1/data/stories/Bad_Slug', 404, 'NOT_FOUND', "no story 'Bad_Slug'");
    await expectError('full', '/v1/data/stories/no-such-story', 404, 'NOT_FOUND');
    await expectError('partial', '/v1/data/stories', 403, 'SCOPE_DENIED');
    await expectError('partial', '/v1/data/stories/the-prodigal-son', 403, 'SCOPE_DENIED');
  });

  it('unknown paths and methods: a 404 envelope', async () => {
    for (const [method, path] of [
      ['GET', '/v1/data/nope'],
      ['GET', '/v2/data/catalog'],
      ['POST', '/v1/data/catalog'],
      ['DELETE', '/v1/data/stories/the-prodigal-son'],
      ['GET', '/'],
    ] as const) {
      const a = await call('full', path, server.url, method);
      expect({ path, method, status: a.status, code: a.body.error?.code }).toEqual({
        path,
        method,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
  });

  it('a library that cannot be read: 500 INTERNAL_ERROR envelopes, safe to retry', async () => {
    for (const path of TEMPLATES_CONCRETE().filter((p) => p !== '/v1/data/bible/books')) {
      const a = await call('broken', path, broken.url);
      expect({ path, status: a.status, code: a.body.error?.code }).toEqual({
        path,
        status: 500,
        code: 'INTERNAL_ERROR',
      });
      expect(a.body.error?.message).toBe('internal error; the request is safe to retry');
    }
  });

  it('the daily quota: 429 once spent, with the reset time; errors do not count', async () => {
    await expectError('tiny', '/v1/data/bible/kjv/John/99', 404, 'NOT_FOUND');
    for (let i = 0; i < 3; i++) await ok('tiny', '/v1/data/bible/books');
    for (const path of TEMPLATES_CONCRETE()) {
      await expectError(
        'tiny',
        path,
        429,
        'DAILY_LIMIT_EXCEEDED',
        /^daily request quota of 3 reached; it resets at \d{4}-\d\d-\d\dT00:00:00\.000Z \(midnight UTC\)$/,
      );
    }
  });

  it('answers every status the contract allows on every endpoint', async () => {
    keys.spent = await createKey(dataDir, ['--name', 'spent', '--daily', '1']);
    expect((await call('spent', '/v1/data/bible/books')).status).toBe(200);
    const concrete = TEMPLATES_CONCRETE();
    for (const t of TEMPLATES) {
      const path = concrete.find((p) => templateOf(p) === t) as string;
      const statuses: number[] = [];
      const cases: Array<[KeyName, string, string?]> = [
        ['full', path],
        ['none', path],
        ['spent', path],
        ...Object.values(STATUS_CASES[t] ?? {}),
      ];
      if (STATUS_CASES[t]?.[200]) cases.shift();
      if (t !== '/v1/data/bible/books') cases.push(['broken', path, broken.url]);
      for (const [key, p, base] of cases) statuses.push((await call(key, p, base)).status);
      expect({ t, statuses: statuses.sort() }).toEqual({
        t,
        statuses: (ALLOWED[t] ?? LOOKUP).filter((s) => !(t === '/v1/data/bible/books' && s === 500)).sort(),
      });
    }
  });

  it('never logs a key, and stores keys only hashed', () => {
    const log = server.output();
    expect(log).toMatch(/GET \/v1\/data\/catalog 200 \d+\.\dms/);
    for (const k of Object.values(keys)) expect(log).not.toContain(k);
    // Read through SQLite, not the file's bytes: new rows sit in the -wal until a checkpoint.
    const db = new Database(join(dataDir, 'service.sqlite'), { readonly: true });
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    const cells = tables
      .flatMap((t) => db.prepare(`SELECT * FROM "${t}"`).raw().all() as unknown[][])
      .flat()
      .map(String)
      .join('\n');
    db.close();
    for (const [name, k] of Object.entries(keys)) {
      if (name === 'broken') continue; // made in the broken server's own data dir
      expect(cells).toContain(createHash('sha256').update(k).digest('hex'));
      expect(cells).not.toContain(k);
    }
  });
});

/** One concrete path per endpoint, valid for a full key. */
function TEMPLATES_CONCRETE(): string[] {
  return [
    '/v1/data/catalog',
    '/v1/data/bible/books',
    '/v1/data/bible/kjv/passage?ref=John%203:16',
    '/v1/data/bible/kjv/John/3',
    '/v1/data/strongs/search?q=love',
    '/v1/data/strongs/G26',
    '/v1/data/commentaries/mhcc/John/3',
    '/v1/data/commentaries/mhcc/John/3/16',
    '/v1/data/dictionaries/kjv-wordbook/search?q=a',
    '/v1/data/dictionaries/kjv-wordbook/entries/1',
    '/v1/data/topics/merged?q=faith',
    '/v1/data/topics/nave/search?q=faith',
    '/v1/data/topics/nave/browse?letter=f',
    '/v1/data/topics/nave/entries/faith',
    '/v1/data/crossrefs/John/3/16',
    '/v1/data/stories',
    '/v1/data/stories/the-prodigal-son',
  ];
}
