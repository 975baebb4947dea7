import { join } from 'node:path';
import { BadModuleError, cString, MAX_MODULE_FILE_BYTES, ModuleFile } from './module-files.js';
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

/** One testament's three files of a zText/zText4/zCom/zCom4 module. */
interface ZTestament {
  blocks: ModuleFile; // .?zs: 12-byte entries (offset, compressed size, uncompressed size)
  index: ModuleFile; // .?zv: per verse slot (block, offset in it, size u16 or u32)
  data: ModuleFile; // .?zz: the compressed blocks
  width: number;
  cached?: { n: number; bytes: Buffer };
}

/**
 * The letter of libsword's BlockType in the file names (`ot.bzs`: BOOK, `c`: CHAPTER, `v`:
 * VERSE). The files there decide, not the conf's BlockType, which modules often leave out.
 */
const BLOCK_LETTERS = ['b', 'c', 'v'] as const;

/**
 * Reads verse-keyed compressed modules (libsword's zverse.cpp). The driver says the size field
 * (zText, zCom: 2 bytes, a 10-byte index entry; zText4, zCom4: 4 bytes, 12), the index's own
 * size confirms it (verse-reader.ts, indexWidth).
 */
export class ZVerseReader implements VerseReader {
  private readonly testaments: Partial<Record<Testament, ZTestament>> = {};

  constructor(
    dir: string,
    readonly v11n: Versification,
    private readonly options: VerseReadOptions,
  ) {
    for (const t of TESTAMENTS) {
      const letter = BLOCK_LETTERS.find((l) => present(dir, [`${t}.${l}zs`, `${t}.${l}zv`, `${t}.${l}zz`]));
      if (!letter) continue;
      const index = new ModuleFile(join(dir, `${t}.${letter}zv`));
      const declared = 8 + options.sizeBytes;
      const width = indexWidth(index, slotsOf(v11n, t), declared, declared === 10 ? 12 : 10, v11n.name);
      this.testaments[t] = {
        blocks: new ModuleFile(join(dir, `${t}.${letter}zs`)),
        index,
        data: new ModuleFile(join(dir, `${t}.${letter}zz`)),
        width,
      };
    }
    if (!this.testaments.ot && !this.testaments.nt)
      throw new BadModuleError(
        `${dir} holds no ot or nt .bzs/.bzv/.bzz files (the files of a compressed verse driver)`,
      );
  }

  hasTestament(testament: Testament): boolean {
    return this.testaments[testament] !== undefined;
  }

  private block(t: ZTestament, n: number): Buffer {
    if (t.cached?.n === n) return t.cached.bytes;
    const at = n * 12;
    if (at + 12 > t.blocks.length)
      throw new BadModuleError(`block ${n} is past the end of ${t.blocks.name} (${t.blocks.length / 12} blocks)`);
    const stored = t.data.range(t.blocks.u32(at), t.blocks.u32(at + 4), `block ${n}`, MAX_MODULE_FILE_BYTES);
    const unpack = this.options.unpack;
    if (!unpack) throw new BadModuleError('a compressed verse driver needs a CompressType');
    const bytes = unpack(this.options.decipher(stored), `block ${n} of ${t.data.name}`);
    // Modules are read in order: keep only the current block.
    t.cached = { n, bytes };
    return bytes;
  }

  entry(testament: Testament, book: SlotBook, chapter: number, verse: number): VerseEntry | undefined {
    const t = this.testaments[testament];
    if (!t) return undefined;
    const at = verseSlot(book, chapter, verse) * t.width;
    if (at + t.width > t.index.length) return undefined;
    const blockNum = t.index.u32(at);
    const offset = t.index.u32(at + 4);
    const size = t.index.uint(at + 8, t.width === 10 ? 2 : 4);
    if (size === 0) return undefined;
    const block = this.block(t, blockNum);
    const what = `${book.osis} ${chapter}:${verse}`;
    if (offset + size > block.length)
      throw new BadModuleError(
        `${what} at ${offset} (+${size} bytes) is past the end of its block ${blockNum} (${block.length} bytes)`,
      );
    return { key: `${testament}:${blockNum}:${offset}:${size}`, bytes: cString(block.subarray(offset, offset + size)) };
  }
}
