import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { keyPrincipal, LOCAL_PRINCIPAL } from '../../src/service/context.js';
import { ApiError } from '../../src/service/errors.js';
import { findAnswer } from '../../src/service/find-answer.js';
import { runCli } from '../support/cli.js';
import { itWithSword, TEST_LIBRARY } from '../support/env.js';
import { FaultProxy } from '../support/fault-proxy.js';
import { responseValidator } from '../support/openapi.js';
import { createKey, get, type Served, serve, serviceDataDir } from '../support/server.js';

const KJV_ATTRIBUTION =
  "King James Version (1769 standard text, with Strong's numbers). Public Domain. From the CrossWire SWORD module engKJV2006eb.";

describe('the find engine in-process', () => {
  let store: LibraryStore;
  beforeAll(() => {
    store = new LibraryStore(TEST_LIBRARY);
  });
  afterAll(() => store.close());

  it('puts a named reference first, then what the question is about', () => {
    const r = findAnswer(store, LOCAL_PRINCIPAL, 'Romans 8:28 all things work together for good', {
      translation: 'kjv',
      limit: 3,
    });
    expect(r.query).toBe('Romans 8:28 all things work together for good');
    expect(r.translation).toBe('kjv');
    expect(r.results).toHaveLength(3);
    expect(r.results[0]).toMatchObject({
      ref: 'Romans 8:28',
      book: 'Romans',
      chapter: 8,
      v: 28,
      text: 'And we know that all things work together for good to them that love God, to them who are the called according to his purpose.',
    });
    expect(r.results[0]?.why[0]).toBe('named in the question: Romans 8:28');
    expect(r.attribution.split('\n')[0]).toBe(KJV_ATTRIBUTION);
    const scores = r.results.map((x) => x.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('answers 404 for an unknown translation and 403 for one the key may not read', () => {
    expect(() => findAnswer(store, LOCAL_PRINCIPAL, 'love', { translation: 'xyz', limit: 5 })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    const kjvOnly = keyPrincipal({ scopes: ['kjv'] } as Parameters<typeof keyPrincipal>[0]);
    expect(() => findAnswer(store, kjvOnly, 'love', { translation: 'web', limit: 5 })).toThrow(ApiError);
  });

  itWithSword('draws only on what the key may read', () => {
    const kjvOnly = keyPrincipal({ scopes: ['kjv'] } as Parameters<typeof keyPrincipal>[0]);
    const r = findAnswer(store, kjvOnly, 'What does the Bible say about worry and anxiety?', {
      translation: 'kjv',
      limit: 10,
    });
    expect(r.attribution).toBe(KJV_ATTRIBUTION);
    const why = r.results.flatMap((x) => x.why).join('\n');
    expect(why).not.toMatch(/topic:|commentary:|story:|cross-reference|Strong's|\(WEB\)/);
    // The full library reaches through WEB, Strong's, Nave's and the TSK.
    const all = findAnswer(store, LOCAL_PRINCIPAL, 'What does the Bible say about worry and anxiety?', {
      translation: 'kjv',
      limit: 10,
    });
    expect(all.results.map((x) => x.ref)).toContain('Philippians 4:6');
    const lines = all.attribution.split('\n');
    for (const start of ['King James', 'World English', "Nave's", 'The Treasury', "Strong's Greek"]) {
      expect(lines.filter((l) => l.startsWith(start))).toHaveLength(1);
    }
  });

  itWithSword("a commentary's outline heading brings in its passage, with the commentary's attribution", () => {
    const q = 'when Ishmael mocked Isaac';
    const all = findAnswer(store, LOCAL_PRINCIPAL, q, { translation: 'kjv', limit: 10 });
    const heading = `commentary: Matthew Henry's Concise Commentary, "Ishmael mocks Isaac" (Genesis 21:9-13)`;
    expect(all.results.find((x) => x.ref === 'Genesis 21:9')?.why).toContain(heading);
    expect(all.attribution.split('\n').filter((l) => l.startsWith("Matthew Henry's"))).toHaveLength(1);
    const off = findAnswer(store, LOCAL_PRINCIPAL, q, { translation: 'kjv', limit: 10, without: ['commentary'] });
    expect(off.results.flatMap((x) => x.why).some((w) => w.startsWith('commentary:'))).toBe(false);
    expect(off.attribution).not.toContain("Matthew Henry's");
  });

  itWithSword('turns signals off on request, and a question of frame words alone finds nothing', () => {
    const q = 'the golden rule';
    const on = findAnswer(store, LOCAL_PRINCIPAL, q, { translation: 'kjv', limit: 5 });
    expect(on.results.flatMap((x) => x.why)).toContain('topic: GOLDEN RULE');
    const off = findAnswer(store, LOCAL_PRINCIPAL, q, { translation: 'kjv', limit: 5, without: ['topics'] });
    expect(off.results.flatMap((x) => x.why).some((w) => w.startsWith('topic:'))).toBe(false);
    expect(
      findAnswer(store, LOCAL_PRINCIPAL, 'what does the Bible say?', { translation: 'kjv', limit: 5 }).results,
    ).toEqual([]);
  });
});

describe('bible find and GET /v1/data/bible/{translation}/find', () => {
  let dataDir: string;
  let server: Served;
  let full: string;
  let kjvOnly: string;
  let tiny: string;
  beforeAll(async () => {
    dataDir = serviceDataDir();
    full = await createKey(dataDir, ['--name', 'full']);
    kjvOnly = await createKey(dataDir, ['--name', 'kjv', '--scopes', 'kjv']);
    tiny = await createKey(dataDir, ['--name', 'tiny', '--daily', '1']);
    server = await serve(dataDir);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('serves the envelope the OpenAPI document gives, tagged extensions, with Cache-Control', async () => {
    const doc = await (await fetch(`${server.url}/openapi.json`)).json();
    const op = doc.paths['/v1/data/bible/{translation}/find'].get;
    expect(op.tags).toEqual(['bible', 'extensions']);
    const validate = await responseValidator(doc);
    const path = '/v1/data/bible/kjv/find?q=love%20your%20enemies&limit=3';
    const a = await get(server.url, path, { 'X-API-Key': full });
    expect(a.status).toBe(200);
    expect(a.headers.get('cache-control')).toBe('private, max-age=300');
    expect(validate(path, 200, a.body)).toEqual([]);
    const data = a.body.data as { results: Array<{ ref: string }> };
    expect(data.results).toHaveLength(3);
    // Nothing clears the bar: no verse, the note, valid against the document; all=true the weak ones.
    const off = '/v1/data/bible/kjv/find?q=how%20do%20I%20reset%20my%20router';
    const none = await get(server.url, off, { 'X-API-Key': full });
    expect(validate(off, 200, none.body)).toEqual([]);
    expect(none.body.data).toMatchObject({ results: [], all: false, note: expect.stringContaining('"router"') });
    const weak = await get(server.url, `${off}&all=true&limit=2`, { 'X-API-Key': full });
    expect(validate(`${off}&all=true&limit=2`, 200, weak.body)).toEqual([]);
    const weakData = weak.body.data as { all: boolean; results: Array<{ confidence: { band: string } }> };
    expect([weakData.all, weakData.results.map((r) => r.confidence.band)]).toEqual([true, ['weak', 'weak']]);
  });

  it('refuses bad input with the envelope, never a 5xx', async () => {
    const cases: Array<[string, number, string]> = [
      ['/v1/data/bible/kjv/find', 400, 'INVALID_REQUEST'],
      ['/v1/data/bible/kjv/find?q=%20', 400, 'INVALID_REQUEST'],
      ['/v1/data/bible/kjv/find?q=love&limit=0', 400, 'INVALID_REQUEST'],
      ['/v1/data/bible/kjv/find?q=love&limit=51', 400, 'INVALID_REQUEST'],
      ['/v1/data/bible/kjv/find?q=love&limit=abc', 400, 'INVALID_REQUEST'],
      ['/v1/data/bible/kjv/find?q=love&all=yes', 400, 'INVALID_REQUEST'],
      ['/v1/data/bible/kjv/find?q=love&all=true', 200, ''],
      [`/v1/data/bible/kjv/find?q=${'a'.repeat(501)}`, 400, 'INVALID_REQUEST'],
      ['/v1/data/bible/xyz/find?q=love', 404, 'NOT_FOUND'],
      ['/v1/data/bible/kjv/find?q=%22%27*%20OR%20NEAR(%29%5E', 200, ''],
    ];
    for (const [path, status, code] of cases) {
      const a = await get(server.url, path, { 'X-API-Key': full });
      expect({ path, status: a.status, code: a.body.error?.code ?? '' }).toEqual({ path, status, code });
    }
    expect((await get(server.url, '/v1/data/bible/kjv/find?q=love')).status).toBe(401);
  });

  itWithSword('keeps to the key: scopes and quota', async () => {
    const web = await get(server.url, '/v1/data/bible/web/find?q=love', { 'X-API-Key': kjvOnly });
    expect([web.status, web.body.error?.code]).toEqual([403, 'SCOPE_DENIED']);
    const kjv = await get(server.url, '/v1/data/bible/kjv/find?q=anxiety', { 'X-API-Key': kjvOnly });
    expect((kjv.body.data as { attribution: string }).attribution).toBe(KJV_ATTRIBUTION);
    expect((await get(server.url, '/v1/data/bible/kjv/find?q=love', { 'X-API-Key': tiny })).status).toBe(200);
    const over = await get(server.url, '/v1/data/bible/kjv/find?q=hope', { 'X-API-Key': tiny });
    expect([over.status, over.body.error?.code]).toEqual([429, 'DAILY_LIMIT_EXCEEDED']);
  });

  it('bible find answers the same embedded and over HTTP', async () => {
    const args = ['find', 'I can do all things through Christ', '--limit', '2', '--json'];
    const embedded = await runCli(args);
    expect(embedded.code).toBe(0);
    const remote = await runCli(args, { env: { BIBLE_BASE_URL: server.url, BIBLE_API_KEY: full } });
    expect(remote.code).toBe(0);
    expect(JSON.parse(remote.stdout)).toEqual(JSON.parse(embedded.stdout));
    const data = JSON.parse(embedded.stdout);
    expect(data.results[0].ref).toBe('Philippians 4:13');
    expect(Object.keys(data.results[0])).toEqual(['ref', 'book', 'chapter', 'v', 'text', 'score', 'why', 'confidence']);
  });

  it('a service without the extension is named plainly', async () => {
    // Under /old every path is one the service does not know: as a service from before find answers.
    const r = await runCli(['find', 'love', '-t', 'kjv'], {
      env: { BIBLE_BASE_URL: `${server.url}/old`, BIBLE_API_KEY: full },
    });
    expect([r.code, r.stderr]).toEqual([1, `bible: the service at ${server.url}/old does not offer find\n`]);
  });

  itWithSword(
    "a service whose find predates 'all' and 'keep', or whose chat predates 'translation', is named plainly",
    async () => {
      const proxy = await new FaultProxy(server.url).start();
      try {
        proxy.playFindBeforeAll();
        const r = await runCli(
          ['find', 'how', 'do', 'I', 'reset', 'my', 'router', '-t', 'kjv', '--all', '--limit', '1'],
          {
            env: { BIBLE_BASE_URL: proxy.url, BIBLE_API_KEY: full },
          },
        );
        expect([r.code, r.stderr]).toEqual([
          0,
          `bible: the service at ${proxy.url} does not offer find --all (its find has no 'all' parameter): its matches are shown as it answered them\n`,
        ]);
        expect(r.stdout).toContain('Micah 1:13');
        // Nor `keep`: a Spanish question asked with -t kjv is answered from the RV1909, and said so.
        const spanish = await runCli(['find', '¿Qué dice la Biblia sobre la ansiedad?', '-t', 'kjv', '--json'], {
          env: { BIBLE_BASE_URL: proxy.url, BIBLE_API_KEY: full },
        });
        expect([spanish.code, spanish.stderr, JSON.parse(spanish.stdout).translation]).toEqual([
          0,
          `bible: the service at ${proxy.url} does not offer find -t whatever the question's language (its find has no 'keep' parameter): it answered from the RV1909\n`,
          'rv1909',
        ]);
        // The chat's `translation` too: the service never sees it, echoes none, and the CLI says so.
        proxy.playChatBeforeTranslation();
        const chat = await runCli(['chat', '¿Qué dice la Biblia sobre la ansiedad?', '-t', 'kjv', '--json'], {
          env: { BIBLE_BASE_URL: proxy.url, BIBLE_API_KEY: full },
        });
        expect([chat.code, chat.stderr]).toEqual([
          0,
          `bible: the service at ${proxy.url} does not offer chat -t (its chat has no 'translation' field): it quoted a translation of its own choosing\n`,
        ]);
        expect(JSON.parse(chat.stdout).meta.translation).toBeUndefined();
        // Straight to the service, the field is echoed and nothing is said.
        const direct = await runCli(['chat', '¿Qué dice la Biblia sobre la ansiedad?', '-t', 'kjv', '--json'], {
          env: { BIBLE_BASE_URL: server.url, BIBLE_API_KEY: full },
        });
        expect([direct.code, direct.stderr, JSON.parse(direct.stdout).meta.translation]).toEqual([0, '', 'kjv']);
      } finally {
        await proxy.stop();
      }
    },
  );

  it('bible find prints verses with their reasons and the attribution, and refuses bad usage', async () => {
    const r = await runCli(['find', 'Psalm', '23', '--limit', '1', '-t', 'kjv']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Psalms 23:1  The LORD is my shepherd; I shall not want.');
    expect(r.stdout).toContain('  · named in the question: Psalms 23');
    expect(r.stdout).toContain(KJV_ATTRIBUTION);
    const bad = await runCli(['find', 'love', '--limit', '0']);
    expect([bad.code, bad.stderr.trim()]).toEqual([2, 'bible: --limit must be an integer from 1 to 50']);
    const none = await runCli(['find', 'love', '-t', 'xyz']);
    expect(none.code).toBe(4);
    expect(none.stderr).not.toMatch(/\n\s+at /);
  });
});
