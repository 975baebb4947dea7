import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { alive } from '../process-alive.js';
import { MAX_PACKAGE_BYTES } from './bounds.js';
import { type RemoteModule, readCatalog } from './catalog.js';
import { localCopy } from './download.js';
import { InstallError } from './install-error.js';
import { findInstalled, type InstalledModule, installRoot, isSystemRoot, moduleDirectory } from './installed.js';
import { unpackPackage } from './package.js';
import { locate, type Repository } from './repository.js';

export interface InstallResult {
  module: string;
  version: string;
  description: string;
  encrypted: boolean;
  /** The library root it went into, its conf there and its data directory. */
  root: string;
  confFile: string;
  dataDir: string;
  files: number;
  bytes: number;
  /** The copy it replaced (--replace), or a copy in a later library it now stands before. */
  replaced: string | null;
  shadows: string | null;
}

const STAGING_PREFIX = '.bible-install-';

/** What an install stopped by a kill left in the root (its staging directory, named by its pid) goes. */
function clearAbandoned(root: string): void {
  for (const f of readdirSync(root)) {
    if (!f.startsWith(STAGING_PREFIX)) continue;
    const pid = Number(/^(\d+)-/.exec(f.slice(STAGING_PREFIX.length))?.[1]);
    if (!Number.isInteger(pid) || !alive(pid)) rmSync(join(root, f), { recursive: true, force: true });
  }
}

/**
 * Which existing copy of the module an install may replace (the one in the install root, with
 * --replace) or stand before (a system package's copy, which the user's library is read before);
 * refused otherwise, before anything is downloaded.
 */
function checkExisting(existing: InstalledModule | undefined, root: string, env: NodeJS.ProcessEnv, replace: boolean) {
  if (!existing) return { replaced: null, shadows: null };
  const version = existing.conf.entries.get('Version')?.[0];
  const where = `${existing.name}${version ? ` ${version}` : ''} is already installed in ${existing.root}`;
  if (existing.root === root) {
    if (!replace) throw new InstallError(`${where} (--replace installs the repository's copy over it)`, 'usage');
    return { replaced: existing.root, shadows: null };
  }
  const order = env.BIBLE_SWORD_PATH?.split(':')
    .filter(Boolean)
    .map((r) => resolve(r));
  const readFirst = order ? order.indexOf(existing.root) < order.indexOf(root) : !isSystemRoot(existing.root);
  if (readFirst)
    throw new InstallError(
      `${where}, which is read before ${root}: \`bible library remove ${existing.name}\` first`,
      'usage',
    );
  return { replaced: null, shadows: existing.root };
}

/**
 * Installs a module from a repository into the user's SWORD library (installRoot): the catalog
 * names it and gives its conf, its package is downloaded and checked (unpackPackage) into a
 * staging directory inside that library, so on the same filesystem, and only then renamed into
 * place, data first and the conf last: the module exists for libsword and the import once its
 * conf is there. Any failure removes the staging directory and leaves the library as it was.
 */
export async function installModule(opts: {
  name: string;
  repo: Repository;
  env: NodeJS.ProcessEnv;
  replace?: boolean;
}): Promise<InstallResult> {
  const catalog = await readCatalog(opts.repo);
  const remote: RemoteModule | undefined = catalog.find((m) => m.name.toLowerCase() === opts.name.toLowerCase());
  if (!remote)
    throw new InstallError(
      `${opts.repo.name} has no module ${opts.name} (it lists ${catalog.length}: \`bible library available --from ${opts.repo.name}\`)`,
      'not-found',
    );
  const root = installRoot(opts.env);
  const existing = findInstalled(opts.env, remote.name);
  const { replaced, shadows } = checkExisting(existing, root, opts.env, !!opts.replace);
  const dataDir = moduleDirectory(remote.conf);
  const target = join(root, dataDir);
  const oldDir = existing && existing.root === root ? join(root, moduleDirectory(existing.conf)) : null;
  if (existsSync(target) && target !== oldDir)
    throw new InstallError(`${target} exists but belongs to no installed ${remote.name}: move it away first`, 'usage');

  mkdirSync(join(root, 'mods.d'), { recursive: true });
  clearAbandoned(root);
  const staging = mkdtempSync(join(root, `${STAGING_PREFIX}${process.pid}-`));
  try {
    const file = `${remote.name}.zip`;
    const zip = await localCopy(
      opts.repo.packages,
      file,
      MAX_PACKAGE_BYTES,
      `the package of ${remote.name}`,
      join(staging, file),
    );
    const unpacked = await unpackPackage(zip, locate(opts.repo.packages, file), remote.conf, join(staging, 'tree'));
    const confFile = join(root, 'mods.d', unpacked.confName);
    if (existsSync(confFile) && confFile !== existing?.confFile)
      throw new InstallError(`${confFile} exists and holds another module than ${remote.name}: refused`, 'refused');
    writeFileSync(join(staging, 'conf'), unpacked.confBytes);
    // Into place: the old copy's data aside, the new data in, the conf last; undone on a failure.
    const aside = join(staging, 'old');
    if (oldDir && existsSync(oldDir)) renameSync(oldDir, aside);
    let moved = false;
    try {
      mkdirSync(dirname(target), { recursive: true });
      renameSync(join(staging, 'tree', dataDir), target);
      moved = true;
      renameSync(join(staging, 'conf'), confFile);
    } catch (err) {
      if (moved) rmSync(target, { recursive: true, force: true });
      if (existsSync(aside)) renameSync(aside, oldDir as string);
      throw new InstallError(`could not move ${remote.name} into ${root}: ${(err as Error).message}`);
    }
    if (existing && existing.root === root && existing.confFile !== confFile)
      rmSync(existing.confFile, { force: true });
    return {
      module: unpacked.conf.name,
      version: unpacked.conf.entries.get('Version')?.[0] ?? '',
      description: unpacked.conf.entries.get('Description')?.[0] ?? '',
      encrypted: unpacked.conf.entries.has('CipherKey'),
      root,
      confFile,
      dataDir: target,
      files: unpacked.files,
      bytes: unpacked.bytes,
      replaced,
      shadows,
    };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
