import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  realpathSync,
  type Stats,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { WorkspaceError } from './errors.js';

/** What a non-regular file is, for the one line that refuses it. */
function kindOf(s: Stats): string {
  if (s.isDirectory()) return 'a directory';
  if (s.isFIFO()) return 'a FIFO';
  if (s.isSocket()) return 'a socket';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

const READ_CHUNK_BYTES = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.round(bytes / 1_000_000)} MB`;

/**
 * A regular file's text, read up to `maxBytes` and refused past them: what is read is counted,
 * not the size stat tells (a link to /dev/zero says 0 and never ends). A FIFO, a device or a
 * directory is refused before a byte is read: the file is opened without waiting for a writer
 * (O_NONBLOCK, which a regular file ignores) and checked on the descriptor it was opened as.
 * A missing file is `not-found`; other failures (EACCES) are thrown as they are.
 */
export function readRegularFile(path: string, maxBytes: number, what: string): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new WorkspaceError('not-found', `${path}: no such file`);
    throw err;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new WorkspaceError('usage', `${path}: ${kindOf(stats)}, not ${what}`);
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(READ_CHUNK_BYTES);
      const read = readSync(fd, chunk, 0, READ_CHUNK_BYTES, null);
      if (read === 0) break;
      size += read;
      if (size > maxBytes)
        throw new WorkspaceError('usage', `${path}: larger than ${what} can be (${megabytes(maxBytes)})`);
      chunks.push(chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, size).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Where an export to `path` is written: the file itself, or through a symbolic link the file it
 * names (so the link stays and the export lands where it points). A FIFO, a device, a directory
 * or a link to nothing is refused, as is a path in a directory that is not there: nothing is
 * created but the file.
 */
export function exportTarget(path: string): string {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    if (isLink(path)) throw new WorkspaceError('usage', `${path} is a link to nothing; not written`);
    const dir = dirname(path);
    if (!isDirectory(dir)) throw new WorkspaceError('not-found', `no directory ${dir}; nothing written`);
    return path;
  }
  if (!stats.isFile())
    throw new WorkspaceError('usage', `${path}: ${kindOf(stats)}; an export is written to a regular file`);
  return realpathSync(path);
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
