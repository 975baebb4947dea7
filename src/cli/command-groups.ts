/**
 * The command groups in the order `bible --help` lists them, each with its top-level commands
 * (aliases too): the one table of the CLI's commands. A group is a module of src/cli/commands/,
 * which program.ts loads by the group's name only when the run needs it (a run registers only the
 * group of the command it names; help, completion and anything not named here get every group).
 * `lookup`: every command of the group is a read-only lookup, all its work done when main
 * resolves, whose output the launcher may replay (replay.ts). Imports nothing: the launcher reads
 * it before loading the CLI. test/cli/command-groups.test.ts holds it to the full program.
 */
export const COMMAND_GROUPS = {
  bible: { commands: ['passage', 'chapter', 'read', 'books', 'catalog'], lookup: true },
  strongs: { commands: ['strongs'], lookup: true },
  search: { commands: ['search'], lookup: true },
  concordance: { commands: ['concordance'], lookup: true },
  commentary: { commands: ['commentary'], lookup: true },
  dictionary: { commands: ['dictionary'], lookup: true },
  topic: { commands: ['topic'], lookup: true },
  crossrefs: { commands: ['crossrefs'], lookup: true },
  find: { commands: ['find'], lookup: true },
  stories: { commands: ['stories', 'story'], lookup: true },
  genbook: { commands: ['genbook', 'genbooks'], lookup: true },
  chat: { commands: ['chat'] },
  config: { commands: ['config', 'login', 'logout', 'status'] },
  api: { commands: ['api'] },
  completion: { commands: ['completion', '__complete'] },
  library: { commands: ['library'] },
  serve: { commands: ['serve'] },
  mcp: { commands: ['mcp'] },
  keys: { commands: ['keys'] },
  plan: { commands: ['plan'] },
  note: { commands: ['note', 'bookmark', 'bookmarks'] },
  exchange: { commands: ['export', 'import'] },
} as const satisfies Record<string, { commands: readonly string[]; lookup?: true }>;

export type CommandGroup = keyof typeof COMMAND_GROUPS;

/** The group whose commands include this one, if any. */
/** Where the command the arguments name stands: the first word that is no option nor --base-url's value (-1: none). */
export function commandAt(argv: readonly string[]): number {
  return argv.findIndex((a, i) => i >= 2 && !a.startsWith('-') && argv[i - 1] !== '--base-url');
}

export function groupOf(command: string): CommandGroup | undefined {
  return (Object.keys(COMMAND_GROUPS) as CommandGroup[]).find((g) =>
    (COMMAND_GROUPS[g].commands as readonly string[]).includes(command),
  );
}

/** Whether the command is one of the read-only lookups (a group marked `lookup`). */
export function isLookupCommand(command: string): boolean {
  const group = groupOf(command);
  return group !== undefined && 'lookup' in COMMAND_GROUPS[group];
}
