import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { cacheDir } from '../config/paths.js';

type Main = (argv: string[]) => Promise<number>;

/**
 * Runs the bundled CLI (dist/cli.cjs, one CommonJS script) through a V8 code cache kept in the
 * cache dir. Node 20 compiles every ES module from source on every start, and has neither
 * module.enableCompileCache nor a code cache for ES modules; a vm.Script takes V8's cachedData, so
 * a run after the first skips parsing and compiling what the first compiled (most of a lookup's
 * start-up after Node's own). Hand-written because no package does this for a bundle of our own.
 * The cache is named by the build (a new build never reads an old cache: V8 itself checks only the
 * source's length) and written once, after the first run of a build, or again if V8 rejects it
 * (another Node, other flags); any failure to read or write it only costs that speed.
 */
export function launch(argv: string[]): Promise<number> {
  const bundle = fileURLToPath(new URL('./cli.cjs', import.meta.url));
  const source = readFileSync(bundle, 'utf8');
  const dir = join(cacheDir(process.env), 'code');
  const cacheFile = join(dir, `cli-${__BIBLE_BUILD__}-${process.version}.v8`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {}
  // The CommonJS wrapper, as Node's loader would give the bundle.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundle,
    cachedData,
  });
  const module = { exports: {} as { main: Main } };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  if (!cachedData || script.cachedDataRejected) {
    // At exit, so the cache holds the functions this run compiled, not just the top level.
    process.once('exit', () => writeCache(dir, cacheFile, () => script.createCachedData()));
  }
  return module.exports.main(argv);
}

function writeCache(dir: string, file: string, data: () => Buffer): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Caches of other builds or Node versions are never read again.
    for (const old of readdirSync(dir)) if (old.endsWith('.v8')) rmSync(join(dir, old), { force: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, data());
    renameSync(temp, file);
  } catch {}
}
