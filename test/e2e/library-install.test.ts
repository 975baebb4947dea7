import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { itRequiring, itWithSword } from '../support/env.js';
import { runCliInProcess } from '../support/run-cli.js';
import { buildRepository, LIBSWORD_TOOLS, LOCKED_KEY, serveRepository } from '../support/sword-repository.js';

const itWithTools = itRequiring(
  LIBSWORD_TOOLS,
  'BIBLE_TEST_REQUIRE_SWORD',
  'needs libsword’s tools: apt-get install -y libsword-utils diatheke',
);

/** A limit, not a measure: two imports of the npm sources, seconds each idle, far more on a loaded runner. */
const IMPORT_TIMEOUT = 300_000;

const run = promisify(execFile);

/** What diatheke (libsword) prints for a key, with the user's library found the way libsword finds it: ~/.sword. */
async function diatheke(home: string, module: string, key: string): Promise<string> {
  const { stdout } = await run('diatheke', ['-b', module, '-f', 'plain', '-k', key], {
    env: { PATH: process.env.PATH, HOME: home },
  });
  return stdout;
}

/** A new user: a home of their own, and a library file there (never the test library). */
function newUser(ownSwordPath = true) {
  const home = mkdtempSync(join(tmpdir(), 'bible-install-home-'));
  const env: NodeJS.ProcessEnv = { HOME: home, BIBLE_DATA_DIR: join(home, 'data') };
  if (ownSwordPath) env.BIBLE_SWORD_PATH = join(home, '.sword');
  return { home, sword: join(home, '.sword'), env };
}

/** Every path under a directory (what an install left). */
function tree(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort() : [];
}

describe('bible library available, install, remove and unlock', () => {
  let repo = '';
  let url = '';
  let close = () => {};
  beforeAll(async () => {
    if (!LIBSWORD_TOOLS) return;
    repo = buildRepository();
    const served = await serveRepository(repo);
    url = served.url;
    close = () => served.server.close();
  }, 120_000);
  afterAll(() => close());

  itWithTools(
    'available lists the modules of a repository over HTTP, as a directory and as a file:// URL',
    async () => {
      const { env } = newUser();
      const listed = async (from: string, ...args: string[]) => {
        const r = await runCliInProcess(['library', 'available', '--from', from, '--json', ...args], { env });
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
        return (JSON.parse(r.stdout) as { modules: Array<Record<string, unknown>> }).modules;
      };
      const overHttp = await listed(url);
      expect(overHttp.map((m) => m.name)).toEqual([
        'EvilAbs',
        'EvilCut',
        'EvilDeclared',
        'EvilDots',
        'EvilInflate',
        'EvilLink',
        'EvilOther',
        'EvilOutside',
        'EvilTrunc',
        'InstBible',
        'InstDict',
        'InstLocked',
      ]);
      expect(overHttp.find((m) => m.name === 'InstBible')).toEqual({
        name: 'InstBible',
        description: 'Install Test Bible',
        kind: 'bible',
        driver: 'zText',
        language: 'en',
        version: '1.2',
        installSize: 330000,
        encrypted: false,
        installed: null,
      });
      expect(overHttp.find((m) => m.name === 'InstLocked')?.encrypted).toBe(true);
      expect(await listed(repo)).toEqual(overHttp);
      expect(await listed(pathToFileURL(repo).href)).toEqual(overHttp);
      expect((await listed(url, '--kind', 'dictionary')).map((m) => m.name)).toEqual(['InstDict']);
      expect((await listed(url, '--lang', 'es')).map((m) => m.name)).toEqual(['InstDict']);

      const text = await runCliInProcess(['library', 'available', '--from', repo, '--kind', 'dictionary'], { env });
      expect(text.stdout).toBe(
        [
          '  module             kind/driver            lang   version      size  description',
          '  InstDict           dictionary/zLD         es     0.9                Diccionario de prueba',
          '',
          `1 of 12 modules in ${repo}; * installed. \`bible library install <module> --from ${repo}\``,
          '',
        ].join('\n'),
      );
      const kind = await runCliInProcess(['library', 'available', '--from', repo, '--kind', 'poems'], { env });
      expect([kind.code, kind.stderr]).toEqual([
        2,
        'bible: --kind takes bible, commentary, dictionary, book or other (got poems)\n',
      ]);
    },
  );

  itWithTools('a repository named wrongly or out of reach is one line and a documented exit code', async () => {
    const { env } = newUser();
    const from = async (repository: string) => {
      const r = await runCliInProcess(['library', 'available', '--from', repository], { env });
      return [r.code, r.stderr];
    };
    expect(await from('ftp://ftp.crosswire.org/pub/sword')).toEqual([
      2,
      'bible: --from: ftp:// is not read; give an http(s) URL, a directory, or crosswire, crosswire-beta, wycliffe, ebible, ibt\n',
    ]);
    expect(await from(join(repo, 'nowhere'))).toEqual([
      2,
      `bible: --from: no repository named ${join(repo, 'nowhere')} and no directory ${join(repo, 'nowhere')} (known: crosswire, crosswire-beta, wycliffe, ebible, ibt)\n`,
    ]);
    // A port that was just free: nothing listens there.
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    expect(await from(`http://127.0.0.1:${port}/`)).toEqual([
      1,
      `bible: could not reach http://127.0.0.1:${port}/raw/mods.d.tar.gz: ECONNREFUSED\n`,
    ]);
    expect(await from(`${url}missing/`)).toEqual([
      4,
      `bible: the catalog at ${url}missing/raw/mods.d.tar.gz: HTTP 404\n`,
    ]);
  });

  itWithTools(
    'install over HTTP: checked, into the SWORD library, the library rebuilt; diatheke and `bible passage -t` read it',
    async () => {
      const { home, sword, env } = newUser();
      const imported = await runCliInProcess(['library', 'import'], { env });
      expect(imported.code).toBe(0);
      const r = await runCliInProcess(['library', 'install', 'instbible', '--from', url, '--json'], { env });
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(
        new RegExp(
          `^bible: installed InstBible 1\\.2 into ${sword} \\(6 files, 327 kB\\)\nbible: updating the library `,
        ),
      );
      expect(r.stderr).toContain('SWORD InstBible                     3 entries');
      expect(JSON.parse(r.stdout)).toMatchObject({
        module: 'InstBible',
        version: '1.2',
        root: sword,
        confFile: join(sword, 'mods.d', 'instbible.conf'),
        dataDir: join(sword, 'modules/texts/ztext/instbible'),
        files: 6,
        replaced: null,
        libraryUpdated: true,
      });
      expect(tree(sword)).toEqual([
        'mods.d',
        'mods.d/instbible.conf',
        'modules',
        'modules/texts',
        'modules/texts/ztext',
        'modules/texts/ztext/instbible',
        'modules/texts/ztext/instbible/nt.bzs',
        'modules/texts/ztext/instbible/nt.bzv',
        'modules/texts/ztext/instbible/nt.bzz',
        'modules/texts/ztext/instbible/ot.bzs',
        'modules/texts/ztext/instbible/ot.bzv',
        'modules/texts/ztext/instbible/ot.bzz',
      ]);
      expect(await diatheke(home, 'InstBible', 'John 3:16')).toBe(
        'John 3:16: For God so loved the test repository.\n(InstBible)\n',
      );
      const passage = await runCliInProcess(['passage', 'John 3:16', '-t', 'instbible'], { env });
      expect(passage.stdout).toBe(
        'John 3:16 (INSTBIBLE)\n16 For God so loved the test repository.\n\n— Install Test Bible. Public Domain. From the CrossWire SWORD module InstBible.\n',
      );
      const status = JSON.parse((await runCliInProcess(['library', 'status', '--json'], { env })).stdout);
      expect([status.found, status.changedSinceImport]).toEqual([['InstBible'], false]);

      const again = await runCliInProcess(['library', 'install', 'InstBible', '--from', url, '--no-import'], { env });
      expect([again.code, again.stderr]).toEqual([
        2,
        `bible: InstBible 1.2 is already installed in ${sword} (--replace installs the repository's copy over it)\n`,
      ]);
      const replaced = await runCliInProcess(
        ['library', 'install', 'InstBible', '--from', repo, '--replace', '--no-import'],
        { env },
      );
      expect(replaced.code).toBe(0);
      expect(await diatheke(home, 'InstBible', 'Genesis 1:1')).toBe(
        'Genesis 1:1: In the beginning was the word of the test.\n(InstBible)\n',
      );
    },
    IMPORT_TIMEOUT,
  );

  itWithTools(
    'install goes into ~/.sword by default, beside the system library, and remove takes only its own',
    async () => {
      const { home, sword, env } = newUser(false);
      for (const [module, from] of [
        ['InstDict', repo],
        ['InstBible', pathToFileURL(repo).href],
      ] as const) {
        const r = await runCliInProcess(['library', 'install', module, '--from', from, '--no-import'], { env });
        expect(r.code).toBe(0);
        expect(r.stderr).toContain(`into ${sword} (`);
      }
      expect(await diatheke(home, 'InstDict', 'FE')).toBe('FE: La certeza de lo que se espera.\n(InstDict)\n');

      const asked = await runCliInProcess(['library', 'remove', 'InstDict'], { env });
      expect([asked.code, asked.stderr]).toEqual([
        2,
        `bible: removing InstDict from ${sword} needs a yes (pass --yes off a terminal)\n`,
      ]);
      expect(existsSync(join(sword, 'mods.d', 'instdict.conf'))).toBe(true);
      const removed = await runCliInProcess(['library', 'remove', 'instdict', '--yes', '--no-import'], { env });
      expect([removed.code, removed.stderr]).toEqual([0, `bible: removed InstDict from ${sword}\n`]);
      expect(tree(join(sword, 'mods.d'))).toEqual(['instbible.conf']);
      expect(existsSync(join(sword, 'modules/lexdict/zld/instdict'))).toBe(false);
      expect(await diatheke(home, 'InstBible', 'John 3:16')).toBe(
        'John 3:16: For God so loved the test repository.\n(InstBible)\n',
      );
      const gone = await runCliInProcess(['library', 'remove', 'InstDict', '--yes'], { env });
      expect([gone.code, gone.stderr]).toEqual([
        4,
        'bible: no module InstDict is installed (`bible library status` lists them)\n',
      ]);
    },
  );

  itWithSword('remove refuses a module of /usr/share/sword, which the system packages own', async () => {
    const { env } = newUser(false);
    const r = await runCliInProcess(['library', 'remove', 'engKJV2006eb', '--yes'], { env });
    expect([r.code, r.stderr]).toEqual([
      1,
      "bible: engKJV2006eb is in /usr/share/sword, installed by the system's packages, not by you: remove it there (`dpkg -S /usr/share/sword/mods.d/engKJV2006eb.conf` names its package)\n",
    ]);
    expect(existsSync('/usr/share/sword/mods.d/engKJV2006eb.conf')).toBe(true);
  });

  itWithTools(
    'unlock writes the key into the conf, mode 0600, never shows it, and libsword reads the module',
    async () => {
      const { home, sword, env } = newUser();
      expect(
        (await runCliInProcess(['library', 'install', 'InstLocked', '--from', url, '--no-import'], { env })).code,
      ).toBe(0);
      expect(await diatheke(home, 'InstLocked', 'John 3:16')).toBe('John 3:16: \n(InstLocked)\n');

      const bad = await runCliInProcess(['library', 'unlock', 'InstLocked', `${LOCKED_KEY}\n`, '--no-import'], { env });
      expect([bad.code, bad.stderr]).toEqual([
        2,
        'bible: the key must be 1-256 printable ASCII characters, without spaces at either end (it was not shown)\n',
      ]);
      const plain = await runCliInProcess(['library', 'unlock', 'InstBible', LOCKED_KEY, '--no-import'], { env });
      expect([plain.code, plain.stderr]).toEqual([
        4,
        'bible: no module InstBible is installed (`bible library status` lists them)\n',
      ]);

      const r = await runCliInProcess(['library', 'unlock', 'instlocked', '-', '--no-import'], {
        env,
        input: `${LOCKED_KEY}\n`,
      });
      const confFile = join(sword, 'mods.d', 'instlocked.conf');
      expect([r.code, r.stdout, r.stderr]).toEqual([
        0,
        '',
        `bible: wrote the key of InstLocked into ${confFile} (mode 0600)\n`,
      ]);
      expect(statSync(confFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(confFile, 'utf8').match(/^CipherKey=.*$/gm)).toEqual([`CipherKey=${LOCKED_KEY}`]);
      expect(tree(join(sword, 'mods.d'))).toEqual(['instlocked.conf']);
      expect(await diatheke(home, 'InstLocked', 'John 3:16')).toMatch(/^John 3:16: For God so loved the locked test\./);
    },
  );

  const refusals: Array<[string, RegExp]> = [
    [
      'EvilDots',
      /is unsafe or damaged \(invalid relative path: modules\/texts\/ztext\/evildots\/\.\.\/\.\.\/\.\.\/\.\.\/evil\.txt\): refused$/,
    ],
    ['EvilAbs', /is unsafe or damaged \(absolute path: \/tmp\/bible-evil-absolute\.txt\): refused$/],
    ['EvilLink', /holds a symbolic link, modules\/texts\/ztext\/evillink\/ot\.bzz: refused$/],
    [
      'EvilOutside',
      /holds modules\/texts\/ztext\/instbible\/ot\.bzz, outside EvilOutside's directory modules\/texts\/ztext\/eviloutside: refused$/,
    ],
    ['EvilDeclared', /holds modules\/texts\/ztext\/evildeclared\/ot\.bzz, declared larger than 1024 MB: refused$/],
    [
      'EvilInflate',
      /has a damaged or lying entry modules\/texts\/ztext\/evilinflate\/ot\.bzz \(too many bytes in the stream\. expected 100\. got at least \d+\): refused$/,
    ],
    ['EvilOther', /holds the conf of InstBible, not of EvilOther: refused$/],
    ['EvilCut', /is not a whole zip file \(.*\): refused$/],
  ];

  itWithTools(
    'a package that breaks a rule is refused in one line, over HTTP and from a directory, and leaves nothing',
    async () => {
      const { home, sword, env } = newUser();
      const cases: Array<[string, string, RegExp]> = [
        ...refusals.flatMap(
          ([m, why]): Array<[string, string, RegExp]> => [
            [m, url, why],
            [m, repo, why],
          ],
        ),
        [
          'EvilTrunc',
          url,
          /^the package of EvilTrunc at http:\/\/127\.0\.0\.1:\d+\/packages\/rawzip\/EvilTrunc\.zip was cut short/,
        ],
      ];
      for (const [module, from, why] of cases) {
        const r = await runCliInProcess(['library', 'install', module, '--from', from, '--no-import'], { env });
        const lines = r.stderr.split('\n');
        expect([module, from, r.code, lines.length, r.stdout]).toEqual([module, from, 1, 2, '']);
        expect(lines[0]?.replace(/^bible: /, '')).toMatch(why);
        // Nothing: no conf, no data, no staging directory.
        expect(tree(sword).filter((p) => p !== 'mods.d')).toEqual([]);
      }
      expect(existsSync('/tmp/bible-evil-absolute.txt')).toBe(false);
      expect(tree(home).filter((p) => p.includes('evil'))).toEqual([]);
      const missing = await runCliInProcess(['library', 'install', 'Nope', '--from', url], { env });
      expect([missing.code, missing.stderr]).toEqual([
        4,
        `bible: ${url} has no module Nope (it lists 12: \`bible library available --from ${url}\`)\n`,
      ]);
    },
  );
});
