import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { sendInProcess } from '../../src/cli/embedded-transport.js';
import { createMcpServer } from '../../src/cli/mcp/server.js';
import { BibleClient } from '../../src/client/client.js';
import { importSwordBible } from '../../src/library/import/sword-verses.js';
import { LibraryWriter } from '../../src/library/import/writer.js';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { discoverModules } from '../../src/library/sword/discovery.js';
import { createApp } from '../../src/service/app.js';
import { runCliInProcess } from '../support/run-cli.js';
import {
  impModule,
  itWithSwordTools,
  SWORD_TOOLS_AVAILABLE,
  swordRoot,
  tool,
  writeConf,
} from '../support/sword-build.js';

/**
 * Modules numbered otherwise than the KJV, written by libsword's osis2mod (-v Luther, -v Synodal,
 * and the KJV's own), and a GBF Bible tagged with Strong's numbers written by imp2vs: a reference
 * is read by the numbering of the translation it is read in, several translations are aligned by
 * libsword's mapping, and GBF's Strong's numbers tag words as OSIS's do.
 */
/** Each module's places, as "Book chapter:verse": only those its versification has. */
const PLACES: Record<string, string[]> = {
  KJV: ['Ps 51:1', 'Ps 51:2', 'Joel 3:1', 'Mal 4:1', 'Jonah 1:17'],
  Luther: ['Joel 3:1', 'Joel 4:1', 'Mal 3:19', 'Jonah 2:1', 'Jonah 2:11'],
  Synodal: ['Ps 9:39', 'Ps 50:3', 'Ps 50:4'],
};

const verseText = (system: string, osis: string, c?: string, v?: string) => `${system} ${osis} ${c}:${v} words`;

function osisDocument(system: string): string {
  const books = new Map<string, string[]>();
  for (const [osis = '', c, v] of (PLACES[system] ?? []).map((p) => p.split(/[ :]/)))
    books.set(osis, [
      ...(books.get(osis) ?? []),
      `<chapter osisID="${osis}.${c}"><verse osisID="${osis}.${c}.${v}">${verseText(system, osis, c, v)}</verse></chapter>`,
    ]);
  const body = [...books].map(([osis, v]) => `<div type="book" osisID="${osis}">${v.join('')}</div>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<osis xmlns="http://www.bibletechnologies.net/2003/OSIS/namespace"><osisText osisIDWork="Fix${system}" osisRefWork="Bible" xml:lang="en"><header><work osisWork="Fix${system}"/></header>
${body}
</osisText></osis>
`;
}

/** A GBF Bible as older SWORD modules are written: Strong's numbers and morphology after the words they tag. */
const GBF = [
  '$$$Genesis 1:1',
  'In the beginning<WH07225> God<WH0430> created<WH01254><WTH8804> the heaven<WH08064> and<WH0853> the earth<WH0776>.',
  '$$$Genesis 1:2',
  'And the earth<WH0776> was<WH01961><WTH8804> without form<WH08414>, and void<WH0922>; and darkness<WH02822> <FI>was<Fi> upon the face<WH06440> of the deep<WH08415>. And the Spirit<WH07307> of God<WH0430> moved<WH07363><WTH8764> upon<WH05921> the face<WH06440> of the waters<WH04325>.',
  '$$$John 3:16',
  'For<WG1063> God<WG2316> so<WG3779> loved<WG25><WTV-AAI-3S> the world<WG2889>, that<WG5620> he gave<WG1325><WTV-AAI-3S> his<WG846> only begotten<WG3439> Son<WG5207>, that<WG2443> whosoever<WG3956> believeth<WG4100><WTV-PAP-NSM> in<WG1519> him<WG846> should not<WG3361> perish<WG622><WTV-2AMS-3S>, but<WG235> have<WG2192><WTV-PAS-3S> everlasting<WG166> life<WG2222>.',
  '',
].join('\n');

let root: string;
let store: LibraryStore;
let app: Awaited<ReturnType<typeof createApp>>;

async function answer<D>(path: string): Promise<{ status: number; data?: D; message?: string }> {
  const res = await app.request(path);
  const body = (await res.json()) as { data?: D; error?: { message: string } };
  return { status: res.status, data: body.data, message: body.error?.message };
}

type Verses = { passages: Array<{ verses: Array<{ chapter: number; v: number; text: string; at?: unknown }> }> };
const passage = (id: string, ref: string, query = '') =>
  answer<Verses>(`/v1/data/bible/${id}/passage?ref=${encodeURIComponent(ref)}${query}`);
const bible = (...args: string[]) => runCliInProcess(args, { env: { BIBLE_DATA_DIR: root } });

beforeAll(async () => {
  if (!SWORD_TOOLS_AVAILABLE) return;
  root = swordRoot();
  for (const system of Object.keys(PLACES)) {
    const dir = `modules/fix${system.toLowerCase()}`;
    mkdirSync(join(root, dir));
    writeFileSync(join(root, `fix${system}.xml`), osisDocument(system));
    tool(root, 'osis2mod', [dir, `fix${system}.xml`, '-v', system, '-z', 'z']);
    writeConf(root, `Fix${system}`, {
      DataPath: `./${dir}/`,
      ModDrv: 'zText',
      // The KJV's module names none, as most do: KJV is what that means.
      ...(system === 'KJV' ? {} : { Versification: system }),
      SourceType: 'OSIS',
      CompressType: 'ZIP',
      BlockType: 'BOOK',
      Encoding: 'UTF-8',
      Description: `${system} fixture`,
    });
  }
  impModule(root, 'FixGbf', 'imp2vs', GBF, {
    ModDrv: 'RawText',
    SourceType: 'GBF',
    Encoding: 'UTF-8',
    GlobalOptionFilter: 'GBFStrongs\nGlobalOptionFilter=GBFMorph',
  });
  const path = join(root, 'library.sqlite');
  const writer = new LibraryWriter(path);
  for (const mod of discoverModules({ BIBLE_SWORD_PATH: root }).modules) importSwordBible(writer, mod);
  writer.finish();
  store = new LibraryStore(path);
  app = await createApp({ store });
}, 60_000);

afterAll(() => {
  store?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('a reference read by the numbering of the translation it is read in', () => {
  itWithSwordTools(
    'the service reads Joel 4, Malachi 3:19 and Jonah 2:11 in a Luther Bible, and says what is past its counts',
    async () => {
      expect((await passage('fixluther', 'Joel 4:1')).data?.passages[0]?.verses).toEqual([
        { book: 'Joel', chapter: 4, v: 1, text: 'Luther Joel 4:1 words' },
      ]);
      expect((await passage('fixluther', 'Mal 3:19; Jonah 2:11')).data?.passages.map((p) => p.verses[0]?.text)).toEqual(
        ['Luther Mal 3:19 words', 'Luther Jonah 2:11 words'],
      );
      // A whole chapter is the translation's own: Joel 3 has 5 verses in Luther's numbering.
      expect((await passage('fixluther', 'Joel 3')).status).toBe(200);
      const past = async (id: string, ref: string) => {
        const a = await passage(id, ref);
        return [a.status, a.message];
      };
      expect(await past('fixluther', 'Mal 4:1')).toEqual([404, 'Malachi has 3 chapters in the FIXLUTHER']);
      expect(await past('fixluther', 'Joel 3:6')).toEqual([404, 'Joel 3 has 5 verses in the FIXLUTHER']);
      expect(await past('fixsynodal', 'Ps 9:40')).toEqual([404, 'Psalms 9 has 39 verses in the FIXSYNODAL']);
      // KJV-versified: as before, byte for byte.
      expect(await past('fixkjv', 'Joel 4:1')).toEqual([404, 'Joel has 3 chapters']);
      expect(await past('fixkjv', 'Jonah 2:11')).toEqual([404, 'Jonah 2 has 10 verses']);
      expect((await passage('fixsynodal', 'Ps 9:39')).data?.passages[0]?.verses[0]?.text).toBe('Synodal Ps 9:39 words');
      // The chapter endpoint too.
      const chapter = await answer<{ verses: unknown[] }>('/v1/data/bible/fixluther/Joel/4');
      expect([chapter.status, chapter.data?.verses]).toEqual([200, [{ v: 1, text: 'Luther Joel 4:1 words' }]]);
      const kjv = await answer('/v1/data/bible/fixkjv/Joel/4');
      expect([kjv.status, kjv.message]).toEqual([404, 'Joel has 3 chapters']);
      // Asked in another numbering, the references are read by that one.
      expect((await passage('fixkjv', 'Ps 50:3', '&numbering=fixsynodal')).data?.passages[0]?.verses).toEqual([
        { book: 'Psalms', chapter: 51, v: 1, text: 'KJV Ps 51:1 words', at: { chapter: 50, v: 3 } },
      ]);
      expect((await passage('fixkjv', 'Ps 9:40', '&numbering=Synodal')).message).toBe(
        'Psalms 9 has 39 verses in the Synodal numbering',
      );
    },
  );

  itWithSwordTools('the CLI reads them so too, and says plainly what the translation lacks (exit 4)', async () => {
    const joel = await bible('passage', 'Joel 4:1', '-t', 'fixluther', '--plain');
    expect([joel.code, joel.stdout]).toEqual([0, 'Luther Joel 4:1 words\n']);
    const spoken = await bible('passage', 'Jonah 2 11', '-t', 'fixluther', '--plain');
    expect([spoken.code, spoken.stdout]).toEqual([0, 'Luther Jonah 2:11 words\n']);
    for (const [args, stderr] of [
      // A place the canon has and the translation lacks is the service's answer, its code after it.
      [['passage', 'Mal 4:1', '-t', 'fixluther'], 'bible: Malachi has 3 chapters in the FIXLUTHER [NOT_FOUND]\n'],
      [['passage', 'Joel 5:1', '-t', 'fixluther'], 'bible: Joel has 4 chapters in the FIXLUTHER\n'],
      [['chapter', 'Joel', '5', '-t', 'fixluther'], 'bible: Joel has 4 chapters in the FIXLUTHER\n'],
      [['passage', 'Joel 4:1', '-t', 'fixkjv'], 'bible: Joel has 3 chapters\n'],
    ] as const) {
      const run = await bible(...args);
      expect([run.code, run.stdout, run.stderr]).toEqual([4, '', stderr]);
    }
    // What is missing is counted by the translation's numbering: Joel 3 has 5 verses in Luther's, not 21.
    const gap = await bible('passage', 'Joel 3', '-t', 'fixluther');
    expect(gap.stdout).toContain('(FIXLUTHER has no Joel 3:2, Joel 3:3, Joel 3:4, Joel 3:5)\n');
    const chapter = await bible('chapter', 'Joel', '4', '-t', 'fixluther', '--plain');
    expect([chapter.code, chapter.stdout]).toEqual([0, 'Luther Joel 4:1 words\n']);
  });
});

describe("several translations aligned by libsword's mapping", () => {
  itWithSwordTools(
    'the chapter command aligns a Synodal Bible with the KJV, each verse by its own number',
    async () => {
      const run = await bible('chapter', 'Ps', '51', '-t', 'fixkjv,fixsynodal');
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(run.stdout).toContain(
        [
          '1 FIXKJV     KJV Ps 51:1 words',
          '  FIXSYNODAL [50:3] Synodal Ps 50:3 words',
          '2 FIXKJV     KJV Ps 51:2 words',
          '  FIXSYNODAL [50:4] Synodal Ps 50:4 words',
        ].join('\n'),
      );
      const json = JSON.parse((await bible('chapter', 'Ps', '51', '-t', 'fixkjv,fixsynodal', '--json')).stdout);
      expect(json[1].verses).toEqual([
        { chapter: 50, v: 3, text: 'Synodal Ps 50:3 words', at: { chapter: 51, v: 1 } },
        { chapter: 50, v: 4, text: 'Synodal Ps 50:4 words', at: { chapter: 51, v: 2 } },
      ]);
      // Led by the Synodal, its Psalm 9:39 (no chapter of the KJV's has it as such) is read by its numbering.
      const led = await bible('passage', 'Ps 9:39', '-t', 'fixsynodal,fixkjv', '--json');
      expect(JSON.parse(led.stdout)[0].passages[0].verses[0].text).toBe('Synodal Ps 9:39 words');
    },
  );

  itWithSwordTools('the MCP passage tool aligns its translations so too', async () => {
    const client = new BibleClient({
      transport: {
        description: 'the fixture library',
        answersInProcess: () => true,
        send: (req) => sendInProcess(app, req),
      },
    });
    const server = createMcpServer({ client, where: 'the fixture library', defaults: {} });
    const [ours, theirs] = InMemoryTransport.createLinkedPair();
    const mcp = new Client({ name: 'bible-test', version: '1.0.0' });
    await server.connect(ours);
    await mcp.connect(theirs);
    try {
      const call = async (args: Record<string, unknown>) => {
        const r = (await mcp.callTool({ name: 'passage', arguments: args })) as CallToolResult;
        return r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
      };
      expect(await call({ refs: 'Ps 51:1-2', translations: ['fixkjv', 'fixsynodal'] })).toContain(
        ['Psalms 51:1-2 (FIXSYNODAL)', '50:3 [51:1] Synodal Ps 50:3 words', '50:4 [51:2] Synodal Ps 50:4 words'].join(
          '\n',
        ),
      );
      // Led by a Luther Bible, its Joel 4:1 is read by its numbering.
      expect(await call({ refs: 'Joel 4:1', translations: ['fixluther'] })).toContain('4:1 Luther Joel 4:1 words');
    } finally {
      await mcp.close();
    }
  });
});

describe("GBF's Strong's numbers and morphology, as libsword's GBFOSIS reads them", () => {
  itWithSwordTools(
    "tags the words libsword's GBFOSIS tags, every number the module holds; concordance and search count them",
    async () => {
      const ours = (await passage('fixgbf', 'Gen 1:1-2; John 3:16', '&include=words')).data as unknown as {
        passages: Array<{
          verses: Array<{ text: string; words: Array<{ text: string; strongs: string[]; morph?: string[] }> }>;
        }>;
      };
      const verses = ours.passages.flatMap((p) => p.verses);
      const keys = 'Gen 1:1-2;John 3:16';
      const printed = (format: string, extra: string[] = []) =>
        execFileSync('diatheke', ['-b', 'FixGbf', '-f', format, ...extra, '-k', keys], {
          env: { ...process.env, SWORD_PATH: root },
        })
          .toString('utf8')
          .split('\n')
          .filter((line) => /^\S.*\d+:\d+: |<verse osisID/.test(line));
      expect(verses.map((v) => v.text)).toEqual(
        printed('plain').map((line) => line.replace(/^[^:]*\d+:\d+: /, '').trim()),
      );
      // libsword's own GBF-to-OSIS filter (diatheke -f OSIS): the same words carry the same numbers.
      const theirs = printed('OSIS', ['-o', 'nm']).map((line) =>
        [...line.matchAll(/<w ([^>]*)>([^<]*)<\/w>/g)].map(([, attrs, words]) => ({
          text: words,
          strongs: [...(attrs as string).matchAll(/strong:([GH])0*(\d+)/g)].map((m) => `${m[1]}${m[2]}`),
          morph: /morph=/.test(attrs as string),
        })),
      );
      expect(
        verses.map((v) => v.words.filter((w) => w.strongs.length || w.morph).map((w) => ({ ...w, morph: !!w.morph }))),
      ).toEqual(theirs);
      // The tags as the module holds them (diatheke -f GBF, the raw markup: mod2imp would walk every
      // key of the versification): every number, in order, tags a word, leading zeros dropped as OSIS's are.
      for (const [i, entry] of printed('GBF', ['-o', 'nm']).entries()) {
        const numbers = [...entry.matchAll(/<W([GH])0*(\d+)>/g)].map((m) => `${m[1]}${m[2]}`);
        expect(verses[i]?.words.flatMap((w) => w.strongs)).toEqual(numbers);
      }
      // Morphology as the OSIS KJV writes it: Strong's tense numbers, Robinson's codes.
      expect(verses[0]?.words.slice(0, 3)).toEqual([
        { text: 'In the beginning', strongs: ['H7225'] },
        { text: 'God', strongs: ['H430'] },
        { text: 'created', strongs: ['H1254'], morph: ['strongMorph:TH8804'] },
      ]);
      expect(verses[2]?.words.find((w) => w.text === 'loved')?.morph).toEqual(['robinson:V-AAI-3S']);
      const concordance = store.concordance('fixgbf', 'H430', 10, 0);
      expect([concordance.verses, concordance.occurrences]).toEqual([2, 2]);
      const found = await answer<{ total: number; results: Array<{ ref: string }> }>(
        '/v1/data/bible/fixgbf/search?q=G25',
      );
      expect(found.data?.results.map((r) => r.ref)).toEqual(['John 3:16']);
    },
  );
});
