import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { createKey, get, type Served, serve, serviceDataDir } from '../support/server.js';

const KJV_ATTRIBUTION =
  "— King James Version (1769 standard text, with Strong's numbers). Public Domain. From the CrossWire SWORD module engKJV2006eb.";

describe('bible search and bible concordance, end to end', () => {
  let served: Served;
  let dataDir: string;
  let key: string;
  let narrow: string;
  let tiny: string;

  beforeAll(async () => {
    dataDir = serviceDataDir();
    key = await createKey(dataDir, ['--name', 'search']);
    narrow = await createKey(dataDir, ['--name', 'narrow', '--scopes', 'web']);
    tiny = await createKey(dataDir, ['--name', 'tiny', '--daily', '2']);
    served = await serve(dataDir);
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  const remote = (args: string[], apiKey = key) =>
    runCli(args, { env: { BIBLE_BASE_URL: served.url, BIBLE_API_KEY: apiKey } });

  for (const mode of ['embedded', 'http'] as const) {
    const run = (args: string[]) => (mode === 'http' ? remote(args) : runCli(args));

    it(`${mode}: --json is the service's data, every page of it`, async () => {
      const r = await run(['search', 'faith', '-t', 'kjv', '--json']);
      expect([r.code, r.stderr]).toEqual([0, '']);
      const data = JSON.parse(r.stdout);
      expect(Object.keys(data)).toEqual(['query', 'translation', 'total', 'byBook', 'results', 'attribution']);
      expect(data.total).toBe(231);
      expect(data.results).toHaveLength(231);
      const direct = await get(served.url, '/v1/data/bible/kjv/search?q=faith&limit=5&offset=10', { 'X-API-Key': key });
      expect(data.results.slice(10, 15)).toEqual((direct.body.data as { results: unknown[] }).results);
    });

    it(`${mode}: the verses, then the attribution line last`, async () => {
      const r = await run(['search', 'faith', 'love', 'hope', '-t', 'kjv']);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(
        [
          '2 verses for faith love hope in KJV',
          '1 Thessalonians\t2',
          '',
          '1 Thessalonians 1:3  Remembering without ceasing your work of faith, and labour of love, and patience of hope in our Lord Jesus Christ, in the sight of God and our Father;',
          '1 Thessalonians 5:8  But let us, who are of the day, be sober, putting on the breastplate of faith and love; and for an helmet, the hope of salvation.',
          '',
          KJV_ATTRIBUTION,
          '',
        ].join('\n'),
      );
    });

    it(`${mode}: concordance and strongs --verses print the same`, async () => {
      const a = await run(['concordance', 'G25', '-t', 'kjv', '--json', '--limit', '3']);
      const b = await run(['strongs', 'g25', '--verses', '-t', 'kjv', '--json', '--limit', '3']);
      expect([a.code, a.stderr]).toEqual([0, '']);
      expect(b.stdout).toBe(a.stdout);
      const data = JSON.parse(a.stdout);
      expect(Object.keys(data)).toEqual([
        'number',
        'lemma',
        'transliteration',
        'gloss',
        'verses',
        'occurrences',
        'renderings',
        'byBook',
        'results',
        'attribution',
      ]);
      expect(data.results.map((r: { ref: string }) => r.ref)).toEqual(['Matthew 5:43', 'Matthew 5:44', 'Matthew 5:46']);
    });
  }

  it('shell quotes make a phrase; -words are exclusions, not options; --count prints the counts only', async () => {
    const phrase = await runCli(['search', 'God so loved the world', '-t', 'kjv', '--json']);
    expect(JSON.parse(phrase.stdout).results.map((r: { ref: string }) => r.ref)).toEqual(['John 3:16']);
    const thee = await runCli(['search', 'love', 'thee', '-t', 'kjv', '--in', 'Matt-John', '--json']);
    expect(JSON.parse(thee.stdout).total).toBe(3);
    const count = await runCli(['search', 'love', '-thee', '-t', 'kjv', '--in', 'Matt-John', '--count']);
    expect([count.code, count.stderr]).toEqual([0, '']);
    // 42 verses with love in the Gospels, 3 of them with thee.
    expect(count.stdout).toBe(
      [
        '39 verses for love -thee in KJV in Matt-John',
        'Matthew\t10',
        'Mark\t4',
        'Luke\t9',
        'John\t16',
        '',
        KJV_ATTRIBUTION,
        '',
      ].join('\n'),
    );
  });

  it('no verse: the count, and on stderr the question reader to try, pasteable', async () => {
    const none = await runCli(['search', "the thief's", 'Golaith', '-t', 'kjv']);
    expect([none.code, none.stdout, none.stderr]).toEqual([
      0,
      `0 verses for "the thief's" Golaith in KJV\n\n${KJV_ATTRIBUTION}\n`,
      'bible: no verse holds those words as written; `bible find -t kjv "the thief\'s Golaith"` reads them as a question\n',
    ]);
    // A question that starts with a dash is passed after --, as it was to search.
    const dash = await runCli(['search', '--', '-fear', 'xyzzyq']);
    expect(dash.stderr).toBe(
      'bible: no verse holds those words as written; `bible find -- "-fear xyzzyq"` reads them as a question\n',
    );
    expect((await runCli(['search', 'xyzzyq', '--json'])).stderr).toBe('');
  });

  it('highlights the matched words when colour is on, Strong numbers by the words that render them', async () => {
    const r = await runCli(['search', 'G25', '-t', 'kjv', '--in', 'John', '--limit', '1'], {
      env: { NO_COLOR: undefined, FORCE_COLOR: '1' },
    });
    expect(r.stdout).toContain('For God so \u001b[1m\u001b[33mloved\u001b[39m\u001b[22m the world');
  });

  it.each([
    [['search', '"God so loved'], 'bible: unbalanced quote: the phrase opened at position 1 is not closed\n'],
    [['search', '--', '-'], "bible: '-' at position 1 must be followed by a word to exclude, like -fear\n"],
    [['search', ''], 'bible: the query is empty: give at least one word to look for\n'],
    [['search', 'NEAR(love'], "bible: '(' at position 5 is not part of the search language"],
    [['search', 'col:love'], "bible: ':' at position 4 is not part of the search language"],
    [['search', 'love', '--in', 'Romams'], "bible: search scope: unknown book 'Romams' (did you mean Romans?)\n"],
    [['search', 'love', '--limit', '0'], "bible: --limit must be a number of at least 1, or all (got '0')\n"],
    [['concordance', 'X25'], "bible: 'X25' is not a Strong's number"],
  ])('bible %j: exit 2 with one line and no request', async (args, message) => {
    const r = await runCli(args, { env: { BIBLE_BASE_URL: 'http://127.0.0.1:9' } });
    expect(r.code).toBe(2);
    expect(r.stderr.startsWith(message)).toBe(true);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
  });

  it('over HTTP: the key scopes apply (403 → exit 3) and each page costs one unit of quota', async () => {
    const denied = await remote(['search', 'faith', '-t', 'kjv'], narrow);
    expect([denied.code, denied.stderr]).toEqual([3, "bible: this key may not read 'kjv' [SCOPE_DENIED]\n"]);
    const spent = await remote(['search', 'the', '-t', 'kjv', '--count', '--no-cache'], tiny);
    expect(spent.code).toBe(0);
    // "the" has more than one page of 1000 verses: the second page finds the quota spent.
    const all = await remote(['search', 'the', '-t', 'kjv', '--json', '--no-cache'], tiny);
    expect(all.code).toBe(5);
  });

  it('a service without the extension is named plainly', async () => {
    const r = await runCli(['search', 'faith', '-t', 'kjv'], {
      env: { BIBLE_BASE_URL: `${served.url}/old`, BIBLE_API_KEY: key },
    });
    expect([r.code, r.stderr]).toEqual([1, `bible: the service at ${served.url}/old does not offer verse search\n`]);
    const c = await runCli(['concordance', 'G25'], {
      env: { BIBLE_BASE_URL: `${served.url}/old`, BIBLE_API_KEY: key },
    });
    expect([c.code, c.stderr]).toEqual([
      1,
      `bible: the service at ${served.url}/old does not offer verses by Strong's number\n`,
    ]);
  });
});
