import { fixDoubleEncoding } from '../markup/mojibake.js';
import { osisProse } from '../markup/osis.js';
import { naveTopic, teiPlain } from '../markup/tei.js';
import { confValue } from '../sword/conf.js';
import type { SwordModule } from '../sword/discovery.js';
import { openLexicon } from '../sword/open-module.js';
import { gbfAsOsis } from '../sword/source-type.js';
import { moduleId, moduleResource } from './known-modules.js';
import type { LibraryWriter } from './writer.js';

/** What a zLD module is to us: a Strong's lexicon (completes the npm one), a topical work, or a dictionary. */
export function dictionaryRole(mod: SwordModule): 'lexicon' | 'topics' | 'dictionary' {
  const features = mod.conf.entries.get('Feature') ?? [];
  if (features.includes('GreekDef') || features.includes('HebrewDef')) return 'lexicon';
  if (mod.name.toLowerCase() === 'nave' || /topical/i.test(confValue(mod.conf, 'Description') ?? '')) return 'topics';
  return 'dictionary';
}

/** Lower-case words joined by hyphens: "FAITH IN CHRIST" → "faith-in-christ". */
export function slugify(headword: string): string {
  return (
    headword
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'entry'
  );
}

/** An entry's markup as plain prose, by the module's SourceType (a dictionary's, a general book's section). */
export function entryText(mod: Pick<SwordModule, 'conf'>, xml: string): string {
  const source = (confValue(mod.conf, 'SourceType') ?? '').toUpperCase();
  if (source === 'TEI') return teiPlain(xml);
  if (source === 'OSIS' || source === 'THML') return osisProse(xml);
  if (source === 'GBF') return osisProse(gbfAsOsis(xml));
  return xml
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Entries come as UTF-8 whatever the module's Encoding (open-module.ts); a double encoding is undone. */
export function decode(bytes: Buffer): string {
  return fixDoubleEncoding(bytes.toString('utf8'));
}

export interface TopicImport {
  topics: number;
  droppedRefs: number;
}

export function importSwordTopics(writer: LibraryWriter, mod: SwordModule): TopicImport {
  const id = moduleId(mod.name);
  let topics = 0;
  let droppedRefs = 0;
  const slugs = new Set<string>();
  writer.transaction(() => {
    for (const e of openLexicon(mod)) {
      const xml = decode(e.bytes);
      const parsed = naveTopic(xml, e.key);
      let slug = slugify(parsed.headword);
      for (let n = 2; slugs.has(slug); n++) slug = `${slugify(parsed.headword)}-${n}`;
      slugs.add(slug);
      writer.topic(id, slug, parsed.headword, parsed.sections, teiPlain(xml));
      droppedRefs += parsed.dropped;
      topics++;
    }
  });
  writer.resource(moduleResource(mod, 'topics'), topics);
  return { topics, droppedRefs };
}

export function importSwordDictionary(writer: LibraryWriter, mod: SwordModule): number {
  const id = moduleId(mod.name);
  const entries = [...openLexicon(mod)].map((e) => {
    const xml = decode(e.bytes);
    return { headword: e.key.trim(), text: entryText(mod, xml) };
  });
  entries.sort((a, b) => a.headword.localeCompare(b.headword, 'en', { sensitivity: 'base' }));
  writer.transaction(() => {
    for (const [idx, e] of entries.entries()) writer.dictionaryEntry(id, idx, e.headword, e.text);
  });
  writer.resource(moduleResource(mod, 'dictionary'), entries.length);
  return entries.length;
}

/** A SWORD Strong's module's entries by number ("G26", "H430"), Hebrew mojibake reversed. */
export function readSwordStrongs(mod: SwordModule, prefix: 'G' | 'H'): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of openLexicon(mod)) {
    const n = Number.parseInt(e.key, 10);
    if (!Number.isFinite(n) || n <= 0) continue;
    out.set(`${prefix}${n}`, decode(e.bytes));
  }
  return out;
}
