import type { Command } from 'commander';
import type { IO } from './io.js';

/** Options every command understands (set on the root program). */
export interface GlobalOptions {
  json: boolean;
  debug: boolean;
  quiet: boolean;
}

/** What a command's run function gets: IO, environment and the global options. */
export interface Context {
  io: IO;
  env: NodeJS.ProcessEnv;
  globals: GlobalOptions;
}

export function contextFor(io: IO, command: Command): Context {
  const opts = command.optsWithGlobals() as Partial<GlobalOptions>;
  return { io, env: io.env, globals: { json: !!opts.json, debug: !!opts.debug, quiet: !!opts.quiet } };
}

/** Writes a value as pretty JSON on stdout. */
export function printJson(io: IO, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
