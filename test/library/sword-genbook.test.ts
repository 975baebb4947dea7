import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { GenBookReader } from '../../src/library/sword/genbook.js';
import {
  itWithSwordTools,
  mod2imp,
  SWORD_TOOLS_AVAILABLE,
  swordRoot,
  tool,
  writeConf,
} from '../support/sword-build.js';

/** A general book of three levels, written as IMP with tree keys for libsword's imp2gbs. */
const BOOK = [
  '$$$/Part One',
  'The first part, café.',
  '$$$/Part One/Chapter 1',
  'As I walked through the wilderness of this world.',
  '$$$/Part One/Chapter 1/Section a',
  'I lighted on a certain place where was a den.',
  '$$$/Part One/Chapter 2',
  'Now I saw in my dream.',
  '$$$/Part Two',
  'The second part.',
  '$$$/Part Two/Chapter 1',
  'Christiana, his wife.',
  '',
].join('\n');

/** The same kind of book as OSIS, for libsword's xml2gbs. */
const OSIS_BOOK = `<?xml version="1.0" encoding="UTF-8"?>
<osis xmlns="http://www.bibletechnologies.net/2003/OSIS/namespace"><osisText osisIDWork="GBX" xml:lang="en">
<header><work osisWork="GBX"/></header>
<div type="book" osisID="Pilgrim"><p>The book, café.</p>
<div type="chapter" osisID="First Stage"><p>As I walked through the wilderness of this world.</p></div>
<div type="chapter" osisID="Second Stage"><p>Now I saw in my dream.</p></div></div>
</osisText></osis>
`;

describe("RawGenBook against libsword's own reading (mod2imp)", () => {
  let root = '';
  beforeAll(() => {
    if (!SWORD_TOOLS_AVAILABLE) return;
    root = swordRoot();
    writeFileSync(join(root, 'book.imp'), BOOK);
    mkdirSync(join(root, 'modules/gb'));
    tool(root, 'imp2gbs', ['book.imp', '-o', 'modules/gb/book']);
    writeConf(root, 'GB', { DataPath: './modules/gb/book', ModDrv: 'RawGenBook', Encoding: 'UTF-8' });
    // xml2gbs writes <name>.bdt/.dat/.idx into the directory it runs in.
    mkdirSync(join(root, 'modules/gbx'));
    writeFileSync(join(root, 'book.osis'), OSIS_BOOK);
    tool(join(root, 'modules/gbx'), 'xml2gbs', ['-fO', '../../book.osis', 'book']);
    writeConf(root, 'GBX', { DataPath: './modules/gbx/book', ModDrv: 'RawGenBook', Encoding: 'UTF-8' });
  });
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  itWithSwordTools('a book xml2gbs wrote from OSIS: every section as mod2imp lists it', () => {
    const ours = [...new GenBookReader(join(root, 'modules/gbx/book')).sections()];
    const theirs = mod2imp(root, 'GBX').filter(([, text]) => text.trim());
    expect(ours.map((s) => [s.key, s.bytes.toString('utf8').trimEnd()])).toEqual(
      theirs.map(([k, t]) => [k, t.trimEnd()]),
    );
    expect(ours.length).toBeGreaterThanOrEqual(2);
  });

  itWithSwordTools('every section, its path and text, as mod2imp lists them', () => {
    const ours = [...new GenBookReader(join(root, 'modules/gb/book')).sections()];
    const theirs = mod2imp(root, 'GB').filter(([, text]) => text.trim());
    expect(ours.map((s) => [s.key, s.bytes.toString('utf8').trimEnd()])).toEqual(
      theirs.map(([k, t]) => [k, t.trimEnd()]),
    );
    expect(ours.map((s) => s.path.join(' > '))).toEqual([
      'Part One',
      'Part One > Chapter 1',
      'Part One > Chapter 1 > Section a',
      'Part One > Chapter 2',
      'Part Two',
      'Part Two > Chapter 1',
    ]);
  });
});
