import type { Context } from './context.js';
import { CliError, usageError } from './errors.js';
import { EXIT } from './exit-codes.js';

/**
 * Asks before a change that cannot be undone, as git and gh do: on a terminal a y/N question
 * (no unless answered yes); off one, without --yes, a refusal (exit 2), so a script says what it
 * means; with --yes, nothing is asked. The question goes to stderr, so `--json > file` still asks.
 */
export async function confirmOrRefuse(
  ctx: Context,
  opts: { yes?: boolean; question: string; refusal: string; declined: string },
): Promise<void> {
  if (opts.yes) return;
  if (!ctx.io.stdin.isTTY || !ctx.io.stderr.isTTY) throw usageError(`${opts.refusal} (pass --yes off a terminal)`);
  const { confirm } = await import('@inquirer/prompts');
  let yes: boolean;
  try {
    yes = await confirm(
      { message: opts.question, default: false },
      { input: ctx.io.stdin, output: ctx.io.stderr as NodeJS.WritableStream & NodeJS.WriteStream },
    );
  } catch (err) {
    // Ctrl-C or Ctrl-D at the question.
    if ((err as Error).name === 'ExitPromptError') throw new CliError('interrupted; nothing changed', EXIT.INTERRUPTED);
    throw err;
  }
  if (!yes) throw new CliError(opts.declined, EXIT.USAGE);
}
