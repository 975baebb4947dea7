import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { importLibrary } from '../src/library/import/import.js';

/**
 * Builds one real library for the whole run with the real importer from the real modules,
 * into .bible-test/data (BIBLE_DATA_DIR for the tests and the CLI they run).
 */
export default async function setup(): Promise<void> {
  const dataDir = join(process.cwd(), '.bible-test', 'data');
  mkdirSync(dataDir, { recursive: true });
  const report = await importLibrary({ path: join(dataDir, 'library.sqlite') });
  process.env.BIBLE_TEST_DATA_DIR = dataDir;
  const counts = report.sources.map((s) => `${s.resource} ${s.count}`).join(', ');
  console.log(`test library built in ${report.seconds.toFixed(1)} s: ${counts}`);
}
