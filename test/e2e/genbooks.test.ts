import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { importSwordGenBook } from '../../src/library/import/sword-genbooks.js';
import { LibraryWriter } from '../../src/library/import/writer.js';
import { type GenBookRow, LibraryStore } from '../../src/library/store/library-store.js';
import { discoverModules } from '../../src/library/sword/discovery.js';
import { createApp } from '../../src/service/app.js';
import { diatheke, pool } from '../support/diatheke.js';
import { ATTRIBUTION, buildGenBooks, compared, THML_ATTRIBUTION } from '../support/genbooks.js';
import { runCliInProcess } from '../support/run-cli.js';
import { createKey, get, type Served, serve } from '../support/server.js';
import { itWithSwordTools, mod2imp, SWORD_TOOLS_AVAILABLE } from '../support/sword-build.js';

describe('general books: imported, served and read as libsword reads them (issue 33.1)', () => {
  let root = '';
  let dataDir = '';
  let store: LibraryStore;
  let app: Awaited<ReturnType<typeof createApp>>;
  let served: Served | undefined;
  let key = '';
  beforeAll(async () => {
    if (!SWORD_TOOLS_AVAILABLE) return;
    root = buildGenBooks();
    const modules = discoverModules({ BIBLE_SWORD_PATH: root }).modules;
    expect(modules.map((m) => [m.name, m.kind])).toEqual([
      ['Antiquities', 'genbook'],
      ['Pilgrim', 'genbook'],
    ]);
    dataDir = mkdtempSync(join(tmpdir(), 'bible-genbooks-'));
    const writer = new LibraryWriter(join(dataDir, 'library.sqlite'));
    for (const mod of modules) importSwordGenBook(writer, mod);
    writer.finish();
    store = new LibraryStore(join(dataDir, 'library.sqlite'));
    app = await createApp({ store });
    // The built `bible serve` over this library, and a key that may read one of the two books.
    key = await createKey(dataDir, ['--name', 'pilgrim only', '--scopes', 'pilgrim']);
    served = await serve(dataDir);
  });
  afterAll(async () => {
    await served?.stop();
    store?.close();
    for (const dir of [root, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const answer = async (path: string) => {
    const res = await app.request(path);
    return {
      status: res.status,
      headers: res.headers,
      body: (await res.json()) as {
        success: boolean;
        data?: Record<string, unknown>;
        error?: { code: string; message: string };
      },
    };
  };
  const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    runCliInProcess(args, { env: { BIBLE_DATA_DIR: dataDir, ...env } });

  itWithSwordTools("the tree is libsword's, and each section's text is what diatheke prints for its key", async () => {
    const db = new Database(join(dataDir, 'library.sqlite'), { readonly: true });
    const rows = db
      .prepare(
        "SELECT idx, parent, depth, last, children, key, name, text FROM genbook_sections WHERE book = 'pilgrim' ORDER BY idx",
      )
      .all() as Array<GenBookRow & { text: string }>;
    const thml = db
      .prepare("SELECT key, text FROM genbook_sections WHERE book = 'antiquities' ORDER BY idx")
      .all() as Array<{ key: string; text: string }>;
    db.close();
    // mod2imp lists the root (an empty key) and then every section in the book's order.
    expect(rows.map((r) => r.key)).toEqual(
      mod2imp(root, 'Pilgrim')
        .map(([k]) => k)
        .filter(Boolean),
    );
    expect(rows.map((r) => [r.key, r.parent, r.depth, r.last, r.children])).toEqual(
      [
        ['/Pilgrim', null, 1, 5, 2],
        ['/Pilgrim/Part One', 0, 2, 3, 2],
        ['/Pilgrim/Part One/Chapter 1', 1, 3, 2, 0],
        ['/Pilgrim/Part One/Chapter 2', 1, 3, 3, 0],
        ['/Pilgrim/Part Two', 0, 2, 5, 1],
        ['/Pilgrim/Part Two/Chapter 1', 4, 3, 5, 0],
      ].map(([k, p, d, l, c]) => [k, p, d, l, c]),
    );
    const env = { ...process.env, SWORD_PATH: root };
    const theirs = await pool(rows, 4, (r) => diatheke('Pilgrim', r.key, env));
    expect(rows.map((r) => [r.key, compared(r.text)])).toEqual(rows.map((r, i) => [r.key, compared(theirs[i] ?? '')]));
    expect(rows[1]?.text).toBe(
      'The First Part\n\nAs I walked through the *wilderness* of this world.\n\nI lighted on a certain place (a den) and laid me down.',
    );
    // ThML: libsword's plain renderer runs paragraphs, breaks and headings together on one line
    // ("A HeadingEsau"); ours keeps them apart. The words and their order are the same.
    expect(thml.map((r) => r.key)).toEqual(
      mod2imp(root, 'Antiquities')
        .map(([k]) => k)
        .filter(Boolean),
    );
    const thmlTheirs = await pool(thml, 4, (r) => diatheke('Antiquities', r.key, env));
    const squashed = (t: string) => compared(t).replace(/\s+/g, '');
    expect(thml.map((r) => [r.key, squashed(r.text)])).toEqual(
      thml.map((r, i) => [r.key, squashed(thmlTheirs[i] ?? '')]),
    );
    expect(thml.map((r) => r.text)).toEqual([
      'Of the antiquities of the Jews.\nA second line.',
      'Concerning Adam & Eve. (A note on Eve.)\n\nSee Gen 25:25, and this.',
      '',
      'A Heading\n\nEsau and Jacob.',
    ]);
  });

  itWithSwordTools(
    'the extension endpoints: the list, the contents paged, a section in its place; 404 and 400 in the envelope',
    async () => {
      const list = await answer('/v1/data/genbooks');
      expect([list.status, list.headers.get('cache-control')]).toEqual([200, 'private, max-age=300']);
      expect(list.body.data).toEqual({
        genbooks: [
          { id: 'antiquities', name: 'The Antiquities of the Jews', sections: 4, attribution: THML_ATTRIBUTION },
          { id: 'pilgrim', name: "The Pilgrim's Progress, John Bunyan (1678)", sections: 6, attribution: ATTRIBUTION },
        ],
      });
      const whole = await answer('/v1/data/genbooks/Pilgrim');
      expect(whole.body.data).toEqual({
        id: 'pilgrim',
        name: "The Pilgrim's Progress, John Bunyan (1678)",
        key: '/',
        sections: [
          { key: '/Pilgrim', name: 'Pilgrim', depth: 1, children: 2, chars: 29 },
          { key: '/Pilgrim/Part One', name: 'Part One', depth: 2, children: 2, chars: 123 },
          { key: '/Pilgrim/Part One/Chapter 1', name: 'Chapter 1', depth: 3, children: 0, chars: 55 },
          { key: '/Pilgrim/Part One/Chapter 2', name: 'Chapter 2', depth: 3, children: 0, chars: 54 },
          { key: '/Pilgrim/Part Two', name: 'Part Two', depth: 2, children: 1, chars: 0 },
          { key: '/Pilgrim/Part Two/Chapter 1', name: 'Chapter 1', depth: 3, children: 0, chars: 36 },
        ],
        total: 6,
        offset: 0,
        attribution: ATTRIBUTION,
      });
      const under = await answer('/v1/data/genbooks/pilgrim?key=/Pilgrim&depth=1&limit=1&offset=1');
      expect(under.body.data).toMatchObject({
        key: '/Pilgrim',
        sections: [{ key: '/Pilgrim/Part Two' }],
        total: 2,
        offset: 1,
        attribution: ATTRIBUTION,
      });
      const section = await answer(`/v1/data/genbooks/pilgrim/section?key=${encodeURIComponent('/pilgrim/part one')}`);
      expect(section.body.data).toEqual({
        id: 'pilgrim',
        key: '/Pilgrim/Part One',
        name: 'Part One',
        path: ['Pilgrim', 'Part One'],
        text: 'The First Part\n\nAs I walked through the *wilderness* of this world.\n\nI lighted on a certain place (a den) and laid me down.',
        parent: { key: '/Pilgrim', name: 'Pilgrim' },
        children: [
          { key: '/Pilgrim/Part One/Chapter 1', name: 'Chapter 1' },
          { key: '/Pilgrim/Part One/Chapter 2', name: 'Chapter 2' },
        ],
        childCount: 2,
        previous: { key: '/Pilgrim', name: 'Pilgrim' },
        next: { key: '/Pilgrim/Part One/Chapter 1', name: 'Chapter 1' },
        attribution: ATTRIBUTION,
      });
      const top = await answer('/v1/data/genbooks/pilgrim/section?key=/Pilgrim');
      expect([top.body.data?.parent, top.body.data?.previous]).toEqual([null, null]);
      const last = await answer(
        `/v1/data/genbooks/pilgrim/section?key=${encodeURIComponent('/Pilgrim/Part Two/Chapter 1')}`,
      );
      expect(last.body.data?.next).toBeNull();
      const failures = await Promise.all(
        [
          '/v1/data/genbooks/josephus',
          '/v1/data/genbooks/josephus/section?key=/A',
          '/v1/data/genbooks/pilgrim/section?key=/Pilgrim/Part%20Three',
          '/v1/data/genbooks/pilgrim?key=/Nowhere',
          '/v1/data/genbooks/pilgrim/section?key=Pilgrim',
          '/v1/data/genbooks/pilgrim/section?key=/Pilgrim//Part%20One',
          `/v1/data/genbooks/pilgrim/section?key=/${'x'.repeat(1000)}`,
          '/v1/data/genbooks/pilgrim/section',
          '/v1/data/genbooks/pilgrim?depth=0',
          '/v1/data/genbooks/pilgrim?limit=1001',
        ].map(async (path) => {
          const r = await answer(path);
          return [r.status, r.body.error?.code, r.body.error?.message];
        }),
      );
      expect(failures).toEqual([
        [404, 'NOT_FOUND', "no general book 'josephus'"],
        [404, 'NOT_FOUND', "no general book 'josephus'"],
        [404, 'NOT_FOUND', "pilgrim has no section '/Pilgrim/Part Three'"],
        [404, 'NOT_FOUND', "pilgrim has no section '/Nowhere'"],
        [400, 'INVALID_REQUEST', "query parameter 'key' must be a section key: /Part/Chapter (names after each /)"],
        [400, 'INVALID_REQUEST', "query parameter 'key' must be a section key: /Part/Chapter (names after each /)"],
        [400, 'INVALID_REQUEST', "query parameter 'key' must be at most 1000 characters"],
        [400, 'INVALID_REQUEST', "missing query parameter 'key'"],
        [400, 'INVALID_REQUEST', "query parameter 'depth' must be an integer from 1 to 64"],
        [400, 'INVALID_REQUEST', "query parameter 'limit' must be an integer from 1 to 1000"],
      ]);
      const spec = (await (await app.request('/openapi.json')).json()) as {
        paths: Record<string, { get: { tags: string[] } }>;
      };
      for (const path of ['/v1/data/genbooks', '/v1/data/genbooks/{id}', '/v1/data/genbooks/{id}/section'])
        expect(spec.paths[path]?.get.tags).toEqual(['genbooks', 'extensions']);
      // The contract's catalog answers as before: no general books in it.
      expect(Object.keys((await answer('/v1/data/catalog')).body.data ?? {})).toEqual([
        'bible',
        'commentaries',
        'dictionaries',
        'topics',
        'lexicons',
        'crossrefs',
        'stories',
      ]);
    },
  );

  itWithSwordTools('bible genbook list, toc and read: embedded and over HTTP alike, errors in one line', async () => {
    const list = await cli(['genbook', 'list']);
    expect([list.code, list.stdout, list.stderr]).toEqual([
      0,
      `antiquities\tThe Antiquities of the Jews\t4\npilgrim\tThe Pilgrim's Progress, John Bunyan (1678)\t6\n\n— ${THML_ATTRIBUTION}\n\n— ${ATTRIBUTION}\n`,
      '',
    ]);
    const toc = await cli(['genbook', 'toc', 'pilgrim', 'Pilgrim/Part One']);
    expect([toc.code, toc.stdout]).toEqual([
      0,
      `The Pilgrim's Progress, John Bunyan (1678): /Pilgrim/Part One\n/Pilgrim/Part One/Chapter 1\n/Pilgrim/Part One/Chapter 2\n\n— ${ATTRIBUTION}\n`,
    ]);
    const whole = await cli(['genbooks', 'contents', 'pilgrim', '/', '--depth', '2']);
    expect(whole.stdout.split('\n').slice(0, 4)).toEqual([
      "The Pilgrim's Progress, John Bunyan (1678)",
      '/Pilgrim',
      '/Pilgrim/Part One',
      '/Pilgrim/Part Two',
    ]);
    const read = await cli(['genbook', 'read', 'pilgrim', '/Pilgrim/Part Two']);
    expect([read.code, read.stdout]).toEqual([
      0,
      [
        'Pilgrim › Part Two',
        '',
        '(this section holds only the sections below)',
        '',
        'Sections (1):',
        '  /Pilgrim/Part Two/Chapter 1',
        'Up: /Pilgrim',
        'Previous: /Pilgrim/Part One/Chapter 2',
        'Next: /Pilgrim/Part Two/Chapter 1',
        '',
        `— ${ATTRIBUTION}`,
        '',
      ].join('\n'),
    ]);
    const json = await cli(['genbook', 'read', 'pilgrim', 'Pilgrim/Part One/Chapter 2', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      text: 'Now I saw in my dream that Christian & Pliable talked.',
      attribution: ATTRIBUTION,
    });
    // Over HTTP (`bible serve`), the same answers, behind the key and its scopes.
    const url = served?.url ?? '';
    const remote = { BIBLE_BASE_URL: url, BIBLE_API_KEY: key };
    const remoteJson = await cli(['genbook', 'read', 'pilgrim', 'Pilgrim/Part One/Chapter 2', '--json'], remote);
    expect(remoteJson.stdout).toBe(json.stdout);
    const scoped = await cli(['genbook', 'list', '--json'], remote);
    expect(JSON.parse(scoped.stdout).genbooks.map((b: { id: string }) => b.id)).toEqual(['pilgrim']);
    const denied = await cli(['genbook', 'toc', 'antiquities'], remote);
    expect([denied.code, denied.stderr]).toEqual([3, "bible: this key may not read 'antiquities' [SCOPE_DENIED]\n"]);
    const keyless = await get(url, '/v1/data/genbooks');
    expect([keyless.status, keyless.body.error?.code]).toEqual([401, 'MISSING_API_KEY']);
    const answered = await get(url, '/v1/data/genbooks/pilgrim?depth=1', { Authorization: `Bearer ${key}` });
    expect([answered.status, answered.headers.get('cache-control')]).toEqual([200, 'private, max-age=300']);
    const completion = await cli(['__complete', 'genbooks']);
    expect(completion.stdout).toBe('antiquities\npilgrim\n');
    const failures = await Promise.all(
      [
        ['genbook', 'read', 'josephus', '/A'],
        ['genbook', 'read', 'pilgrim', '/Pilgrim/Part Three'],
        ['genbook', 'read', 'pilgrim', 'Pilgrim//One'],
        ['genbook', 'toc', 'pilgrim', '--depth', '0'],
      ].map(async (args) => {
        const r = await cli(args);
        return [r.code, r.stderr, r.stdout];
      }),
    );
    expect(failures).toEqual([
      [4, "bible: no general book 'josephus' [NOT_FOUND]\n", ''],
      [4, "bible: pilgrim has no section '/Pilgrim/Part Three' [NOT_FOUND]\n", ''],
      [2, "bible: the section key 'Pilgrim//One' must be a section key: /Part/Chapter (names after each /)\n", ''],
      [2, "bible: --depth must be a number from 1 to 64 (got '0')\n", ''],
    ]);
  });
});
