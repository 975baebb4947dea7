import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES } from '../../src/workspace/exchange/formats.js';
import { runCliInProcess } from '../support/run-cli.js';
import { serviceDataDir } from '../support/server.js';

/** A workspace of its own (its own user.sqlite) reading the one test library. */
function workspace() {
  const dir = serviceDataDir();
  const env = { BIBLE_DATA_DIR: dir, BIBLE_NOW: '2026-04-01T10:00:00Z' };
  const run = (args: string[], input?: string, extra: NodeJS.ProcessEnv = {}) =>
    runCliInProcess(args, { env: { ...env, ...extra }, input });
  return { dir, run };
}

const jsonExport = (notes: object[]) => JSON.stringify({ format: 'bible-workspace', version: 1, notes, bookmarks: [] });
const note = (uid: string, extra: object = {}) => ({
  uid,
  ref: 'John 3:16',
  text: `note ${uid.slice(0, 10)}`,
  tags: [],
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('export and import files', () => {
  it('CSV: a cell a spreadsheet would run as a formula is written as text, and reads back unchanged', async () => {
    const { dir, run } = workspace();
    const texts = ['=HYPERLINK("http://evil.example","click")', '+1+2', '-2 (a list)', '@SUM(A1)', "'tis so", "'=x"];
    for (const text of texts) expect((await run(['note', 'add', 'John 3:16', '--tag', '=cmd'], text)).code).toBe(0);
    const file = join(dir, 'notes.csv');
    expect((await run(['export', file])).code).toBe(0);
    const rows = readFileSync(file, 'utf8').split('\r\n').slice(1, -1);
    expect(rows.map((r) => r.split(',').slice(2, 4))).toEqual([
      ['"\'=HYPERLINK(""http://evil.example""', '""click"")"'],
      ["'+1+2", "'=cmd"],
      ["'-2 (a list)", "'=cmd"],
      ["'@SUM(A1)", "'=cmd"],
      ["''tis so", "'=cmd"],
      ["''=x", "'=cmd"],
    ]);
    const fresh = workspace();
    expect(JSON.parse((await fresh.run(['import', file, '--json'])).stdout).notesAdded).toBe(6);
    const listed = JSON.parse((await fresh.run(['note', 'list', '--json'])).stdout) as Array<{
      text: string;
      tags: string[];
    }>;
    expect(listed.map((n) => [n.text, n.tags])).toEqual(texts.map((t) => [t, ['=cmd']]));
    // An export written before the cells were neutralised reads as it always did.
    const old = join(dir, 'old.csv');
    writeFileSync(
      old,
      "type,ref,text,tags,created,updated,uid\r\nnote,John 1:1,'tis old,,2026-01-01T00:00:00Z,2026-01-01T00:00:00Z,u1\r\n",
    );
    await fresh.run(['import', old]);
    expect((await fresh.run(['note', 'list', '--ref', 'John 1:1', '--json'])).stdout).toContain('"text": "\'tis old"');
  });

  it('export writes through a link, refuses what is not a regular file, and creates no directory', async () => {
    const { dir, run } = workspace();
    await run(['note', 'add', 'John 3:16', 'loved']);
    const target = join(dir, 'real.json');
    writeFileSync(target, 'old');
    const link = join(dir, 'link.json');
    symlinkSync(target, link);
    expect((await run(['export', link])).stdout).toBe(`Exported 1 note and 0 bookmarks to ${link} (json)\n`);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(target, 'utf8')).notes[0].text).toBe('loved');

    const fifo = join(dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    const toFifo = await run(['export', fifo]);
    expect([toFifo.code, toFifo.stderr]).toEqual([
      2,
      `bible: ${fifo}: a FIFO; an export is written to a regular file\n`,
    ]);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    const toDevice = await run(['export', '/dev/null', '--format', 'json']);
    expect([toDevice.code, toDevice.stderr]).toEqual([
      2,
      'bible: /dev/null: a device; an export is written to a regular file\n',
    ]);
    const toNothing = join(dir, 'dangling.json');
    symlinkSync(join(dir, 'nowhere', 'x.json'), toNothing);
    expect((await run(['export', toNothing])).stderr).toBe(`bible: ${toNothing} is a link to nothing; not written\n`);

    const missing = join(dir, 'no', 'such', 'dir');
    const intoMissing = await run(['export', join(missing, 'notes.md')]);
    expect([intoMissing.code, intoMissing.stderr]).toEqual([4, `bible: no directory ${missing}; nothing written\n`]);
    expect(existsSync(join(dir, 'no'))).toBe(false);
    expect((await run(['export', '-', '--format', 'json'])).stdout).toContain('"text": "loved"');
  });

  it('import refuses a link to a device, a FIFO and a directory unread, and reads at most MAX_IMPORT_BYTES', async () => {
    const { dir, run } = workspace();
    const zero = join(dir, 'zero.json');
    symlinkSync('/dev/zero', zero);
    const fromZero = await run(['import', zero]);
    expect([fromZero.code, fromZero.stderr]).toEqual([2, `bible: ${zero}: a device, not an export\n`]);
    const fifo = join(dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    expect((await run(['import', fifo])).stderr).toBe(`bible: ${fifo}: a FIFO, not an export\n`);
    const folder = join(dir, 'folder.json');
    mkdirSync(folder);
    expect((await run(['import', folder])).stderr).toBe(`bible: ${folder}: a directory, not an export\n`);
    const big = join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, MAX_IMPORT_BYTES + 1);
    const tooBig = await run(['import', big]);
    expect([tooBig.code, tooBig.stderr]).toEqual([2, `bible: ${big}: larger than an export can be (50 MB)\n`]);
    expect((await run(['import', join(dir, 'none.json')])).stderr).toBe(
      `bible: ${join(dir, 'none.json')}: no such file\n`,
    );
  });

  it('one uid rule in every format: what an import accepts, its export restores', async () => {
    const { dir, run } = workspace();
    const long = 'u'.repeat(5_000);
    const files = {
      json: jsonExport([note(long)]),
      csv: `type,ref,text,tags,created,updated,uid\nnote,John 3:16,x,,2026-01-01T00:00:00Z,2026-01-01T00:00:00Z,${long}\n`,
      md: `## John 3:16\n<!-- bible:note uid=${long} created=2026-01-01T00:00:00Z updated=2026-01-01T00:00:00Z lines=1 -->\nx\n`,
    };
    for (const [format, text] of Object.entries(files)) {
      const file = join(dir, `long.${format}`);
      writeFileSync(file, text);
      const refused = await run(['import', file]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/: a note's uid is 1-100 visible ASCII characters \(got 'u{60}…'\)\n$/);
    }
    // The edges of the rule pass through every format and back.
    const edge = `=-@+${'x'.repeat(92)}"'<>`;
    const first = join(dir, 'edge.json');
    writeFileSync(first, jsonExport([note(edge), note('a-b')]));
    expect(JSON.parse((await run(['import', first, '--json'])).stdout).notesAdded).toBe(2);
    for (const format of ['json', 'csv', 'md']) {
      const file = join(dir, `back.${format}`);
      expect((await run(['export', file])).code).toBe(0);
      const fresh = workspace();
      expect(JSON.parse((await fresh.run(['import', file, '--json'])).stdout).notesAdded).toBe(2);
      expect(
        JSON.parse((await fresh.run(['note', 'list', '--json'])).stdout).map((n: { uid: string }) => n.uid),
      ).toEqual([edge, 'a-b']);
    }
  });

  it('a date not on the calendar is refused, in an import and in BIBLE_NOW', async () => {
    const { dir, run } = workspace();
    const file = join(dir, 'feb.json');
    writeFileSync(file, jsonExport([note('u1', { created: '2024-02-30T00:00:00Z' })]));
    const refused = await run(['import', file]);
    expect([refused.code, refused.stderr]).toEqual([
      2,
      `bible: ${file}: notes.0: '2024-02-30T00:00:00Z' is not an ISO date-time\n`,
    ]);
    const now = await run(['note', 'add', 'John 3:16', 'x'], undefined, { BIBLE_NOW: '2024-02-30T12:00:00Z' });
    expect([now.code, now.stderr]).toEqual([
      2,
      "bible: BIBLE_NOW is not an ISO date-time (got '2024-02-30T12:00:00Z')\n",
    ]);
    expect((await run(['note', 'add', 'John 3:16', 'x'], undefined, { BIBLE_NOW: '2024-02-29T12:00:00Z' })).code).toBe(
      0,
    );
  });

  it('a note edited by hand in the Markdown export imports as an update, stamped with the import', async () => {
    const { dir, run } = workspace();
    await run(['note', 'add', 'John 3:16', 'first line\n\nsecond paragraph']);
    await run(['note', 'add', 'John 3:17', 'untouched']);
    const file = join(dir, 'notes.md');
    await run(['export', file]);
    expect(JSON.parse((await run(['import', file, '--json'])).stdout)).toMatchObject({
      notesUpdated: 0,
      notesSkipped: 2,
    });
    const edited = readFileSync(file, 'utf8').replace('second paragraph', 'second paragraph, edited\nand a line more');
    writeFileSync(file, edited);
    const later = { BIBLE_NOW: '2026-05-01T09:00:00Z' };
    const imported = await run(['import', file], undefined, later);
    expect(imported.stdout).toBe(
      'Imported 0 new notes (1 updated, 1 already here) and 0 new bookmarks (0 already here)\n',
    );
    const notes = JSON.parse((await run(['note', 'list', '--json'])).stdout);
    expect(notes.map((n: { text: string; updated: string }) => [n.text, n.updated])).toEqual([
      ['first line\n\nsecond paragraph, edited\nand a line more', '2026-05-01T09:00:00.000Z'],
      ['untouched', '2026-04-01T10:00:00.000Z'],
    ]);
  });

  it('a deleted note does not come back from an older export unless --restore', async () => {
    const { dir, run } = workspace();
    await run(['note', 'add', 'John 3:16', 'keep']);
    await run(['note', 'add', 'John 3:17', 'delete me']);
    const file = join(dir, 'before.json');
    await run(['export', file]);
    await run(['note', 'rm', '2'], undefined, { BIBLE_NOW: '2026-04-02T10:00:00Z' });
    const again = await run(['import', file]);
    expect(again.stdout).toBe(
      'Imported 0 new notes (0 updated, 1 already here) and 0 new bookmarks (0 already here); 1 note deleted here left out (--restore brings them back)\n',
    );
    expect(JSON.parse((await run(['note', 'list', '--json'])).stdout)).toHaveLength(1);
    const restored = JSON.parse((await run(['import', file, '--restore', '--json'])).stdout);
    expect(restored).toMatchObject({ notesAdded: 1, notesDeletedHere: 0 });
    expect(JSON.parse((await run(['note', 'list', '--json'])).stdout)[1].text).toBe('delete me');
    expect(statSync(join(dir, 'user.sqlite')).mode & 0o777).toBe(0o600);
  });
});
