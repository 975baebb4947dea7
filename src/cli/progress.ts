import type { ImportProgress } from '../library/import/import.js';
import type { IO } from './io.js';

/** Whether stderr can take a redrawn line: a terminal that reports a width (0 columns cannot). */
export function canRedraw(io: IO): boolean {
  const stderr = io.stderr as IO['stderr'] & { columns?: number };
  return !!stderr.isTTY && (stderr.columns ?? 0) > 0 && !io.env.CI;
}

/**
 * Progress of an import, source by source with counts, on stderr: "kjv   31,102  SWORD engKJV2006eb
 * (1.2 s)". Plain lines, not a spinner: the import's steps are synchronous, so a spinner would not
 * turn, and under a terminal that reports 0 columns ora redraws without end. On a terminal with a
 * width the source being read is shown first and its line replaced when done.
 */
export function importProgress(io: IO, quiet: boolean): (p: ImportProgress) => void {
  if (quiet) return () => {};
  const redraw = canRedraw(io);
  // Date.now(), not performance.now(): a tenth of a second is all it shows, and the first use of
  // performance loads perf_hooks on every embedded lookup (this is made before any import starts).
  let started = Date.now();
  return (p) => {
    if (p.count === undefined) {
      started = Date.now();
      if (redraw) io.stderr.write(`  ${place(p)} reading ${p.source}…`);
      return;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const line = `  ${place(p)} ${p.source.padEnd(28)} ${p.count.toLocaleString('en-US').padStart(8)} entries  (${seconds} s)`;
    io.stderr.write(`${redraw ? '\r\x1b[K' : ''}${line}\n`);
  };
}

/** "[ 3/13]": the step's place, padded so that the lines' columns stay aligned. */
function place(p: ImportProgress): string {
  const width = String(p.steps).length;
  return `[${String(p.step).padStart(width)}/${p.steps}]`;
}
