import { Command, type CommanderError } from 'commander';
import { registerApi } from './commands/api.js';
import { registerBible } from './commands/bible.js';
import { registerChat } from './commands/chat.js';
import { registerCommentary } from './commands/commentary.js';
import { registerCompletion } from './commands/completion.js';
import { registerConcordance } from './commands/concordance.js';
import { registerConfig } from './commands/config.js';
import { registerCrossrefs } from './commands/crossrefs.js';
import { registerDictionary } from './commands/dictionary.js';
import { registerExchange } from './commands/exchange.js';
import { registerFind } from './commands/find.js';
import { registerKeys } from './commands/keys.js';
import { registerLibrary } from './commands/library.js';
import { registerMcp } from './commands/mcp.js';
import { registerNote } from './commands/note.js';
import { registerPlan } from './commands/plan.js';
import { registerSearch } from './commands/search.js';
import { registerServe } from './commands/serve.js';
import { registerStories } from './commands/stories.js';
import { registerStrongs } from './commands/strongs.js';
import { registerTopic } from './commands/topic.js';
import { EXIT, EXIT_CODES_HELP } from './exit-codes.js';
import type { IO } from './io.js';

/** Builds the commander program; each command group registers itself from commands/. */
export function buildProgram(io: IO): Command {
  const program = new Command('bible')
    .description('Bible study at the command line: passages, commentaries, lexicons, topics, stories and chat.')
    .version(__BIBLE_VERSION__, '-V, --version', 'print the version')
    .option('--json', 'print the data as JSON on stdout (errors as an envelope on stderr)')
    .option(
      '--base-url <url>',
      'use the service at this URL (default: BIBLE_BASE_URL, config, else the embedded library)',
    )
    .option('--no-color', 'no colour (also NO_COLOR; FORCE_COLOR forces it)')
    .option('--no-cache', 'bypass the response cache')
    .option('--no-pager', 'never page long output')
    .option('--quiet', 'print nothing but results and errors')
    .option('--debug', 'print request lines, timings and stack traces (keys redacted)')
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      // Commander's errors in one line, in our voice: "bible: unknown command 'pasage' (did you mean passage?)".
      outputError: (s, write) =>
        write(
          `bible: ${s
            .replace(/^error: /, '')
            .replace(/\n\(Did you mean (.*)\?\)/, ' (did you mean $1?)')
            .trim()}\n`,
        ),
    })
    .addHelpText('after', `\n${EXIT_CODES_HELP}\n`)
    .exitOverride();
  registerBible(program, io);
  registerStrongs(program, io);
  registerSearch(program, io);
  registerConcordance(program, io);
  registerCommentary(program, io);
  registerDictionary(program, io);
  registerTopic(program, io);
  registerCrossrefs(program, io);
  registerFind(program, io);
  registerStories(program, io);
  registerChat(program, io);
  registerConfig(program, io);
  registerApi(program, io);
  registerCompletion(program, io);
  registerLibrary(program, io);
  registerServe(program, io);
  registerMcp(program, io);
  registerKeys(program, io);
  registerPlan(program, io);
  registerNote(program, io);
  registerExchange(program, io);
  return program;
}

/** Maps a commander error to our exit codes: help and version are success, the rest usage errors. */
export function commanderExitCode(err: CommanderError): number {
  if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return EXIT.OK;
  if (err.code === 'commander.help') return err.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
  return EXIT.USAGE;
}
