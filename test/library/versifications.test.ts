import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { bookByOsis, findBook } from '../../src/core/canon/canon.js';
import { importSwordBible } from '../../src/library/import/sword-verses.js';
import { LibraryWriter } from '../../src/library/import/writer.js';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { discoverModules } from '../../src/library/sword/discovery.js';
import { versification } from '../../src/library/sword/versification.js';
import { alignVerse } from '../../src/library/sword/versification-map.js';
import { createApp } from '../../src/service/app.js';
import { diatheke, exportModule, squash } from '../support/diatheke.js';
import { itRequiring } from '../support/env.js';

/** Whether a program of libsword-utils or diatheke is on the PATH (run bare, it prints its usage and fails). */
function onPath(program: string): boolean {
  try {
    execFileSync(program, [], { stdio: 'pipe' });
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

const itWithOsis2mod = itRequiring(
  onPath('osis2mod') && onPath('mod2imp') && onPath('diatheke'),
  'BIBLE_TEST_REQUIRE_SWORD',
  "needs libsword's osis2mod, mod2imp and diatheke: apt-get install -y libsword-utils diatheke",
);

/**
 * The places each fixture module is written with: where libsword's versifications differ (the
 * psalm titles counted as verses in Synodal and the Vulgate, Joel 4 and Malachi 3:19-24 in the
 * Hebrew numbering Luther keeps, Daniel 13-14 in the Vulgate, Psalm 151 in the Septuagint), and the
 * deuterocanon. Only the places a system has are written into its module.
 */
const PLACES: ReadonlyArray<[string, number, number]> = [
  ['Gen', 1, 1],
  ['Ps', 3, 1],
  ['Ps', 3, 2],
  ['Ps', 9, 21],
  ['Ps', 9, 22],
  ['Ps', 50, 3],
  ['Ps', 51, 1],
  ['Ps', 151, 1],
  ['Joel', 3, 1],
  ['Joel', 4, 1],
  ['Mal', 3, 19],
  ['Mal', 4, 1],
  ['Dan', 13, 1],
  ['Tob', 1, 1],
  ['Jdt', 1, 1],
  ['Wis', 3, 1],
  ['Sir', 27, 17],
  ['Bar', 1, 1],
  ['1Macc', 1, 1],
  ['2Macc', 1, 1],
  ['3Macc', 1, 1],
  ['4Macc', 1, 1],
  ['1Esd', 1, 1],
  ['2Esd', 1, 1],
  ['PrMan', 1, 1],
  ['AddPs', 1, 1],
  ['EpJer', 1, 1],
  ['Sus', 1, 1],
  ['Bel', 1, 1],
  ['PrAzar', 1, 1],
  ['AddEsth', 10, 4],
  ['EsthGr', 1, 1],
  ['AddDan', 1, 1],
  ['John', 3, 16],
];

/** Six versifications libsword numbers otherwise, each a module osis2mod writes. */
const SYSTEMS = ['KJVA', 'Synodal', 'LXX', 'Vulg', 'Luther', 'NRSVA'] as const;

const moduleName = (system: string) => `Fix${system}`;
const verseText = (system: string, osis: string, c: number, v: number) => `${system} ${osis} ${c}:${v} words`;

function placesIn(system: string): Array<[string, number, number]> {
  const v11n = versification(system);
  return PLACES.filter(([osis, c, v]) => (v11n.byOsis.get(osis)?.book.verseCounts[c - 1] ?? 0) >= v);
}

function osisDocument(system: string): string {
  const books = new Map<string, Array<[number, number]>>();
  for (const [osis, c, v] of placesIn(system)) books.set(osis, [...(books.get(osis) ?? []), [c, v]]);
  const body = [...books]
    .map(
      ([osis, verses]) =>
        `<div type="book" osisID="${osis}">${verses
          .map(
            ([c, v]) =>
              `<chapter osisID="${osis}.${c}"><verse osisID="${osis}.${c}.${v}">${verseText(system, osis, c, v)}</verse></chapter>`,
          )
          .join('')}</div>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<osis xmlns="http://www.bibletechnologies.net/2003/OSIS/namespace"><osisText osisIDWork="${moduleName(system)}" osisRefWork="Bible" xml:lang="en"><header><work osisWork="${moduleName(system)}"/></header>
${body}
</osisText></osis>
`;
}

let root: string;
let db: Database.Database;
let store: LibraryStore;
let app: Awaited<ReturnType<typeof createApp>>;

/** What the service answers for a path over the fixture library. */
async function answer<D = { passages: Array<{ verses: unknown[] }> }>(
  path: string,
): Promise<{ status: number; data?: D; error?: { message: string } }> {
  const res = await app.request(path);
  const body = (await res.json()) as { data?: D; error?: { message: string } };
  return { status: res.status, data: body.data, error: body.error };
}
const env = () => ({ ...process.env, SWORD_PATH: root, BIBLE_SWORD_PATH: root });

beforeAll(async () => {
  if (!onPath('osis2mod')) return;
  root = mkdtempSync(join(tmpdir(), 'bible-v11n-'));
  mkdirSync(join(root, 'mods.d'));
  for (const system of SYSTEMS) {
    const name = moduleName(system);
    const data = join(root, 'modules', 'texts', 'ztext', name.toLowerCase());
    mkdirSync(data, { recursive: true });
    const source = join(root, `${name}.xml`);
    writeFileSync(source, osisDocument(system));
    execFileSync('osis2mod', [data, source, '-v', system, '-z', 'z'], { stdio: 'pipe' });
    writeFileSync(
      join(root, 'mods.d', `${name.toLowerCase()}.conf`),
      `[${name}]\nDataPath=./modules/texts/ztext/${name.toLowerCase()}/\nModDrv=zText\nVersification=${system}\nEncoding=UTF-8\nSourceType=OSIS\nCompressType=ZIP\nBlockType=BOOK\nLang=en\nDescription=${system} fixture\n`,
    );
  }
  const path = join(root, 'library.sqlite');
  const writer = new LibraryWriter(path);
  for (const mod of discoverModules(env()).modules) importSwordBible(writer, mod);
  writer.finish();
  db = new Database(path, { readonly: true });
  store = new LibraryStore(path);
  app = await createApp({ store });
}, 120_000);

afterAll(() => {
  store?.close();
  db?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('modules in six versifications, written by osis2mod and read by the importer', () => {
  itWithOsis2mod(
    'reads every verse each module holds as libsword does (mod2imp), by its own numbering, the deuterocanon too',
    async () => {
      const mismatches: string[] = [];
      let compared = 0;
      for (const system of SYSTEMS) {
        const id = moduleName(system).toLowerCase();
        const ours = new Map(
          (
            db.prepare('SELECT book, chapter, verse, text FROM verses WHERE translation = ?').all(id) as Array<{
              book: number;
              chapter: number;
              verse: number;
              text: string;
            }>
          ).map((r) => [`${r.book}:${r.chapter}:${r.verse}`, r.text]),
        );
        const theirs = new Map<string, string>();
        for (const [key, text] of await exportModule(moduleName(system), env())) {
          const m = /^(.+) (\d+):(\d+)$/.exec(key);
          if (!m || m[2] === '0' || m[3] === '0' || !text.trim()) continue;
          const book = findBook(m[1] as string);
          if (!book) throw new Error(`${system}: libsword's book name ${m[1]} is not in the canon`);
          // The Greek Psalter's Psalm 151 is the library's book Psalm 151.
          const [n, c] =
            book.osis === 'Ps' && m[2] === '151' ? [bookByOsis('AddPs')?.number, '1'] : [book.number, m[2]];
          theirs.set(`${n}:${c}:${m[3]}`, text);
        }
        expect([...ours.keys()].sort(), system).toEqual([...theirs.keys()].sort());
        for (const [key, text] of theirs) {
          compared++;
          if (squash(ours.get(key) ?? '') !== squash(text))
            mismatches.push(`${system} ${key}: ${ours.get(key)} / ${text}`);
        }
        expect(ours.size, system).toBe(placesIn(system).length);
      }
      expect(mismatches).toEqual([]);
      expect(compared).toBe(SYSTEMS.reduce((n, s) => n + placesIn(s).length, 0));
    },
    240_000,
  );

  itWithOsis2mod('reads a deuterocanonical verse of each module as diatheke prints it', async () => {
    for (const [system, key, osis, c, v] of [
      ['Synodal', 'Tobit 1:1', 'Tob', 1, 1],
      ['Vulg', 'Sirach 27:17', 'Sir', 27, 17],
      ['LXX', 'IV Maccabees 1:1', '4Macc', 1, 1],
      ['Luther', 'Additions to Daniel 1:1', 'AddDan', 1, 1],
      ['KJVA', 'I Maccabees 1:1', '1Macc', 1, 1],
    ] as const) {
      const printed = await diatheke(moduleName(system), key, env());
      const row = db
        .prepare('SELECT text FROM verses WHERE translation = ? AND book = ? AND chapter = ? AND verse = ?')
        .get(moduleName(system).toLowerCase(), bookByOsis(osis)?.number, c, v) as { text: string } | undefined;
      expect([system, squash(row?.text ?? '')]).toEqual([system, squash(printed)]);
      expect(row?.text).toBe(verseText(system, osis, c, v));
    }
  });

  itWithOsis2mod("records each module's versification and keeps the 66 books' verse keys", () => {
    const meta = db.prepare("SELECT key, value FROM meta WHERE key LIKE 'versification:%' ORDER BY key").all();
    expect(meta).toEqual(
      SYSTEMS.map((s) => ({ key: `versification:${moduleName(s).toLowerCase()}`, value: JSON.stringify(s) })).sort(
        (a, b) => a.key.localeCompare(b.key),
      ),
    );
    // Genesis is book 1 and John book 43 in every module; the deuterocanon comes after the 66.
    const books = db.prepare('SELECT DISTINCT book FROM verses ORDER BY book').pluck().all() as number[];
    expect(books.filter((b) => b <= 66)).toEqual([1, 19, 27, 29, 39, 43]);
    expect(Math.min(...books.filter((b) => b > 66))).toBeGreaterThanOrEqual(67);
  });
});

describe("libsword's mapping between numberings", () => {
  itWithOsis2mod('aligns what each module numbers otherwise with the KJV, and the KJV with each', () => {
    // VersificationMgr::translateVerse's own answers (scripts/versification-dump.cpp prints them).
    expect(alignVerse('Synodal', 'KJV', { osis: 'Ps', chapter: 50, verse: 3 })).toEqual([
      { osis: 'Ps', chapter: 51, verse: 1 },
    ]);
    expect(alignVerse('KJV', 'Synodal', { osis: 'Ps', chapter: 51, verse: 1 })).toEqual([
      { osis: 'Ps', chapter: 50, verse: 3 },
    ]);
    expect(alignVerse('Vulg', 'KJV', { osis: 'Ps', chapter: 9, verse: 22 })).toEqual([
      { osis: 'Ps', chapter: 10, verse: 1 },
    ]);
    // The Synodal psalm title (its verse 1) is no verse of the KJV's.
    expect(alignVerse('Synodal', 'KJV', { osis: 'Ps', chapter: 3, verse: 1 })).toEqual([]);
    expect(alignVerse('KJV', 'Synodal', { osis: 'Ps', chapter: 3, verse: 1 })).toEqual([
      { osis: 'Ps', chapter: 3, verse: 2 },
    ]);
    // The KJV has no Tobit: nothing to align with.
    expect(alignVerse('Synodal', 'KJV', { osis: 'Tob', chapter: 1, verse: 1 })).toEqual([]);
  });
});

describe('the service over modules numbered otherwise', () => {
  itWithOsis2mod(
    "answers a passage asked in another numbering with the translation's own verses that hold it",
    async () => {
      const verses = async (id: string, ref: string, numbering: string) =>
        (await answer(`/v1/data/bible/${id}/passage?ref=${encodeURIComponent(ref)}&numbering=${numbering}`)).data
          ?.passages[0]?.verses;
      // The KJV's Psalm 51:1 is the Synodal's 50:3, read by its own number with where it falls.
      expect(await verses('fixsynodal', 'Ps 51:1', 'KJV')).toEqual([
        { book: 'Psalms', chapter: 50, v: 3, text: 'Synodal Ps 50:3 words', at: { chapter: 51, v: 1 } },
      ]);
      // And back: a translation id names its numbering.
      expect(await verses('fixkjva', 'Ps 50:3', 'fixsynodal')).toEqual([
        { book: 'Psalms', chapter: 51, v: 1, text: 'KJVA Ps 51:1 words', at: { chapter: 50, v: 3 } },
      ]);
      expect(await verses('fixkjva', 'Tob 1:1', 'Synodal')).toEqual([
        { book: 'Tobit', chapter: 1, v: 1, text: 'KJVA Tob 1:1 words', at: { chapter: 1, v: 1 } },
      ]);
      // Without numbering, each is read by its own: the Synodal's Psalm 50:3 is its own 50:3.
      expect((await answer('/v1/data/bible/fixsynodal/passage?ref=Ps%2050:3')).data?.passages[0]?.verses).toEqual([
        { book: 'Psalms', chapter: 50, v: 3, text: 'Synodal Ps 50:3 words' },
      ]);
      const bad = await answer('/v1/data/bible/fixsynodal/passage?ref=Ps%2051:1&numbering=Klingon');
      expect([bad.status, bad.error?.message]).toEqual([
        400,
        "numbering 'Klingon' is neither a versification libsword knows nor a translation of the library",
      ]);
    },
  );

  itWithOsis2mod('says plainly what a translation lacks, and lists what it holds by its own numbering', async () => {
    const lacking = await answer('/v1/data/bible/fixkjva/passage?ref=4%20Macc%201:1');
    expect([lacking.status, lacking.error?.message]).toEqual([404, 'the FIXKJVA does not include 4 Maccabees']);
    const books = (
      await answer<{ versification: string; books: Array<{ osis: string; verseCounts: number[] }> }>(
        '/v1/data/bible/fixluther/books',
      )
    ).data;
    expect(books?.versification).toBe('Luther');
    expect(books?.books.map((b) => b.osis)).toEqual(
      [
        'Gen',
        'Ps',
        'Joel',
        'Mal',
        'John',
        'Tob',
        'Jdt',
        'Wis',
        'Sir',
        'Bar',
        'AddEsth',
        'AddDan',
        '1Macc',
        '2Macc',
        'PrMan',
      ].filter((osis) => placesIn('Luther').some(([o]) => o === osis)),
    );
    // Joel 4 and Malachi 3:19 are the Hebrew numbering Luther keeps.
    const joel = books?.books.find((b) => b.osis === 'Joel');
    expect(joel?.verseCounts).toEqual([0, 0, 1, 1]);
  });
});
