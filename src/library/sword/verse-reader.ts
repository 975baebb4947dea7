import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BadModuleError, type ModuleFile } from './module-files.js';
import type { SlotBook, Versification } from './versification.js';
import { testamentSlots } from './versification.js';

export type Testament = 'ot' | 'nt';
export const TESTAMENTS: readonly Testament[] = ['ot', 'nt'];

export interface VerseEntry {
  /** Identifies the stored text: consecutive slots with the same key share one note. */
  key: string;
  bytes: Buffer;
}

/** What every verse-keyed driver (RawText…zCom4) answers: the stored bytes of a verse slot. */
export interface VerseReader {
  readonly v11n: Versification;
  hasTestament(testament: Testament): boolean;
  /** The raw stored bytes of a verse (chapter intro when verse is 0), or undefined when empty. */
  entry(testament: Testament, book: SlotBook, chapter: number, verse: number): VerseEntry | undefined;
}

/** How a module's bytes are read, from its conf: the driver's size field, the cipher, the compression. */
export interface VerseReadOptions {
  /** The driver's entry size field: 2 bytes (RawText, zText…) or 4 (RawText4, zText4…). */
  sizeBytes: 2 | 4;
  /** Deciphers a raw entry or a compressed block (identity for a module without a CipherKey). */
  decipher: (bytes: Buffer) => Buffer;
  /** Unpacks a compressed block (compressed drivers only). */
  unpack?: (block: Buffer, what: string) => Buffer;
}

/**
 * The width of a testament's index entries, from its size: `slots` entries of the width the
 * driver says, or else of the other width (Debian's MHCC says zCom4 and holds zCom's 10-byte
 * entries; libsword then reads other verses' notes, and we read what the files hold). An index
 * of neither size belongs to another versification or is cut short: refused.
 */
export function indexWidth(index: ModuleFile, slots: number, declared: number, other: number, v11n: string): number {
  for (const width of [declared, other]) if (index.length === slots * width) return width;
  throw new BadModuleError(
    `${index.name} has ${index.length} bytes, not ${slots} entries of ${declared} bytes (the ${v11n} versification's slots): cut short, or another versification`,
  );
}

/** Slots in a testament's index under the module's versification. */
export function slotsOf(v11n: Versification, testament: Testament): number {
  return testamentSlots(v11n[testament]);
}

/** Which of `names` exist in `dir`: the file sets a driver may have written. */
export function present(dir: string, names: string[]): boolean {
  return names.every((n) => existsSync(join(dir, n)));
}
