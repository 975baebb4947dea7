import { EXIT, type ExitCode } from './exit-codes.js';

/** An error the CLI reports as one line on stderr with a documented exit code. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.FAILURE,
    /** What to print on stderr under --json instead of the plain line (an error envelope). */
    readonly json?: unknown,
  ) {
    super(message);
  }
}

export function usageError(message: string): CliError {
  return new CliError(message, EXIT.USAGE);
}

/** Ends the command with an exit code after it has printed everything it means to (`bible api`). */
export class SilentExit extends CliError {
  override name = 'SilentExit';
  constructor(exitCode: ExitCode) {
    super('', exitCode);
  }
}
