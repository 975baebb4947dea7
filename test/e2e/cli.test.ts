import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, runCli, tempHome } from '../support/cli.js';
import { FaultProxy } from '../support/fault-proxy.js';
import { runCliInProcess } from '../support/run-cli.js';
import { createKey, get, type Served, serve, serviceDataDir } from '../support/server.js';
import { until } from '../support/until.js';

const exec = promisify(execFile);

/** Each command with the endpoint whose `data` its --json must equal. */
const COMMANDS: Array<{ args: string[]; path: string; text: string | RegExp }> = [
  {
    args: ['passage', 'John 3:16', 'Rom 5:8'],
    // The CLI sends the contract's strict, canonical form of what was typed ("Rom 5:8" → Romans 5:8).
    path: '/v1/data/bible/kjv/passage?ref=John%203%3A16%3B%20Romans%205%3A8',
    text: 'For God so loved the world',
  },
  {
    args: ['passage', 'John', '3:16', '-t', 'web'],
    path: '/v1/data/bible/web/passage?ref=John%203%3A16',
    text: 'only born Son',
  },
  {
    args: ['chapter', '1', 'John', '4'],
    path: '/v1/data/bible/kjv/1%20John/4',
    text: 'Beloved, believe not every spirit',
  },
  {
    args: ['read', 'Ps', '23', '-t', 'rv1909'],
    // A translation not in English: --json adds each verse's book name in its language (issue 31.2).
    path: '/v1/data/bible/rv1909/Psalms/23?include=bookName',
    text: 'JEHOVÁ es mi pastor; nada me faltará.',
  },
  { args: ['books'], path: '/v1/data/bible/books', text: /^43\tJohn\t21\t879\t/m },
  { args: ['catalog'], path: '/v1/data/catalog', text: /^commentary\tmhcc\tMatthew Henry's Concise Commentary$/m },
  { args: ['strongs', 'G26'], path: '/v1/data/strongs/G26', text: 'G26  ἀγάπη  agápē  (greek)' },
  // A transliteration names its entry (through the search); any other word is searched for.
  { args: ['strongs', 'agape'], path: '/v1/data/strongs/G26', text: 'G26  ἀγάπη  agápē  (greek)' },
  {
    args: ['strongs', 'shepherd'],
    path: '/v1/data/strongs/search?q=shepherd',
    text: /^G4166\tποιμήν\tpoimḗn\ta shepherd$/m,
  },
  {
    args: ['strongs', 'search', 'agape', '--lex', 'greek'],
    path: '/v1/data/strongs/search?q=agape&lex=greek',
    text: /^G26\tἀγάπη\tagápē\tlove$/m,
  },
  {
    args: ['commentary', 'John', '3', '-c', 'mhcc'],
    path: '/v1/data/commentaries/mhcc/John/3',
    text: /^John 3:1-21$/m,
  },
  {
    args: ['commentary', 'John 3:3', '-c', 'scofield'],
    path: '/v1/data/commentaries/scofield/John/3/3',
    text: 'John 3:3 (scofield)',
  },
  { args: ['dictionary', 'search', 'wi'], path: '/v1/data/dictionaries/kjv-wordbook/search?q=wi', text: /\twist$/m },
  {
    args: ['topic', 'search', 'love', '--source', 'nave'],
    path: '/v1/data/topics/nave/search?q=love',
    text: /^love\tLOVE$/m,
  },
  { args: ['topic', 'browse', 'z'], path: '/v1/data/topics/nave/browse?letter=z', text: /^zabad\tZABAD$/m },
  { args: ['topic', 'entry', 'faith'], path: '/v1/data/topics/nave/entries/faith', text: 'FAITH (nave)' },
  { args: ['topic', 'faith'], path: '/v1/data/topics/merged?q=faith', text: 'General scriptures concerning' },
  { args: ['crossrefs', 'John 3:16'], path: '/v1/data/crossrefs/John/3/16', text: /^ {2}Romans 5:8$/m },
  {
    args: ['stories', '--kind', 'parable', '--limit', '3'],
    path: '/v1/data/stories?kind=parable&limit=3',
    text: /^nathans-parable-of-the-ewe-lamb\t/m,
  },
  { args: ['story', 'the-prodigal-son'], path: '/v1/data/stories/the-prodigal-son', text: 'The Prodigal Son' },
];

const dataOf = async (base: string, path: string, key: string) =>
  (await get(base, path, { 'X-API-Key': key })).body.data;

describe('the bible CLI, end to end', () => {
  let served: Served;
  let dataDir: string;
  let key: string;
  let tiny: string;
  let narrow: string;
  let proxy: FaultProxy;
  const remote = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    runCliInProcess(args, { env: { BIBLE_BASE_URL: served.url, BIBLE_API_KEY: key, ...env } });

  beforeAll(async () => {
    dataDir = serviceDataDir();
    key = await createKey(dataDir, ['--name', 'cli']);
    tiny = await createKey(dataDir, ['--name', 'tiny', '--daily', '1']);
    narrow = await createKey(dataDir, ['--name', 'narrow', '--scopes', 'web']);
    served = await serve(dataDir);
    proxy = await new FaultProxy(served.url).start();
  }, 60_000);

  afterAll(async () => {
    await proxy?.stop();
    await served?.stop();
  });

  for (const mode of ['embedded', 'http'] as const) {
    describe(`${mode} mode`, () => {
      const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
        mode === 'http' ? remote(args, env) : runCliInProcess(args, { env });

      for (const c of COMMANDS) {
        it(`bible ${c.args.join(' ')}: text with the attribution footer, and --json equal to the service's data`, async () => {
          const text = await run(c.args);
          expect(text.stderr).toBe('');
          expect(text.code).toBe(0);
          if (typeof c.text === 'string') expect(text.stdout).toContain(c.text);
          else expect(text.stdout).toMatch(c.text);
          const data = (await dataOf(served.url, c.path, key)) as {
            attribution?: string;
            sources?: Array<{ attribution: string }>;
          };
          const attribution = data.attribution ?? data.sources?.[0]?.attribution;
          if (attribution) expect(text.stdout).toContain(`— ${attribution}`);
          const json = await run([...c.args, '--json']);
          expect(json.code).toBe(0);
          expect(JSON.parse(json.stdout)).toEqual(data);
        });
      }

      it('splits a passage over the contract’s limits and merges it: Genesis 1-50', async () => {
        const r = await run(['passage', 'Genesis 1-50', '--json']);
        expect(r.code).toBe(0);
        const data = JSON.parse(r.stdout);
        expect(data.passages).toHaveLength(1);
        expect(data.passages[0].ref).toBe('Genesis 1-50');
        expect(data.passages[0].verses).toHaveLength(1533);
        const eleven = Array.from({ length: 11 }, (_, i) => `John ${i + 1}:1`);
        const many = JSON.parse((await run(['passage', ...eleven, '--json'])).stdout);
        expect(many.passages.map((p: { ref: string }) => p.ref)).toEqual(eleven);
      });

      it('dictionary <word> shows the best hit’s entry; entry <idx> one by index', async () => {
        const wist = await run(['dictionary', 'wist', '--json']);
        const entry = JSON.parse(wist.stdout);
        expect(entry).toMatchObject({ id: 'kjv-wordbook', headword: 'wist' });
        const byIdx = await run(['dictionary', 'entry', String(entry.idx), '--json']);
        expect(JSON.parse(byIdx.stdout)).toEqual(entry);
      });

      it('crossrefs --text prints each referenced verse', async () => {
        const r = await run(['crossrefs', 'John 3:16', '--text']);
        expect(r.code).toBe(0);
        expect(r.stdout).toContain('Romans 5:8\n8 But God commendeth his love toward us');
      });

      it('exit codes: 2 for usage and INVALID_REQUEST, 4 for NOT_FOUND, one line on stderr', async () => {
        const cases: Array<[string[], number, string]> = [
          [['passage', 'Jhonn 3:16'], 4, "bible: unknown book 'Jhonn' (did you mean John?)\n"],
          [['passage', 'John 22:1'], 4, 'bible: John has 21 chapters\n'],
          [['passage', 'John 0:1'], 4, 'bible: John has no chapter 0: chapters are numbered from 1\n'],
          [['passage', ' '], 2, 'bible: no reference given: name one, like "John 3:16" or "Ps 23"\n'],
          [['passage', 'John'], 2, 'bible: John has 21 chapters: name one, like "John 1"\n'],
          [['passage', 'Jhon'], 4, "bible: unknown book 'Jhon' (did you mean John?)\n"],
          [
            ['passage', 'love'],
            2,
            "bible: 'love' is no book or reference; to look for it: bible search love, or bible find love\n",
          ],
          [['passage', 'John 3:18-16'], 2, 'bible: the range John 3:18-3:16 runs backwards\n'],
          [['story', 'no-such-story'], 4, "bible: no story 'no-such-story' [NOT_FOUND]\n"],
          [
            ['strongs', 'X12'],
            2,
            "bible: 'X12' is not a Strong's number: G or H and 1 to 5 digits, like G26 or H430\n",
          ],
          [['strongs', 'a'], 2, "bible: 'a' is not a Strong's number: G or H and 1 to 5 digits, like G26 or H430\n"],
          [
            ['strongs', 'shepherd', '--verses'],
            2,
            "bible: 'shepherd' names no Strong's entry; --verses takes a number or a transliteration, like G26 or agape\n",
          ],
          [['stories', '--limit', '0'], 2, "bible: --limit must be a number of at least 1, or all (got '0')\n"],
          [['stories', '--offset', '-1'], 2, "bible: --offset must be a number of at least 0 (got '-1')\n"],
          [['pasage', 'John 3:16'], 2, "bible: unknown command 'pasage' (did you mean passage?)\n"],
          [
            ['passage', 'John 3:16', '-t', 'nope'],
            4,
            "bible: no translation 'nope'; there are kjv (King James Version), web (World English Bible), rv1909 (Reina-Valera 1909 (Spanish)) [NOT_FOUND]\n",
          ],
        ];
        // Input of any length is quoted by its first 60 characters: one short line, not the input echoed.
        const long = 'q'.repeat(5000);
        const cut = `${'q'.repeat(60)}…`;
        cases.push(
          [
            ['passage', `3:16${long}`],
            2,
            `bible: cannot read '3:16${'q'.repeat(56)}…': use Book c, Book c:v, Book c:v-v, Book c:v-c:v or Book c-c\n`,
          ],
          [['story', long], 4, `bible: no story '${cut}' [NOT_FOUND]\n`],
          // Searched for by its words: over the search text's bounds before any request.
          [['topic', long], 2, 'bible: the search text must be at most 200 characters\n'],
          [
            ['concordance', long],
            2,
            `bible: '${cut}' is not a Strong's number: G or H and 1 to 5 digits, like G26 or H430\n`,
          ],
          [[`bogus${long}`], 2, `bible: unknown command 'bogus${'q'.repeat(55)}…'\n`],
        );
        for (const [args, code, stderr] of cases) {
          const r = await run(args);
          expect({ args, code: r.code, stderr: r.stderr, stdout: r.stdout }).toEqual({
            args,
            code,
            stderr,
            stdout: '',
          });
        }
        const api = await run(['api', 'stories', '-q', 'limit=0']);
        expect(api.code).toBe(2);
        expect(JSON.parse(api.stdout).error.code).toBe('INVALID_REQUEST');
        const json = await run(['story', 'no-such-story', '--json']);
        expect(json.code).toBe(4);
        expect(JSON.parse(json.stderr)).toEqual({
          success: false,
          error: { code: 'NOT_FOUND', message: "no story 'no-such-story'" },
        });
      });
    });
  }

  it('exit 3 for MISSING_API_KEY, INVALID_API_KEY and SCOPE_DENIED; 5 for the daily limit; 1 when the service is down', async () => {
    const missing = await runCliInProcess(['catalog'], { env: { BIBLE_BASE_URL: served.url } });
    expect([missing.code, missing.stderr]).toEqual([
      3,
      'bible: no API key: send it in X-API-Key or as Authorization: Bearer (run `bible login`, or set BIBLE_API_KEY) [MISSING_API_KEY]\n',
    ]);
    const invalid = await runCliInProcess(['catalog'], {
      env: { BIBLE_BASE_URL: served.url, BIBLE_API_KEY: 'bbl_wrong-key-0000000000000000000000' },
    });
    expect([invalid.code, invalid.stderr]).toEqual([
      3,
      'bible: the API key is not known (check the key: `bible login` to replace it) [INVALID_API_KEY]\n',
    ]);
    const denied = await runCliInProcess(['passage', 'John 3:16', '-t', 'kjv'], {
      env: { BIBLE_BASE_URL: served.url, BIBLE_API_KEY: narrow },
    });
    expect([denied.code, denied.stderr]).toEqual([3, "bible: this key may not read 'kjv' [SCOPE_DENIED]\n"]);
    // The default translation comes from what the key may read.
    expect(
      (await runCliInProcess(['passage', 'John 3:16'], { env: { BIBLE_BASE_URL: served.url, BIBLE_API_KEY: narrow } }))
        .stdout,
    ).toContain('(WEB)');
    expect((await runCliInProcess(['books'], { env: { BIBLE_BASE_URL: served.url, BIBLE_API_KEY: tiny } })).code).toBe(
      0,
    );
    const spent = await runCliInProcess(['books', '--no-cache'], {
      env: { BIBLE_BASE_URL: served.url, BIBLE_API_KEY: tiny },
    });
    expect(spent.code).toBe(5);
    expect(spent.stderr).toMatch(
      /^bible: daily request quota of 1 reached; it resets at \d{4}-\d\d-\d\dT00:00:00\.000Z \(midnight UTC\) \[DAILY_LIMIT_EXCEEDED\]\n$/,
    );
    const down = await runCliInProcess(['catalog'], {
      env: { BIBLE_BASE_URL: 'http://127.0.0.1:9', BIBLE_API_KEY: key },
    });
    expect(down.code).toBe(1);
    expect(down.stderr).toBe('bible: cannot reach http://127.0.0.1:9: ECONNREFUSED\n');
  }, 60_000);

  it('a repeat within 300 s is served from the cache: no request, no quota; --no-cache asks again', async () => {
    const home = tempHome();
    // Through the proxy, which counts a request as it arrives (the server's log line may come later).
    const env = { HOME: home, BIBLE_CACHE_DIR: join(home, 'cache'), BIBLE_BASE_URL: proxy.url };
    const before = proxy.seen;
    expect((await remote(['strongs', 'H430'], env)).code).toBe(0);
    expect(proxy.seen).toBe(before + 1);
    const again = await remote(['strongs', 'H430', '--debug'], env);
    expect(again.stderr).toContain('from the cache');
    expect(proxy.seen).toBe(before + 1);
    await remote(['strongs', 'H430', '--no-cache'], env);
    expect(proxy.seen).toBe(before + 2);
    // Another key is another cache entry.
    await remote(['strongs', 'H430'], { ...env, BIBLE_API_KEY: narrow });
    expect(proxy.seen).toBe(before + 3);
  });

  it('retries a 500 (honouring Retry-After) and fails clearly after three retries', async () => {
    const env = { BIBLE_BASE_URL: proxy.url, BIBLE_API_KEY: key };
    proxy.fail(1, '0');
    let seen = proxy.seen;
    const ok = await runCliInProcess(['strongs', 'G25', '--no-cache'], { env });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('G25');
    expect(proxy.seen - seen).toBe(2);
    proxy.fail(10, '0');
    seen = proxy.seen;
    const failed = await runCliInProcess(['strongs', 'G25', '--no-cache', '--debug'], { env });
    expect(failed.code).toBe(1);
    expect(proxy.seen - seen).toBe(4);
    expect(failed.stderr.split('\n').filter((l) => l.startsWith('bible:'))).toEqual([
      'bible: injected fault [INTERNAL_ERROR]',
    ]);
    expect(failed.stderr).toContain('debug: retry 3 in 0 ms after HTTP 500');
    proxy.fail(0);
    // Without Retry-After: jittered backoff, still three retries.
    proxy.fail(2);
    seen = proxy.seen;
    expect((await runCliInProcess(['strongs', 'G24', '--no-cache'], { env })).code).toBe(0);
    expect(proxy.seen - seen).toBe(3);
  }, 60_000);

  it("--debug shows a failure's stack in the TypeScript sources, read through the bundle's source map", async () => {
    const failed = await runCli(['passage', 'John 3:16', '-t', 'nope', '--debug']);
    expect(failed.code).toBe(4);
    const frames = failed.stderr.split('\n').filter((l) => l.startsWith('    at '));
    expect(frames[0]).toMatch(/^ {4}at failure \(\/.+\/src\/cli\/explain\.ts:\d+:\d+\)$/);
    expect(frames.some((f) => /src\/cli\/main\.ts:\d+:\d+\)$/.test(f))).toBe(true);
    // Without --debug: the one line, no stack.
    const plain = await runCli(['passage', 'John 3:16', '-t', 'nope']);
    expect(plain.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('never shows the key: not in output, errors, or the debug log', async () => {
    const outputs: CliResult[] = [];
    for (const args of [
      ['catalog', '--debug'],
      ['status'],
      ['status', '--json'],
      ['passage', 'Nope 1:1', '--debug'],
      ['api', 'catalog', '--debug'],
    ]) {
      outputs.push(await remote(args));
    }
    outputs.push(
      await runCliInProcess(['catalog', '--debug'], {
        env: { BIBLE_BASE_URL: 'http://127.0.0.1:9', BIBLE_API_KEY: key },
      }),
    );
    for (const r of outputs) {
      expect(r.stdout + r.stderr).not.toContain(key);
      expect(r.stdout + r.stderr).not.toContain(key.slice(10));
    }
    expect(outputs[0]!.stderr).toContain('(X-API-Key: ***)');
    expect(outputs[1]!.stdout).toContain(`API key    ${key.slice(0, 8)}…(${key.length} chars) (from env)`);
  });

  it('config: set, get, list, unset, path; the file is mode 0600; login checks the key; logout removes it', async () => {
    const home = tempHome();
    const env = { HOME: home };
    const path = (await runCliInProcess(['config', 'path'], { env })).stdout.trim();
    expect(path).toBe(join(home, '.config', 'bible', 'config.json'));
    expect((await runCliInProcess(['config', 'set', 'translation', 'web'], { env })).code).toBe(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect((await runCliInProcess(['config', 'get', 'translation'], { env })).stdout).toBe('web\n');
    expect((await runCliInProcess(['passage', 'John 3:16'], { env })).stdout).toContain('(WEB)');
    expect((await runCliInProcess(['config', 'set', 'color', 'purple'], { env })).stderr).toBe(
      'bible: color must be always, never or auto\n',
    );
    expect((await runCliInProcess(['config', 'set', 'nope', 'x'], { env })).code).toBe(2);
    const badLogin = await runCliInProcess(['login', '--base-url', served.url], {
      env,
      input: 'bbl_wrong-key-0000000000000000000000\n',
    });
    expect(badLogin.code).toBe(3);
    expect((await runCliInProcess(['config', 'get', 'apiKey'], { env })).code).toBe(4);
    const login = await runCliInProcess(['login', '--base-url', served.url], { env, input: `${key}\n` });
    expect(login.code).toBe(0);
    expect(login.stderr).toMatch(/^Logged in to http:\/\/127\.0\.0\.1:\d+ with bbl_/);
    expect(login.stderr).not.toContain(key);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const list = await runCliInProcess(['config', 'list'], { env });
    expect(list.stdout).toContain(`baseUrl=${served.url}\n`);
    expect(list.stdout).toMatch(/^apiKey=bbl_[\w-]{4}…\(\d+ chars\)$/m);
    expect(list.stdout).not.toContain(key);
    // Now remote by config: a request reaches the server.
    expect((await runCliInProcess(['strongs', 'H7225'], { env })).stdout).toContain('H7225');
    expect((await runCliInProcess(['logout'], { env })).stderr).toBe(
      `Logged out: the API key is removed from the config.\nThe base URL ${served.url} is still set: \`bible config unset baseUrl\` goes back to the embedded library.\n`,
    );
    expect((await runCliInProcess(['strongs', 'H7225', '--no-cache'], { env })).code).toBe(3);
    expect((await runCliInProcess(['config', 'unset', 'baseUrl'], { env })).code).toBe(0);
    expect((await runCliInProcess(['status', '--json'], { env })).stdout).toContain('"backend": "embedded"');
    // Nothing set: nothing on stdout, the keys on stderr.
    expect((await runCliInProcess(['config', 'unset', 'translation'], { env })).code).toBe(0);
    const empty = await runCliInProcess(['config', 'list'], { env });
    expect([empty.code, empty.stdout, empty.stderr]).toEqual([
      0,
      '',
      'bible: nothing set; keys: apiKey, baseUrl, translation, commentary, dictionary, topics, persona, color, pager, redLetter (bible config set <key> <value>)\n',
    ]);
  });

  it('colour follows NO_COLOR, FORCE_COLOR and --no-color; piped output has none', async () => {
    const plain = await runCliInProcess(['passage', 'John 3:16'], { env: { NO_COLOR: undefined } });
    expect(plain.stdout).not.toContain('\u001b[');
    const forced = await runCliInProcess(['passage', 'John 3:16'], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(forced.stdout).toContain('\u001b[1mJohn 3:16 (KJV)\u001b[22m');
    const off = await runCliInProcess(['passage', 'John 3:16', '--no-color'], {
      env: { NO_COLOR: undefined, FORCE_COLOR: '1' },
    });
    expect(off.stdout).not.toContain('\u001b[');
  });

  it('bare `bible` prints the help with the exit codes, and exits 1 as git does', async () => {
    const r = await runCli([]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^Usage: bible \[options\] \[command\]/);
    expect(r.stdout).toContain('  130  interrupted');
    expect((await runCli(['--version'])).stdout).toBe('0.1.0\n');
  });

  // The built launcher in a process of its own, a handful of times: the cases above run the
  // same CLI in-process (runCliInProcess), where only bin/bible.js and the exit status differ.
  for (const mode of ['embedded', 'http'] as const) {
    it(`${mode} mode as a subprocess: text, --json, and an error with its exit status`, async () => {
      const env = mode === 'http' ? { BIBLE_BASE_URL: served.url, BIBLE_API_KEY: key } : {};
      const text = await runCli(['passage', 'John 3:16'], { env });
      expect([text.code, text.stderr]).toEqual([0, '']);
      expect(text.stdout).toContain('16 For God so loved the world');
      expect(text.stdout).toContain('— King James Version');
      const json = await runCli(['strongs', 'G26', '--json'], { env });
      expect(JSON.parse(json.stdout)).toEqual(await dataOf(served.url, '/v1/data/strongs/G26', key));
      const missing = await runCli(['story', 'no-such-story'], { env });
      expect([missing.code, missing.stdout, missing.stderr]).toEqual([
        4,
        '',
        "bible: no story 'no-such-story' [NOT_FOUND]\n",
      ]);
    });
  }

  it('piped into head, it exits quietly', async () => {
    const { stdout, stderr } = await exec(
      'sh',
      ['-c', `node bin/bible.js passage "Genesis 1-50" -t kjv | head -n 2; echo "status \${PIPESTATUS:-done}"`],
      {
        env: {
          ...process.env,
          BIBLE_DATA_DIR: process.env.BIBLE_TEST_DATA_DIR ?? join(process.cwd(), '.bible-test', 'data'),
          HOME: tempHome(),
        },
      },
    );
    expect(stdout.split('\n').slice(0, 2)).toEqual([
      'Genesis 1-50 (KJV)',
      '1:1 In the beginning God created the heaven and the earth.',
    ]);
    expect(stderr).toBe('');
  });

  it('Ctrl-C while waiting: exit 130 and no stack trace', async () => {
    proxy.hold(5_000);
    const child = spawn(process.execPath, ['bin/bible.js', 'strongs', 'G1', '--no-cache'], {
      env: { PATH: process.env.PATH, HOME: tempHome(), BIBLE_BASE_URL: proxy.url, BIBLE_API_KEY: key },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const before = proxy.seen;
    await until(() => proxy.seen > before, 'the request to reach the proxy');
    child.kill('SIGINT');
    const code = await new Promise((r) => child.on('close', r));
    proxy.hold(0);
    expect(code).toBe(130);
    expect(stderr).toBe('');
  });

  it('bash completion: commands, book names, translation ids and personas', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'bible-bin-'));
    symlinkSync(join(process.cwd(), 'bin', 'bible.js'), join(bin, 'bible'));
    const script = (await runCliInProcess(['completion', 'bash'])).stdout;
    const complete = async (words: string[]) => {
      const cmd = `eval "$SCRIPT"; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _bible; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const home = tempHome();
      mkdirSync(join(home, 'x'), { recursive: true });
      const { stdout } = await exec('bash', ['-c', cmd], {
        env: {
          PATH: `${bin}:${process.env.PATH}`,
          SCRIPT: script,
          HOME: home,
          BIBLE_DATA_DIR: process.env.BIBLE_TEST_DATA_DIR ?? join(process.cwd(), '.bible-test', 'data'),
        },
      });
      return stdout.split('\n').filter(Boolean);
    };
    expect(await complete(['bible', 'pas'])).toEqual(['passage']);
    expect(await complete(['bible', 'sto'])).toEqual(['stories', 'story']);
    expect(await complete(['bible', 'passage', 'Jo'])).toEqual(['Joshua', 'Job', 'Joel', 'Jonah', 'John']);
    expect(await complete(['bible', 'passage', '-t', ''])).toEqual(['kjv', 'web', 'rv1909']);
    expect(await complete(['bible', 'commentary', '-c', ''])).toEqual(['mhcc', 'scofield', 'tdavid']);
    expect(await complete(['bible', 'topic', ''])).toEqual(['search', 'browse', 'entry']);
    expect(await complete(['bible', 'stories', '--kind', ''])).toEqual(['narrative', 'parable']);
    expect(await complete(['bible', '__complete', 'x'])).toEqual([]);
    expect((await runCliInProcess(['__complete', 'personas'])).stdout).toBe(
      'default\nbiblical_scholar\nsimple_helper\n',
    );
    for (const shell of ['zsh', 'fish'])
      expect((await runCliInProcess(['completion', shell])).stdout).toContain('__complete books');
  });
});
