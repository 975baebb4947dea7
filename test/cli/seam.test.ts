import { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { runStrongs } from '../../src/cli/commands/strongs.js';
import { programModel } from '../../src/cli/completion/model.js';
import { SCRIPTS } from '../../src/cli/completion/scripts.js';
import { Factory } from '../../src/cli/factory.js';
import type { IO } from '../../src/cli/io.js';
import { buildProgram } from '../../src/cli/program.js';
import { PERSONAS } from '../../src/core/personas.js';
import { cliEnv } from '../support/cli.js';
import { runCliInProcess } from '../support/run-cli.js';

/** An IO over pipes that keeps what is written, in the environment the CLI tests run in. */
function pipes(): { io: IO; stdout: () => string } {
  let text = '';
  const stdout = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  return { io: { stdout, stderr: stdout, stdin: Readable.from([]), env: cliEnv({}) }, stdout: () => text };
}

/** Every option and argument of the program that takes one of a list of values, with the list. */
function choices(command: Command): Array<{ where: string; values: readonly string[] }> {
  const own = [
    ...command.options.flatMap((o) =>
      o.argChoices ? [{ where: `${command.name()} ${o.long}`, values: o.argChoices }] : [],
    ),
    ...command.registeredArguments.flatMap((a) =>
      a.argChoices ? [{ where: `${command.name()} <${a.name()}>`, values: a.argChoices }] : [],
    ),
  ];
  return [...own, ...command.commands.flatMap(choices)];
}

describe("the CLI's seam", () => {
  it("a command's run function runs in-process over a Factory of real parts, as `bible` runs it", async () => {
    const { io, stdout } = pipes();
    const f = new Factory(io).useGlobals({ json: true });
    await runStrongs({ number: 'G26' }, await f.context());
    const viaMain = await runCliInProcess(['strongs', 'g26', '--json']); // the argument's parser upper-cases it
    expect(JSON.parse(stdout())).toMatchObject({ number: 'G26', lemma: 'ἀγάπη' });
    expect(stdout()).toBe(viaMain.stdout);
  });

  it('the factory makes the context once, on the first call', async () => {
    const f = new Factory(pipes().io);
    expect(await f.context()).toBe(await f.context());
  });

  it('every list of allowed values is in --help and offered by the bash, zsh and fish completions', async () => {
    const program = await buildProgram(new Factory(pipes().io));
    const listed = choices(program);
    expect(listed.map((c) => c.where).sort()).toEqual([
      'available --kind',
      'bible --color',
      'chapter --added',
      'chat --persona',
      'completion <shell>',
      'export --format',
      'get <key>',
      'import --format',
      'passage --added',
      'search --lex',
      'set <key>',
      'stories --kind',
      'stories --testament',
      'unset <key>',
    ]);
    for (const shell of ['bash', 'zsh', 'fish']) {
      const script = (await runCliInProcess(['completion', shell])).stdout;
      for (const { where, values } of listed) {
        // The personas come from `bible __complete personas`, which prints the same table.
        if (where === 'chat --persona') expect(script).toContain('__complete personas');
        else
          expect({ shell, where, offered: script.includes(values.join(' ')) }).toEqual({ shell, where, offered: true });
      }
    }
    // What `bible completion <shell>` serves is written from the whole program, whichever group the run loaded.
    const model = programModel(program);
    for (const shell of ['bash', 'zsh', 'fish'] as const)
      expect((await runCliInProcess(['completion', shell])).stdout).toBe(SCRIPTS[shell](model));
    const personas = await runCliInProcess(['__complete', 'personas']);
    expect(personas.stdout).toBe(`${PERSONAS.join('\n')}\n`);
    const help = await runCliInProcess(['strongs', 'search', '--help']);
    expect(help.stdout).toContain('(choices: "greek", "hebrew")');
  });
});
