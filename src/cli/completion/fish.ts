import { allCommands, type CommandModel, type OptionModel, type ProgramModel, type Values } from './model.js';

/** A word in single quotes, for fish. */
const quoted = (text: string) => `'${text.replace(/[\\']/g, '\\$&')}'`;

/** The arguments of `complete` that offer these values. */
function offer(values: Values): string {
  if ('words' in values) return `-a "${values.words.join(' ')}"`;
  if ('complete' in values) return `-a "(bible __complete ${values.complete} 2>/dev/null)"`;
  return '-F';
}

function option(o: OptionModel, condition: string): string {
  const flags = [o.short ? `-s ${o.short.slice(1)}` : '', o.long ? `-l ${o.long.slice(2)}` : ''].filter(Boolean);
  const value = o.valued ? (o.values ? ` -x ${offer(o.values)}` : ' -x') : '';
  return `complete -c bible${condition} ${flags.join(' ')}${value} -d ${quoted(o.description)}`;
}

/** The condition that the words so far lead to this command (a subcommand's parent seen first). */
function seen(c: CommandModel, byPath: Map<string, CommandModel>): string {
  const chain = c.path.map((_, i) => byPath.get(c.path.slice(0, i + 1).join(' ')) as CommandModel);
  return chain.map((step) => `__fish_seen_subcommand_from ${step.names.join(' ')}`).join('; and ');
}

/** The fish completion script, written from the program's model (model.ts). */
export function fishScript(model: ProgramModel): string {
  const commands = allCommands(model);
  const byPath = new Map(commands.map((c) => [c.path.join(' '), c]));
  const lines = commands.flatMap((c) => {
    const condition = ` -n "${seen(c, byPath)}"`;
    const subs = c.subcommands.flatMap((s) => s.names.map((n) => ({ n, s })));
    const notYet = subs.length ? `; and not __fish_seen_subcommand_from ${subs.map((x) => x.n).join(' ')}` : '';
    const args = c.args.filter((a): a is Values => a !== undefined);
    return [
      ...subs.map(
        ({ n, s }) => `complete -c bible -n "${seen(c, byPath)}${notYet}" -a ${n} -d ${quoted(s.description)}`,
      ),
      ...c.options.map((o) => option(o, condition)),
      ...args.map((values) => `complete -c bible -n "${seen(c, byPath)}${notYet}" ${offer(values)}`),
    ];
  });
  const names = model.commands.flatMap((c) => c.names);
  return `# fish completion for ${model.name}, written from its commands by \`bible completion fish\`. Install:
#   bible completion fish > ~/.config/fish/completions/bible.fish
# Books, translation and resource ids, personas and plans come from \`bible __complete <what>\`.

set -l commands ${names.join(' ')}
complete -c bible -f
${model.commands.flatMap((c) => c.names.map((n) => `complete -c bible -n "not __fish_seen_subcommand_from $commands" -a ${n} -d ${quoted(c.description)}`)).join('\n')}
${model.globals.map((o) => option(o, '')).join('\n')}
${lines.join('\n')}
`;
}
