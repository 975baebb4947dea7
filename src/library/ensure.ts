import { existsSync } from 'node:fs';
import type { ImportProgress } from './import/import.js';
import { LibraryStore } from './store/library-store.js';

/**
 * Opens the library, building it first when there is none (the first `bible` command on a new
 * machine). `notify` is told before the import starts so the user knows why the wait.
 */
export async function openLibrary(
  path: string,
  env: NodeJS.ProcessEnv,
  notify: (message: string) => void,
  onProgress?: (p: ImportProgress) => void,
): Promise<LibraryStore> {
  if (!existsSync(path)) {
    notify(`no local library yet: building ${path} from the installed sources (about 10 seconds, once)`);
    const { importLibrary } = await import('./import/import.js');
    await importLibrary({ path, env, onProgress });
  }
  return new LibraryStore(path);
}
