import type { CommandModel, OptionModel, ProgramModel, Values } from './model.js';

/** A word in single quotes, for zsh. */
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** A description inside an _arguments spec's brackets. */
const described = (text: string) => text.replace(/[[\]\\]/g, '\\$&').replace(/'/g, `'\\''`);
const functionName = (c: CommandModel) => `_bible__${c.path.join('__').replace(/-/g, '_')}`;

/** An _arguments action for these values ('' for none). */
function action(values: Values | undefined): string {
  if (!values) return ' ';
  if ('words' in values) return `(${values.words.join(' ')})`;
  if ('complete' in values) return `(\${(f)"$(bible __complete ${values.complete} 2>/dev/null)"})`;
  return '_files';
}

function optionSpec(o: OptionModel): string {
  const value = o.valued ? `:value:${action(o.values)}` : '';
  const body = `[${described(o.description)}]${value}`;
  if (o.short && o.long) return `'(${o.short} ${o.long})'{${o.short},${o.long}}'${body}'`;
  return `'${o.long ?? o.short}${body}'`;
}

function argumentSpecs(c: CommandModel): string[] {
  return c.args.map((values, i) => {
    const position = c.variadic && i === c.args.length - 1 ? '*' : String(i + 1);
    return `'${position}:argument:${action(values).replace(/'/g, `'\\''`)}'`;
  });
}

/** One function per command: its options and arguments, or its subcommands first. */
function commandFunction(c: CommandModel): string[] {
  // The globals' specs, as zsh expands them (the array _bible_globals below).
  const options = [`"\${_bible_globals[@]}"`, ...c.options.map(optionSpec)];
  if (!c.subcommands.length)
    return [
      `${functionName(c)}() {`,
      `  _arguments -s \\\n    ${[...options, ...argumentSpecs(c)].join(' \\\n    ')}`,
      '}',
    ];
  const subs = c.subcommands.flatMap((s) => s.names.map((n) => quoted(`${n.replace(/:/g, '\\:')}:${s.description}`)));
  const dispatch = c.subcommands.map((s) => `      ${s.names.join('|')}) ${functionName(s)} ;;`);
  return [
    `${functionName(c)}() {`,
    '  local state',
    `  local -a subcommands=(${subs.join(' ')})`,
    `  _arguments -s -C \\\n    ${[...options, "'1: :->subcommand'", "'*:: :->args'"].join(' \\\n    ')}`,
    '  case $state in',
    "    subcommand) _describe 'subcommand' subcommands ;;",
    '    args)',
    '      case $words[1] in',
    ...dispatch,
    '      esac',
    '      ;;',
    '  esac',
    '}',
  ];
}

/** The zsh completion script, written from the program's model (model.ts). */
export function zshScript(model: ProgramModel): string {
  const walk = (c: CommandModel): CommandModel[] => [c, ...c.subcommands.flatMap(walk)];
  const root: CommandModel = {
    names: [model.name],
    path: [],
    description: '',
    options: [],
    args: [],
    variadic: false,
    subcommands: model.commands,
  };
  const functions = model.commands.flatMap(walk).flatMap(commandFunction);
  const main = commandFunction(root).map((line) => line.replace(/^_bible__\(\)/, '_bible()'));
  return `#compdef ${model.name}
# zsh completion for ${model.name}, written from its commands by \`bible completion zsh\`. Install:
#   bible completion zsh > "\${fpath[1]}/_bible"
# Books, translation and resource ids, personas and plans come from \`bible __complete <what>\`.

_bible_globals=(
  ${model.globals.map(optionSpec).join('\n  ')}
)

${functions.join('\n')}

${main.join('\n')}

_bible "$@"
`;
}
