import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKS } from '../../src/core/canon/canon.js';
import { NAVE_REPAIRS, repairNave } from '../../src/library/markup/nave-repairs.js';
import { naveTopic } from '../../src/library/markup/tei.js';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { itWithSword, TEST_LIBRARY } from '../support/env.js';

const run = promisify(execFile);
const BOOK_NUMBER = new Map(BOOKS.map((b) => [b.osis, b.number]));

/** Where an OSIS reference starts, as "book.chapter.verse"; undefined outside the 66 books. */
function startOf(osisRef: string): string | undefined {
  const m = osisRef.match(/^([1-3]?[A-Za-z]+)\.(\d+)(?:\.(\d+))?/);
  const book = m && BOOK_NUMBER.get(m[1] as string);
  return book ? `${book}.${m[2]}.${m[3] ?? 1}` : undefined;
}

describe("Nave's Topical Bible parsed without loss", () => {
  let store: LibraryStore;
  beforeAll(() => {
    store = new LibraryStore(TEST_LIBRARY);
  });
  afterAll(() => store?.close());

  itWithSword(
    "every reference of 530+ entries (libsword's mod2imp) is in ours, in order, and none that is not",
    async () => {
      const { stdout } = await run('mod2imp', ['Nave'], { maxBuffer: 64 * 1024 * 1024 });
      const entries = stdout.split(/^\$\$\$/m).slice(1);
      expect(entries.length).toBe(5322);
      const mismatches: string[] = [];
      let compared = 0;
      let refs = 0;
      entries.forEach((record, i) => {
        if (i % 10 !== 3) return;
        const nl = record.indexOf('\n');
        const key = record.slice(0, nl).trim();
        // The listed repairs are applied to the module's text first, as the importer does.
        const theirs = [...repairNave(record.slice(nl + 1)).xml.matchAll(/<ref osisRef="([^"]*)"/g)]
          .map((m) => startOf(m[1] as string))
          .filter((s): s is string => s !== undefined);
        const topic = store.topicByHeadword('nave', key);
        const ours = (topic?.sections ?? []).flatMap((s) => s.refs.map((r) => `${r.bookNum}.${r.ch}.${r.v}`));
        compared++;
        refs += theirs.length;
        if (ours.join(' ') !== theirs.join(' '))
          mismatches.push(`${key}: ours ${ours.length}, theirs ${theirs.length}`);
      });
      expect(mismatches.slice(0, 5)).toEqual([]);
      expect(compared).toBeGreaterThanOrEqual(530);
      expect(refs).toBeGreaterThan(6000);
    },
    120_000,
  );

  itWithSword('headings are whole and clean, nested as the module nests them', () => {
    const headings = (word: string) => store.topicByHeadword('nave', word)?.sections.map((s) => s.heading) ?? [];
    const atonement = headings('ATONEMENT');
    expect(atonement.filter((h) => h.startsWith('MADE BY JESUS'))).toEqual([
      'MADE BY JESUS: Divinely ordained',
      'MADE BY JESUS: A mystery',
      'MADE BY JESUS: With context',
      'MADE BY JESUS: Made but once',
      'MADE BY JESUS: Redemption by',
      'MADE BY JESUS: Typified',
    ]);
    expect(atonement).toContain('DAY OF: How observed');
    expect(headings('PRAYER')).toContain('UNCLASSIFIED SCRIPTURES RELATING TO');
    let all = 0;
    const unclean: string[] = [];
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')
      for (const hit of store.topicBrowse('nave', letter))
        for (const h of headings(hit.headword)) {
          all++;
          if (/[;,:]\s+[;,:]|^[\s;:,.]|[\s;:,]$|\u2192/.test(h)) unclean.push(`${hit.headword}: ${h}`);
        }
    expect(all).toBeGreaterThan(20000);
    expect(unclean).toEqual([]);
  });

  itWithSword('the repaired slips read as Nave meant them', () => {
    const prayer = store.topicByHeadword('nave', 'PRAYER');
    const jude = prayer?.sections.flatMap((s) => s.refs).filter((r) => r.bookNum === 65);
    expect(jude).toEqual([{ ref: 'Jude 1:20', bookNum: 65, ch: 1, v: 20, vEnd: null }]);
    const prayerAgain = store.topicByHeadword('nave', 'PRAYER');
    const azariah = prayerAgain?.sections.find((s) =>
      s.heading.endsWith("For God' s favor under the reproofs of Azariah"),
    );
    expect(azariah?.refs).toEqual([{ ref: '2 Chronicles 15:1-15', bookNum: 14, ch: 15, v: 1, vEnd: 15 }]);
  });
});

describe("the repairs of Nave's slips, listed in one place", () => {
  it('each repair, as its example says', () => {
    expect(NAVE_REPAIRS.map((r) => r.slip)).toHaveLength(2);
    expect(repairNave('<ref osisRef="Jude.1.1">Jude 1</ref>:20; <ref osisRef="3John.1.1">3Jo  1</ref>:5-8')).toEqual({
      xml: '<ref osisRef="Jude.1.20">Jude 1:20</ref>; <ref osisRef="3John.1.5-3John.1.8">3Jo 1:5-8</ref>',
      repaired: 2,
    });
    expect(repairNave('of <ref osisRef="PrAzar.1.2">Azariah 2</ref>Ch 15:1-15</item>')).toEqual({
      xml: 'of Azariah <ref osisRef="2Chr.15.1-2Chr.15.15">2 Ch 15:1-15</ref></item>',
      repaired: 1,
    });
    expect(repairNave('<ref osisRef="Ezra.1">Ezra 1</ref>Ch 4:17').xml).toBe(
      'Ezra <ref osisRef="1Chr.4.17">1 Ch 4:17</ref>',
    );
  });

  it('nothing else: a chapter tag followed by other text, or a space before the book, is left as the module has it', () => {
    for (const xml of [
      '<ref osisRef="Jude.1.1">Jude 1</ref>; <ref osisRef="Gen.1.1">Ge 1:1</ref>',
      '<ref osisRef="Ps.2">Psalm 2</ref>Ge 4:17',
      '<ref osisRef="Zech.2">Zechariah 2</ref> Ch 24:20',
    ])
      expect(repairNave(xml)).toEqual({ xml, repaired: 0 });
  });

  it('an item is one section under its line, its references whatever connects them', () => {
    const parsed = naveTopic(
      '<entryFree n="X"><def><lb/>→ MADE BY JESUS <list><item>Typified <ref osisRef="Gen.4.4">Ge 4:4</ref>; with <ref osisRef="Heb.11.4">Heb 11:4</ref></item></list></def></entryFree>',
      'X',
    );
    expect(parsed.sections).toEqual([
      {
        heading: 'MADE BY JESUS: Typified',
        refs: [
          { ref: 'Genesis 4:4', bookNum: 1, ch: 4, v: 4, vEnd: null },
          { ref: 'Hebrews 11:4', bookNum: 58, ch: 11, v: 4, vEnd: null },
        ],
        see: [],
      },
    ]);
  });
});
