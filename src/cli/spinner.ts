import type { IO } from './io.js';
import { canRedraw } from './progress.js';

export interface Spinner {
  text(s: string): void;
  succeed(s: string): void;
  fail(s: string): void;
  stop(): void;
}

const SILENT: Spinner = { text() {}, succeed() {}, fail() {}, stop() {} };

/**
 * An ora spinner on stderr when stderr is a TTY with a width (and not --quiet); otherwise a no-op, so pipes
 * and scripts get no control characters. ora is imported only when a spinner is shown.
 */
export async function startSpinner(io: IO, text: string, quiet = false): Promise<Spinner> {
  // A terminal reporting 0 columns (some CI and ssh ptys) makes ora redraw without end.
  if (quiet || !canRedraw(io)) return SILENT;
  const { default: ora } = await import('ora');
  const s = ora({ text, stream: io.stderr as NodeJS.WriteStream }).start();
  return {
    text: (t) => {
      s.text = t;
    },
    succeed: (t) => s.succeed(t),
    fail: (t) => s.fail(t),
    stop: () => s.stop(),
  };
}
