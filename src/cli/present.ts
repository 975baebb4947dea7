import type { Context } from './context.js';

/** How `present` shows an answer when the defaults do not fit. */
export interface Shown {
  /** What --json prints instead of the data (e.g. one result rather than a list of one). */
  json?: unknown;
  /**
   * The attribution lines under the text, in order; undefined ones are left out. Default: the
   * data's own `attribution`. `[]` when `render` places them itself (between sections).
   */
  attribution?: ReadonlyArray<string | undefined>;
}

function ownAttribution(data: unknown): string[] {
  const line = (data as { attribution?: unknown } | null)?.attribution;
  return typeof line === 'string' ? [line] : [];
}

/**
 * The one place a command's answer is shown. With --json: the data as JSON on stdout, exactly
 * what the service returned (or `shown.json`). Else `render` writes the text (to `ctx.out`, or
 * straight to stdout for a line that is never paged), the resources' attribution lines go under
 * it (the contract wants them wherever content is shown), and `ctx.out` is written at once:
 * through the pager when stdout is a terminal the text is taller than.
 */
export async function present<T>(
  ctx: Context,
  data: T,
  render: (data: T) => unknown,
  shown: Shown = {},
): Promise<void> {
  if (ctx.globals.json) return ctx.json('json' in shown ? shown.json : data);
  await render(data);
  for (const line of shown.attribution ?? ownAttribution(data)) if (line) ctx.out.attribution(line);
  await ctx.out.flush();
}

/**
 * `--plain`: the text alone on stdout, a line each (for a script, a slide, a clipboard), and the
 * attribution lines on stderr, where the contract's "wherever content is shown" still sees them.
 */
export async function presentPlain(
  ctx: Context,
  lines: readonly string[],
  attribution: ReadonlyArray<string | undefined>,
): Promise<void> {
  for (const line of lines) ctx.out.line(line);
  await ctx.out.flush();
  for (const line of attribution) if (line) ctx.io.stderr.write(`— ${line}\n`);
}
