import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { confValue, decodeConf, type ModuleConf, parseConf } from './conf.js';
import { DRIVERS, type ModuleKind, NOT_READ } from './drivers.js';

export type { ModuleKind } from './drivers.js';

export interface SwordModule {
  name: string;
  conf: ModuleConf;
  /** The library root the module was found in. */
  root: string;
  /** Absolute path of the module's data (a directory, or a file base name for zLD). */
  dataPath: string;
  driver: string;
  kind: ModuleKind;
  /** What "changed since import" compares: see moduleFingerprint. */
  fingerprint: string;
}

export interface SkippedModule {
  name: string;
  root: string;
  reason: string;
}

export interface Discovery {
  roots: string[];
  modules: SwordModule[];
  skipped: SkippedModule[];
}

/**
 * Where SWORD libraries are looked for, in order: $SWORD_PATH (colon-separated), ~/.sword,
 * /usr/share/sword. `$BIBLE_SWORD_PATH`, when set (even empty), replaces the whole list.
 */
export function swordRoots(env: NodeJS.ProcessEnv = process.env): string[] {
  const split = (s: string | undefined) => (s ?? '').split(':').filter(Boolean);
  const roots =
    env.BIBLE_SWORD_PATH !== undefined
      ? split(env.BIBLE_SWORD_PATH)
      : [
          ...split(env.SWORD_PATH),
          join(env.HOME || process.getBuiltinModule('node:os').homedir(), '.sword'),
          '/usr/share/sword',
        ];
  return [...new Set(roots.map((r) => resolve(r)))].filter((r) => existsSync(join(r, 'mods.d')));
}

/** Whether a kind's DataPath is a file base name (`<base>.idx`, `<base>.dat`, …) rather than a directory. */
const fileBased = (kind: ModuleKind) => kind === 'dictionary' || kind === 'genbook';

/**
 * A SHA-256 of the module's .conf and of its own data files (name, size and modification time
 * of each): the files a SWORD front-end adds beside them, such as a `lucene/` search index in
 * the data directory, change nothing. Data files are known by their stat rather than read
 * whole, so `library status` stays quick with hundreds of megabytes of modules installed.
 */
function moduleFingerprint(confBytes: Buffer, kind: ModuleKind, dataPath: string): string {
  const hash = createHash('sha256').update(confBytes);
  // A lexicon or general book is a file base name (nave.idx, nave.dat, …); the others own a directory.
  const [dir, prefix] = fileBased(kind) ? [dirname(dataPath), `${basename(dataPath)}.`] : [dataPath, ''];
  try {
    for (const file of readdirSync(dir).sort()) {
      if (!file.startsWith(prefix)) continue;
      const st = statSync(join(dir, file));
      if (st.isFile()) hash.update(`\n${file}\t${st.size}\t${Math.round(st.mtimeMs)}`);
    }
  } catch {
    // a missing file shows up as a skip reason elsewhere
  }
  return hash.digest('hex');
}

/** The reason a module with a CipherKey and no key yet is skipped: what unlocks it. */
export function lockedReason(name: string): string {
  return `encrypted: bible library unlock ${name} <key>`;
}

/** A conf's module as the readers take it, or why it is not read. */
export function moduleOf(conf: ModuleConf, root: string, confBytes: Buffer): SwordModule | { reason: string } {
  const modDrv = confValue(conf, 'ModDrv') ?? '';
  const driver = modDrv.toLowerCase();
  const cipherKey = confValue(conf, 'CipherKey');
  if (cipherKey !== undefined && cipherKey.trim() === '') return { reason: lockedReason(conf.name) };
  const notRead = NOT_READ[driver];
  if (notRead) return { reason: notRead };
  const kind = DRIVERS[driver]?.kind;
  if (!kind) return { reason: `driver ${modDrv || '(none)'} is not one libsword writes` };
  const dataPathValue = confValue(conf, 'DataPath');
  if (!dataPathValue) return { reason: 'no DataPath' };
  const dataPath = resolve(root, dataPathValue.replace(/^\.\//, ''));
  const probe = fileBased(kind) ? `${dataPath}.idx` : dataPath;
  if (!existsSync(probe)) return { reason: `data missing at ${probe}` };
  return {
    name: conf.name,
    conf,
    root,
    dataPath,
    driver,
    kind,
    fingerprint: moduleFingerprint(confBytes, kind, dataPath),
  };
}

/** Finds every module in the SWORD libraries; the first library to hold a module name wins. */
export function discoverModules(env: NodeJS.ProcessEnv = process.env): Discovery {
  const roots = swordRoots(env);
  const modules: SwordModule[] = [];
  const skipped: SkippedModule[] = [];
  const seen = new Set<string>();
  for (const root of roots) {
    const confDir = join(root, 'mods.d');
    for (const file of readdirSync(confDir)
      .filter((f) => f.endsWith('.conf'))
      .sort()) {
      const confBytes = readFileSync(join(confDir, file));
      for (const conf of parseConf(decodeConf(confBytes))) {
        if (conf.name === 'Globals') continue;
        const key = conf.name.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        const found = moduleOf(conf, root, confBytes);
        if ('reason' in found) skipped.push({ name: conf.name, root, reason: found.reason });
        else modules.push(found);
      }
    }
  }
  return { roots, modules, skipped };
}
