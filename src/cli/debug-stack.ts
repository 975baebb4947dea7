import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** A stack frame's place: "(file:line:column)" or "at file:line:column". */
const FRAME = /(\(|at )([^()\s]+?\.c?js):(\d+):(\d+)/g;

/**
 * An error's stack for --debug, each place in a bundle (dist/cli.cjs, dist/zod.cjs) read through
 * its source map as the TypeScript source's file, line and column: the bundles run through
 * vm.Script (src/cli/launch.ts), for which Node's own --enable-source-maps maps nothing. A place
 * without a map, or that its map does not cover, is left as it is; so is the whole stack should
 * the maps fail to read.
 */
export function mappedStack(stack: string): string {
  // node:module is loaded here, not imported: `bible --help` loads every command's module, serve's
  // with it, and node:module brings the ES module loader (~0.2 ms).
  const { SourceMap } = process.getBuiltinModule('node:module');
  const maps = new Map<string, InstanceType<typeof SourceMap> | undefined>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const path = `${file}.map`;
      maps.set(file, existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, 'utf8'))) : undefined);
    }
    return maps.get(file);
  };
  try {
    return stack.replace(FRAME, (place, before: string, file: string, line: string, column: string) => {
      const entry = mapOf(file)?.findEntry(Number(line) - 1, Number(column) - 1);
      if (!entry || !('originalSource' in entry) || entry.originalSource.endsWith(file)) return place;
      const source = resolve(dirname(file), entry.originalSource);
      return `${before}${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    });
  } catch {
    return stack;
  }
}
