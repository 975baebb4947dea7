import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, packagesLoadedBy } from '../support/cli.js';
import { itWithSword } from '../support/env.js';
import { createKey, get, type Served, serve, serviceDataDir } from '../support/server.js';

const KJV_ATTRIBUTION =
  "King James Version (1769 standard text, with Strong's numbers). Public Domain. From the CrossWire SWORD module engKJV2006eb.";
const JOHN_3_16_KJV =
  'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.';

/** The SDK's own client over stdio, driving the built `bible mcp` in the test environment. */
async function connect(args: string[] = [], env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(process.cwd(), 'bin', 'bible.js'), 'mcp', ...args],
    env: {
      ...(cliEnv({}) as Record<string, string>),
      BIBLE_CACHE_DIR: mkdtempSync(join(tmpdir(), 'mcp-cache-')),
      ...env,
    },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'bible-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  return { isError: !!r.isError, text, data: r.structuredContent as Record<string, unknown> | undefined };
}

describe('bible mcp start-up', () => {
  it('the MCP SDK is loaded by `bible mcp` (and /mcp) only: a lookup of the built CLI loads no part of it', async () => {
    const loaded = await packagesLoadedBy(['passage', 'John 3:16', '--no-cache']);
    expect(loaded).toContain('better-sqlite3');
    expect(loaded.filter((p) => p.startsWith('@modelcontextprotocol'))).toEqual([]);
  });
});

describe('bible mcp over stdio (embedded library)', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  }, 60_000);
  afterAll(() => client.close());

  it('lists the twelve tools, each with a description, an example and input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'passage',
      'chapter',
      'search',
      'concordance',
      'find',
      'strongs',
      'commentary',
      'topic',
      'crossrefs',
      'stories',
      'story',
      'books',
    ]);
    for (const t of tools) {
      expect(t.description).toContain('Example');
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.annotations?.readOnlyHint).toBe(true);
    }
  });

  it('passage: the exact verse with the KJV attribution, as text and as data', async () => {
    const r = await call(client, 'passage', { refs: 'John 3:16', translations: ['kjv'] });
    expect(r.isError).toBe(false);
    expect(r.text).toBe(`John 3:16 (KJV)\n3:16 ${JOHN_3_16_KJV}\n\n${KJV_ATTRIBUTION}`);
    expect(r.data).toEqual({
      results: [
        {
          translation: 'kjv',
          passages: [{ ref: 'John 3:16', verses: [{ book: 'John', chapter: 3, v: 16, text: JOHN_3_16_KJV }] }],
          attribution: KJV_ATTRIBUTION,
        },
      ],
    });
  });

  it('passage: an unknown book is a tool error naming it, and the server goes on answering', async () => {
    const r = await call(client, 'passage', { refs: 'Hezekiah 1:1' });
    expect(r).toEqual({
      isError: true,
      text: "NOT_FOUND: unknown book 'Hezekiah' (did you mean Nehemiah?)",
      data: undefined,
    });
    const again = await call(client, 'passage', { refs: 'Gen 1:1' });
    expect(again.text).toContain('1:1 In the beginning God created the heaven and the earth.');
  });

  it('chapter: every verse of Psalm 117', async () => {
    const r = await call(client, 'chapter', { book: 'Ps', chapter: 117, translation: 'kjv' });
    expect(r.text).toBe(
      'Psalms 117 (KJV)\n1 O praise the LORD, all ye nations: praise him, all ye people.\n' +
        '2 For his merciful kindness is great toward us: and the truth of the LORD endureth for ever. Praise ye the LORD.' +
        `\n\n${KJV_ATTRIBUTION}`,
    );
    expect(r.data?.verses).toHaveLength(2);
  });

  it('search: the one verse with faith, hope and charity', async () => {
    const r = await call(client, 'search', { query: 'faith hope charity', translation: 'kjv' });
    expect(r.text).toBe(
      '1 verse in the KJV match faith hope charity (1 Corinthians 1)\n' +
        '1 Corinthians 13:13 And now abideth faith, hope, charity, these three; but the greatest of these is charity.' +
        `\n\n${KJV_ATTRIBUTION}`,
    );
    expect(r.data).toMatchObject({ total: 1, translation: 'kjv', attribution: KJV_ATTRIBUTION });
  });

  it('concordance: G25 in the KJV, a page of two', async () => {
    const r = await call(client, 'concordance', { number: 'g25', translation: 'kjv', limit: 2 });
    expect(r.isError).toBe(false);
    expect(r.text.split('\n')[0]).toBe('G25 ἀγαπάω (agapáō) to love');
    expect(r.data).toMatchObject({ number: 'G25', lemma: 'ἀγαπάω' });
    expect(r.data?.results).toHaveLength(2);
    expect(r.text).toContain(`\n\n${KJV_ATTRIBUTION}`);
  });

  it('strongs: an entry by number, and a tool error without number or search', async () => {
    const r = await call(client, 'strongs', { number: 'G26' });
    expect(r.text.split('\n')[0]).toBe('G26 ἀγάπη (agápē) love');
    expect(r.text).toContain("Strong's Greek Dictionary of the New Testament");
    expect(r.data).toMatchObject({ results: [{ number: 'G26', lexicon: 'greek', gloss: 'love' }] });
    expect(await call(client, 'strongs', {})).toEqual({
      isError: true,
      text: 'INVALID_REQUEST: strongs takes either number or search',
      data: undefined,
    });
  });

  it('crossrefs: the Treasury of Scripture Knowledge on John 3:16', async () => {
    const r = await call(client, 'crossrefs', { reference: 'John 3:16' });
    expect(r.text.split('\n')[1]?.startsWith('Genesis 22:12; Matthew 9:13; Mark 12:6')).toBe(true);
    expect(r.text).toContain('The Treasury of Scripture Knowledge');
    expect(r.data).toMatchObject({ book: 'John', chapter: 3, verse: 16 });
  });

  it('stories and story: the prodigal son, and a tool error for an unknown slug', async () => {
    const list = await call(client, 'stories', { search: 'prodigal' });
    expect(list.text.split('\n').slice(0, 2)).toEqual([
      '1 story',
      'the-prodigal-son: The Prodigal Son (Luke 15:11-32)',
    ]);
    expect(list.text).toContain('Bible Stories, written for the bible command-line tool');
    const one = await call(client, 'story', { slug: 'the-prodigal-son' });
    expect(one.text.split('\n').slice(0, 2)).toEqual([
      'The Prodigal Son (parable, NT, life-of-jesus)',
      'Passages: Luke 15:11-32',
    ]);
    expect(one.data).toMatchObject({ slug: 'the-prodigal-son', kind: 'parable' });
    expect(await call(client, 'story', { slug: 'nope' })).toEqual({
      isError: true,
      text: "NOT_FOUND: no story 'nope'",
      data: undefined,
    });
  });

  it('find: love is patient, love is kind → 1 Corinthians 13:4', async () => {
    const r = await call(client, 'find', { question: 'love is patient, love is kind', translation: 'kjv', limit: 1 });
    expect(r.text.split('\n')[0]).toBe(
      '1 Corinthians 13:4 Charity suffereth long, and is kind; charity envieth not; charity vaunteth not itself, is not puffed up,',
    );
    expect(r.data).toMatchObject({ results: [{ ref: '1 Corinthians 13:4' }] });
  });

  it('find: a question nothing answers gives the note and no verse; `all` shows the weak matches', async () => {
    const router = await call(client, 'find', { question: 'how do I reset my router', translation: 'kjv' });
    expect(router.isError).toBe(false);
    expect(router.text.split('\n')[0]).toBe(
      'No verse answers this question well enough: nothing in the library speaks of "reset", "router". Try `bible search <words>` for words in the verses, or `bible topic search <subject>` for a subject; `bible find --all` (the `all` parameter) shows the weak matches.',
    );
    expect(router.data).toMatchObject({ results: [], all: false });
    const weak = await call(client, 'find', {
      question: 'how do I reset my router',
      translation: 'kjv',
      limit: 1,
      all: true,
    });
    expect(weak.text.split('\n')[0]).toMatch(/; the weak matches are shown\.$/);
    expect(weak.text.split('\n')[1]).toMatch(/^Micah 1:13 /);
    expect(weak.data).toMatchObject({ all: true, results: [{ ref: 'Micah 1:13', confidence: { band: 'weak' } }] });
  });

  it('books: the 66 books, Genesis first', async () => {
    const r = await call(client, 'books', {});
    expect(r.text.split('\n')[0]).toBe('1. Genesis (Gen, Ge, Gn): 50 chapters');
    expect(r.data?.books).toHaveLength(66);
  });

  it('bad arguments are tool errors, not a crashed server', async () => {
    const r = await call(client, 'chapter', { book: 'Ps', chapter: 0 });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('Input validation error');
    expect((await call(client, 'books', {})).isError).toBe(false);
  });

  itWithSword('passage in two translations, each with its attribution', async () => {
    const r = await call(client, 'passage', { refs: 'John 3:16', translations: ['kjv', 'web'] });
    expect(r.text).toContain('John 3:16 (WEB)\n3:16 For God so loved the world, that he gave his only born Son,');
    expect(r.text).toContain(`${KJV_ATTRIBUTION}\nWorld English Bible`);
  });

  itWithSword('commentary: Matthew Henry on John 3:16', async () => {
    const r = await call(client, 'commentary', { reference: 'John 3:16', commentary: 'mhcc' });
    expect(r.text.split('\n')[0]).toBe('John 3:16 (mhcc)');
    expect(r.text).toContain('Nicodemus');
    expect(r.text).toContain('Matthew Henry');
    expect(r.data).toMatchObject({ id: 'mhcc', book: 'John', chapter: 3, entries: [{ verse: 16 }] });
  });

  itWithSword("topic: Nave's and Everyday Topics on faith, each under its own name", async () => {
    // Faith is longer than one answer holds: the first page says how many sections there are.
    const r = await call(client, 'topic', { topic: 'faith' });
    expect(r.text.split('\n').slice(0, 2)).toEqual([
      'FAITH: 110 sections in 2 works (nave 109, everyday-topics 1); the first of them:',
      'FAITH (nave)',
    ]);
    expect(r.text).toContain("Nave's Topical Bible");
    const last = await call(client, 'topic', { topic: 'faith', offset: 109 });
    expect(last.text).toMatch(
      /^FAITH: 110 sections in 2 works \(nave 109, everyday-topics 1\); after the first 109:\nFAITH \(everyday-topics\)\nKey verses: Hebrews 11:/,
    );
    expect(last.text).toContain('Everyday Topics: key verses');
    expect(r.data).toMatchObject({ headword: 'FAITH' });
  });
});

/** With a key of 2 requests a day: a passage and a lexicon entry are answered, the third call is over the quota. */
async function spendDailyQuotaOfTwo(client: Client): Promise<void> {
  const a = await call(client, 'passage', { refs: 'John 3:16', translations: ['kjv'] });
  expect(a.text).toBe(`John 3:16 (KJV)\n3:16 ${JOHN_3_16_KJV}\n\n${KJV_ATTRIBUTION}`);
  expect((await call(client, 'strongs', { number: 'G26' })).isError).toBe(false);
  const over = await call(client, 'strongs', { number: 'G25' });
  expect(over.isError).toBe(true);
  expect(over.text.startsWith('DAILY_LIMIT_EXCEEDED: ')).toBe(true);
}

describe('a served library: bible mcp --base-url, and /mcp on bible serve (Streamable HTTP)', () => {
  let dataDir: string;
  let served: Served;
  beforeAll(async () => {
    dataDir = serviceDataDir();
    served = await serve(dataDir);
  }, 60_000);
  afterAll(() => served.stop());

  it('bible mcp --base-url answers with the configured key, counts against its daily quota, and says when there is no key', async () => {
    const key = await createKey(dataDir, ['--name', 'mcp', '--daily', '2']);
    const client = await connect(['--base-url', served.url], { BIBLE_API_KEY: key });
    try {
      await spendDailyQuotaOfTwo(client);
    } finally {
      await client.close();
    }
    const anonymous = await connect(['--base-url', served.url]);
    try {
      const r = await call(anonymous, 'strongs', { number: 'G26' });
      expect(r.isError).toBe(true);
      expect(r.text.startsWith('MISSING_API_KEY: ')).toBe(true);
      expect(r.text).not.toContain(key);
    } finally {
      await anonymous.close();
    }
  }, 60_000);

  async function connectHttp(headers: Record<string, string>): Promise<Client> {
    const client = new Client({ name: 'bible-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${served.url}/mcp`), { requestInit: { headers } }));
    return client;
  }

  it('/mcp refuses a request without a key or with an unknown one, in the contract envelope', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const none = await get(served.url, '/mcp', headers, 'POST', body);
    expect(none.status).toBe(401);
    expect(none.body.error?.code).toBe('MISSING_API_KEY');
    const unknown = await get(served.url, '/mcp', { ...headers, 'x-api-key': 'bbl_nope' }, 'POST', body);
    expect(unknown.status).toBe(401);
    expect(unknown.body.error?.code).toBe('INVALID_API_KEY');
  });

  it("/mcp answers the tools with the key's scopes, and counts their data requests against its daily quota", async () => {
    const key = await createKey(dataDir, ['--name', 'mcp-http', '--daily', '2', '--scopes', 'kjv,strongs-greek']);
    const client = await connectHttp({ authorization: `Bearer ${key}` });
    try {
      expect((await client.listTools()).tools).toHaveLength(12);
      const denied = await call(client, 'crossrefs', { reference: 'John 3:16' });
      expect(denied.isError).toBe(true);
      expect(denied.text.startsWith('SCOPE_DENIED: ')).toBe(true);
      await spendDailyQuotaOfTwo(client);
    } finally {
      await client.close();
    }
    const usage = await get(served.url, '/v1/data/catalog', { 'x-api-key': key });
    expect(usage.status).toBe(429);
  }, 60_000);
});
