import { CommanderError } from 'commander';
import { CliError } from './errors.js';
import { EXIT } from './exit-codes.js';
import { type IO, processIO } from './io.js';
import { buildProgram, commanderExitCode } from './program.js';

/** Runs the CLI and resolves to the exit code; never throws. */
export async function main(argv: string[], io: IO = processIO()): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv);
    return EXIT.OK;
  } catch (err) {
    if (err instanceof CommanderError) return commanderExitCode(err);
    const debug = argv.includes('--debug');
    if (err instanceof CliError && err.json !== undefined && argv.includes('--json')) {
      io.stderr.write(`${JSON.stringify(err.json)}\n`);
    } else {
      io.stderr.write(`bible: ${err instanceof Error ? err.message : String(err)}\n`);
    }
    if (debug && err instanceof Error && err.stack) io.stderr.write(`${err.stack}\n`);
    return err instanceof CliError ? err.exitCode : EXIT.FAILURE;
  }
}
