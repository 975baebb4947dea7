import {
  allCommands,
  argumentAt,
  type CommandModel,
  flagsOf,
  type OptionModel,
  type ProgramModel,
  type Values,
  valuesKey,
} from './model.js';

const INSTALL = 'bible completion bash > ~/.local/share/bash-completion/completions/bible';

/** The bash that offers these values for the word being completed ($cur). */
function offer(values: Values): string {
  if ('words' in values) return `_bible_words "${values.words.join(' ')}" "$cur"`;
  if ('complete' in values) return `_bible_lines "$(bible __complete ${values.complete} 2>/dev/null)" "$cur"`;
  return 'COMPREPLY=($(compgen -f -- "$cur"))';
}

/** One `case` arm per way of completing, each matching every pattern that completes so. */
function arms(entries: Array<{ pattern: string; values: Values }>, after: string, indent: string): string[] {
  const grouped = new Map<string, { patterns: string[]; values: Values }>();
  for (const { pattern, values } of entries) {
    const group = grouped.get(valuesKey(values)) ?? { patterns: [], values };
    group.patterns.push(pattern);
    grouped.set(valuesKey(values), group);
  }
  return [...grouped.values()].map(
    ({ patterns, values }) => `${indent}${patterns.join(' | ')})\n${indent}  ${offer(values)}${after}\n${indent}  ;;`,
  );
}

const quote = (text: string) => `"${text}"`;
const key = (c: CommandModel) => c.path.join(' ');

/** Every flag that takes a value, so the word after it is read as that value. */
function valuedFlags(model: ProgramModel): string[] {
  const options: OptionModel[] = [...model.globals, ...allCommands(model).flatMap((c) => c.options)];
  const valued = new Set(options.filter((o) => o.valued).flatMap(flagsOf));
  const clash = options
    .filter((o) => !o.valued)
    .flatMap(flagsOf)
    .find((f) => valued.has(f));
  // One list for every command: a flag that took a value in one command and none in another would need one per command.
  if (clash) throw new Error(`${clash} takes a value in one command and none in another`);
  return [...valued];
}

/** The bash completion script, written from the program's model (model.ts). */
export function bashScript(model: ProgramModel): string {
  const commands = allCommands(model);
  const globals = model.globals.flatMap((o) => (o.long ? [o.long] : []));
  // Each command's path, reached by any of its names, from its parent's path.
  const paths = commands.map((c) => {
    const parent = c.path.slice(0, -1).join(' ');
    return `        ${c.names.map((n) => quote(`${parent}:${n}`)).join(' | ')}) path=${quote(key(c))}; continue ;;`;
  });
  // A global option's value whatever the command (the pattern's * is bash's), a command's on its path.
  const valuesOf = (options: OptionModel[], pattern: (flag: string) => string) =>
    options.flatMap((o) =>
      o.values ? flagsOf(o).map((f) => ({ pattern: pattern(f), values: o.values as Values })) : [],
    );
  const optionValues = arms(
    [
      ...valuesOf(model.globals, (f) => `*${quote(`:${f}`)}`),
      ...commands.flatMap((c) => valuesOf(c.options, (f) => quote(`${key(c)}:${f}`))),
    ],
    '; return',
    '    ',
  );
  const optionLists = commands.map(
    (c) => `      ${quote(key(c))}) _bible_words "${[...c.options.flatMap(flagsOf), '$globals'].join(' ')}" "$cur" ;;`,
  );
  const positional = commands.flatMap((c) => {
    const lines: string[] = [];
    const subs = c.subcommands.flatMap((s) => s.names);
    const first = argumentAt(c, 0);
    if (subs.length) {
      lines.push(`      if ((n == 0)); then`, `        _bible_words "${subs.join(' ')}" "$cur"`);
      if (first)
        lines.push(
          `        local words=("\${COMPREPLY[@]}")`,
          `        ${offer(first)}`,
          `        COMPREPLY=("\${words[@]}" "\${COMPREPLY[@]}")`,
        );
      lines.push('      fi');
    }
    const rest = c.args.map((_, i) => i).filter((i) => argumentAt(c, i) && !(subs.length && i === 0));
    for (const i of rest) {
      const last = c.variadic && i === c.args.length - 1;
      const values = offer(argumentAt(c, i) as Values);
      lines.push(last && i === 0 ? `      ${values}` : `      ((n ${last ? '>=' : '=='} ${i})) && ${values}`);
    }
    return lines.length ? [`    ${quote(key(c))})`, ...lines, '      ;;'] : [];
  });
  return `# bash completion for ${model.name}, written from its commands by \`bible completion bash\`. Install:
#   ${INSTALL}
# Books, translation and resource ids, personas and plans come from \`bible __complete <what>\`.

# Offers words separated by spaces or given one per line.
_bible_words() {
  local IFS=$'\\n'
  COMPREPLY=($(compgen -W "\${1// /$'\\n'}" -- "$2"))
}

# Offers words given one per line (book names hold spaces).
_bible_lines() {
  local IFS=$'\\n'
  COMPREPLY=($(compgen -W "$1" -- "$2"))
}

_bible() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  local globals="${globals.join(' ')}"
  local path="" n=0 i w
  COMPREPLY=()
  # The command's path (its words, aliases read as its name) and how many arguments follow it.
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    case "$w" in
      ${valuedFlags(model).join(' | ')}) ((i++)); continue ;;
      -*) continue ;;
    esac
    if ((n == 0)); then
      case "$path:$w" in
${paths.join('\n')}
      esac
    fi
    ((n++))
  done

  case "$path:$prev" in
${optionValues.join('\n')}
  esac
  case "$prev" in
    ${valuedFlags(model).join(' | ')}) return ;;
  esac

  if [[ "$cur" == -* ]]; then
    case "$path" in
${optionLists.join('\n')}
      *) _bible_words "$globals" "$cur" ;;
    esac
    return
  fi

  case "$path" in
    "") ((n == 0)) && _bible_words "${model.commands.flatMap((c) => c.names).join(' ')}" "$cur" ;;
${positional.join('\n')}
  esac
}

complete -F _bible ${model.name}
`;
}
