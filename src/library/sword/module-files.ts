import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * A SWORD module the readers refuse (cut short, an index past its data, a conf that names the
 * wrong driver, an entry over a bound): its message is the one line the import reports.
 */
export class BadModuleError extends Error {
  override name = 'BadModuleError';
}

const MiB = 1024 * 1024;

/** A module's data or index file is read whole: one larger than this is refused unread. */
export const MAX_MODULE_FILE_BYTES = 256 * MiB;
/** One uncompressed block of a compressed module (a book of a zText, a run of zLD entries). */
export const MAX_BLOCK_BYTES = 64 * MiB;
/** One entry: a verse, a commentary note, a dictionary article, a general book's section. */
export const MAX_ENTRY_BYTES = 16 * MiB;

/** A module file, read whole after its size is checked; every range asked of it is checked too. */
export class ModuleFile {
  readonly bytes: Buffer;
  readonly name: string;

  constructor(path: string) {
    this.name = basename(path);
    const size = statSync(path).size;
    if (size > MAX_MODULE_FILE_BYTES)
      throw new BadModuleError(`${this.name} is ${size} bytes, over the ${MAX_MODULE_FILE_BYTES / MiB} MiB bound`);
    this.bytes = readFileSync(path);
  }

  get length(): number {
    return this.bytes.length;
  }

  /** `size` bytes at `offset` (at most `max`), or a BadModuleError naming what pointed there. */
  range(offset: number, size: number, what: string, max = MAX_ENTRY_BYTES): Buffer {
    if (size > max)
      throw new BadModuleError(`${what} in ${this.name} is ${size} bytes, over the ${max / MiB} MiB bound`);
    if (offset + size > this.bytes.length)
      throw new BadModuleError(
        `${what} at ${offset} (+${size} bytes) is past the end of ${this.name} (${this.bytes.length} bytes)`,
      );
    return this.bytes.subarray(offset, offset + size);
  }

  u32(at: number): number {
    return this.bytes.readUInt32LE(at);
  }

  /** A 2- or 4-byte little-endian size field. */
  uint(at: number, width: 2 | 4): number {
    return width === 2 ? this.bytes.readUInt16LE(at) : this.bytes.readUInt32LE(at);
  }
}

/** Bytes up to the first NUL: libsword reads entries as C strings. */
export function cString(bytes: Buffer): Buffer {
  const nul = bytes.indexOf(0);
  return nul < 0 ? bytes : bytes.subarray(0, nul);
}
