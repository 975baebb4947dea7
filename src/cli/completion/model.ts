import type { Argument, Command, Option } from 'commander';

/** What completes a value: a fixed list, the words `bible __complete <what>` prints, or a file name. */
export type Values = { words: readonly string[] } | { complete: CompleteWhat } | { files: true };

/** What `bible __complete <what>` lists (commands/completion.ts answers each). */
export const COMPLETE_WHATS = [
  'books',
  'translations',
  'commentaries',
  'dictionaries',
  'topics',
  'personas',
  'plans',
  'genbooks',
] as const;
export type CompleteWhat = (typeof COMPLETE_WHATS)[number];

/**
 * The values an option or argument takes, by its name (an option's attribute, an argument's name)
 * wherever it appears: the one place the scripts learn that `-t` is a translation id. A name not
 * here completes by its choices (commander's `.choices()`), else by nothing.
 */
const VALUES_BY_NAME: Record<string, Values> = {
  translation: { complete: 'translations' },
  commentary: { complete: 'commentaries' },
  dictionary: { complete: 'dictionaries' },
  source: { complete: 'topics' },
  persona: { complete: 'personas' },
  plan: { complete: 'plans' },
  genbook: { complete: 'genbooks' },
  ref: { complete: 'books' },
  book: { complete: 'books' },
  'ref-and-text': { complete: 'books' },
  file: { files: true },
};

export interface OptionModel {
  short?: string;
  long?: string;
  description: string;
  /** Whether it takes a value (the next word). */
  valued: boolean;
  values?: Values;
}

export interface CommandModel {
  /** Its name, then its aliases. */
  names: string[];
  /** The words that lead to it from the program: ['strongs', 'search']. */
  path: string[];
  description: string;
  options: OptionModel[];
  /** Each positional argument's values; the last repeats when it is variadic. */
  args: Array<Values | undefined>;
  variadic: boolean;
  subcommands: CommandModel[];
}

export interface ProgramModel {
  name: string;
  globals: OptionModel[];
  commands: CommandModel[];
}

const firstLine = (text: string) => text.split('\n')[0] ?? '';

function optionModel(option: Option): OptionModel {
  const valued = option.required || option.optional;
  const values =
    VALUES_BY_NAME[option.attributeName()] ?? (option.argChoices ? { words: option.argChoices } : undefined);
  return {
    ...(option.short ? { short: option.short } : {}),
    ...(option.long ? { long: option.long } : {}),
    description: firstLine(option.description),
    valued,
    ...(valued && values ? { values } : {}),
  };
}

function argumentValues(argument: Argument): Values | undefined {
  return VALUES_BY_NAME[argument.name()] ?? (argument.argChoices ? { words: argument.argChoices } : undefined);
}

function commandModel(command: Command, path: string[], help: ReturnType<Command['createHelp']>): CommandModel {
  const here = [...path, command.name()];
  return {
    names: [command.name(), ...command.aliases()],
    path: here,
    description: firstLine(command.description()),
    options: help.visibleOptions(command).map(optionModel),
    args: command.registeredArguments.map(argumentValues),
    variadic: command.registeredArguments.at(-1)?.variadic ?? false,
    // commander's implicit `help` command is offered at the top only.
    subcommands: help
      .visibleCommands(command)
      .filter((c) => c.name() !== 'help')
      .map((c) => commandModel(c, here, help)),
  };
}

/**
 * The program as the completion scripts need it: its global options and its visible commands (the
 * hidden `__complete` is not offered), each with its options, arguments and subcommands. The scripts
 * are written from this, so they offer what the program accepts, and nothing it no longer does.
 */
export function programModel(program: Command): ProgramModel {
  const help = program.createHelp();
  const commands = help.visibleCommands(program).map((c) => commandModel(c, [], help));
  // The implicit `help [command]` completes a command's name.
  const helpCommand = commands.find((c) => c.names[0] === 'help');
  if (helpCommand) helpCommand.args = [{ words: commands.flatMap((c) => c.names).filter((n) => n !== 'help') }];
  return { name: program.name(), globals: help.visibleOptions(program).map(optionModel), commands };
}

/** Every command and subcommand, depth first. */
export function allCommands(model: ProgramModel): CommandModel[] {
  const walk = (c: CommandModel): CommandModel[] => [c, ...c.subcommands.flatMap(walk)];
  return model.commands.flatMap(walk);
}

/** The values of the argument at this position (0 = the first after the command's path). */
export function argumentAt(command: CommandModel, position: number): Values | undefined {
  return command.args[position] ?? (command.variadic ? command.args.at(-1) : undefined);
}

/** The flags of an option, long first. */
export const flagsOf = (o: OptionModel) => [o.long, o.short].filter((f): f is string => f !== undefined);

/** A stable key for a Values, to group the places that complete alike. */
export function valuesKey(values: Values): string {
  if ('words' in values) return `words:${values.words.join(' ')}`;
  if ('complete' in values) return `complete:${values.complete}`;
  return 'files';
}
