import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { confValue, decodeConf, type ModuleConf, parseConf } from './conf.js';

export type ModuleKind = 'bible' | 'commentary' | 'dictionary';

export interface SwordModule {
  name: string;
  conf: ModuleConf;
  /** The library root the module was found in. */
  root: string;
  /** Absolute path of the module's data (a directory, or a file base name for zLD). */
  dataPath: string;
  driver: string;
  kind: ModuleKind;
  /** Newest modification time of the module's conf and data files, for "changed since import". */
  mtimeMs: number;
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
      : [...split(env.SWORD_PATH), join(env.HOME ?? homedir(), '.sword'), '/usr/share/sword'];
  return [...new Set(roots.map((r) => resolve(r)))].filter((r) => existsSync(join(r, 'mods.d')));
}

const DRIVERS: Record<string, ModuleKind> = {
  ztext: 'bible',
  zcom: 'commentary',
  zcom4: 'commentary',
  zld: 'dictionary',
};

function newestMtime(paths: string[]): number {
  let newest = 0;
  for (const p of paths) {
    try {
      const st = statSync(p);
      newest = Math.max(newest, st.mtimeMs);
      if (st.isDirectory()) for (const f of readdirSync(p)) newest = Math.max(newest, statSync(join(p, f)).mtimeMs);
    } catch {
      // a missing file shows up as a skip reason elsewhere
    }
  }
  return newest;
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
      const confPath = join(confDir, file);
      for (const conf of parseConf(decodeConf(readFileSync(confPath)))) {
        if (conf.name === 'Globals') continue;
        const key = conf.name.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        const driver = (confValue(conf, 'ModDrv') ?? '').toLowerCase();
        const skip = (reason: string) => skipped.push({ name: conf.name, root, reason });
        if (confValue(conf, 'CipherKey') !== undefined) {
          skip('encrypted (CipherKey)');
          continue;
        }
        const kind = DRIVERS[driver];
        if (!kind) {
          skip(`driver ${confValue(conf, 'ModDrv') ?? '(none)'} is not read`);
          continue;
        }
        const dataPathValue = confValue(conf, 'DataPath');
        if (!dataPathValue) {
          skip('no DataPath');
          continue;
        }
        const dataPath = resolve(root, dataPathValue.replace(/^\.\//, ''));
        const probe = kind === 'dictionary' ? `${dataPath}.idx` : dataPath;
        if (!existsSync(probe)) {
          skip(`data missing at ${probe}`);
          continue;
        }
        modules.push({
          name: conf.name,
          conf,
          root,
          dataPath,
          driver,
          kind,
          mtimeMs: newestMtime([confPath, kind === 'dictionary' ? `${dataPath}.zdt` : dataPath]),
        });
      }
    }
  }
  return { roots, modules, skipped };
}
