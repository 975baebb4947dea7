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
import type { Factory } from './factory.js';

/**
 * Builds the commander program; each command group registers itself from commands/ and gets
 * its dependencies from the factory `main` built.
 */
export function buildProgram(f: Factory): Command {
  const { io } = f;
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
    .exitOverride()
    // Before any action: the factory learns the global flags (they may follow the subcommand).
    .hook('preAction', (_program, action) => {
      f.useGlobals(action.optsWithGlobals());
    });
  registerBible(program, f);
  registerStrongs(program, f);
  registerSearch(program, f);
  registerConcordance(program, f);
  registerCommentary(program, f);
  registerDictionary(program, f);
  registerTopic(program, f);
  registerCrossrefs(program, f);
  registerFind(program, f);
  registerStories(program, f);
  registerChat(program, f);
  registerConfig(program, f);
  registerApi(program, f);
  registerCompletion(program, f);
  registerLibrary(program, f);
  registerServe(program, f);
  registerMcp(program, f);
  registerKeys(program, f);
  registerPlan(program, f);
  registerNote(program, f);
  registerExchange(program, f);
  return program;
}

/** Maps a commander error to our exit codes: help and version are success, the rest usage errors. */
export function commanderExitCode(err: CommanderError): number {
  if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return EXIT.OK;
  if (err.code === 'commander.help') return err.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
  return EXIT.USAGE;
}
