import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { confValue, decodeConf, type ModuleConf, parseConf } from '../sword/conf.js';
import { swordRoots } from '../sword/discovery.js';
import { familyOf } from './families.js';
import { InstallError } from './install-error.js';

/**
 * The files a module owns under its library root, relative to it: the DataPath directory for
 * texts and commentaries; for dictionaries and general books, whose DataPath ends with a base
 * name (`modules/lexdict/zld/nave/nave`), the directory that holds it, as libsword's
 * AbsoluteDataPath does. Refused unless it is a module's own folder,
 * `modules/<kind>/<driver>/<name>` or deeper, so that no conf can make an install write, or a
 * removal delete, anything else (`modules/lexdict/rawld/`, which old modules share, included).
 */
export function moduleDirectory(conf: ModuleConf): string {
  const dataPath = confValue(conf, 'DataPath');
  if (!dataPath) throw new InstallError(`the conf of ${conf.name} has no DataPath`, 'refused');
  const clean = posix
    .normalize(dataPath.replace(/\\/g, '/'))
    .replace(/^(\.\/)+/, '')
    .replace(/\/+$/, '');
  const family = familyOf(confValue(conf, 'ModDrv') ?? '');
  const dir = family === 'dictionary' || family === 'book' ? posix.dirname(clean) : clean;
  const parts = dir.split('/');
  if (posix.isAbsolute(clean) || parts.includes('..') || parts[0] !== 'modules' || parts.length < 4)
    throw new InstallError(
      `the conf of ${conf.name} has DataPath ${dataPath}, outside a module's own directory under modules/`,
      'refused',
    );
  return dir;
}

/** A module as installed: its library root, its conf file and what the conf says. */
export interface InstalledModule {
  name: string;
  root: string;
  confFile: string;
  conf: ModuleConf;
}

/** Every module of the SWORD libraries searched, in their order (the first of a name wins, as for the import). */
export function installedModules(env: NodeJS.ProcessEnv): InstalledModule[] {
  const found: InstalledModule[] = [];
  const seen = new Set<string>();
  for (const root of swordRoots(env)) {
    const confDir = join(root, 'mods.d');
    for (const file of readdirSync(confDir)
      .filter((f) => f.endsWith('.conf'))
      .sort()) {
      const confFile = join(confDir, file);
      let text: string;
      try {
        text = decodeConf(readFileSync(confFile));
      } catch {
        continue;
      }
      for (const conf of parseConf(text)) {
        if (conf.name === 'Globals' || seen.has(conf.name.toLowerCase())) continue;
        seen.add(conf.name.toLowerCase());
        found.push({ name: conf.name, root, confFile, conf });
      }
    }
  }
  return found;
}

export function findInstalled(env: NodeJS.ProcessEnv, name: string): InstalledModule | undefined {
  return installedModules(env).find((m) => m.name.toLowerCase() === name.toLowerCase());
}

/** Whether a library belongs to the system's packages (Debian's sword-* under /usr/share/sword), not to the user. */
export function isSystemRoot(root: string): boolean {
  return root === '/usr' || root.startsWith('/usr/');
}

function canWrite(dir: string): boolean {
  let at = resolve(dir);
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  try {
    accessSync(at, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The library installs go into: ~/.sword, the user's own SWORD directory, as libsword's
 * installmgr does (it comes after $SWORD_PATH and before /usr/share/sword in the search order);
 * when $BIBLE_SWORD_PATH replaces that order, the first of its directories that can be written.
 */
export function installRoot(env: NodeJS.ProcessEnv): string {
  if (env.BIBLE_SWORD_PATH === undefined)
    return resolve(env.HOME || process.getBuiltinModule('node:os').homedir(), '.sword');
  const dirs = env.BIBLE_SWORD_PATH.split(':').filter(Boolean);
  const root = dirs.find((d) => !isSystemRoot(resolve(d)) && canWrite(d));
  if (!root)
    throw new InstallError(
      `no directory of $BIBLE_SWORD_PATH (${env.BIBLE_SWORD_PATH || 'empty'}) can take modules: add one you can write`,
      'usage',
    );
  return resolve(root);
}
