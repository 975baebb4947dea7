import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { impModule, swordRoot, tool, writeConf } from './sword-build.js';

/**
 * A general book of three levels as OSIS, for libsword's xml2gbs: a section that only holds
 * others (Part Two), a title, italics, a note, a reference, an entity and a non-ASCII letter.
 */
const OSIS = `<?xml version="1.0" encoding="UTF-8"?>
<osis xmlns="http://www.bibletechnologies.net/2003/OSIS/namespace"><osisText osisIDWork="Pilgrim" xml:lang="en">
<header><work osisWork="Pilgrim"/></header>
<div type="book" osisID="Pilgrim"><p>The Pilgrim's Progress, café.</p>
<div type="part" osisID="Part One"><title>The First Part</title><p>As I walked through the <hi type="italic">wilderness</hi> of this world.</p><p>I lighted on a certain place<note type="x">a den</note> and laid me down.</p>
<div type="chapter" osisID="Chapter 1"><p>I dreamed a dream, and behold, a man clothed with rags.</p></div>
<div type="chapter" osisID="Chapter 2"><p>Now I saw in my dream that Christian &amp; Pliable talked.</p></div></div>
<div type="part" osisID="Part Two">
<div type="chapter" osisID="Chapter 1"><p>Christiana, his wife. See <reference osisRef="John.3.16">John 3:16</reference>.</p></div></div></div>
</osisText></osis>
`;

/** A book in ThML, as most of CrossWire's general books are, in IMP for libsword's imp2gbs. */
const THML = [
  '$$$/Book I',
  '<p>Of the <i>antiquities</i> of the Jews.<br />A second line.</p>',
  '$$$/Book I/Chapter 1',
  '<p>Concerning Adam &amp; Eve.<note n="1">A note on Eve.</note></p><p>See <scripRef passage="Gen 25:25">Gen 25:25</scripRef>, and <b>this</b>.</p>',
  '$$$/Book II/Chapter 1',
  '<h3>A Heading</h3><p>Esau and Jacob.</p>',
  '',
].join('\n');

export const THML_ATTRIBUTION =
  'The Antiquities of the Jews. Licence not stated. From the CrossWire SWORD module Antiquities.';
export const ATTRIBUTION =
  "The Pilgrim's Progress, John Bunyan (1678). Public Domain. From the CrossWire SWORD module Pilgrim.";

/** Text as compared: each line trimmed, runs of spaces one, libsword's `* x *` and `[note]` as ours. */
export function compared(text: string): string {
  return text
    .replace(/\* (\S[^*]*?) \*/g, '*$1*')
    .replace(/\s*\[([^\]]*)\]\s*/g, ' ($1) ')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .join('\n')
    .trim();
}

/** A SWORD library of two general books built by libsword's own tools: Pilgrim (OSIS, xml2gbs) and Antiquities (ThML, imp2gbs). */
export function buildGenBooks(): string {
  const root = swordRoot();
  writeFileSync(join(root, 'pilgrim.osis'), OSIS);
  mkdirSync(join(root, 'modules/pilgrim'));
  // xml2gbs writes <name>.bdt/.dat/.idx into the directory it runs in.
  tool(join(root, 'modules/pilgrim'), 'xml2gbs', ['-fO', '../../pilgrim.osis', 'pilgrim']);
  writeConf(root, 'Pilgrim', {
    DataPath: './modules/pilgrim/pilgrim',
    ModDrv: 'RawGenBook',
    Encoding: 'UTF-8',
    SourceType: 'OSIS',
    Description: "The Pilgrim's Progress, John Bunyan (1678)",
    DistributionLicense: 'Public Domain',
  });
  impModule(root, 'Antiquities', 'imp2gbs', THML, {
    ModDrv: 'RawGenBook',
    Encoding: 'UTF-8',
    SourceType: 'ThML',
    Description: 'The Antiquities of the Jews',
  });
  return root;
}
