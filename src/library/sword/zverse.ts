import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { SlotBook, Versification } from './versification.js';
import { testamentSlots, verseSlot } from './versification.js';

/** One testament's three files of a zText/zCom/zCom4 module, read whole (they are small). */
interface Testament {
  blocks: Buffer; // .bzs/.czs: 12-byte entries (offset, compressed size, uncompressed size)
  index: Buffer; // .bzv (10-byte entries) or .czv (12-byte entries)
  data: Buffer; // .bzz/.czz: zlib blocks
  entrySize: 10 | 12;
  cache: Map<number, Buffer>;
}

export interface RawEntry {
  /** Identifies the stored text: consecutive slots with the same key share one note. */
  key: string;
  bytes: Buffer;
}

/**
 * Reads verse-keyed compressed modules. The file set decides the entry size, not ModDrv:
 * `b*` files have 10-byte verse entries (u16 size), `c*` files 12-byte ones (u32 size).
 */
export class ZVerseReader {
  private readonly testaments: { ot?: Testament; nt?: Testament } = {};

  constructor(
    dir: string,
    readonly v11n: Versification,
  ) {
    for (const t of ['ot', 'nt'] as const) {
      for (const [prefix, entrySize] of [
        ['b', 10],
        ['c', 12],
      ] as const) {
        const idx = join(dir, `${t}.${prefix}zv`);
        if (!existsSync(idx)) continue;
        this.testaments[t] = {
          blocks: readFileSync(join(dir, `${t}.${prefix}zs`)),
          index: readFileSync(idx),
          data: readFileSync(join(dir, `${t}.${prefix}zz`)),
          entrySize,
          cache: new Map(),
        };
        break;
      }
    }
  }

  /** Whether the testament's index has exactly as many slots as the versification says. */
  indexMatches(testament: 'ot' | 'nt'): boolean {
    const t = this.testaments[testament];
    if (!t) return true;
    return t.index.length / t.entrySize === testamentSlots(this.v11n[testament]);
  }

  hasTestament(testament: 'ot' | 'nt'): boolean {
    return this.testaments[testament] !== undefined;
  }

  private block(t: Testament, n: number): Buffer {
    let b = t.cache.get(n);
    if (!b) {
      const at = n * 12;
      if (at + 12 > t.blocks.length) throw new Error(`block ${n} is past the end of the block index`);
      const offset = t.blocks.readUInt32LE(at);
      const size = t.blocks.readUInt32LE(at + 4);
      b = inflateSync(t.data.subarray(offset, offset + size));
      t.cache.clear(); // modules are read in order: keep only the current block
      t.cache.set(n, b);
    }
    return b;
  }

  /** The raw stored bytes of a verse (chapter intro when verse is 0), or undefined when empty. */
  entry(testament: 'ot' | 'nt', book: SlotBook, chapter: number, verse: number): RawEntry | undefined {
    const t = this.testaments[testament];
    if (!t) return undefined;
    const slot = verseSlot(book, chapter, verse);
    const at = slot * t.entrySize;
    if (at + t.entrySize > t.index.length) return undefined;
    const blockNum = t.index.readUInt32LE(at);
    const offset = t.index.readUInt32LE(at + 4);
    const size = t.entrySize === 10 ? t.index.readUInt16LE(at + 8) : t.index.readUInt32LE(at + 8);
    if (size === 0) return undefined;
    const block = this.block(t, blockNum);
    return { key: `${testament}:${blockNum}:${offset}:${size}`, bytes: block.subarray(offset, offset + size) };
  }
}
