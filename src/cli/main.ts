import { CommanderError } from 'commander';
import { commandAt, groupOf } from './command-groups.js';
import { SilentExit } from './errors.js';
import { EXIT } from './exit-codes.js';
import { Factory } from './factory.js';
import { installInterruptHandler } from './interrupt.js';
import { type IO, processIO } from './io.js';
import { buildProgram, commanderExitCode } from './program.js';

// For the launcher: whether the answers this run showed are all in the response cache (src/cli/replay.ts).
export { cacheUse } from '../client/cache-use.js';
export { processIO } from './io.js';

/** Runs the CLI and resolves to the exit code; never throws. */
export async function main(argv: string[], given?: IO): Promise<number> {
  const io = given ?? processIO();
  // The process's own streams (a test's IO leaves its runner's signal handlers alone).
  if (io.ownProcess) installInterruptHandler();
  if (argv.length > 2) argv = await referenceAsCommand(argv);
  const program = await buildProgram(new Factory(io), argv);
  // Bare `bible` prints the help and exits 1, as git does: a script that forgot its command is told.
  if (argv.length <= 2) {
    program.outputHelp();
    return EXIT.FAILURE;
  }
  try {
    await program.parseAsync(argv);
    return EXIT.OK;
  } catch (err) {
    if (err instanceof CommanderError) return commanderExitCode(err);
    if (err instanceof SilentExit) return err.exitCode;
    // Loaded on failure only: it knows every error class (the client's, the workspace's, references').
    const { describeFailure } = await import('./exit-mapping.js');
    const failure = describeFailure(err);
    if (argv.includes('--json')) io.stderr.write(`${JSON.stringify(failure.envelope)}\n`);
    else io.stderr.write(`bible: ${failure.message}\n`);
    if (argv.includes('--debug') && err instanceof Error && err.stack) {
      const { mappedStack } = await import('./debug-stack.js');
      io.stderr.write(`${mappedStack(err.stack)}\n`);
    }
    return failure.exitCode;
  }
}

/**
 * `bible John 3:16`: words that name no command but begin with a book are a passage, as people
 * type it. The canon is loaded only when the first word is no command.
 */
async function referenceAsCommand(argv: string[]): Promise<string[]> {
  const at = commandAt(argv);
  const word = argv[at];
  if (word === undefined || word === 'help' || groupOf(word) !== undefined) return argv;
  const { findBook } = await import('../core/canon/canon.js');
  // A number alone is a book's place in the canon to findBook: here only "1 John", "2 Kings".
  const named = /\p{L}/u.test(word) ? word : `${word} ${argv[at + 1] ?? ''}`;
  if (!/\p{L}/u.test(named) || !findBook(named)) return argv;
  return [...argv.slice(0, at), 'passage', ...argv.slice(at)];
}
