import { renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Writes a file whole or not at all: into a temporary file beside it (mode 0600, since an
 * export holds notes), then renamed over the target, which readers see change in one step.
 * The directory must be there (exportTarget says so before): an export creates nothing else.
 */
export function writeFileAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, text, { mode: 0o600, flush: true });
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
