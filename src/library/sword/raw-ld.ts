import {
  datRecord,
  indexPairs,
  type LexReader,
  type LexReadOptions,
  linkTarget,
  type StoredLexEntry,
} from './lex-reader.js';
import { BadModuleError, cString, ModuleFile } from './module-files.js';

/** A link may name a link: libsword follows them; past this many steps the module is refused. */
export const MAX_LINK_STEPS = 8;

/** Follows `@LINK` entries through `textOf` (by upper-case key, as libsword looks them up). */
export function resolveLinks(key: Buffer, stored: Buffer, textOf: (key: string) => Buffer | undefined): Buffer {
  let text = stored;
  for (let step = 0; step <= MAX_LINK_STEPS; step++) {
    const target = linkTarget(text);
    if (target === undefined) return text;
    const next = textOf(target.toUpperCase());
    if (!next)
      throw new BadModuleError(`the entry ${key.toString('latin1')} links to ${target}, which the module lacks`);
    text = next;
  }
  throw new BadModuleError(`the entry ${key.toString('latin1')} is linked more than ${MAX_LINK_STEPS} times over`);
}

/**
 * RawLD and RawLD4 (libsword's rawstr.cpp): `<base>.idx` holds (offset u32, size u16 or u32)
 * per key into `<base>.dat`, whose records are the key, a newline, and the entry, uncompressed.
 */
export class RawLdReader implements LexReader {
  private readonly idx: ModuleFile;
  private readonly dat: ModuleFile;

  constructor(
    base: string,
    private readonly sizeBytes: 2 | 4,
    private readonly options: LexReadOptions,
  ) {
    this.idx = new ModuleFile(`${base}.idx`);
    this.dat = new ModuleFile(`${base}.dat`);
  }

  *entries(): Generator<StoredLexEntry> {
    const records = [...indexPairs(this.idx, 4 + this.sizeBytes)].map(([offset, size]) =>
      datRecord(this.dat, offset, size),
    );
    const byKey = new Map(records.map((r) => [r.key.toString('latin1').toUpperCase(), r.rest]));
    for (const { key, rest } of records) {
      const text = resolveLinks(key, rest, (k) => byKey.get(k));
      yield { key, bytes: cString(this.options.decipher(text)) };
    }
  }
}
