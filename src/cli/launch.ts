import { isAscii } from 'node:buffer';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import type { cacheUse } from '../client/cache-use.js';
import { cacheDir } from '../config/paths.js';
import type { processIO } from './io.js';
import { captureOutput, noteWriteFailure, ownStreams, writeFailure, writeOut } from './process-output.js';
import { commandOf, isLookup, keep, replayed, replayFile, writesAndExits } from './replay.js';

/** What the bundle (src/cli/main.ts) exports. */
interface Bundle {
  main: (argv: string[], io?: ReturnType<typeof processIO>) => Promise<number>;
  cacheUse: typeof cacheUse;
  processIO: typeof processIO;
}

/**
 * Runs the CLI: a repeat of a lookup from the output it printed before (src/cli/replay.ts), else
 * the bundle; a lookup the replay may keep has its output kept as it is printed.
 */
export function launch(argv: string[]): Promise<number> {
  const replay = replayFile(argv, process.env, ownStreams());
  const kept = replay ? replayed(replay) : undefined;
  if (kept) {
    writeOut(1, kept.stdout);
    writeOut(2, kept.stderr);
    return Promise.resolve(outputWritten(kept.code, argv));
  }
  stopQuietlyOnEpipe();
  const bundle = loadBundle(argv);
  const end = (code: number) => (isLookup(argv) ? exitWhenWritten(code, argv) : outputWritten(code, argv));
  // Written straight to the descriptors by a run that writes a page and exits, unless what it
  // prints is being kept (captureOutput taps the streams). A server's log and the MCP server's
  // replies go through Node's streams, which queue for a reader that stalls where a write to the
  // descriptor would hold up the event loop.
  if (!replay) return bundle.main(argv, bundle.processIO({ direct: writesAndExits(argv) })).then(end);
  const output = captureOutput();
  return bundle.main(argv).then((code) => {
    const printed = output.stop();
    const use = bundle.cacheUse;
    // Kept only when every answer shown is in the response cache and nothing it depends on changed.
    const cached = use.hits + use.misses > 0 && use.misses === use.kept;
    if (code === 0 && cached && replayFile(argv, process.env, ownStreams()) === replay)
      keep(replay, { ...printed, code }, use.earliestExpiry);
    return end(code);
  });
}

/**
 * A lookup is over when the CLI's main resolves (its answer printed, its caches written, a pager
 * closed): it exits as soon as stdout and stderr have written all they hold, rather than at
 * Node's own end of the event loop, which first waits for V8's background tasks, such as the
 * concurrent marking a lookup that allocated much has started (`bible concordance G25`: ~6 ms idle).
 */
async function exitWhenWritten(code: number, argv: readonly string[]): Promise<number> {
  // An empty write's callback comes once everything queued before it is written ('drain' comes
  // only after a write that returned false, so a small write queued on a full pipe never sees one).
  for (const stream of made)
    if (stream.writableLength > 0 && !stream.errored)
      await new Promise((written) => stream.write('', () => written(undefined)));
  process.exit(outputWritten(code, argv));
}

/**
 * The run's exit code, or FAILED's (1) with one line on stderr (with --json, the error envelope)
 * where stdout could not take what was printed (`> /dev/full`, a full disk): the output is lost,
 * and a script must not read success. A reader gone from a pipe (EPIPE) is no failure: `| head`
 * took what it wanted. The stream's `errored` tells a failure of this very tick, before its
 * 'error' event (which noteWriteFailure keeps: Node clears `errored` a tick later).
 */
function outputWritten(code: number, argv: readonly string[]): number {
  // Never process.stdout itself here: reading it makes the stream (~3 ms) where none was made.
  const failure = madeStdout?.errored ?? writeFailure();
  if (!failure || (failure as NodeJS.ErrnoException).code === 'EPIPE') return code;
  const errno = (failure as NodeJS.ErrnoException).code;
  // "ENOSPC: no space left on device, write" → "ENOSPC: no space left on device"; a stream's
  // "write EIO" → "EIO".
  const reason = errno && !failure.message.startsWith(errno) ? errno : failure.message.replace(/, write$/, '');
  const message = `the output could not be written: ${reason}`;
  const line = argv.includes('--json')
    ? JSON.stringify({ success: false, error: { code: 'FAILED', message } })
    : `bible: ${message}`;
  writeOut(2, Buffer.from(`${line}\n`));
  return code === 0 ? 1 : code;
}

/** process.stdout and process.stderr, once Node has made them (on first use): only they can hold unwritten output. */
const made = new Set<NodeJS.WriteStream>();
/** process.stdout, once made. */
let madeStdout: NodeJS.WriteStream | undefined;

/**
 * Piped into `head`: the reader is gone, so stop quietly. Said to each stream as Node makes it,
 * not by making it: a replay and a lookup over pipes write without the streams (writeOut,
 * src/cli/direct-output.ts), and making them is ~3 ms.
 */
function stopQuietlyOnEpipe(): void {
  // Any other failure to write to stdout is told at the end (outputWritten); one of stderr's has
  // nowhere to be told.
  const quiet = (err: NodeJS.ErrnoException, name: 'stdout' | 'stderr') => {
    if (err.code === 'EPIPE') process.exit(0);
    if (name === 'stdout') noteWriteFailure(err);
  };
  for (const name of ['stdout', 'stderr'] as const) {
    const node = Object.getOwnPropertyDescriptor(process, name);
    const told = (stream: NodeJS.WriteStream) => {
      made.add(stream);
      if (name === 'stdout') madeStdout = stream;
      return stream.on('error', (err: NodeJS.ErrnoException) => quiet(err, name));
    };
    // Node 20-24 define each as a configurable getter that makes the stream; else it is made now.
    if (!node?.get || !node.configurable) {
      told(process[name]);
      continue;
    }
    const make = node.get;
    Object.defineProperty(process, name, {
      configurable: true,
      enumerable: node.enumerable,
      get() {
        const stream = told(make.call(process) as NodeJS.WriteStream);
        Object.defineProperty(process, name, { configurable: true, enumerable: node.enumerable, get: () => stream });
        return stream;
      },
    });
  }
}

/**
 * Runs the bundled CLI (dist/cli.cjs, one CommonJS script) through a V8 code cache kept in the
 * cache dir. Node 20 compiles every ES module from source on every start, and has neither
 * module.enableCompileCache nor a code cache for ES modules; a vm.Script takes V8's cachedData, so
 * a run skips parsing and compiling what the runs that wrote the cache compiled (most of a
 * lookup's start-up after Node's own). Hand-written because no package does this for a bundle of
 * our own. zod is a bundle apart (dist/zod.cjs, tsup.config.ts), which the CLI's requires only
 * where a command needs it, through a cache of its own.
 */
function loadBundle(argv: string[]): Bundle {
  const dir = join(cacheDir(process.env), 'code');
  const command = commandOf(argv) ?? 'help';
  const run = (name: string) =>
    // A path, not a URL: the first URL a process parses costs ~0.2 ms. The bundles of this
    // launcher's own build, in dist/<build>/, which no later build rewrites (scripts/build.mjs).
    runCached(join(import.meta.dirname, __BIBLE_BUILD__, `${name}.cjs`), dir, name, command, bundleRequire);
  let zod: unknown;
  // The bundles' require: the launcher's own (dist/, above them, so it resolves packages as theirs
  // would; createRequire would load node:module, ~0.2 ms), but for the bundle apart.
  function bundleRequire(id: string): unknown {
    if (id !== './zod.cjs') return require(id);
    zod ??= run('zod');
    return zod;
  }
  bundleRequire.resolve = require.resolve;
  return run('cli') as Bundle;
}

/**
 * Runs one CommonJS bundle through a code cache of its own for the command, named by the bundle,
 * the build (a new build never reads an old cache: V8 itself checks only the source's length), the
 * Node version and the command. One per command, as each command compiles a part of the bundle of
 * its own: a cache holding every command's (~660 KB) took a cold passage ~2.5 ms longer to read
 * than its own (~420 KB). The cache is written by a quick successful run (under 3 s: a lookup, not
 * a server, a first-use build or a chat) of a command that has none, or when V8 rejects it (other
 * flags), holding what the run compiled. A run that fails keeps none (`bible pasage`), and a word
 * no command could be named (a path) names no file.
 * Any failure to read or write it only costs that speed.
 */
function runCached(file: string, dir: string, name: string, command: string, require: unknown): unknown {
  const bytes = readFileSync(file);
  // The build writes it in ASCII (tsup.config.ts): latin1 decodes that the same, in half the time.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const kept = /^[a-z_][a-z0-9_-]{0,30}$/.test(command);
  const cacheFile = join(dir, `${name}-${__BIBLE_BUILD__}-${process.version}-${command}.v8`);
  let cachedData: Buffer | undefined;
  try {
    if (kept) cachedData = readFileSync(cacheFile);
  } catch {}
  // The build wraps the bundle as Node's loader would (tsup.config.ts): the script is that function.
  const script = new Script(source, { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, file, dirname(file));
  if (kept && (!cachedData || script.cachedDataRejected)) {
    // Date.now(), not performance.now(), whose first use loads perf_hooks.
    const started = Date.now();
    // At exit, so the cache holds the functions this run compiled, not just the top level.
    process.once('exit', (code) => {
      if (code === 0 && Date.now() - started <= QUICK_RUN_MS) writeCache(dir, cacheFile, script.createCachedData());
    });
  }
  return module.exports;
}

/** A run longer than this (a server, a first-use build, a chat) writes no cache: it would hold all it compiled. */
const QUICK_RUN_MS = 3000;

const STALE_MS = 7 * 24 * 3600 * 1000;

function writeCache(dir: string, file: string, data: Buffer): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Caches of other builds or Node versions, once a week old: an upgrade leaves its old ones
    // behind, while two installs used in turn (a global one, a checkout) keep theirs.
    const ours = `-${__BIBLE_BUILD__}-${process.version}-`;
    for (const name of readdirSync(dir)) {
      const other = join(dir, name);
      const modified = statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (!name.includes(ours) && modified < Date.now() - STALE_MS) rmSync(other, { force: true });
    }
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, data);
    renameSync(temp, file);
  } catch {}
}
