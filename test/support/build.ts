import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The directory of the bundles dist/launch.cjs runs: each build writes its own, dist/<build id>/,
 * and the launcher names it (scripts/build.mjs).
 */
export function builtDir(dist = 'dist'): string {
  const launcher = readFileSync(join(dist, 'launch.cjs'), 'latin1');
  const id = readdirSync(dist).find((name) => name !== 'launch.cjs' && launcher.includes(`"${name}"`));
  if (!id) throw new Error(`${dist}/launch.cjs names none of the builds in ${dist}/`);
  return join(dist, id);
}
