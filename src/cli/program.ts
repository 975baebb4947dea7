import { Command, type CommanderError } from 'commander';
import { registerKeys } from './commands/keys.js';
import { registerLibrary } from './commands/library.js';
import { registerServe } from './commands/serve.js';
import { EXIT, EXIT_CODES_HELP } from './exit-codes.js';
import type { IO } from './io.js';

/** Builds the commander program; each command group registers itself from commands/. */
export function buildProgram(io: IO): Command {
  const program = new Command('bible')
    .description('Bible study at the command line: passages, commentaries, lexicons, topics, stories and chat.')
    .version(__BIBLE_VERSION__, '-V, --version', 'print the version')
    .option('--json', 'print machine-readable JSON on stdout')
    .option('-q, --quiet', 'print nothing but results and errors')
    .option('--debug', 'print request lines, timings and stack traces')
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .addHelpText('after', `\n${EXIT_CODES_HELP}\n`)
    .exitOverride();
  registerLibrary(program, io);
  registerServe(program, io);
  registerKeys(program, io);
  return program;
}

/** Maps a commander error to our exit codes: help and version are success, the rest usage errors. */
export function commanderExitCode(err: CommanderError): number {
  if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
    return EXIT.OK;
  }
  return EXIT.USAGE;
}
