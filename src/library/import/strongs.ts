import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { swordStrongs } from '../markup/tei.js';
import type { SwordModule } from '../sword/discovery.js';
import { strongsAttribution } from './known-modules.js';
import { readSwordStrongs } from './sword-dictionaries.js';
import type { LibraryWriter } from './writer.js';

const require = createRequire(import.meta.url);

interface JsonEntry {
  lemma?: string;
  xlit?: string;
  translit?: string;
  pron?: string;
  derivation?: string;
  strongs_def?: string;
  kjv_def?: string;
}

/** The first clause of Strong's definition, as a short gloss ("love", "father"). */
export function glossOf(def: string, kjvDef: string): string {
  const first = def
    .trim()
    .split(/;|:|,\s*i\.\s*e\.|\s\(|\.\s/)[0]
    ?.replace(/[.,\s]+$/, '')
    .trim();
  if (first && first.length <= 60) return first;
  const kjv = kjvDef
    .replace(/^[:\-\s]+/, '')
    .split(',')[0]
    ?.trim();
  return kjv || (first ?? '').slice(0, 60);
}

function definitionOf(e: JsonEntry, xmlDerivation?: string): string {
  const def = (e.strongs_def ?? '').trim().replace(/\s+/g, ' ');
  const parts = [def && !/[.!?]$/.test(def) ? `${def}.` : def];
  const derivation = xmlDerivation || e.derivation;
  if (derivation) parts.push(`Derivation: ${derivation.trim().replace(/;$/, '')}.`);
  if (e.kjv_def) parts.push(`KJV: ${e.kjv_def.replace(/^[:\-\s]+/, '').trim()}`);
  return parts.filter(Boolean).join(' ');
}

/**
 * The derivation as the XML gives it, Greek words kept: the JSON drops a Greek word that is not
 * another entry ("perhaps from (much)" for G25, where the XML has "perhaps from ἄγαν (much)").
 */
function xmlDerivation(body: string): string {
  const raw = body.match(/<strongs_derivation>([\s\S]*?)<\/strongs_derivation>/)?.[1];
  if (!raw) return '';
  return raw
    .replace(/<greek\b[^>]*\bunicode="([^"]*)"[^>]*\/>/g, '$1')
    .replace(
      /<strongsref\b[^>]*\blanguage="(GREEK|HEBREW)"[^>]*\bstrongs="(\d+)"[^>]*\/>/g,
      (_m, lang: string, n: string) => `${lang === 'GREEK' ? 'G' : 'H'}${Number(n)}`,
    )
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** translit, pronunciation and derivation per number from the Greek XML in the same npm package (the JSON lacks or loses them). */
function greekXmlExtras(): Map<string, { translit: string; pron: string; derivation: string }> {
  const path = require.resolve('strongs/greek/StrongsGreekDictionaryXML_1.4/strongsgreek.xml');
  const xml = readFileSync(path, 'utf8');
  const out = new Map<string, { translit: string; pron: string; derivation: string }>();
  for (const m of xml.matchAll(/<entry strongs="(\d+)">([\s\S]*?)<\/entry>/g)) {
    const body = m[2] as string;
    out.set(`G${Number(m[1])}`, {
      translit: body.match(/translit="([^"]*)"/)?.[1] ?? '',
      pron: body.match(/<pronunciation strongs="([^"]*)"/)?.[1] ?? '',
      derivation: xmlDerivation(body),
    });
  }
  return out;
}

export interface StrongsImport {
  greek: number;
  hebrew: number;
  completedFromSword: number;
}

/** Strong's lexicons from the npm package `strongs`, completed from the SWORD modules when present. */
export function importStrongs(
  writer: LibraryWriter,
  sword: { greek?: SwordModule; hebrew?: SwordModule },
): StrongsImport {
  const greekJson: Record<string, JsonEntry> = require('strongs/greek/strongs-greek-dictionary.js');
  const hebrewJson: Record<string, JsonEntry> = require('strongs/hebrew/strongs-hebrew-dictionary.js');
  const greekExtras = greekXmlExtras();
  const swordGreek = sword.greek ? readSwordStrongs(sword.greek, 'G') : new Map<string, string>();
  const swordHebrew = sword.hebrew ? readSwordStrongs(sword.hebrew, 'H') : new Map<string, string>();
  let completed = 0;
  const counts = { greek: 0, hebrew: 0 };

  const write = (lexicon: 'greek' | 'hebrew', json: Record<string, JsonEntry>, swordEntries: Map<string, string>) => {
    const numbers = Object.keys(json).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
    for (const number of numbers) {
      const e = json[number] as JsonEntry;
      const extra = lexicon === 'greek' ? greekExtras.get(number) : undefined;
      let transliteration = (e.xlit ?? e.translit ?? extra?.translit ?? '').trim();
      let pronunciation = (e.pron ?? extra?.pron ?? '').trim();
      let lemma = (e.lemma ?? '').trim();
      const swordXml = swordEntries.get(number);
      if (swordXml && (!transliteration || !pronunciation || !lemma)) {
        const s = swordStrongs(swordXml);
        transliteration ||= s.transliteration;
        pronunciation ||= s.pronunciation;
        lemma ||= s.lemma;
        completed++;
      }
      writer.strongs({
        number,
        lexicon,
        lemma,
        transliteration,
        pronunciation,
        gloss: glossOf(e.strongs_def ?? '', e.kjv_def ?? ''),
        definition: definitionOf(e, extra?.derivation),
      });
      counts[lexicon]++;
    }
  };
  writer.transaction(() => {
    write('greek', greekJson, swordGreek);
    write('hebrew', hebrewJson, swordHebrew);
  });
  for (const lexicon of ['greek', 'hebrew'] as const) {
    const mod = sword[lexicon];
    writer.resource(
      {
        id: `strongs-${lexicon}`,
        kind: 'lexicon',
        name: `Strong's ${lexicon === 'greek' ? 'Greek' : 'Hebrew'} Dictionary`,
        attribution: strongsAttribution(lexicon, mod?.name),
        source: mod ? `npm:strongs+sword:${mod.name}` : 'npm:strongs',
      },
      counts[lexicon],
    );
  }
  return { ...counts, completedFromSword: completed };
}
