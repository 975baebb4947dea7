import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { itWithSword } from '../support/env.js';
import { createKey, serve, serviceDataDir } from '../support/server.js';
import { TmuxSession } from '../support/tmux.js';

/** A data dir of its own (its own user.sqlite) sharing the one test library. */
const workspace = () => serviceDataDir();
const at = (dataDir: string, extra: NodeJS.ProcessEnv = {}) => ({ env: { BIBLE_DATA_DIR: dataDir, ...extra } });
const json = (stdout: string) => JSON.parse(stdout);
const exec = promisify(execFile);

describe('the study workspace, end to end', () => {
  it('a plan started in one time zone keeps its days when read in another', async () => {
    const dir = workspace();
    // 11:00 UTC on 1 March is already 2 March in Kiritimati (UTC+14), still 1 March in Los Angeles.
    const kiritimati = { TZ: 'Pacific/Kiritimati', BIBLE_NOW: '2026-03-01T11:00:00Z' };
    const started = await runCli(['plan', 'start', 'gospels-30', '--json'], at(dir, kiritimati));
    expect(started.stderr).toBe('');
    expect(json(started.stdout)).toEqual({
      id: 'gospels-30',
      name: 'The Gospels in 30 days',
      start: '2026-03-02',
      ends: '2026-03-31',
      days: 30,
    });
    const la = (now: string) => at(dir, { TZ: 'America/Los_Angeles', BIBLE_NOW: now });
    const before = await runCli(['plan', 'today'], la('2026-03-01T11:00:00Z'));
    expect(before.stdout).toBe('The Gospels in 30 days (gospels-30) · 2026-03-01\n  starts on 2026-03-02\n');
    const first = await runCli(['plan', 'today', '--json'], la('2026-03-02T20:00:00Z'));
    expect(json(first.stdout)).toEqual([
      {
        plan: 'gospels-30',
        name: 'The Gospels in 30 days',
        date: '2026-03-02',
        day: 1,
        days: 30,
        readings: [{ day: 1, refs: ['Matthew 1-5'], done: false }],
        behind: 0,
        finished: false,
      },
    ]);
    // Read on day 1 in LA, then three days pass unread; in Tokyo it is day 5.
    expect((await runCli(['plan', 'done'], la('2026-03-02T20:00:00Z'))).stdout).toBe(
      'The Gospels in 30 days (gospels-30): marked day 1 read; 1 of 30 read\n',
    );
    const tokyo = at(dir, { TZ: 'Asia/Tokyo', BIBLE_NOW: '2026-03-05T16:00:00Z' });
    const status = await runCli(['plan', 'status'], tokyo);
    expect(status.stdout).toBe(
      [
        'The Gospels in 30 days (gospels-30)',
        '  started 2026-03-02, day 5 of 30, ends 2026-03-31',
        `  [#${'-'.repeat(29)}] 3%  1 of 30 read, 3 days behind`,
        '',
      ].join('\n'),
    );
    const caught = await runCli(['plan', 'catch-up', '--json'], tokyo);
    expect(json(caught.stdout)).toEqual([
      {
        plan: 'gospels-30',
        name: 'The Gospels in 30 days',
        moved: [
          { day: 2, due: '2026-03-06' },
          { day: 3, due: '2026-03-14' },
          { day: 4, due: '2026-03-23' },
        ],
        from: '2026-03-06',
        to: '2026-03-23',
      },
    ]);
    expect((await runCli(['plan', 'status', '--json'], tokyo)).stdout).toContain('"behind": 0');
  });

  it('plan: several at once, today --read with one attribution, user plan files, exit codes', async () => {
    const dir = workspace();
    const config = mkdtempSync(join(tmpdir(), 'bible-config-'));
    const env = at(dir, { BIBLE_CONFIG_DIR: config, BIBLE_NOW: '2026-06-01T12:00:00Z', TZ: 'UTC' });
    const planFile = join(config, 'short.csv');
    writeFileSync(planFile, 'day,reading\n1,Jn 11:35\n2,Ps 117\n');
    expect((await runCli(['plan', 'start', 'proverbs-31'], env)).code).toBe(0);
    expect((await runCli(['plan', 'start', planFile], env)).stdout).toBe(
      "Started short (short): 2 days, 2026-06-01 to 2026-06-02. Today's reading: bible plan today\n",
    );
    const today = await runCli(['plan', 'today', '--read'], env);
    expect(today.stderr).toBe('');
    expect(today.stdout).toContain('Proverbs in 31 days (proverbs-31) · 2026-06-01\n  day 1 of 31: Proverbs 1\n');
    expect(today.stdout).toContain('short (short) · 2026-06-01\n  day 1 of 2: John 11:35\n');
    expect(today.stdout).toContain('John 11:35 (KJV)\n35 Jesus wept.\n');
    expect(today.stdout).toContain('\n1 The proverbs of Solomon the son of David');
    expect(today.stdout.match(/— King James Version/g)).toHaveLength(1);

    const list = json((await runCli(['plan', 'list', '--json'], env)).stdout) as Array<{
      id: string;
      started: string | null;
    }>;
    expect(list.map((p) => [p.id, p.started])).toEqual([
      ['bible-year', null],
      ['nt-90', null],
      ['gospels-30', null],
      ['psalms-30', null],
      ['proverbs-31', '2026-06-01'],
    ]);

    const twice = await runCli(['plan', 'start', 'proverbs-31'], env);
    expect([twice.code, twice.stderr]).toEqual([
      2,
      "bible: plan 'proverbs-31' is already started (bible plan stop proverbs-31 to start over)\n",
    ]);
    const ambiguous = await runCli(['plan', 'done', '3'], env);
    expect([ambiguous.code, ambiguous.stderr]).toEqual([
      2,
      'bible: 2 plans are started: name one with --plan (proverbs-31, short)\n',
    ]);
    const unknown = await runCli(['plan', 'start', 'bible-decade'], env);
    expect(unknown.code).toBe(4);
    const badDate = await runCli(['plan', 'start', 'nt-90', '--from', '2026-02-30', '--json'], env);
    expect([badDate.code, badDate.stderr]).toEqual([
      2,
      '{"success":false,"error":{"code":"INVALID_REQUEST","message":"--from takes a date as YYYY-MM-DD (got \'2026-02-30\')"}}\n',
    ]);
    expect((await runCli(['plan', 'stop', 'short', '--yes'], env)).stdout).toBe(
      'Stopped short (short); its progress is removed\n',
    );
    expect((await runCli(['plan', 'stop', '-y'], env)).stdout).toBe(
      'Stopped Proverbs in 31 days (proverbs-31); its progress is removed\n',
    );
    expect((await runCli(['plan', 'status'], env)).code).toBe(4);
  });

  itWithSword('plan today --read in two translations side by side: one attribution for each', async () => {
    const env = at(workspace(), { BIBLE_NOW: '2026-06-01T12:00:00Z', TZ: 'UTC' });
    await runCli(['plan', 'start', 'proverbs-31'], env);
    const read = await runCli(['plan', 'today', '--read', '-t', 'kjv,web'], env);
    expect(read.stderr).toBe('');
    expect(read.stdout).toContain('Proverbs 1 (KJV, WEB)\n');
    expect(read.stdout.match(/^— .*$/gm)?.map((l) => l.slice(0, 30))).toEqual([
      '— King James Version (1769 sta',
      '— World English Bible (2015, e',
    ]);
    const asJson = JSON.parse((await runCli(['plan', 'today', '--read', '--json', '-t', 'kjv,web'], env)).stdout);
    expect(asJson.text.map((t: { translation: string }) => t.translation)).toEqual(['kjv', 'web']);
  });

  it('notes and bookmarks mark the verses passage and chapter show, embedded and over HTTP', async () => {
    const dir = workspace();
    const env = at(dir);
    const added = await runCli(
      ['note', 'add', 'John', '3:16', 'the', 'gospel', 'in', 'brief', '--tag', 'love', '--json'],
      env,
    );
    expect(added.stderr).toBe('');
    expect(json(added.stdout)).toMatchObject({ id: 1, ref: 'John 3:16', text: 'the gospel in brief', tags: ['love'] });
    const piped = await runCli(['note', 'add', 'Jn 3:17-18'], { ...env, input: 'first line\nsecond line\n' });
    expect(piped.stdout).toBe('Added note #2 on John 3:17-18\n');
    expect((await runCli(['bookmark', 'John 3:16', '--tag', 'fav'], env)).stdout).toBe('Bookmarked John 3:16 (fav)\n');

    // Piped, the text is the text: the marks are for a reader, or when the notes are asked for.
    const unmarked = await runCli(['chapter', 'John', '3'], env);
    expect(unmarked.stdout).toContain('\n16 For God so loved the world');
    expect(unmarked.stdout).not.toMatch(/[★✎]/);
    const chapter = await runCli(['chapter', 'John', '3', '--notes-inline'], env);
    expect(chapter.stdout).toContain(
      '\n15 That whosoever believeth in him should not perish, but have eternal life.\n',
    );
    expect(chapter.stdout).toContain('\n16 ★✎ For God so loved the world');
    expect(chapter.stdout).toContain('\n17 ✎ For God sent not his Son');
    const inline = await runCli(['passage', 'John 3:16-17', '--notes-inline'], env);
    expect(inline.stdout).toContain('16 ★✎ For God so loved the world');
    expect(inline.stdout).toContain('everlasting life.\n   ✎ the gospel in brief\n17 ✎ For God sent not');
    expect(inline.stdout).toContain('saved.\n   ✎ first line\n     second line\n');
    // --json stays exactly the service's data
    expect((await runCli(['passage', 'John 3:16', '--json'], env)).stdout).not.toContain('★');

    const key = await createKey(dir, ['--name', 'workspace']);
    const served = await serve(dir);
    try {
      const remote = await runCli(['passage', 'John 3:16', '--base-url', served.url, '--no-cache', '--notes-inline'], {
        env: { ...env.env, BIBLE_API_KEY: key },
      });
      expect(remote.stderr).toBe('');
      expect(remote.stdout).toContain('16 ★✎ For God so loved');
    } finally {
      await served.stop();
    }

    expect(json((await runCli(['note', 'list', '--ref', 'John 3:17', '--json'], env)).stdout)).toMatchObject([
      { id: 2, ref: 'John 3:17-18', text: 'first line\nsecond line' },
    ]);
    expect((await runCli(['note', 'list', '--search', 'GOSPEL'], env)).stdout).toMatch(
      /^#1 {2}John 3:16 {2}love {2}\d{4}-\d\d-\d\d\n {4}the gospel in brief\n$/,
    );
    expect((await runCli(['note', 'edit', '2', 'one line now'], env)).stdout).toBe('Updated note #2 on John 3:17-18\n');
    expect((await runCli(['bookmarks', '--json'], env)).stdout).toContain('"ref": "John 3:16"');
    // A book alone filters by the whole book.
    expect((await runCli(['bookmarks', '--ref', 'John'], env)).stdout).toBe('John 3:16  fav\n');
    expect((await runCli(['bookmarks', '--ref', 'Jude'], env)).stdout).toBe('');
    expect(json((await runCli(['note', 'list', '--ref', 'John', '--json'], env)).stdout)).toHaveLength(2);
    const missing = await runCli(['note', 'rm', '7'], env);
    expect([missing.code, missing.stderr]).toEqual([4, 'bible: no note #7 (bible note list shows them)\n']);
    const typo = await runCli(['note', 'add', 'Jhon 3:16', 'x'], env);
    expect([typo.code, typo.stderr]).toEqual([4, "bible: unknown book 'Jhon' (did you mean John?)\n"]);
    const badTag = await runCli(['bookmark', 'Gen 1:1', '--tag', 'a,b'], env);
    expect(badTag.code).toBe(2);
    // `note add` taught the verb: bookmark reads add, rm and list as meant.
    expect((await runCli(['bookmark', 'add', 'Gen 1:1'], env)).stdout).toBe('Bookmarked Genesis 1:1\n');
    expect((await runCli(['bookmark', 'list'], env)).stdout).toBe('Genesis 1:1\nJohn 3:16  fav\n');
    expect((await runCli(['bookmark', 'rm', 'Gen 1:1'], env)).stdout).toBe('Removed the bookmark on Genesis 1:1\n');
    const bare = await runCli(['bookmark', 'add'], env);
    expect([bare.code, bare.stderr]).toEqual([
      2,
      'bible: bookmark add needs a reference: bible bookmark add "John 3:16"\n',
    ]);
    expect((await runCli(['note', 'rm', '1', '2'], env)).stdout).toBe(
      'Removed note #1 on John 3:16\nRemoved note #2 on John 3:17-18\n',
    );
    expect(statSync(join(dir, 'user.sqlite')).mode & 0o777).toBe(0o600);
  });

  // The WEB (for the Markdown's verse text) comes from the Debian SWORD packages.
  itWithSword(
    'export to Markdown with verse text and attribution, import into an empty workspace: the same notes',
    async () => {
      const dir = workspace();
      await runCli(
        ['note', 'add', 'Ps 23:1', 'shepherd, "my" shepherd\n\nsecond paragraph', '--tag', 'psalm'],
        at(dir),
      );
      await runCli(['note', 'add', 'Gen 1:1-2:3', 'creation'], at(dir));
      await runCli(['bookmark', 'Rom 8:28'], at(dir));
      const out = mkdtempSync(join(tmpdir(), 'bible-export-'));
      const md = join(out, 'notes.md');
      const exported = await runCli(['export', md, '-t', 'web'], at(dir));
      expect(exported.stdout).toBe(`Exported 2 notes and 1 bookmark to ${md} (md)\n`);
      expect(statSync(md).mode & 0o777).toBe(0o600);
      const text = readFileSync(md, 'utf8');
      expect(text.split('\n').filter((l) => l.startsWith('## '))).toEqual([
        '## Genesis 1:1-2:3',
        '## Psalms 23:1',
        '## Romans 8:28',
      ]);
      expect(text).toContain('> **1** Yahweh is my shepherd; I shall lack nothing. (WEB)\n>\n> — World English Bible');
      expect(text).toContain('**2:3** God blessed the seventh day');

      for (const file of [md, join(out, 'notes.json'), join(out, 'notes.csv')]) {
        if (!file.endsWith('.md')) await runCli(['export', file], at(dir));
        const fresh = workspace();
        const imported = await runCli(['import', file, '--json'], at(fresh));
        expect(json(imported.stdout)).toEqual({
          notesAdded: 2,
          notesUpdated: 0,
          notesSkipped: 0,
          notesDeletedHere: 0,
          bookmarksAdded: 1,
          bookmarksMerged: 0,
        });
        const again = await runCli(['import', file], at(fresh));
        expect(again.stdout).toBe(
          'Imported 0 new notes (0 updated, 2 already here) and 0 new bookmarks (1 already here)\n',
        );
        const original = (await runCli(['export', '--json'], at(dir))).stdout;
        expect((await runCli(['export', '--json'], at(fresh))).stdout).toBe(original);
      }
      const broken = join(out, 'broken.json');
      writeFileSync(broken, '{"format":"bible-workspace","version":1,"notes":[{"uid":"u"}]}');
      const refused = await runCli(['import', broken], at(dir));
      expect([refused.code, refused.stderr]).toEqual([
        2,
        `bible: ${broken}: notes.0.ref: Invalid input: expected string, received undefined\n`,
      ]);
      expect((await runCli(['import', join(out, 'nowhere.json')], at(dir))).code).toBe(4);
    },
    // A dozen runs of the CLI: seconds alone, more on a busy machine.
    90_000,
  );

  it('bible library import never touches user.sqlite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bible-own-'));
    const env = at(dir, { BIBLE_SWORD_PATH: '' });
    await runCli(['bookmark', 'John 1:1'], env);
    const user = join(dir, 'user.sqlite');
    const before = { bytes: readFileSync(user), mtime: statSync(user).mtimeMs };
    const imported = await runCli(['library', 'import', '--quiet'], env);
    expect(imported.code).toBe(0);
    expect(readFileSync(user).equals(before.bytes)).toBe(true);
    expect(statSync(user).mtimeMs).toBe(before.mtime);
    expect((await runCli(['bookmarks'], env)).stdout).toBe('John 1:1\n');
    // A whole import from the npm sources: seconds alone, more on a busy machine.
  }, 120_000);

  it('a damaged user.sqlite: passage still reads, workspace commands name the file, nothing is overwritten', async () => {
    const dir = workspace();
    const user = join(dir, 'user.sqlite');
    writeFileSync(user, 'not a database');
    const read = await runCli(['passage', 'Jn 11:35', '--notes-inline'], at(dir));
    expect(read.code).toBe(0);
    expect(read.stdout).toContain('35 Jesus wept.');
    const says = `${user} is not a workspace database (file is not a database); move it aside to start a new one`;
    expect(read.stderr).toBe(`bible: ${says}; the verses are shown without your marks\n`);
    const add = await runCli(['note', 'add', 'Jn 11:35', 'short'], at(dir));
    expect([add.code, add.stderr]).toEqual([1, `bible: ${says}\n`]);
    expect(readFileSync(user, 'utf8')).toBe('not a database');
  });

  it('note add and edit on a terminal open $EDITOR on the text', async () => {
    const dir = workspace();
    const bin = mkdtempSync(join(tmpdir(), 'bible-editor-'));
    const editor = join(bin, 'editor.sh');
    // An editor that appends a line to the file it is given.
    writeFileSync(editor, '#!/bin/sh\nprintf "written in the editor\\n" >> "$1"\n');
    chmodSync(editor, 0o755);
    const onTerminal = async (args: string, shows: string) => {
      const env = { PATH: process.env.PATH ?? '', HOME: bin, NO_COLOR: '1', BIBLE_DATA_DIR: dir, EDITOR: editor };
      const term = await TmuxSession.start(
        `${process.execPath} ${join(process.cwd(), 'bin', 'bible.js')} ${args}`,
        env,
      );
      try {
        await term.waitFor(shows, 30_000);
      } finally {
        await term.kill();
      }
    };
    await onTerminal('note add Ruth 1:16', 'Added note #1 on Ruth 1:16');
    await onTerminal('note edit 1', 'Updated note #1 on Ruth 1:16');
    const listed = await runCli(['note', 'list', '--json'], at(dir));
    expect(JSON.parse(listed.stdout)[0].text).toBe('written in the editor\nwritten in the editor');
  });

  it('bash completion: workspace commands, plan subcommands and ids, export formats', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'bible-bin-'));
    symlinkSync(join(process.cwd(), 'bin', 'bible.js'), join(bin, 'bible'));
    const config = mkdtempSync(join(tmpdir(), 'bible-config-'));
    mkdirSync(join(config, 'plans'));
    writeFileSync(join(config, 'plans', 'Lent.json'), '{"days": ["John 1"]}');
    const script = (await runCli(['completion', 'bash'])).stdout;
    const complete = async (words: string[]) => {
      const cmd = `eval "$SCRIPT"; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _bible; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const { stdout } = await exec('bash', ['-c', cmd], {
        cwd: mkdtempSync(join(tmpdir(), 'bible-cwd-')),
        env: { PATH: `${bin}:${process.env.PATH}`, SCRIPT: script, HOME: config, BIBLE_CONFIG_DIR: config },
      });
      return stdout.split('\n').filter(Boolean);
    };
    expect(await complete(['bible', 'boo'])).toEqual(['books', 'bookmark', 'bookmarks']);
    expect(await complete(['bible', 'plan', ''])).toEqual([
      'list',
      'start',
      'today',
      'done',
      'status',
      'catch-up',
      'stop',
    ]);
    expect(await complete(['bible', 'plan', 'start', ''])).toEqual([
      'bible-year',
      'nt-90',
      'gospels-30',
      'psalms-30',
      'proverbs-31',
      'lent',
    ]);
    expect(await complete(['bible', 'note', ''])).toEqual(['add', 'list', 'edit', 'rm']);
    expect(await complete(['bible', 'export', '--format', ''])).toEqual(['md', 'json', 'csv']);
    expect(await complete(['bible', 'passage', '--no'])).toContain('--notes-inline');
    for (const shell of ['zsh', 'fish'])
      expect((await runCli(['completion', shell])).stdout).toContain('__complete plans');
  });
});
