import {
  type BigIntStats,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { cacheDir, libraryPath, userStorePath } from '../config/paths.js';
import { configFile } from '../config/settings.js';
import { commandAt, isLookupCommand } from './command-groups.js';
import { murmur3x86x128 } from './murmur3.js';

/**
 * A repeat of a lookup, answered by the launcher (src/cli/launch.ts) with the output the same
 * lookup printed before, without loading the CLI: what a cached lookup would do anyway (read the
 * response cache, render the same answer the same way) in a fraction of the time.
 *
 * Exact by construction: a run's output is kept under a 128-bit hash of everything it depends on
 * (this build, the arguments, the whole environment, the working directory, the config file's
 * text, and the library's and the workspace's files, WAL included, by size, mtime and inode:
 * notes and bookmarks show in a passage), and only when that is the same after the run as before
 * it, the run succeeded, and every answer it showed came from, or went into, the response cache;
 * it is replayed only while the earliest of those answers is fresh, as the cache would serve them.
 * Only the read-only lookups (the groups marked `lookup` in command-groups.ts), with both stdout and stderr piped (at a terminal the output
 * may page, be coloured to the terminal's width or show a spinner), and never with --no-cache,
 * --debug, help or version. The entries live in the response cache's folder: clearing it clears them.
 */
const NEVER = new Set(['--no-cache', '--debug', '--help', '-h', '--version', '-V']);

export interface Streams {
  stdout: { isTTY?: boolean };
  stderr: { isTTY?: boolean };
}

/** Whether the run is one of the read-only lookups: all its work is done when the CLI's main resolves. */
export function isLookup(argv: readonly string[]): boolean {
  const command = commandOf(argv);
  return command !== undefined && isLookupCommand(command);
}

/**
 * Whether the run writes one page and exits: a lookup, or help and the version (no command named).
 * Not a server, the MCP server or a chat, whose output to a reader that stalls must queue.
 */
export function writesAndExits(argv: readonly string[]): boolean {
  const command = commandOf(argv);
  return command === undefined || isLookupCommand(command);
}

/** The command the arguments name: the first word that is not a global option or --base-url's value. */
export function commandOf(argv: readonly string[]): string | undefined {
  return argv[commandAt(argv)];
}

/** The replay entry's file for this run, or undefined when the run is not one replay may answer or keep. */
export function replayFile(argv: readonly string[], env: NodeJS.ProcessEnv, streams: Streams): string | undefined {
  if (streams.stdout.isTTY || streams.stderr.isTTY) return undefined;
  const args = argv.slice(2);
  if (args.some((a) => NEVER.has(a))) return undefined;
  if (!isLookup(argv)) return undefined;
  const files = [libraryPath(env), userStorePath(env)].flatMap((f) => [f, `${f}-wal`]).map(fileState);
  // A file changed within the last second may change again with the same mtime (the kernel's clock
  // for them is coarse) and size: no replay for it until it has settled.
  if (files.some((f) => f && Date.now() - Number(f.mtimeMs) < SETTLE_MS)) return undefined;
  const key = murmur3x86x128(Buffer.from(runKey(args, env, files)));
  return join(cacheDir(env), 'responses', 'replay', `${key}.json`);
}

/** Everything a lookup's output depends on but the response cache's answers (bounded by `expires`). */
function runKey(args: readonly string[], env: NodeJS.ProcessEnv, files: Array<BigIntStats | undefined>): string {
  let config: string | null = null;
  try {
    config = readFileSync(configFile(env), 'utf8');
  } catch {}
  const environment = Object.entries(env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const state = files.map((s) => (s ? `${s.size}:${s.mtimeNs}:${s.ino}` : '-'));
  return JSON.stringify([__BIBLE_BUILD__, process.version, args, process.cwd(), environment, config, state]);
}

const SETTLE_MS = 1000;

function fileState(path: string): BigIntStats | undefined {
  return statSync(path, { throwIfNoEntry: false, bigint: true });
}

/** What a run printed, byte for byte, and its exit code. */
export interface Output {
  stdout: Buffer;
  stderr: Buffer;
  code: number;
}

/** The kept output for this file while it is fresh, else undefined. */
export function replayed(file: string, now = Date.now()): Output | undefined {
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as {
      stdout: string;
      stderr: string;
      code: number;
      expires: number;
    };
    if (!(now < entry.expires)) return undefined;
    return {
      stdout: Buffer.from(entry.stdout, 'base64'),
      stderr: Buffer.from(entry.stderr, 'base64'),
      code: entry.code,
    };
  } catch {
    return undefined; // absent or torn: run the command
  }
}

/** Keeps a run's output until `expires`; a failure to write only costs the next run its speed. */
export function keep(file: string, output: Output, expires: number): void {
  try {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    // Private: the output may hold the user's notes.
    const entry = {
      stdout: output.stdout.toString('base64'),
      stderr: output.stderr.toString('base64'),
      code: output.code,
      expires,
    };
    writeFileSync(temp, JSON.stringify(entry), { mode: 0o600 });
    renameSync(temp, file);
    pruneStale(join(file, '..'), Date.now());
  } catch {}
}

const STALE_MS = 7 * 24 * 3600 * 1000;

/**
 * Entries kept over a week ago: answers stay fresh minutes (max-age=300), and every other
 * environment (a new terminal's variables) keys new ones, so the folder would only grow.
 */
function pruneStale(dir: string, now: number): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const modified = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? now;
    if (modified < now - STALE_MS) rmSync(path, { force: true });
  }
}
