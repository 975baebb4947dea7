import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { decodeConf, parseConf } from '../sword/conf.js';
import { InstallError } from './install-error.js';
import { findInstalled, type InstalledModule, installedModules, isSystemRoot, moduleDirectory } from './installed.js';

/** The installed module `remove` and `unlock` may change: the user's, found by name, else refused. */
export function userModule(env: NodeJS.ProcessEnv, name: string, verb: string): InstalledModule {
  const mod = findInstalled(env, name);
  if (!mod) throw new InstallError(`no module ${name} is installed (\`bible library status\` lists them)`, 'not-found');
  if (isSystemRoot(mod.root))
    throw new InstallError(
      `${mod.name} is in ${mod.root}, installed by the system's packages, not by you: ${verb} it there (\`dpkg -S ${mod.confFile}\` names its package)`,
      'refused',
    );
  return mod;
}

export interface RemoveResult {
  module: string;
  root: string;
  confFile: string;
  dataDir: string;
}

/**
 * Deletes one module of the user's library: its conf first (from then on libsword and the import
 * no longer see it), then its data directory, and nothing else: refused when the conf file also
 * describes another module or another module's data lies in the same directory.
 */
export function removeModule(env: NodeJS.ProcessEnv, name: string): RemoveResult {
  const mod = userModule(env, name, 'remove');
  const sections = parseConf(decodeConf(readFileSync(mod.confFile))).filter((c) => c.name !== 'Globals');
  if (sections.length > 1)
    throw new InstallError(
      `${mod.confFile} describes ${sections.map((c) => c.name).join(', ')}: remove ${mod.name} by hand`,
      'refused',
    );
  const dir = moduleDirectory(mod.conf);
  const sharing = installedModules(env).filter(
    (m) => m.name !== mod.name && m.root === mod.root && safeDirectory(m) === dir,
  );
  if (sharing.length)
    throw new InstallError(
      `${mod.name}'s directory ${dir} also holds ${sharing.map((m) => m.name).join(', ')}: remove it by hand`,
      'refused',
    );
  const dataDir = join(mod.root, dir);
  rmSync(mod.confFile);
  if (existsSync(dataDir)) {
    // Renamed aside first, so an interrupted delete never leaves a half module under its own name.
    const doomed = `${dataDir}.removing-${process.pid}`;
    renameSync(dataDir, doomed);
    rmSync(doomed, { recursive: true, force: true });
  }
  return { module: mod.name, root: mod.root, confFile: mod.confFile, dataDir };
}

function safeDirectory(mod: InstalledModule): string | null {
  try {
    return moduleDirectory(mod.conf);
  } catch {
    return null;
  }
}
