import { datRecord, indexPairs, type LexReader, type LexReadOptions, type StoredLexEntry } from './lex-reader.js';
import { BadModuleError, cString, MAX_MODULE_FILE_BYTES, ModuleFile } from './module-files.js';
import { resolveLinks } from './raw-ld.js';

/**
 * zLD (libsword's zstr.cpp): `.idx` (offset, size) per key into `.dat`, whose records are the
 * key, a newline, then the entry's block and number in it (two u32), or a `@LINK`; `.zdx`
 * (offset, size) per block into `.zdt`, whose blocks unpack to a count, a table of (offset,
 * size) and the entries, each ended by a NUL.
 */
export class ZldReader implements LexReader {
  private readonly idx: ModuleFile;
  private readonly dat: ModuleFile;
  private readonly zdx: ModuleFile;
  private readonly zdt: ModuleFile;
  private cached?: { n: number; bytes: Buffer };

  constructor(
    base: string,
    private readonly options: LexReadOptions,
  ) {
    this.idx = new ModuleFile(`${base}.idx`);
    this.dat = new ModuleFile(`${base}.dat`);
    this.zdx = new ModuleFile(`${base}.zdx`);
    this.zdt = new ModuleFile(`${base}.zdt`);
  }

  private block(n: number): Buffer {
    if (this.cached?.n === n) return this.cached.bytes;
    const at = n * 8;
    if (at + 8 > this.zdx.length)
      throw new BadModuleError(`block ${n} is past the end of ${this.zdx.name} (${this.zdx.length / 8} blocks)`);
    const stored = this.zdt.range(this.zdx.u32(at), this.zdx.u32(at + 4), `block ${n}`, MAX_MODULE_FILE_BYTES);
    const unpack = this.options.unpack;
    if (!unpack) throw new BadModuleError('zLD needs a CompressType');
    const bytes = unpack(this.options.decipher(stored), `block ${n} of ${this.zdt.name}`);
    this.cached = { n, bytes };
    return bytes;
  }

  private stored(key: Buffer, rest: Buffer): Buffer {
    if (rest.length < 8) throw new BadModuleError(`the entry ${key.toString('latin1')} has no block number`);
    const n = rest.readUInt32LE(0);
    const entry = rest.readUInt32LE(4);
    const block = this.block(n);
    if (block.length < 4) throw new BadModuleError(`block ${n} of ${this.zdt.name} is cut short`);
    const count = block.readUInt32LE(0);
    if (entry >= count || 4 + (entry + 1) * 8 > block.length)
      throw new BadModuleError(
        `the entry ${key.toString('latin1')} is number ${entry} of block ${n}, which holds ${count}`,
      );
    const offset = block.readUInt32LE(4 + entry * 8);
    const size = block.readUInt32LE(8 + entry * 8);
    if (offset + size > block.length)
      throw new BadModuleError(
        `the entry ${key.toString('latin1')} is past the end of block ${n} (${block.length} bytes)`,
      );
    return cString(block.subarray(offset, offset + size));
  }

  *entries(): Generator<StoredLexEntry> {
    const records = [...indexPairs(this.idx, 8)].map(([offset, size]) => datRecord(this.dat, offset, size));
    const byKey = new Map(records.map((r) => [r.key.toString('latin1').toUpperCase(), r]));
    const textOf = (k: string) => {
      const r = byKey.get(k);
      return r && this.stored(r.key, r.rest);
    };
    // libsword 1.9 stores a link as an entry `@LINK <key>` and hands it out so (diatheke prints
    // it); the entry it names is what a reader wants.
    for (const { key, rest } of records) yield { key, bytes: resolveLinks(key, this.stored(key, rest), textOf) };
  }
}
