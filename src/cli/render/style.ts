import type { IO } from '../io.js';
import { wrapPlain } from './wrap.js';

/** The few text styles the CLI uses. */
export interface Paint {
  bold(s: string): string;
  dim(s: string): string;
  italic(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

/** How output looks here: colour or not, terminal or pipe, and how wide. */
export interface Style {
  color: boolean;
  tty: boolean;
  width: number;
  c: Paint;
  /** Wraps text to the terminal with an indent for continuation lines; unchanged when piped. */
  wrap(text: string, indent?: number, firstIndent?: number): string;
}

const plain = (s: string) => s;
const NO_PAINT: Paint = {
  bold: plain,
  dim: plain,
  italic: plain,
  red: plain,
  green: plain,
  yellow: plain,
  cyan: plain,
};

/**
 * Whether to colour: --color always|never (or --no-color) first, as git's --color; then NO_COLOR
 * off and FORCE_COLOR on; then config (always/never/auto); auto is a TTY.
 */
export function wantsColor(io: IO, flag: boolean | string | undefined, configColor: string | undefined): boolean {
  if (flag === 'always') return true;
  if (flag === false || flag === 'never' || (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '')) return false;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== '0') return true;
  if (flag === 'auto') return !!io.stdout.isTTY;
  if (configColor === 'always') return true;
  if (configColor === 'never') return false;
  return !!io.stdout.isTTY;
}

/**
 * Builds the style. chalk is loaded only when colouring and wrap-ansi only on a terminal: a
 * piped `bible passage` (scripts, the startup bench) pays for neither.
 */
export async function makeStyle(
  io: IO,
  flags: { color?: boolean | string },
  configColor: string | undefined,
): Promise<Style> {
  const tty = !!io.stdout.isTTY;
  const color = wantsColor(io, flags.color, configColor);
  let c = NO_PAINT;
  if (color) {
    const { Chalk } = await import('chalk');
    c = new Chalk({ level: 1 });
  }
  const width = tty ? Math.max(40, Math.min(io.stdout.columns ?? 80, 120)) : 0;
  const wrapAnsi = tty ? (await import('wrap-ansi')).default : undefined;
  return {
    color,
    tty,
    width,
    c,
    wrap(text, indent = 0, firstIndent = indent) {
      if (!wrapAnsi) return ' '.repeat(firstIndent) + text;
      return (wrapPlain(text, width - indent) ?? wrapAnsi(text, width - indent, { hard: false, trim: true }))
        .split('\n')
        .map((line, i) => ' '.repeat(i === 0 ? firstIndent : indent) + line)
        .join('\n');
    },
  };
}
