import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_DATA_DIR } from './env.js';

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const BIN = join(process.cwd(), 'bin', 'bible.js');

/** A fresh, empty home (and config dir) per call unless one is given. */
export function tempHome(): string {
  return mkdtempSync(join(tmpdir(), 'bible-home-'));
}

export interface CliOptions {
  env?: NodeJS.ProcessEnv;
  input?: string;
  timeoutMs?: number;
}

/**
 * The environment a test run of the CLI gets: the test library, a throwaway home and config
 * dir, no colour, and nothing inherited but PATH (no key or base URL from the machine).
 */
export function cliEnv(options: CliOptions): NodeJS.ProcessEnv {
  const home = options.env?.HOME ?? tempHome();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    BIBLE_DATA_DIR: TEST_DATA_DIR,
    BIBLE_CONFIG_DIR: join(home, '.config', 'bible'),
    NO_COLOR: '1',
    ...options.env,
  };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  return env;
}

/** Runs the built CLI (bin/bible.js) as a subprocess, in the environment of `cliEnv`. */
export function runCli(args: string[], options: CliOptions = {}, nodeArgs: string[] = []): Promise<CliResult> {
  const env = cliEnv(options);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** What a run of the built CLI loads (test/support/loaded-modules.cjs); fails if the run does. */
async function loadedBy(args: string[], options: CliOptions): Promise<{ files: string[]; builtins: string[] }> {
  const preload = join(process.cwd(), 'test', 'support', 'loaded-modules.cjs');
  const r = await runCli(args, options, ['-r', preload]);
  if (r.code !== 0) throw new Error(`bible ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  const list = (name: string) => JSON.parse(r.stderr.match(new RegExp(`^${name} (.*)$`, 'm'))?.[1] ?? '[]') as string[];
  return { files: list('LOADED'), builtins: list('BUILTINS') };
}

/** The packages (by name) a run of the built CLI loads, in the order first loaded; fails if the run does. */
export async function packagesLoadedBy(args: string[], options: CliOptions = {}): Promise<string[]> {
  const { files } = await loadedBy(args, options);
  const names = files.flatMap((f) => f.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? []);
  return [...new Set(names)];
}

/** The Node builtins (public ones: `crypto`, `child_process`) a run loads beyond a bare start. */
export async function builtinsLoadedBy(args: string[], options: CliOptions = {}): Promise<string[]> {
  return (await loadedBy(args, options)).builtins;
}
