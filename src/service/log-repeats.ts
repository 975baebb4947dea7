/** A failure logged again within this long is counted, not written: an outage is one line, not one per request. */
export const LOG_REPEAT_WINDOW_MS = 10_000;

/** Distinct lines remembered at once; past this the oldest are forgotten (and may be written again). */
const REMEMBERED = 256;

/**
 * `log` with repeats folded: the first failure of a kind (its message) is written, the same again
 * within LOG_REPEAT_WINDOW_MS is only counted, and when the window closes one line says how many
 * there were. A provider outage wrote a line per chat (2,730 in 15 s).
 */
export function foldRepeats(log: (err: unknown) => void, windowMs = LOG_REPEAT_WINDOW_MS): (err: unknown) => void {
  const windows = new Map<string, { held: number }>();
  return (err) => {
    const text = err instanceof Error ? err.message : String(err);
    const open = windows.get(text);
    if (open) {
      open.held++;
      return;
    }
    log(err);
    if (windows.size >= REMEMBERED) windows.delete(windows.keys().next().value as string);
    const window = { held: 0 };
    windows.set(text, window);
    setTimeout(() => {
      windows.delete(text);
      if (window.held) log(`${window.held} more like this in the last ${windowMs / 1000} s: ${text}`);
    }, windowMs).unref();
  };
}
