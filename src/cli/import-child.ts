import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportProgress, ImportReport } from '../library/import/import.js';
import { packageRoot } from '../library/package-root.js';
import { onInterrupt } from './interrupt.js';

/** What the child says over its IPC channel, in order: progress lines, then a report or an error. */
export type ImportMessage = { progress: ImportProgress } | { report: ImportReport } | { error: string };

/**
 * Builds the library in a child process (`bible library import --to <path>`, over IPC). The import
 * is synchronous SQLite work for a minute, during which this process could run no SIGINT handler:
 * in a child it can be stopped at once. On Ctrl-C the child is killed, its half-written file
 * (`<path>.importing-<pid>` and SQLite's journal) removed, and this process exits 130; the library
 * that was there before is untouched.
 */
export function importInChild(
  path: string,
  env: NodeJS.ProcessEnv,
  onProgress?: (p: ImportProgress) => void,
): Promise<ImportReport> {
  const bin = join(packageRoot(), 'bin', 'bible.js');
  const child = fork(bin, ['library', 'import', '--to', path], {
    env,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const removeHalfBuilt = () => {
    for (const suffix of ['', '-journal', '-wal', '-shm']) {
      rmSync(`${path}.importing-${child.pid}${suffix}`, { force: true });
    }
  };
  const previous = onInterrupt(() => {
    child.kill('SIGKILL');
    removeHalfBuilt();
    process.exit(130);
  });
  return new Promise<ImportReport>((resolve, reject) => {
    let report: ImportReport | undefined;
    let error: string | undefined;
    child.on('message', (m: ImportMessage) => {
      if ('progress' in m) onProgress?.(m.progress);
      else if ('report' in m) report = m.report;
      else error = m.error;
    });
    child.on('error', (err) => reject(err));
    child.on('exit', (code, signal) => {
      onInterrupt(previous);
      if (report) return resolve(report);
      removeHalfBuilt();
      reject(new Error(error ?? `the library import stopped (${signal ?? `exit ${code}`})`));
    });
  });
}

/** The child's side: the import in this process, each step and the outcome sent to the parent. */
export async function importForParent(path: string, env: NodeJS.ProcessEnv): Promise<void> {
  const send = (m: ImportMessage) => new Promise<void>((done) => process.send?.(m, undefined, {}, () => done()));
  const { importLibrary } = await import('../library/import/import.js');
  // A parent killed outright (SIGKILL, a closed terminal) runs no clean-up: the import stops at its
  // next step rather than finish and replace the library nobody asked for now. The import is
  // synchronous work, so no 'disconnect' event would arrive in time: the parent's pid is asked
  // (an orphan is adopted by another process) as each step begins and ends.
  const parent = process.ppid;
  const stopIfOrphaned = () => {
    if (process.ppid === parent) return;
    for (const suffix of ['', '-journal', '-wal', '-shm'])
      rmSync(`${path}.importing-${process.pid}${suffix}`, { force: true });
    process.exit(1);
  };
  try {
    const report = await importLibrary({
      path,
      env,
      onProgress: (progress) => {
        stopIfOrphaned();
        void send({ progress });
      },
    });
    await send({ report });
  } catch (err) {
    await send({ error: err instanceof Error ? err.message : String(err) });
  }
}
