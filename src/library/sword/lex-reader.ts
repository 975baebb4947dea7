import { BadModuleError, type ModuleFile } from './module-files.js';

/** A lexicon's or dictionary's entry: its key and its bytes, in the module's encoding. */
export interface StoredLexEntry {
  key: Buffer;
  bytes: Buffer;
}

/** What every keyed driver (RawLD, RawLD4, zLD) answers: its entries in key order. */
export interface LexReader {
  entries(): Generator<StoredLexEntry>;
}

/** How a module's bytes are read, from its conf. */
export interface LexReadOptions {
  /** Deciphers a raw entry or a compressed block (identity for a module without a CipherKey). */
  decipher: (bytes: Buffer) => Buffer;
  /** Unpacks a compressed block (zLD only). */
  unpack?: (block: Buffer, what: string) => Buffer;
}

/** libsword marks an entry that is another key's text as `@LINK <key>` (imp2ld's `%%%` lines). */
const LINK = '@LINK';

/**
 * A `.dat` record at `offset`: the key up to the line's end, then what follows it. `.idx` holds
 * an (offset u32, size u16/u32) pair per key, in key order, for every keyed driver.
 */
export function datRecord(dat: ModuleFile, offset: number, size: number): { key: Buffer; rest: Buffer } {
  const record = dat.range(offset, size, `the entry at ${offset}`);
  const nl = record.indexOf(0x0a);
  if (nl < 0) throw new BadModuleError(`the entry at ${offset} of ${dat.name} has no key line`);
  const end = record[nl - 1] === 0x0d ? nl - 1 : nl;
  return { key: record.subarray(0, end), rest: record.subarray(nl + 1) };
}

/** The key a link entry names, or undefined for an entry of its own. */
export function linkTarget(rest: Buffer): string | undefined {
  if (rest.subarray(0, LINK.length).toString('latin1') !== LINK) return undefined;
  const line = rest.subarray(LINK.length).toString('latin1');
  return line.split(/[\r\n]/)[0]?.trim();
}

/** Index entries: (offset, size) pairs of `width` bytes; a size field of 2 or 4 bytes. */
export function* indexPairs(idx: ModuleFile, width: number): Generator<[number, number]> {
  if (idx.length % width)
    throw new BadModuleError(`${idx.name} has ${idx.length} bytes, not whole ${width}-byte entries`);
  for (let at = 0; at < idx.length; at += width) yield [idx.u32(at), idx.uint(at + 4, width === 6 ? 2 : 4)];
}
