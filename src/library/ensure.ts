import { existsSync } from 'node:fs';
import type { ImportProgress, ImportReport } from './import/import.js';
import { LibraryStore } from './store/library-store.js';
import { SCHEMA_VERSION } from './store/schema.js';

/** How the library is built: in this process by default; the CLI builds it in a child it can stop. */
export type Importer = (
  path: string,
  env: NodeJS.ProcessEnv,
  onProgress?: (p: ImportProgress) => void,
) => Promise<ImportReport>;

const inProcess: Importer = async (path, env, onProgress) => {
  const { importLibrary } = await import('./import/import.js');
  return importLibrary({ path, env, onProgress });
};

/**
 * Opens the library, building it first when there is none (the first `bible` command on a new
 * machine) or when an older version built it without tables this one reads. `notify` is told
 * before the import starts so the user knows why the wait.
 */
export async function openLibrary(
  path: string,
  env: NodeJS.ProcessEnv,
  notify: (message: string) => void,
  onProgress?: (p: ImportProgress) => void,
  importer: Importer = inProcess,
): Promise<LibraryStore> {
  const build = async (why: string) => {
    // A minute of CPU with the Debian modules (docs/benchmarks.md), more on a busy machine.
    notify(`${why}: building ${path} from the installed sources (about a minute, once; Ctrl-C stops it)`);
    await importer(path, env, onProgress);
  };
  if (!existsSync(path)) await build('no local library yet');
  const store = new LibraryStore(path);
  let version: number;
  try {
    version = store.schemaVersion();
  } catch {
    // Not a database at all: the caller says so and how to mend it (`bible library import`).
    return store;
  }
  if (version >= SCHEMA_VERSION) return store;
  store.close();
  await build('the local library was built by an older version');
  return new LibraryStore(path);
}
