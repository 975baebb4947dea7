import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InstallError } from './install-error.js';

/** Where files are read from: a base URL (http or https) or a local directory. */
export type Location = { url: URL } | { dir: string };

/**
 * A repository laid out as CrossWire's: a catalog directory holding `mods.d.tar.gz` (every
 * module's .conf) and a packages directory holding `<Module>.zip` (the module's conf and data).
 */
export interface Repository {
  /** As the user named it: a known name, a URL or a directory. */
  name: string;
  catalog: Location;
  packages: Location;
}

/**
 * The repositories a name stands for, with their catalog and package directories as AndBible's
 * list of repositories gives them (libsword's installmgr reads the same catalogs, `…/raw` and the
 * like, by FTP; the zipped packages beside them are what AndBible and scripts fetch over HTTPS).
 */
export const KNOWN_REPOSITORIES: Record<string, { catalog: string; packages: string; what: string }> = {
  crosswire: {
    catalog: 'https://crosswire.org/ftpmirror/pub/sword/raw/',
    packages: 'https://crosswire.org/ftpmirror/pub/sword/packages/rawzip/',
    what: "CrossWire's main repository",
  },
  'crosswire-beta': {
    catalog: 'https://crosswire.org/ftpmirror/pub/sword/betaraw/',
    packages: 'https://crosswire.org/ftpmirror/pub/sword/betapackages/rawzip/',
    what: "CrossWire's beta repository",
  },
  wycliffe: {
    catalog: 'https://crosswire.org/ftpmirror/pub/sword/wyclifferaw/',
    packages: 'https://crosswire.org/ftpmirror/pub/sword/wycliffepackages/rawzip/',
    what: "Wycliffe's modules at CrossWire",
  },
  ebible: { catalog: 'https://ebible.org/sword/', packages: 'https://ebible.org/sword/zip/', what: 'eBible.org' },
  ibt: {
    catalog: 'https://ibtrussia.org/ftpmirror/pub/modsword/raw/',
    packages: 'https://ibtrussia.org/ftpmirror/pub/modsword/rawzip/',
    what: 'Institute for Bible Translation',
  },
};

const withSlash = (u: string) => (u.endsWith('/') ? u : `${u}/`);

/** A directory laid out as a repository's root: `raw/` and `packages/rawzip/` in it. */
function rootDirectory(name: string, dir: string): Repository {
  return { name, catalog: { dir: resolve(dir, 'raw') }, packages: { dir: resolve(dir, 'packages', 'rawzip') } };
}

/**
 * The repository `--from` names: a known name, an http(s) URL of a repository's root, a
 * file:// URL or a path of a local directory laid out the same way.
 */
export function resolveRepository(from: string): Repository {
  const known = KNOWN_REPOSITORIES[from.toLowerCase()];
  if (known)
    return { name: from, catalog: { url: new URL(known.catalog) }, packages: { url: new URL(known.packages) } };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(from)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    let root: URL;
    try {
      root = new URL(withSlash(from));
    } catch {
      throw new InstallError(`--from: ${from} is not a URL`, 'usage');
    }
    return {
      name: from,
      catalog: { url: new URL('raw/', root) },
      packages: { url: new URL('packages/rawzip/', root) },
    };
  }
  if (scheme === 'file') return rootDirectory(from, fileURLToPath(from));
  if (scheme)
    throw new InstallError(
      `--from: ${scheme}:// is not read; give an http(s) URL, a directory, or ${knownNames()}`,
      'usage',
    );
  if (existsSync(from) && statSync(from).isDirectory()) return rootDirectory(from, from);
  throw new InstallError(
    `--from: no repository named ${from} and no directory ${resolve(from)} (known: ${knownNames()})`,
    'usage',
  );
}

function knownNames(): string {
  return Object.keys(KNOWN_REPOSITORIES).join(', ');
}

/** Where a file of a location is, for messages: its URL or path. */
export function locate(location: Location, file: string): string {
  return 'url' in location ? new URL(encodeURIComponent(file), location.url).href : resolve(location.dir, file);
}
