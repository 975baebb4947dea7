import { Readable, Writable } from 'node:stream';
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMAND_GROUPS } from '../../src/cli/command-groups.js';
import { describeFailure } from '../../src/cli/exit-mapping.js';
import { Factory } from '../../src/cli/factory.js';
import type { IO } from '../../src/cli/io.js';
import { buildProgram, commanderExitCode } from '../../src/cli/program.js';
import { cliEnv } from '../support/cli.js';
import { runCliInProcess } from '../support/run-cli.js';

/** An IO over pipes that keeps what is written to stdout and stderr. */
function pipes(): { io: IO; out: () => { stdout: string; stderr: string } } {
  const kept = { stdout: '', stderr: '' };
  const keep = (name: 'stdout' | 'stderr') =>
    new Writable({
      write(chunk: Buffer, _enc, done) {
        kept[name] += chunk.toString();
        done();
      },
    });
  return {
    io: { stdout: keep('stdout'), stderr: keep('stderr'), stdin: Readable.from([]), env: cliEnv({}) },
    out: () => kept,
  };
}

/** What the whole program (every group registered) prints and answers for these arguments. */
async function viaWholeProgram(args: string[]) {
  const { io, out } = pipes();
  const program = await buildProgram(new Factory(io));
  let code = 0;
  try {
    await program.parseAsync(['node', 'bible', ...args]);
  } catch (err) {
    if (err instanceof CommanderError) code = commanderExitCode(err);
    else {
      // A flag's own parser throws our usage error; main says it so.
      const failure = describeFailure(err);
      io.stderr.write(`bible: ${failure.message}\n`);
      code = failure.exitCode;
    }
  }
  return { code, ...out() };
}

describe('the command groups a run loads on demand', () => {
  it("name every top-level command and alias, in the whole program's order", async () => {
    const program = await buildProgram(new Factory(pipes().io));
    expect(Object.values(COMMAND_GROUPS).flatMap((g) => g.commands)).toEqual(
      program.commands.flatMap((c) => [c.name(), ...c.aliases()]),
    );
  });

  it("a run that registers only the named command's group helps and fails as the whole program does", async () => {
    const cases = [
      ...Object.values(COMMAND_GROUPS)
        .flatMap((g) => g.commands)
        .map((name) => [name, '--help']),
      ['note', 'add', '--help'],
      ['strongs', 'search', '--help'],
      ['--json', 'passage', '--help'],
      ['--base-url', 'http://127.0.0.1:9', 'commentary', '--help'],
      ['--base-url=http://127.0.0.1:9', 'find', '--help'],
      ['--no-color', 'chapter'],
      ['passage', '--bogus', 'John 3:16'],
      ['search', 'love', '--limit', 'many'],
      ['note', 'ad'],
    ];
    for (const args of cases) {
      const { code, stdout, stderr } = await runCliInProcess(args);
      expect({ args, code, stdout, stderr }).toEqual({ args, ...(await viaWholeProgram(args)) });
    }
  });
});
