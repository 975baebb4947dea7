import { Command, type CommanderError, Option } from 'commander';
import { quoted } from '../core/text/quoted.js';
import { COMMAND_GROUPS, type CommandGroup, groupOf } from './command-groups.js';
import { EXIT, EXIT_CODES_HELP } from './exit-codes.js';
import type { Factory } from './factory.js';

type Register = (program: Command, f: Factory) => void;

/**
 * Each command group's module (command-groups.ts names the groups and their commands), loaded only
 * when the program needs it: a lookup loads none of the other twenty.
 */
const REGISTERS: Record<CommandGroup, () => Promise<Register>> = {
  bible: async () => (await import('./commands/bible.js')).registerBible,
  strongs: async () => (await import('./commands/strongs.js')).registerStrongs,
  search: async () => (await import('./commands/search.js')).registerSearch,
  concordance: async () => (await import('./commands/concordance.js')).registerConcordance,
  commentary: async () => (await import('./commands/commentary.js')).registerCommentary,
  dictionary: async () => (await import('./commands/dictionary.js')).registerDictionary,
  topic: async () => (await import('./commands/topic.js')).registerTopic,
  crossrefs: async () => (await import('./commands/crossrefs.js')).registerCrossrefs,
  find: async () => (await import('./commands/find.js')).registerFind,
  stories: async () => (await import('./commands/stories.js')).registerStories,
  genbook: async () => (await import('./commands/genbook.js')).registerGenBook,
  chat: async () => (await import('./commands/chat.js')).registerChat,
  config: async () => (await import('./commands/config.js')).registerConfig,
  api: async () => (await import('./commands/api.js')).registerApi,
  completion: async () => (await import('./commands/completion.js')).registerCompletion,
  library: async () => (await import('./commands/library.js')).registerLibrary,
  serve: async () => (await import('./commands/serve.js')).registerServe,
  mcp: async () => (await import('./commands/mcp.js')).registerMcp,
  keys: async () => (await import('./commands/keys.js')).registerKeys,
  plan: async () => (await import('./commands/plan.js')).registerPlan,
  note: async () => (await import('./commands/note.js')).registerNote,
  exchange: async () => (await import('./commands/exchange.js')).registerExchange,
};

/**
 * Builds the commander program; each command group registers itself from commands/ and gets
 * its dependencies from the factory `main` built. Given the arguments, only the group of the
 * command they name (command-groups.ts); without, or naming none, the whole program.
 */
export async function buildProgram(f: Factory, argv?: readonly string[]): Promise<Command> {
  const program = rootProgram(f);
  const named = argv && commandNamed(program, argv.slice(2));
  const group = named === undefined ? undefined : groupOf(named);
  const groups = group ? [group] : (Object.keys(COMMAND_GROUPS) as CommandGroup[]);
  const registers = await Promise.all(groups.map((g) => REGISTERS[g]()));
  for (const register of registers) register(program, f);
  return program;
}

/**
 * The command the arguments name: the first word that is not a global option or an option's
 * value. Undefined when they name none, or hold anything the root does not know (`--help`, `--`,
 * an unknown option): commander then reads them with every command registered.
 */
function commandNamed(program: Command, args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith('-')) return arg;
    const [flag = '', value] = arg.split(/=(.*)/s);
    const option = program.options.find((o) => o.long === flag || o.short === flag);
    if (!option || arg === '--') return undefined;
    if ((option.required || option.optional) && value === undefined) i++;
  }
  return undefined;
}

/** The program with its global options, output and hooks, and no command yet. */
function rootProgram(f: Factory): Command {
  const { io } = f;
  const program = new Command('bible');
  // Commander's own ask process.stdout and process.stderr, which makes the streams (~3 ms: a
  // terminal is all that has a width or colours; src/cli/direct-output.ts).
  const own = program.configureOutput();
  program
    .description('Bible study at the command line: passages, commentaries, lexicons, topics, stories and chat.')
    .version(__BIBLE_VERSION__, '-V, --version', 'print the version')
    .option('--json', 'print the data as JSON on stdout (errors as an envelope on stderr)')
    .option(
      '--base-url <url>',
      'use the service at this URL (default: BIBLE_BASE_URL, config, else the embedded library)',
    )
    .addOption(
      new Option('--color <when>', 'colour: always, never, or auto (on a terminal; the default)').choices([
        'always',
        'never',
        'auto',
      ]),
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
      // Commander's types say number and boolean; its defaults give undefined off a terminal, as these do.
      getOutHelpWidth: () => (io.stdout.isTTY ? own.getOutHelpWidth?.() : undefined) as number,
      getErrHelpWidth: () => (io.stderr.isTTY ? own.getErrHelpWidth?.() : undefined) as number,
      getOutHasColors: () => (io.stdout.isTTY ? own.getOutHasColors?.() : false) as boolean,
      getErrHasColors: () => (io.stderr.isTTY ? own.getErrHasColors?.() : false) as boolean,
      // Commander's errors in one line, in our voice: "bible: unknown command 'pasage' (did you mean passage?)".
      outputError: (s, write) =>
        write(
          `bible: ${s
            .replace(/^error: /, '')
            .replace(/\n\(Did you mean (.*)\?\)/, ' (did you mean $1?)')
            // The word it quotes is what was typed: a long one is cut, not echoed whole. An
            // unknown command or option is quoted from its first quote to its last, as it may
            // hold an apostrophe of its own ("it's…").
            .replace(/^(unknown (?:command|option) )'(.*)'/, (_, what: string, typed: string) => what + quoted(typed))
            .replace(/'([^'\n]{61,})'/g, (_, typed: string) => quoted(typed))
            .trim()}\n`,
        ),
    })
    .addHelpText('after', `\n${EXIT_CODES_HELP}\n`)
    .exitOverride()
    // Before any action: the factory learns the global flags (they may follow the subcommand).
    .hook('preAction', (_program, action) => {
      f.useGlobals(action.optsWithGlobals());
    });
  return program;
}

/** Maps a commander error to our exit codes: help and version are success, the rest usage errors. */
export function commanderExitCode(err: CommanderError): number {
  if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return EXIT.OK;
  if (err.code === 'commander.help') return err.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
  return EXIT.USAGE;
}
