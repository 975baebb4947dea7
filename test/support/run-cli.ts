import { Readable, Writable } from 'node:stream';
import { main } from '../../src/cli/main.js';
import { type CliOptions, type CliResult, cliEnv } from './cli.js';

/** A stream that keeps what is written to it, as a pipe would deliver it. */
function capture(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

/**
 * Runs the CLI in this process through `main(argv, io)`, with stdout and stderr captured as
 * pipes and stdin from `input`: the same commands, client, service and library as the built
 * `bible`, without starting a Node process per case. Same arguments and result as `runCli`;
 * what only a real process shows (the launcher, signals, EPIPE, exit status) stays with it.
 */
export async function runCliInProcess(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const stdout = capture();
  const stderr = capture();
  const stdin = Readable.from([options.input ?? '']);
  const code = await main(['node', 'bible', ...args], {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin,
    env: cliEnv(options),
  });
  return { code, signal: null, stdout: stdout.text(), stderr: stderr.text() };
}
