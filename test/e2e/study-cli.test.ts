import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chapter, PassageResult } from '../../src/core/schemas/bible.js';
import { tempHome } from '../support/cli.js';
import { runCliInProcess } from '../support/run-cli.js';
import { type Answer, createKey, get, type Served, serve, serviceDataDir } from '../support/server.js';
import { TmuxSession } from '../support/tmux.js';

const RED = '\u001b[31m';
const JOHN_21_15_RED = `${RED}Simon, son of Jonas, lovest thou me more than these?\u001b[39m`;

const passageOf = (a: Answer) => a.body.data as PassageResult;

/**
 * The real service as one without the `include` extension answers: the parameter dropped on the
 * way, as a service that does not know it ignores it.
 */
async function withoutInclude(target: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', target);
    url.searchParams.delete('include');
    const fwd = request(url, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 500, up.headers);
      up.pipe(res);
    });
    req.pipe(fwd);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('the study text in the CLI and the service', () => {
  let served: Served;
  let key: string;
  let narrow: string;
  let old: { url: string; server: Server };

  beforeAll(async () => {
    const dataDir = serviceDataDir();
    key = await createKey(dataDir, ['--name', 'study']);
    narrow = await createKey(dataDir, ['--name', 'narrow', '--scopes', 'web']);
    served = await serve(dataDir);
    old = await withoutInclude(served.url);
  }, 60_000);

  afterAll(async () => {
    await new Promise((r) => old?.server.close(r));
    await served?.stop();
  });

  for (const mode of ['embedded', 'http'] as const) {
    describe(`${mode} mode`, () => {
      const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
        runCliInProcess(args, {
          env: mode === 'http' ? { BIBLE_BASE_URL: served.url, BIBLE_API_KEY: key, ...env } : env,
        });

      it("--strongs: each word's number beside it; --json carries words per verse", async () => {
        const text = await run(['passage', 'John 21:15', '-t', 'kjv', '--strongs']);
        expect(text.code).toBe(0);
        expect(text.stdout).toContain('Simon<G4613>, son of Jonas<G2495>, lovest thou<G25> me<G3165>');
        const json = await run(['passage', 'John 21:15', '-t', 'kjv', '--strongs', '--json']);
        const verse = JSON.parse(json.stdout).passages[0].verses[0];
        expect(verse.words).toContainEqual({ text: 'lovest thou', strongs: ['G25'], red: true });
        expect(verse.words[0]).toEqual({ text: 'So', strongs: ['G3767'] });
        expect(verse.words.map((w: { text: string }) => w.text).join(' ')).toContain('Simon , son of Jonas');
      });

      it('plain --json is the contract verse, nothing added', async () => {
        const json = await run(['passage', 'John 21:15', '-t', 'kjv', '--json'], { FORCE_COLOR: '1' });
        const verse = JSON.parse(json.stdout).passages[0].verses[0];
        expect(Object.keys(verse)).toEqual(['book', 'chapter', 'v', 'text']);
      });

      it('the words of Christ in red where colour is on, not with --no-red-letter or redLetter off', async () => {
        const colour = { NO_COLOR: undefined, FORCE_COLOR: '1' };
        // Without the italics of the supplied "son" (printed-cli.test.ts), the red span is whole.
        const red = await run(['passage', 'John 21:15', '-t', 'kjv', '--added', 'none'], colour);
        expect(red.stdout).toContain(JOHN_21_15_RED);
        expect(red.stdout).toContain(`${RED}Feed my lambs.\u001b[39m`);
        const off = await run(['passage', 'John 21:15', '-t', 'kjv', '--no-red-letter'], colour);
        expect(off.stdout).not.toContain(RED);
        const piped = await run(['passage', 'John 21:15', '-t', 'kjv'], { NO_COLOR: undefined });
        expect(piped.stdout).not.toContain('\u001b[');
        const home = tempHome();
        mkdirSync(join(home, '.config', 'bible'), { recursive: true });
        writeFileSync(join(home, '.config', 'bible', 'config.json'), JSON.stringify({ redLetter: 'off' }));
        const setting = await run(['passage', 'John 21:15', '-t', 'kjv'], { ...colour, HOME: home });
        expect(setting.stdout).toContain('\u001b[1m');
        expect(setting.stdout).not.toContain(RED);
      });

      it('--headings: Psalm 119 acrostic heads; --notes: numbered markers, the notes after', async () => {
        const h = await run(['chapter', 'Ps', '119', '-t', 'kjv', '--headings']);
        const lines = h.stdout.split('\n');
        expect(lines[lines.indexOf('א ALEPH.') + 1]).toMatch(/^1 Blessed are the undefiled/);
        expect(lines[lines.indexOf('ב BETH.') + 1]).toMatch(/^9 Wherewithal/);
        const n = await run(['passage', 'Ps 119:1', '-t', 'kjv', '--notes']);
        expect(n.stdout).toContain('1 Blessed are the undefiled in the way, who walk in the law of the LORD.[1]\n');
        expect(n.stdout).toContain('\n[1] Psalms 119:1: undefiled: or, perfect, or, sincere\n');
      });

      it('parallel, piped: interleaved by verse with ids, an absent verse shown absent, one attribution each', async () => {
        const r = await run(['passage', 'Acts 8:36-38', '-t', 'kjv,web,rv1909']);
        expect(r.code).toBe(0);
        expect(r.stdout).toContain('37 KJV    And Philip said, If thou believest');
        expect(r.stdout).toContain('\n   WEB    (absent)\n');
        expect(r.stdout).toContain('\n   RV1909 Y Felipe dijo');
        expect(r.stdout).toContain('38 KJV    And he commanded the chariot');
        expect(r.stdout.match(/^— /gm)).toHaveLength(3);
        const repeated = await run(['passage', 'Acts 8:36-38', '-t', 'kjv', '-t', 'web', '-t', 'rv1909']);
        expect(repeated.stdout).toBe(r.stdout);
        const json = JSON.parse((await run(['chapter', 'Acts', '8', '-t', 'web,kjv', '--json'])).stdout);
        expect(json.map((c: { translation: string }) => c.translation)).toEqual(['web', 'kjv']);
        expect(json[0].verses.some((v: { v: number }) => v.v === 37)).toBe(false);
        expect(json[1].verses.some((v: { v: number }) => v.v === 37)).toBe(true);
      });
    });
  }

  it('a service without the extension: named features are an error saying so; red letters quietly off', async () => {
    const env = { BIBLE_BASE_URL: old.url, BIBLE_API_KEY: key };
    const r = await runCliInProcess(['passage', 'John 3:16', '-t', 'kjv', '--strongs'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      `bible: the service at ${old.url} does not offer Strong's numbers (include=words) [NOT_FOUND]\n`,
    );
    const red = await runCliInProcess(['passage', 'John 21:15', '-t', 'kjv'], {
      env: { ...env, NO_COLOR: undefined, FORCE_COLOR: '1' },
    });
    expect(red.code).toBe(0);
    expect(red.stdout).not.toContain(RED);
  });

  it('include on the passage and chapter endpoints: optional fields, scopes as everywhere, bad values 400', async () => {
    const headers = { 'X-API-Key': key };
    const plain = await get(served.url, '/v1/data/bible/kjv/passage?ref=Ps%20119%3A1', headers);
    const plainVerse = passageOf(plain).passages[0]?.verses[0];
    expect(Object.keys(plainVerse ?? {})).toEqual(['book', 'chapter', 'v', 'text']);
    const all = await get(
      served.url,
      '/v1/data/bible/kjv/passage?ref=Ps%20119%3A1&include=words,red,headings,notes',
      headers,
    );
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('private, max-age=300');
    const verse = passageOf(all).passages[0]?.verses[0];
    expect(verse?.text).toBe(plainVerse?.text);
    expect(verse?.headings).toEqual(['א ALEPH.']);
    expect(verse?.notes).toEqual([{ at: 70, kind: 'foot', text: 'undefiled: or, perfect, or, sincere' }]);
    expect(verse?.red).toEqual([]);
    expect(verse?.words?.[0]).toEqual({ text: 'Blessed', strongs: ['H835'] });
    const chapter = await get(served.url, '/v1/data/bible/kjv/John/21?include=red', headers);
    const v15 = (chapter.body.data as Chapter).verses[14];
    expect(v15?.red?.map((r) => v15.text.slice(r.start, r.end))).toEqual([
      'Simon, son of Jonas, lovest thou me more than these?',
      'Feed my lambs.',
    ]);
    const denied = await get(served.url, '/v1/data/bible/kjv/John/21?include=red', { 'X-API-Key': narrow });
    expect(denied.status).toBe(403);
    const bad = await get(served.url, '/v1/data/bible/kjv/John/21?include=words,colour', headers);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      success: false,
      error: {
        code: 'INVALID_REQUEST',
        message: "query parameter 'include': 'colour' is not one of words, red, added, headings, notes, bookName",
      },
    });
    type Operation = { tags: string[]; parameters: Array<{ name: string }> };
    const spec = (await get(served.url, '/openapi.json', headers)).body as unknown as {
      paths: Record<string, { get: Operation }>;
    };
    for (const path of ['/v1/data/bible/{translation}/passage', '/v1/data/bible/{translation}/{book}/{chapter}']) {
      const op = spec.paths[path]?.get;
      // The contract's own operation, not tagged `extensions`; the added parameter is marked.
      expect(op?.tags).not.toContain('extensions');
      expect(op?.parameters.find((p) => p.name === 'include')).toMatchObject({
        in: 'query',
        required: false,
        schema: { 'x-extension': true },
      });
    }
  });

  it('side by side on a terminal at least 100 columns wide', async () => {
    const bin = join(process.cwd(), 'bin', 'bible.js');
    const tty = await TmuxSession.start(
      `${process.execPath} ${bin} passage 'Acts 8:37' -t kjv,web --no-pager --no-red-letter`,
      {
        BIBLE_DATA_DIR: process.env.BIBLE_TEST_DATA_DIR ?? join(process.cwd(), '.bible-test', 'data'),
        BIBLE_CONFIG_DIR: join(tempHome(), 'config'),
        BIBLE_CACHE_DIR: join(tempHome(), 'cache'),
      },
    );
    try {
      const screen = await tty.waitFor('engWEB2015eb');
      const lines = screen.split('\n');
      const header = lines.find((l) => /^\s+KJV\s+WEB\s*$/.test(l));
      expect(header).toBeDefined();
      const row = lines.find((l) => l.startsWith('37 And Philip said'));
      expect(row).toMatch(/^37 And Philip said, If thou .*\s{2,}\(absent\)$/);
      expect(row?.indexOf('(absent)')).toBe(header?.indexOf('WEB'));
    } finally {
      await tty.kill();
    }
  });
});
