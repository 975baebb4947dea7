import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a zip the tests write: a file, a directory (name ending `/`) or a symbolic link. */
export interface ZipEntry {
  name: string;
  data?: Buffer;
  /** The uncompressed size the headers declare, when it should differ from the data's (a lying entry). */
  declaredSize?: number;
  symlink?: boolean;
}

function signature(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value);
  return b;
}

/**
 * A zip written byte by byte (deflated entries, Unix attributes), so that a test can make the
 * hostile ones no zip tool writes: a name with `..` or a leading `/`, a symbolic link, an entry
 * whose declared size is huge or smaller than what it inflates to.
 */
export function writeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const data = e.data ?? Buffer.alloc(0);
    const isDir = e.name.endsWith('/');
    const body = isDir ? Buffer.alloc(0) : deflateRawSync(data);
    const method = isDir ? 0 : 8;
    const crc = crc32(data);
    const size = e.declaredSize ?? data.length;
    const mode = e.symlink ? 0o120777 : isDir ? 0o40755 : 0o100644;
    // The fields a local header and the central directory's record share, in the same order.
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0);
    common.writeUInt16LE(0x0800, 2);
    common.writeUInt16LE(method, 4);
    common.writeUInt32LE(crc, 10);
    common.writeUInt32LE(body.length, 14);
    common.writeUInt32LE(size, 18);
    common.writeUInt16LE(name.length, 22);
    const local = Buffer.concat([signature(0x04034b50), common]);
    const central = Buffer.concat([signature(0x02014b50), Buffer.from([20, 3]), common, Buffer.alloc(14)]);
    // Made by Unix (3), so that the high half of the external attributes is the file's mode.
    central.writeUInt32LE(((mode << 16) | (isDir ? 0x10 : 0)) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
