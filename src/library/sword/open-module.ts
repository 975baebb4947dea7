import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decoderFor } from './compression.js';
import { confValue, decodeConf, parseConf } from './conf.js';
import { moduleOf, type SwordModule } from './discovery.js';
import { DRIVERS } from './drivers.js';
import { type BookSection, GenBookReader } from './genbook.js';
import { BadModuleError, MAX_BLOCK_BYTES } from './module-files.js';
import { decipher } from './sapphire.js';
import { gbfAsOsis } from './source-type.js';
import { TESTAMENTS, type VerseReader } from './verse-reader.js';
import { versification } from './versification.js';

/** A dictionary entry as the importers take it: its key and its bytes, both as UTF-8. */
export interface LexEntry {
  key: string;
  bytes: Buffer;
}

/**
 * The conf's Encoding as a way to UTF-8: libsword's modules are UTF-8, Latin-1 (the default when
 * a conf names none) or UTF-16 (osis2mod's `-e 2`); SCSU is refused.
 */
function toUtf8(mod: Pick<SwordModule, 'conf'>): (bytes: Buffer) => Buffer {
  const encoding = (confValue(mod.conf, 'Encoding') ?? 'Latin-1').toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (encoding === 'UTF8') return (b) => b;
  if (encoding === 'UTF16') return (b) => Buffer.from(b.toString('utf16le'), 'utf8');
  if (encoding === 'LATIN1' || encoding === 'ISO88591') return (b) => Buffer.from(b.toString('latin1'), 'utf8');
  throw new BadModuleError(`Encoding=${confValue(mod.conf, 'Encoding')} is not read (UTF-8, Latin-1, UTF-16)`);
}

/** The conf's CipherKey (or the key given) and CompressType, as the readers apply them. */
function readOptions(mod: Pick<SwordModule, 'conf'>, key = confValue(mod.conf, 'CipherKey')) {
  const compressType = confValue(mod.conf, 'CompressType');
  const decode = decoderFor(compressType);
  const unpack = (block: Buffer, what: string): Buffer => {
    if (!decode) throw new BadModuleError(`CompressType=${compressType} is not one libsword writes`);
    try {
      return decode(block, MAX_BLOCK_BYTES);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new BadModuleError(`${what} does not unpack as ${(compressType ?? 'ZIP').toUpperCase()}: ${why}`);
    }
  };
  return { decipher: key ? (b: Buffer) => decipher(b, key) : (b: Buffer) => b, unpack };
}

/** The driver's entry in the one table; a conf whose files are another driver's is refused here. */
function driverOf(mod: SwordModule) {
  const driver = DRIVERS[mod.driver];
  if (!driver) throw new BadModuleError(`driver ${mod.driver} is not one libsword writes`);
  return driver;
}

function opening<T>(mod: SwordModule, open: () => T): T {
  try {
    return open();
  } catch (err) {
    if (!(err instanceof BadModuleError)) throw err;
    throw new BadModuleError(`ModDrv=${confValue(mod.conf, 'ModDrv')}: ${err.message}`);
  }
}

/** A Bible or commentary module's reader, whatever its driver, compression, cipher and encoding. */
export function openVerseModule(mod: SwordModule, key?: string): VerseReader {
  const driver = driverOf(mod);
  if (driver.kind === 'dictionary' || driver.kind === 'genbook')
    throw new BadModuleError(
      `${mod.name} is a ${driver.kind === 'genbook' ? 'general book' : 'dictionary'}, not verse-keyed`,
    );
  const v11n = versification(confValue(mod.conf, 'Versification'));
  const reader = opening(mod, () =>
    driver.open(mod.dataPath, v11n, { sizeBytes: driver.sizeBytes, ...readOptions(mod, key) }),
  );
  const encoded = toUtf8(mod);
  const gbf = (confValue(mod.conf, 'SourceType') ?? '').toUpperCase() === 'GBF';
  const utf8 = gbf ? (b: Buffer) => Buffer.from(gbfAsOsis(encoded(b).toString('utf8')), 'utf8') : encoded;
  return {
    v11n,
    hasTestament: (t) => reader.hasTestament(t),
    entry: (t, book, chapter, verse) => {
      const e = reader.entry(t, book, chapter, verse);
      return e && { key: e.key, bytes: utf8(e.bytes) };
    },
  };
}

/** A lexicon or dictionary module's entries in key order, whatever its driver. */
export function* openLexicon(mod: SwordModule, key?: string): Generator<LexEntry> {
  const driver = driverOf(mod);
  if (driver.kind !== 'dictionary') throw new BadModuleError(`${mod.name} is verse-keyed, not a dictionary`);
  const reader = opening(mod, () => driver.open(mod.dataPath, readOptions(mod, key)));
  const utf8 = toUtf8(mod);
  for (const e of reader.entries()) yield { key: utf8(e.key).toString('utf8'), bytes: utf8(e.bytes) };
}

/**
 * A general book's sections (RawGenBook), cipher and encoding applied, from its conf and
 * DataPath: those with text, or with `tree` every section of the tree (empty bytes for a
 * section that only holds others), in the book's order.
 */
export function* openGenBook(
  mod: Pick<SwordModule, 'conf' | 'dataPath'>,
  { key, tree = false }: { key?: string; tree?: boolean } = {},
): Generator<BookSection> {
  const utf8 = toUtf8(mod);
  const book = new GenBookReader(mod.dataPath, readOptions(mod, key).decipher);
  const decodeName = (name: Buffer) => utf8(name).toString('utf8');
  for (const s of tree ? book.nodes(decodeName) : book.sections(decodeName)) yield { ...s, bytes: utf8(s.bytes) };
}

/** How many entries a key is tried on: a wrong key unpacks to noise at the first of them. */
const KEY_TRIAL_ENTRIES = 8;

/** Text a right key gives: valid in its encoding (UTF-8 here) and free of control characters. */
function plausible(bytes: Buffer): boolean {
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) return false;
  for (const ch of bytes) if (ch < 0x20 && ch !== 0x09 && ch !== 0x0a && ch !== 0x0d) return false;
  return true;
}

function sample(mod: SwordModule, key: string): Buffer[] {
  const out: Buffer[] = [];
  if (mod.kind === 'dictionary') {
    for (const e of openLexicon(mod, key)) if (out.push(e.bytes) >= KEY_TRIAL_ENTRIES) break;
    return out;
  }
  if (mod.kind === 'genbook') {
    for (const s of openGenBook(mod, { key })) if (out.push(s.bytes) >= KEY_TRIAL_ENTRIES) break;
    return out;
  }
  const reader = openVerseModule(mod, key);
  for (const t of TESTAMENTS)
    for (const book of reader.v11n[t])
      for (let c = 1; c <= book.verseCounts.length; c++)
        for (let v = 1; v <= (book.verseCounts[c - 1] ?? 0); v++) {
          const e = reader.entry(t, book, c, v);
          if (e && out.push(e.bytes) >= KEY_TRIAL_ENTRIES) return out;
        }
  return out;
}

/**
 * Whether `key` opens the encrypted module `name` of the SWORD library at `root` (for `bible
 * library unlock`): its first entries decipher, unpack, and read as text. A wrong key fails
 * the unpacking of a compressed module and gives noise in a raw one.
 */
export function cipherKeyOpens(root: string, name: string, key: string): boolean {
  for (const file of readdirSync(join(root, 'mods.d')).filter((f) => f.endsWith('.conf'))) {
    const confBytes = readFileSync(join(root, 'mods.d', file));
    const conf = parseConf(decodeConf(confBytes)).find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (!conf) continue;
    conf.entries.delete('CipherKey');
    const mod = moduleOf(conf, root, confBytes);
    if ('reason' in mod) throw new BadModuleError(`${conf.name}: ${mod.reason}`);
    try {
      const entries = sample(mod, key);
      return entries.length > 0 && entries.every(plausible);
    } catch (err) {
      if (err instanceof BadModuleError) return false;
      throw err;
    }
  }
  throw new BadModuleError(`no module ${name} in ${root}`);
}
