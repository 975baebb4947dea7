import { gunzipSync } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { confValue, decodeConf, type ModuleConf, parseConf } from '../sword/conf.js';
import { DRIVERS } from '../sword/drivers.js';
import {
  MAX_CATALOG_BYTES,
  MAX_CATALOG_ENTRIES,
  MAX_CATALOG_UNPACKED_BYTES,
  MAX_CONF_BYTES,
  megabytes,
} from './bounds.js';
import { readWhole } from './download.js';
import type { ModuleFamily } from './families.js';
import { InstallError } from './install-error.js';
import { locate, type Repository } from './repository.js';

/** A module a repository offers, as its catalog's .conf describes it. */
export interface RemoteModule {
  name: string;
  description: string;
  kind: ModuleFamily;
  driver: string;
  language: string;
  version: string;
  /** Bytes installed, as the conf's InstallSize says (CrossWire's confs carry it), if it does. */
  installSize: number | null;
  /** Whether the library reads its driver (DRIVERS): one it does not is installed for other programs only. */
  readable: boolean;
  /** Carries a CipherKey: readable once unlocked with the key its publisher gives. */
  encrypted: boolean;
  conf: ModuleConf;
}

/**
 * A driver's family: the kind the readers' table (DRIVERS) gives it, else what libsword's name
 * for it says (RawGenBook a general book; HREFCom and RawFiles commentaries that hold no text).
 */
export function familyOf(driver: string): ModuleFamily {
  const d = driver.toLowerCase();
  const kind = DRIVERS[d]?.kind;
  if (kind) return kind === 'genbook' ? 'book' : kind;
  return d === 'hrefcom' || d === 'rawfiles' ? 'commentary' : 'other';
}

export function remoteModule(conf: ModuleConf): RemoteModule {
  const driver = confValue(conf, 'ModDrv') ?? '';
  const size = Number(confValue(conf, 'InstallSize'));
  return {
    name: conf.name,
    description: confValue(conf, 'Description') ?? '',
    kind: familyOf(driver),
    driver,
    language: confValue(conf, 'Lang') ?? '',
    version: confValue(conf, 'Version') ?? '',
    installSize: Number.isSafeInteger(size) && size >= 0 ? size : null,
    readable: DRIVERS[driver.toLowerCase()] !== undefined,
    encrypted: confValue(conf, 'CipherKey') !== undefined,
    conf,
  };
}

const CATALOG = 'mods.d.tar.gz';

/** A catalog entry that holds a module's conf: `mods.d/<file>.conf`, as installmgr unpacks it. */
const CONF_ENTRY = /^(?:\.\/)?mods\.d\/[^/]+\.conf$/;

/**
 * Every module a repository's catalog lists, sorted by name. The archive is unpacked in memory
 * within MAX_CATALOG_UNPACKED_BYTES (zlib stops there, so a gzip bomb costs no more), and each
 * .conf is read within MAX_CONF_BYTES.
 */
export async function readCatalog(repo: Repository): Promise<RemoteModule[]> {
  const where = locate(repo.catalog, CATALOG);
  const gz = await readWhole(repo.catalog, CATALOG, MAX_CATALOG_BYTES, 'the catalog');
  let tarBytes: Buffer;
  try {
    tarBytes = gunzipSync(gz, { maxOutputLength: MAX_CATALOG_UNPACKED_BYTES });
  } catch (err) {
    const tooBig = err instanceof RangeError;
    throw new InstallError(
      tooBig
        ? `the catalog at ${where} unpacks to more than ${megabytes(MAX_CATALOG_UNPACKED_BYTES)}: refused`
        : `the catalog at ${where} is not a gzip file (${(err as Error).message})`,
      'refused',
    );
  }
  const confs = await confsOf(tarBytes, where);
  const modules = new Map<string, RemoteModule>();
  for (const text of confs) {
    for (const conf of parseConf(text)) {
      if (conf.name === 'Globals' || modules.has(conf.name.toLowerCase())) continue;
      modules.set(conf.name.toLowerCase(), remoteModule(conf));
    }
  }
  return [...modules.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** The text of each conf in a tar archive, within the bounds. */
function confsOf(tarBytes: Buffer, where: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const texts: string[] = [];
    let entries = 0;
    let failed = false;
    const fail = (message: string) => {
      if (failed) return;
      failed = true;
      reject(new InstallError(`the catalog at ${where} ${message}: refused`, 'refused'));
    };
    const parser = new Parser({
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        if (++entries > MAX_CATALOG_ENTRIES) return fail(`holds more than ${MAX_CATALOG_ENTRIES} entries`);
        if (entry.type !== 'File' || !CONF_ENTRY.test(entry.path)) return entry.resume();
        if ((entry.size ?? 0) > MAX_CONF_BYTES)
          return fail(`holds ${entry.path}, larger than ${megabytes(MAX_CONF_BYTES)}`);
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => chunks.push(c));
        entry.on('end', () => texts.push(decodeConf(Buffer.concat(chunks))));
      },
    });
    parser.on('error', (err: Error) => fail(`is not a tar archive (${err.message})`));
    parser.on('end', () => {
      if (!failed) resolve(texts);
    });
    parser.end(tarBytes);
  });
}
