import { join } from 'node:path';
import { BadModuleError, cString, ModuleFile } from './module-files.js';
import {
  indexWidth,
  present,
  slotsOf,
  TESTAMENTS,
  type Testament,
  type VerseEntry,
  type VerseReader,
  type VerseReadOptions,
} from './verse-reader.js';
import { type SlotBook, type Versification, verseSlot } from './versification.js';

interface RawTestament {
  index: ModuleFile; // ot.vss / nt.vss: (offset u32, size u16 or u32) per slot
  data: ModuleFile; // ot / nt: the entries, each followed by a newline
  width: number;
}

/**
 * RawText, RawText4, RawCom and RawCom4 (libsword's rawverse.cpp): per testament an index
 * `ot.vss` of (offset, size) per verse slot into the uncompressed `ot`. Linked verses (one
 * commentary note on several) share an index entry.
 */
export class RawVerseReader implements VerseReader {
  private readonly testaments: Partial<Record<Testament, RawTestament>> = {};

  constructor(
    dir: string,
    readonly v11n: Versification,
    private readonly options: VerseReadOptions,
  ) {
    for (const t of TESTAMENTS) {
      if (!present(dir, [`${t}.vss`, t])) continue;
      const index = new ModuleFile(join(dir, `${t}.vss`));
      const declared = 4 + options.sizeBytes;
      const width = indexWidth(index, slotsOf(v11n, t), declared, declared === 6 ? 8 : 6, v11n.name);
      this.testaments[t] = { index, data: new ModuleFile(join(dir, t)), width };
    }
    if (!this.testaments.ot && !this.testaments.nt)
      throw new BadModuleError(`${dir} holds no ot.vss or nt.vss (the files of a raw verse driver)`);
  }

  hasTestament(testament: Testament): boolean {
    return this.testaments[testament] !== undefined;
  }

  entry(testament: Testament, book: SlotBook, chapter: number, verse: number): VerseEntry | undefined {
    const t = this.testaments[testament];
    if (!t) return undefined;
    const at = verseSlot(book, chapter, verse) * t.width;
    if (at + t.width > t.index.length) return undefined;
    const offset = t.index.u32(at);
    const size = t.index.uint(at + 4, t.width === 6 ? 2 : 4);
    if (size === 0) return undefined;
    const stored = t.data.range(offset, size, `${book.osis} ${chapter}:${verse}`);
    return { key: `${testament}:${offset}:${size}`, bytes: cString(this.options.decipher(stored)) };
  }
}
