import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
// yauzl reads a zip by its central directory from the file, one entry at a time, checks that
// each entry gives exactly the bytes it declares, and refuses absolute and `..` names itself.
import yauzl from 'yauzl';
import { decodeConf, type ModuleConf, parseConf } from '../sword/conf.js';
import {
  MAX_CONF_BYTES,
  MAX_ENTRY_BYTES,
  MAX_ENTRY_NAME_CHARS,
  MAX_PACKAGE_ENTRIES,
  MAX_UNPACKED_BYTES,
  megabytes,
} from './bounds.js';
import { InstallError } from './install-error.js';
import { moduleDirectory } from './installed.js';

/** What a package holds once checked and unpacked into a staging directory. */
export interface UnpackedPackage {
  conf: ModuleConf;
  /** The conf's bytes, as the package has them, and its file name in mods.d/. */
  confBytes: Buffer;
  confName: string;
  /** The module's directory, relative to a library root (moduleDirectory). */
  dataDir: string;
  files: number;
  bytes: number;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const CONF_ENTRY = /^mods\.d\/([A-Za-z0-9][A-Za-z0-9._-]*\.conf)$/;

/**
 * Checks a module's package and unpacks it into `staging` (a new, empty directory): every entry
 * is named before anything is written, and the package is refused, with the entry that fails,
 * when it holds more than MAX_PACKAGE_ENTRIES entries, a name that is absolute, climbs out with
 * `..` or lies outside the module's conf and data directory, a symbolic link, an entry declared
 * larger than MAX_ENTRY_BYTES or entries together larger than MAX_UNPACKED_BYTES, not exactly one
 * conf, or a conf for another module than `expected`. An entry that gives more bytes than it
 * declared stops the unpacking (yauzl's check).
 */
export async function unpackPackage(
  zipPath: string,
  where: string,
  expected: ModuleConf,
  staging: string,
): Promise<UnpackedPackage> {
  const refuse = (why: string) => new InstallError(`the package ${where} ${why}: refused`, 'refused');
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch (err) {
    throw refuse(`is not a whole zip file (${(err as Error).message})`);
  }
  try {
    if (zip.entryCount > MAX_PACKAGE_ENTRIES)
      throw refuse(`holds ${zip.entryCount} entries, more than ${MAX_PACKAGE_ENTRIES}`);
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        const name = entry.fileName;
        if (name.length > MAX_ENTRY_NAME_CHARS)
          throw refuse(`holds an entry name longer than ${MAX_ENTRY_NAME_CHARS} characters`);
        if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
          throw refuse(`holds a symbolic link, ${name}`);
        if (entry.isEncrypted()) throw refuse(`holds an encrypted entry, ${name}`);
        if (entry.uncompressedSize > MAX_ENTRY_BYTES)
          throw refuse(`holds ${name}, declared larger than ${megabytes(MAX_ENTRY_BYTES)}`);
        declared += entry.uncompressedSize;
        if (declared > MAX_UNPACKED_BYTES) throw refuse(`unpacks to more than ${megabytes(MAX_UNPACKED_BYTES)}`);
        entries.push(entry);
      }
    } catch (err) {
      if (err instanceof InstallError) throw err;
      // yauzl's own refusals: "absolute path: /etc/x", "invalid relative path: ../x", a cut central directory.
      throw refuse(`is unsafe or damaged (${(err as Error).message})`);
    }
    const confs = entries.filter((e) => CONF_ENTRY.test(e.fileName));
    if (confs.length !== 1) throw refuse(`holds ${confs.length} confs under mods.d/, not one`);
    const confEntry = confs[0] as yauzl.Entry;
    if (confEntry.uncompressedSize > MAX_CONF_BYTES)
      throw refuse(`holds a conf larger than ${megabytes(MAX_CONF_BYTES)}`);
    const confBytes = await readEntry(zip, confEntry, refuse);
    const conf = parseConf(decodeConf(confBytes)).find((c) => c.name !== 'Globals');
    if (!conf) throw refuse(`holds a conf with no module section`);
    if (conf.name.toLowerCase() !== expected.name.toLowerCase())
      throw refuse(`holds the conf of ${conf.name}, not of ${expected.name}`);
    const dataDir = moduleDirectory(conf);
    if (dataDir !== moduleDirectory(expected))
      throw refuse(`puts ${conf.name}'s data in ${dataDir}, where the catalog says ${moduleDirectory(expected)}`);
    let files = 0;
    let bytes = 0;
    for (const entry of entries) {
      const name = entry.fileName;
      if (entry === confEntry) continue;
      const isDir = name.endsWith('/');
      const path = name.replace(/\/$/, '');
      // The directories leading to the data (`modules/`, `modules/texts/`) may be listed; nothing else outside it.
      if (isDir && `${dataDir}/`.startsWith(`${path}/`)) continue;
      if (path !== dataDir && !path.startsWith(`${dataDir}/`))
        throw refuse(`holds ${name}, outside ${conf.name}'s directory ${dataDir}`);
      if (posix.normalize(path) !== path) throw refuse(`holds ${name}, a name that is not plain`);
      const target = join(staging, path);
      if (isDir) {
        mkdirSync(target, { recursive: true });
        continue;
      }
      mkdirSync(dirname(target), { recursive: true });
      bytes += await writeEntry(zip, entry, target, refuse);
      files++;
    }
    if (files === 0) throw refuse(`holds no data for ${conf.name}`);
    return { conf, confBytes, confName: CONF_ENTRY.exec(confEntry.fileName)?.[1] as string, dataDir, files, bytes };
  } finally {
    zip.close();
  }
}

type Refuse = (why: string) => InstallError;

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, refuse: Refuse): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
  } catch (err) {
    throw refuse(`has a damaged entry ${entry.fileName} (${(err as Error).message})`);
  }
  return Buffer.concat(chunks);
}

/** Writes one entry, counting its bytes as they come: at most what it declared (yauzl) and MAX_ENTRY_BYTES. */
async function writeEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, target: string, refuse: Refuse): Promise<number> {
  let written = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      written += chunk.length;
      done(
        written > MAX_ENTRY_BYTES ? refuse(`holds ${entry.fileName}, larger than ${megabytes(MAX_ENTRY_BYTES)}`) : null,
        chunk,
      );
    },
  });
  try {
    await pipeline(await zip.openReadStreamPromise(entry), count, createWriteStream(target, { flags: 'wx' }));
  } catch (err) {
    if (err instanceof InstallError) throw err;
    throw refuse(`has a damaged or lying entry ${entry.fileName} (${(err as Error).message})`);
  }
  return written;
}
